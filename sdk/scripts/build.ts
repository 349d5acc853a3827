// Builds sdk/dist: tsc (sdk/tsconfig.json), then makes the output loadable by Node's ESM loader. The sources use
// extension-less relative imports (the repository resolves modules like a bundler); Node needs the file name, so
// every relative specifier in the emitted .js and .d.ts files gets its ".js" (or "/index.js") added here.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const sdk = path.resolve(import.meta.dirname, "..");
const dist = path.join(sdk, "dist");
const require = createRequire(import.meta.url);

fs.rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [require.resolve("typescript/bin/tsc"), "-p", path.join(sdk, "tsconfig.json")],
  {
    stdio: "inherit",
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']*)\2/g;

function fixFile(file: string): void {
  const dir = path.dirname(file);
  const before = fs.readFileSync(file, "utf8");
  const after = before.replace(SPECIFIER, (whole: string, lead: string, quote: string, spec: string) => {
    if (/\.(m|c)?js$|\.json$/.test(spec)) return whole;
    const target = path.resolve(dir, spec);
    if (fs.existsSync(`${target}.js`)) return `${lead}${quote}${spec}.js${quote}`;
    if (fs.existsSync(path.join(target, "index.js"))) return `${lead}${quote}${spec}/index.js${quote}`;
    throw new Error(`${path.relative(sdk, file)}: cannot resolve "${spec}"`);
  });
  if (after !== before) fs.writeFileSync(file, after);
}

function walk(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (p.endsWith(".js") || p.endsWith(".d.ts")) fixFile(p);
  }
}
walk(dist);
fs.chmodSync(path.join(dist, "sdk/src/cli.js"), 0o755);
console.log(`built ${path.relative(process.cwd(), dist) || dist}`);
