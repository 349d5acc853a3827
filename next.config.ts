import type { NextConfig } from "next";

const config: NextConfig = {
  // Native and driver packages stay outside the bundle and load from node_modules at run time.
  serverExternalPackages: [
    "better-sqlite3",
    "pg",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
  ],
  poweredByHeader: false,
  // scripts/start.ts compresses Next's answers itself, at a faster level (server/http/compress.ts).
  compress: false,
  typedRoutes: false,
};

export default config;
