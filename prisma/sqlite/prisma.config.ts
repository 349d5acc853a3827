// Prisma CLI config for the sqlite variant: `prisma <command> --config prisma/sqlite/prisma.config.ts`.
// Migrations do not go through the CLI: use `npm run db:migrate` / `npm run db:diff` (scripts/migrate.ts).
import { providerConfig } from "../provider-config.ts";

export default providerConfig("sqlite");
