import path from "node:path";
import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { "@": root };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["lib/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "sdk/src/**/*.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "services",
          environment: "node",
          include: ["test/services/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          environment: "node",
          include: ["test/api/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // MCP over HTTP and stdio, the side-by-side comparison with the official server, and the agent REST routes,
        // against one built server per run (test/mcp/global-setup.ts).
        resolve: { alias },
        test: {
          name: "mcp",
          environment: "node",
          include: ["test/mcp/**/*.test.ts"],
          globalSetup: ["test/mcp/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Several server processes on one PostgreSQL database (the runner's throwaway cluster, which one test restarts
        // with pg_ctl): one file, run alone, because a restart of the cluster would disturb any other file.
        resolve: { alias },
        test: {
          name: "fleet",
          environment: "node",
          include: ["test/fleet/**/*.test.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The SDK: AI SDK tools in a real tool loop, and the `npm pack`ed package installed elsewhere.
        resolve: { alias },
        test: {
          name: "sdk",
          environment: "node",
          include: ["test/sdk/**/*.test.ts"],
          globalSetup: ["test/mcp/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
