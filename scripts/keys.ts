// `npm run keys -- create --name NAME [--scope read|write|admin]`, `list`, `revoke ID`: API keys of the default project.
import { parseArgs } from "node:util";
import { createApiKey, listApiKeys, revokeApiKey } from "@/server/auth/api-keys";
import { runCli, withCliDb } from "./lib/cli-db";
import { ensureDefaultProject } from "@/server/db/default-project";

const USAGE = "usage: npm run keys -- create --name NAME [--scope read|write|admin] | list | revoke KEY_ID";

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: "string" }, scope: { type: "string", default: "write" } },
  });
  const [command, arg] = positionals;
  return withCliDb(async (db) => {
    const { id: projectId } = await ensureDefaultProject(db);
    switch (command) {
      case "create": {
        if (!values.name) {
          console.error(`--name is required.\n${USAGE}`);
          return 2;
        }
        if (values.scope !== "read" && values.scope !== "write" && values.scope !== "admin") {
          console.error(`--scope must be read, write or admin (admin: model connections and judges).\n${USAGE}`);
          return 2;
        }
        const key = await createApiKey(db, projectId, values.name, undefined, values.scope);
        console.log(`Created key "${key.name}" (${key.id}). It is shown only this once:\n\n  ${key.key}\n`);
        return 0;
      }
      case "list": {
        for (const k of await listApiKeys(db, projectId)) {
          const state = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active";
          const used = k.lastUsedAt ? k.lastUsedAt.toISOString() : "never";
          console.log(`${k.id}  ${k.prefix}…${k.last4}  ${k.scope}  ${state}  last used ${used}  ${k.name}`);
        }
        return 0;
      }
      case "revoke": {
        if (!arg) {
          console.error(USAGE);
          return 2;
        }
        const ok = await revokeApiKey(db, projectId, arg);
        console.log(ok ? `Revoked ${arg}.` : `No active key ${arg}.`);
        return ok ? 0 : 1;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  });
}

runCli(main);
