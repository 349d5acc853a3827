// Writes the two provider variants of the schema from prisma/schema.base.prisma and generates a Prisma client for each:
//   prisma/sqlite/schema.prisma      → server/db/generated/sqlite
//   prisma/postgresql/schema.prisma  → server/db/generated/postgresql
// Run by `npm run db:generate`, `npm run build` and postinstall, so it must work on a fresh clone: it imports nothing
// generated and nothing from the app, and it never downloads an engine (PRISMA_SCHEMA_ENGINE_BINARY → a stub).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROVIDERS = ["sqlite", "postgresql"] as const;
export type SchemaProvider = (typeof PROVIDERS)[number];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const prismaDir = path.join(root, "prisma");

const HEADER = (provider: SchemaProvider) =>
  [
    `// GENERATED FILE, DO NOT EDIT: written by scripts/prisma-generate.ts from prisma/schema.base.prisma`,
    `// (provider = "${provider}"). Edit the base schema, then run \`npm run db:generate\` and \`npm run db:diff -- --name <name>\`.`,
    "",
    "",
  ].join("\n");

/** The text of one provider's schema, derived from the base schema. */
export function renderSchema(base: string, provider: SchemaProvider): string {
  if (!base.includes("__PROVIDER__")) throw new Error("prisma/schema.base.prisma has no __PROVIDER__ placeholder");
  return HEADER(provider) + base.replaceAll("__PROVIDER__", provider);
}

/** Writes prisma/<provider>/schema.prisma for both providers (only when the text changed); returns their paths. */
export function writeSchemas(): Record<SchemaProvider, string> {
  const base = fs.readFileSync(path.join(prismaDir, "schema.base.prisma"), "utf8");
  const out = {} as Record<SchemaProvider, string>;
  for (const provider of PROVIDERS) {
    const file = path.join(prismaDir, provider, "schema.prisma");
    const text = renderSchema(base, provider);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
    out[provider] = file;
  }
  return out;
}

function prismaCli(): string {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve("prisma/package.json");
  const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8")) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin.prisma;
  if (!bin) throw new Error("cannot find the prisma CLI entry in prisma/package.json");
  return path.join(path.dirname(pkgFile), bin);
}

function generate(provider: SchemaProvider): void {
  const config = path.join(prismaDir, provider, "prisma.config.ts");
  const result = spawnSync(process.execPath, [prismaCli(), "generate", "--config", config], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY:
        process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(prismaDir, "schema-engine-stub.sh"),
      // No telemetry / update checks: the machine has no network beyond the npm registry.
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`prisma generate failed for ${provider} (exit ${result.status})`);
}

function main(): void {
  writeSchemas();
  for (const provider of PROVIDERS) generate(provider);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
