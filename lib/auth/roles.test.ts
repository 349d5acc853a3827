import { describe, expect, it } from "vitest";
import { can, canAssignRole, isRole, maxConnectorScope, PERMISSIONS, ROLES } from "./roles";

describe("roles", () => {
  it("grants each role exactly its permissions", () => {
    const table = Object.fromEntries(ROLES.map((r) => [r, PERMISSIONS.filter((p) => can(r, p))]));
    expect(table).toEqual({
      owner: [...PERMISSIONS],
      admin: [...PERMISSIONS],
      annotator: ["read", "score", "comment", "review", "record"],
      viewer: ["read"],
    });
  });

  it("lets only owners hand out or take away the owner role", () => {
    expect(canAssignRole("owner", "owner")).toBe(true);
    expect(canAssignRole("admin", "owner")).toBe(false);
    expect(canAssignRole("admin", "admin")).toBe(true);
    expect(canAssignRole("annotator", "viewer")).toBe(false);
    expect(canAssignRole("viewer", "viewer")).toBe(false);
  });

  it("caps a connector's scope by the person's role: viewers read only", () => {
    expect(ROLES.map((r) => maxConnectorScope(r))).toEqual(["write", "write", "write", "read"]);
  });

  it("recognises role names only", () => {
    expect(isRole("annotator")).toBe(true);
    expect(isRole("root")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
