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
  // The consent page must not be framed (a page on another site could trick a click on Approve) nor leak the
  // authorization request's URL to another site through the Referer.
  async headers() {
    return [
      {
        source: "/oauth/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default config;
