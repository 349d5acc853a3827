// How database errors are classified, on the shapes Prisma 7 and its adapters actually throw (copied from errors seen
// in the fleet test's PostgreSQL restart and in unique-key races).
import { describe, expect, it } from "vitest";

import { isDatabaseUnavailable, isRetryableConflict, isUniqueViolation, retryOnConflict } from "./db-errors";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
  code: "ECONNREFUSED",
  syscall: "connect",
  errno: -111,
});
const viaAdapter = Object.assign(new Error("Invalid `prisma.thought.create()` invocation"), {
  code: "P1001",
  meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 } } },
});
const adminShutdown = Object.assign(new Error("Invalid invocation"), {
  cause: { kind: "postgres", code: "57P01", message: "terminating connection due to administrator command" },
});
const unique = Object.assign(new Error("Unique constraint failed on the constraint: `User_email_key`"), {
  code: "P2002",
});
const deadlock = Object.assign(new Error("Invalid invocation"), {
  cause: { kind: "postgres", code: "40P01", message: "deadlock detected" },
});
const bug = new TypeError("Cannot read properties of undefined (reading 'id')");

describe("db-errors", () => {
  it("knows a lost database from a refused connection, a Prisma wrapper, and a server shutting down", () => {
    for (const e of [refused, viaAdapter, adminShutdown]) expect(isDatabaseUnavailable(e)).toBe(true);
    for (const e of [unique, deadlock, bug]) expect(isDatabaseUnavailable(e)).toBe(false);
  });

  it("tells unique races and retryable conflicts apart", () => {
    expect([isUniqueViolation(unique), isRetryableConflict(unique)]).toEqual([true, false]);
    expect([isUniqueViolation(deadlock), isRetryableConflict(deadlock)]).toEqual([false, true]);
    expect([isUniqueViolation(bug), isRetryableConflict(bug)]).toEqual([false, false]);
  });

  it("retries a conflict several times, and never a bug", async () => {
    let calls = 0;
    const flaky = () => (++calls < 4 ? Promise.reject(deadlock) : Promise.resolve("done"));
    await expect(retryOnConflict(flaky)).resolves.toBe("done");
    expect(calls).toBe(4);

    let bugCalls = 0;
    await expect(retryOnConflict(() => (bugCalls++, Promise.reject(bug)))).rejects.toBe(bug);
    expect(bugCalls).toBe(1);

    let uniqueCalls = 0;
    await expect(retryOnConflict(() => (uniqueCalls++, Promise.reject(unique)), { tries: 3 })).rejects.toBe(unique);
    expect(uniqueCalls).toBe(1);
    await expect(
      retryOnConflict(() => (uniqueCalls++, Promise.reject(unique)), { tries: 3, alsoUnique: true }),
    ).rejects.toBe(unique);
    expect(uniqueCalls).toBe(4);
  });
});
