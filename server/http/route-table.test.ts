// The route table is the one list of REST routes: the OpenAPI document's operations and the dispatch (fast path and
// Next fallback) are both derived from it, so their counts and members must agree.
import { describe, expect, it } from "vitest";
import { matchAgentRoute } from "./agent-server";
import { openApiDocument } from "./openapi";
import { findRoute, ROUTES } from "./route-table";

const sample = (path: string) => path.replace("{id}", "s%201");

describe("route table", () => {
  it("route count = OpenAPI operations = dispatch table", () => {
    const doc = openApiDocument(ROUTES);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    const declared = ROUTES.map((r) => `${r.method.toLowerCase()} ${r.path}`);
    expect(new Set(declared).size).toBe(ROUTES.length);
    expect(operations.sort()).toEqual([...declared].sort());
    for (const r of ROUTES) {
      const found = findRoute(r.method, sample(r.path));
      expect(found.kind === "match" && found.route, `${r.method} ${r.path}`).toBe(r);
      if (r.path.includes("{id}")) expect(found.kind === "match" && found.id).toBe("s 1");
      expect(matchAgentRoute(r.method, `${sample(r.path)}?x=1`)?.route).toBe(r);
    }
  });

  it("answers a known path with another method as 405 and an unknown one as none, literal paths first", () => {
    expect(findRoute("GET", "/api/v1/sessions/import")).toEqual({ kind: "wrong-method", allowed: "POST" });
    expect(findRoute("DELETE", "/api/v1/score-configs")).toEqual({ kind: "wrong-method", allowed: "GET, POST" });
    expect(findRoute("GET", "/api/v1/nothing/here/at/all")).toEqual({ kind: "none" });
    expect(matchAgentRoute("DELETE", "/api/v1/score-configs")).toBeNull();
  });
});
