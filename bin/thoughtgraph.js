#!/usr/bin/env node
// `npx thoughtgraph mcp` inside a thoughtgraph checkout: runs the SDK's CLI (sdk/src/cli.ts) from source through tsx.
// The installable package (sdk/, `npm pack`) ships the same CLI compiled to JavaScript.
import { register } from "tsx/esm/api";

register();
await import("../sdk/src/cli.ts");
