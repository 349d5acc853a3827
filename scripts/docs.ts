// `npm run docs`: writes the parts of docs/ generated from the code (scripts/lib/generated-docs.ts says which).
import fs from "node:fs";
import path from "node:path";
import { generatedPages, ROOT } from "./lib/generated-docs";

for (const { page, current, expected } of await generatedPages()) {
  if (current === expected) continue;
  fs.writeFileSync(path.join(ROOT, page), expected);
  console.log(`wrote ${page}`);
}
