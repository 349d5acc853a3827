// People: the first account (first-run sign-up or THOUGHTGRAPH_INIT_ADMIN_*), sign-in by email and password, and
// password resets from the CLI. The first person owns the default project and inherits what was recorded in
// single-user mode (the `local` person's scores and comments).
import { uuidv7 } from "@/lib/ids";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";
import { endAllLoginSessions } from "@/server/auth/login-sessions";
import { inTransaction, type Db } from "@/server/db/client";
import { ConflictError, NotFoundError } from "@/server/errors";
import { LOCAL_USER_ID } from "./comments";
import { ensureDefaultProject } from "@/server/db/default-project";

export interface NewAccount {
  email: string;
  password: string;
  name?: string | undefined;
}

/** How many real people exist (the `local` placeholder row of single-user comments is not one). */
export function countPeople(db: Db): Promise<number> {
  return db.user.count({ where: { id: { not: LOCAL_USER_ID } } });
}

/**
 * A new person. Pass `passwordHash` (from hashPassword) when calling inside a transaction: hashing takes ~100 ms, and
 * on SQLite every other query waits while a transaction is open (server/db/client.ts).
 */
export async function createUser(
  db: Db,
  account: NewAccount,
  passwordHash?: string,
): Promise<{ id: string; email: string }> {
  const email = account.email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email } })) {
    throw new ConflictError(`An account for ${email} already exists.`, "email", "Sign in, or reset its password.");
  }
  passwordHash ??= await hashPassword(account.password);
  const id = uuidv7();
  await db.user.create({ data: { id, email, passwordHash, name: account.name?.trim() || null } });
  return { id, email };
}

/**
 * The first account: only while nobody exists. It becomes owner of the default project and takes over the work of
 * single-user mode. Two racing sign-ups cannot both win: the transaction first writes the default project's row,
 * which serialises them (a row lock on PostgreSQL, the write lock on SQLite), then counts.
 */
export async function signUpFirstUser(db: Db, account: NewAccount): Promise<{ id: string; projectId: string }> {
  const { id: projectId } = await ensureDefaultProject(db);
  const passwordHash = await hashPassword(account.password); // slow: outside the transaction
  const email = account.email.trim().toLowerCase();
  const id = uuidv7();
  const { name: projectName } = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  await inTransaction(db, async (tx) => {
    await tx.project.update({ where: { id: projectId }, data: { name: projectName } }); // the serialising write
    if ((await tx.user.count({ where: { id: { not: LOCAL_USER_ID } } })) > 0) {
      throw new ConflictError(
        "This thoughtgraph already has an account; sign-up is only for the first one.",
        "email",
        "Sign in, or ask a project admin for an invitation link.",
      );
    }
    await tx.user.create({ data: { id, email, passwordHash, name: account.name?.trim() || null } });
    await tx.membership.create({ data: { projectId, userId: id, role: "owner" } });
    await adoptLocalWork(tx, id);
  });
  return { id, projectId };
}

/** Scores and comments made in single-user mode become the first owner's. */
export async function adoptLocalWork(db: Db, userId: string): Promise<void> {
  await db.comment.updateMany({ where: { authorId: LOCAL_USER_ID }, data: { authorId: userId } });
  await db.comment.updateMany({ where: { resolvedBy: LOCAL_USER_ID }, data: { resolvedBy: userId } });
  // A score the owner already made under the same config and target wins over the local one (unique index).
  const mine = new Set(
    (
      await db.score.findMany({ where: { authorKey: `user:${userId}` }, select: { configId: true, targetKey: true } })
    ).map((s) => `${s.configId} ${s.targetKey}`),
  );
  const local = await db.score.findMany({
    where: { authorKey: "user:local" },
    select: { id: true, configId: true, targetKey: true },
  });
  for (const s of local) {
    if (mine.has(`${s.configId} ${s.targetKey}`)) await db.score.delete({ where: { id: s.id } });
    else await db.score.update({ where: { id: s.id }, data: { authorKey: `user:${userId}`, authorId: userId } });
  }
}

// A dummy hash to verify against when the email is unknown, so a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function checkCredentials(db: Db, email: string, password: string) {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (!user || user.id === LOCAL_USER_ID) {
    dummyHash ??= hashPassword("not a real password");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash))
    ? { id: user.id, email: user.email, name: user.name }
    : null;
}

/**
 * Sets a new password, signs the person out everywhere and lifts a sign-in lockout (CLI reset: the lockout's 429
 * suggests it, and the count lives in the database, so every instance sees it lifted).
 */
export async function resetPassword(db: Db, email: string, password: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user || user.id === LOCAL_USER_ID) throw new NotFoundError(`An account for ${email}`, "email");
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  await endAllLoginSessions(db, user.id);
  await db.loginFailure.deleteMany({ where: { email: user.email } });
}
