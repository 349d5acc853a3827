// Shared body of prisma/sqlite/prisma.config.ts and prisma/postgresql/prisma.config.ts (Prisma 7 wants a config file;
// the schema's provider cannot come from the environment, so each provider has its own schema, config and migrations).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

const prismaDir = path.dirname(fileURLToPath(import.meta.url));

// Prisma fetches its native schema engine from its own servers on first use, which an offline machine cannot: point
// Prisma at a stub so generate/validate/format never try. Migrations run through @prisma/schema-engine-wasm
// (server/db/migrations.ts, scripts/migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(prismaDir, "schema-engine-stub.sh");

export function providerConfig(provider: "sqlite" | "postgresql") {
  const dir = path.join(prismaDir, provider);
  return defineConfig({
    schema: path.join(dir, "schema.prisma"),
    migrations: { path: path.join(dir, "migrations") },
  });
}
