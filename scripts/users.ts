// `npm run users -- create --email E [--name N] [--role owner|admin|annotator|viewer]`, `reset-password --email E`,
// `list`: people of the default project, from the shell where the server runs (an admin's way in when nobody can
// sign in). A password is read from THOUGHTGRAPH_PASSWORD when set; otherwise a strong one is generated and shown once.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { ZEmail, ZNewPassword } from "@/lib/contracts/auth";
import { isRole, ROLES } from "@/lib/auth/roles";
import { setting } from "@/server/config";
import { runCli, withCliDb } from "./lib/cli-db";
import { adoptLocalWork, countPeople, createUser, resetPassword } from "@/server/services/accounts";
import { ensureDefaultProject } from "@/server/db/default-project";

const USAGE =
  "usage: npm run users -- create --email EMAIL [--name NAME] [--role owner|admin|annotator|viewer]\n" +
  "       npm run users -- reset-password --email EMAIL\n" +
  "       npm run users -- list\n" +
  "The password comes from THOUGHTGRAPH_PASSWORD, or is generated and printed once.";

function passwordFromEnv(): { password: string; generated: boolean } {
  const given = setting("THOUGHTGRAPH_PASSWORD");
  if (given === undefined) return { password: randomBytes(15).toString("base64url"), generated: true };
  const ok = ZNewPassword.safeParse(given);
  if (!ok.success) throw new Error(`THOUGHTGRAPH_PASSWORD: ${ok.error.issues[0]?.message}`);
  return { password: given, generated: false };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string", default: "owner" } },
  });
  const [command] = positionals;
  if (command !== "create" && command !== "reset-password" && command !== "list") {
    console.error(USAGE);
    return 2;
  }
  const email = command === "list" ? "" : ZEmail.safeParse(values.email ?? "");
  if (typeof email !== "string" && !email.success) {
    console.error(`--email: ${email.error.issues[0]?.message}\n${USAGE}`);
    return 2;
  }
  if (!isRole(values.role)) {
    console.error(`--role must be one of ${ROLES.join(", ")}.\n${USAGE}`);
    return 2;
  }
  return withCliDb(async (db) => {
    const { id: projectId } = await ensureDefaultProject(db);
    if (command === "list") {
      const rows = await db.membership.findMany({
        where: { projectId },
        orderBy: { createdAt: "asc" },
        include: { user: { select: { email: true, name: true } } },
      });
      for (const m of rows) console.log(`${m.user.email}  ${m.role}${m.user.name ? `  ${m.user.name}` : ""}`);
      if (rows.length === 0) console.log("Nobody yet: npm run users -- create --email EMAIL");
      return 0;
    }
    const address = typeof email === "string" ? email : email.data;
    const { password, generated } = passwordFromEnv();
    if (command === "create") {
      const first = (await countPeople(db)) === 0;
      const user = await createUser(db, { email: address, password, name: values.name });
      await db.membership.create({ data: { projectId, userId: user.id, role: values.role } });
      if (first) await adoptLocalWork(db, user.id);
      console.log(`Created ${address} (${values.role} of the default project).`);
    } else {
      await resetPassword(db, address, password);
      console.log(`Set a new password for ${address} and signed them out everywhere.`);
    }
    if (generated) console.log(`Password (shown only this once): ${password}`);
    return 0;
  });
}

runCli(main);
