// The runtime half of "client code never imports server/" (the lint rule in eslint.config.js is the static half):
// a server module evaluated in a browser or a Web Worker throws at once, before it can ship a secret or a query to
// the client. Imported first by the modules every server import chain reaches (server/db/client.ts,
// server/config.ts, server/errors.ts), so any server module pulled into a client bundle trips it.
//
// Why not the `server-only` package: it throws unless resolved under the "react-server" export condition, which only
// Next's server bundles set. The same server modules also run under plain Node: the agent fast path and the write
// thread (scripts/start.ts loads them through tsx), the scripts (keys, users, migrate, bench) and vitest; each would
// need a resolver hook or an alias to load it. This check needs none, and Next's server bundles, plain Node, the
// worker thread and vitest (environment "node") all pass it.

/** Throws when `scope` is a browser window or a Web Worker's global scope. */
export function assertServerRuntime(scope: object): void {
  if ("window" in scope || "document" in scope || "WorkerGlobalScope" in scope) {
    throw new Error(
      "A server module (server/) was evaluated in a browser bundle. Client code must not import server/: " +
        "move what it needs to lib/ or call it through tRPC.",
    );
  }
}

assertServerRuntime(globalThis);
