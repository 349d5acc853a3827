// First-start set-up, shared by `npm start` and the keys CLI: the default project, and the API key and admin user
// named by THOUGHTGRAPH_INIT_* for headless installs; otherwise one fresh key, printed once.
import { uuidv7 } from "@/lib/ids";
import { setting } from "@/server/config";
import { createApiKey, ensureApiKey, type CreatedKey } from "@/server/auth/api-keys";
import { hashPassword } from "@/server/auth/passwords";
import { inTransaction, type Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/db-errors";
import { adoptLocalWork, countPeople } from "./accounts";
import { ensureDefaultProject } from "@/server/db/default-project";

export interface SetupResult {
  projectId: string;
  /** A key created on this start, to show once. */
  createdKey: CreatedKey | null;
  initKey: "created" | "existing" | null;
  admin: "created" | "existing" | null;
  /** Nobody can sign in yet: the dashboard offers the first-run sign-up at /setup. */
  needsFirstAccount: boolean;
}

/**
 * Every step below may run in several instances at once on a fresh database (a fleet starting together): each one
 * inserts and, when another instance won the unique key, finds that row instead (two instances started at
 * once crashed on User_email_key, 3 of 3 trials).
 */
export async function runSetup(db: Db): Promise<SetupResult> {
  const { id: projectId } = await ensureDefaultProject(db);
  const result: SetupResult = { projectId, createdKey: null, initKey: null, admin: null, needsFirstAccount: false };

  const initKey = setting("THOUGHTGRAPH_INIT_API_KEY");
  if (initKey) {
    result.initKey = (await ensureApiKey(db, projectId, initKey, "init (THOUGHTGRAPH_INIT_API_KEY)"))
      ? "created"
      : "existing";
  } else if ((await db.apiKey.count({ where: { projectId } })) === 0) {
    result.createdKey = await createApiKey(db, projectId, "first key");
  }

  const email = setting("THOUGHTGRAPH_INIT_ADMIN_EMAIL");
  const password = setting("THOUGHTGRAPH_INIT_ADMIN_PASSWORD");
  if (email || password) {
    if (!email || !password) {
      throw new Error("Set both THOUGHTGRAPH_INIT_ADMIN_EMAIL and THOUGHTGRAPH_INIT_ADMIN_PASSWORD, or neither.");
    }
    result.admin = await ensureAdmin(db, projectId, email, password);
  }
  result.needsFirstAccount = (await countPeople(db)) === 0;
  return result;
}

/** The admin named by THOUGHTGRAPH_INIT_ADMIN_*: created with its owner membership in one transaction, once. */
async function ensureAdmin(
  db: Db,
  projectId: string,
  email: string,
  password: string,
): Promise<"created" | "existing"> {
  if (await db.user.findUnique({ where: { email } })) return "existing";
  const passwordHash = await hashPassword(password); // ~100 ms: outside the transaction
  const firstPerson = (await countPeople(db)) === 0;
  const userId = uuidv7();
  try {
    await inTransaction(db, async (tx) => {
      await tx.user.create({ data: { id: userId, email, passwordHash } });
      await tx.membership.create({ data: { projectId, userId, role: "owner" } });
      if (firstPerson) await adoptLocalWork(tx, userId);
    });
    return "created";
  } catch (error) {
    // Another instance created this admin between our read and our insert: theirs stands.
    if (isUniqueViolation(error) && (await db.user.findUnique({ where: { email } }))) return "existing";
    throw error;
  }
}

/** The once-only message with a new key and ready-to-paste snippets. */
export function firstKeyMessage(key: string, baseUrl: string): string {
  return [
    "",
    "  thoughtgraph created an API key for the default project. It is shown only this once:",
    "",
    `    ${key}`,
    "",
    "  Record a thought:",
    `    curl -s ${baseUrl}/api/v1/thoughts -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" \\`,
    `      -d '{"thought":"First step","thoughtNumber":1,"totalThoughts":3,"nextThoughtNeeded":true}'`,
    "",
    "  MCP client (Streamable HTTP):",
    `    { "mcpServers": { "thoughtgraph": { "url": "${baseUrl}/api/mcp",`,
    `      "headers": { "Authorization": "Bearer ${key}" } } } }`,
    "",
    "  More keys: npm run keys -- create --name NAME",
    "",
  ].join("\n");
}
