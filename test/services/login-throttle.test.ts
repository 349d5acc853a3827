// Sign-in throttling in the database (server/services/login-throttle.ts), on both providers: two clients on one
// database stand for two instances (the real-process version is in test/fleet). Ten wrong passwords in any mix of
// instances lock the email on all of them, concurrent failures are all counted, a right password clears the count,
// an expired window starts again, and a password reset lifts the lockout.
import { afterAll, describe, expect, it } from "vitest";

import { createDb, type Db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrations";
import { createUser, resetPassword } from "@/server/services/accounts";
import { assertNotThrottled, noteSignInResult } from "@/server/services/login-throttle";
import { freshPgUrl } from "@/test/support/pg";
import { unique } from "@/test/support/seed";
import { freshSqliteUrl } from "@/test/support/sqlite-file";

const clients: Db[] = [];
afterAll(async () => {
  await Promise.all(clients.map((db) => db.$disconnect()));
});

async function twoInstances(url: string): Promise<[Db, Db]> {
  await applyMigrations(url);
  const pair: [Db, Db] = [createDb(url), createDb(url)];
  clients.push(...pair);
  return pair;
}

describe.each([
  ["SQLite", () => freshSqliteUrl("throttle")],
  ["PostgreSQL", () => freshPgUrl("throttle")],
])("on %s", (_, freshUrl) => {
  it("counts wrong passwords from both instances, including concurrent ones, and locks the email on both", async () => {
    const [a, b] = await twoInstances(await freshUrl());
    const email = `${unique("x")}@team.test`;
    await Promise.all(Array.from({ length: 9 }, (_, i) => noteSignInResult(i % 2 ? a : b, email, false)));
    await assertNotThrottled(a, email);
    await noteSignInResult(b, ` ${email.toUpperCase()} `, false); // the same email as typed differently
    await expect(assertNotThrottled(a, email)).rejects.toMatchObject({ code: "rate_limited", status: 429 });
    await expect(assertNotThrottled(b, email)).rejects.toMatchObject({ code: "rate_limited", status: 429 });

    // Another email is unaffected; a right password clears the count for every instance.
    await assertNotThrottled(a, `other-${email}`);
    await noteSignInResult(a, email, true);
    await assertNotThrottled(b, email);
  });

  it("is lifted by a password reset", async () => {
    const [a, b] = await twoInstances(await freshUrl());
    const email = `${unique("z")}@team.test`;
    await createUser(a, { email, password: "first-password" });
    for (let i = 0; i < 10; i++) await noteSignInResult(a, email, false);
    await expect(assertNotThrottled(b, email)).rejects.toMatchObject({ status: 429 });
    await resetPassword(a, email, "second-password");
    await assertNotThrottled(b, email);
  });

  it("starts a new window once the last one expired", async () => {
    const [a, b] = await twoInstances(await freshUrl());
    const email = `${unique("y")}@team.test`;
    const t0 = new Date();
    for (let i = 0; i < 10; i++) await noteSignInResult(a, email, false, t0);
    await expect(assertNotThrottled(b, email, t0)).rejects.toMatchObject({ status: 429 });
    const later = new Date(t0.getTime() + 15 * 60_000 + 1);
    await assertNotThrottled(b, email, later);
    await noteSignInResult(b, email, false, later);
    const row = await a.loginFailure.findUnique({ where: { email } });
    expect(row?.count).toBe(1);
  });
});
