// Regenerates the static OTLP protobuf module from the .proto files beside it:
//   server/otlp/proto/*.proto → server/otlp/proto/generated/otlp.js (+ otlp.d.ts)
// Run `npm run otlp:proto` after editing a .proto file and commit the result. A static module (not protobufjs's
// reflection at run time) because the decoder is plain code the bundler and the type checker can see, and it needs
// no .proto file at run time. Only encode and decode are generated: verify/convert/delimited/typeurl are unused
// (server/otlp/decode-protobuf.ts turns the decoded messages into plain spans itself).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
type Main = (args: string[], callback: (err: Error | null, output?: string) => void) => void;
const { pbjs, pbts } = require("protobufjs-cli") as { pbjs: { main: Main }; pbts: { main: Main } };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const protoDir = path.join(root, "server/otlp/proto");
const outDir = path.join(protoDir, "generated");
const PROTOS = ["common.proto", "resource.proto", "trace.proto", "logs.proto", "collector.proto"];
const HEADER = "// GENERATED FILE, DO NOT EDIT: written by scripts/otlp-proto.ts from server/otlp/proto/*.proto.\n";

const run = (main: Main, args: string[]) =>
  new Promise<string>((resolve, reject) => main(args, (err, output) => (err ? reject(err) : resolve(output ?? ""))));

const js = path.join(outDir, "otlp.js");
fs.mkdirSync(outDir, { recursive: true });
const code = await run(pbjs.main, [
  ...["-t", "static-module", "-w", "es6", "-p", protoDir],
  ...["--no-verify", "--no-convert", "--no-delimited", "--no-typeurl", "--no-service", "--no-comments"],
  ...PROTOS.map((p) => path.join(protoDir, p)),
]);
fs.writeFileSync(js, HEADER + code);
// pbts reads the JSDoc that --no-comments leaves out, so it types a commented build of the same protos.
const commented = path.join(outDir, ".otlp-commented.js");
fs.writeFileSync(
  commented,
  await run(pbjs.main, [
    ...["-t", "static-module", "-w", "es6", "-p", protoDir],
    ...["--no-verify", "--no-convert", "--no-delimited", "--no-typeurl", "--no-service"],
    ...PROTOS.map((p) => path.join(protoDir, p)),
  ]),
);
try {
  const types = await run(pbts.main, ["--no-comments", commented]);
  fs.writeFileSync(path.join(outDir, "otlp.d.ts"), HEADER + types);
} finally {
  fs.rmSync(commented, { force: true });
}
console.log(`wrote ${path.relative(root, js)} and otlp.d.ts`);
