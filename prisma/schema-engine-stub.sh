#!/bin/sh
# Stands in for Prisma's native schema-engine binary, which Prisma would fetch from its
# servers on first use (an offline machine cannot).
# prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY at this file so `prisma generate` / `validate` / `format`
# never try to fetch it. Migrations run through @prisma/schema-engine-wasm instead (server/db/migrations.ts).
echo "schema engine unavailable: use npm run db:migrate / db:diff (scripts/migrate.ts)" >&2
echo "schema engine unavailable"
exit 1
