// The guard must pass where server code runs (this vitest process is plain Node, as the fast path and the write thread
// are) and throw in a browser's or a Web Worker's global scope. Those scopes are plain objects with the names the
// check looks for: no browser runs in the unit suite (the e2e suite loads the real client bundles in Chromium).
import { describe, expect, it } from "vitest";
import { assertServerRuntime } from "./server-only";

describe("assertServerRuntime", () => {
  it("passes under Node", () => {
    expect(() => assertServerRuntime(globalThis)).not.toThrow();
  });

  it.each([
    ["a browser window", { window: {}, document: {} }],
    ["a Web Worker", { WorkerGlobalScope: class {}, self: {} }],
  ])("throws in %s", (_, scope) => {
    expect(() => assertServerRuntime(scope)).toThrow(/evaluated in a browser bundle/);
  });
});
