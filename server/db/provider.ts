// Which database a URL points at, and the configured URL. Free of Prisma so that scripts (migrate, start) and the
// migrations library can use it without loading a generated Prisma client.
import { DEFAULT_DATABASE_URL, redactUrl, setting } from "../config.ts";

export { DEFAULT_DATABASE_URL, redactUrl };

export type DbProvider = "sqlite" | "postgresql";

/** DATABASE_URL, or the embedded SQLite file `file:./data/thoughtgraph.db` (relative to the cwd). */
export function databaseUrl(): string {
  return setting("DATABASE_URL");
}

/** `postgres://` and `postgresql://` → postgresql; `file:` → sqlite; anything else is an error. */
export function providerOf(url: string): DbProvider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (/^file:/i.test(url)) return "sqlite";
  throw new Error(
    `Unsupported DATABASE_URL "${redactUrl(url)}": use file:./path/to.db (SQLite) or postgresql://user:pass@host/db`,
  );
}

/** The filesystem path of a `file:` URL (query string dropped), as better-sqlite3 and the Prisma adapter see it. */
export function sqlitePath(url: string): string {
  const withoutScheme = url.replace(/^file:/i, "");
  const q = withoutScheme.indexOf("?");
  return q === -1 ? withoutScheme : withoutScheme.slice(0, q);
}
