// Type-aware lint at zero warnings (`npm run lint`), and the edges between the project's parts
// (docs/architecture.md, "Layers, and what may import what"):
//   lib/         client-safe; imports only lib/
//   components/  no server code at run time (type-only imports, e.g. the tRPC AppRouter, are fine); contract values
//                only from lib/contracts/zod-free.ts; components/ui/ imports no feature folder
//   sdk/         the package agents install, compiled on its own: relative imports, and of lib/ only SDK_SHARED
//   server/ingest, auth, db, events  below the services and the doors: import none of them
//   server/, app/  of the SDK only its MCP tools (sdk/src/mcp), which the package's stdio bridge serves too
//   scripts/     tools: tests may use them (scripts/lib); they use no test code but e2e's agent and generators
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Client-safe code (components, lib, the SDK) never imports server code at run time. */
const serverImports = {
  group: ["@/server/*", "../server/*", "../../server/*", "../../../server/*"],
  allowTypeImports: true,
  message: "Client-safe code must not import server code (type-only imports are fine).",
};

/** Browser code takes the contracts' values from lib/contracts/zod-free.ts: the other contract modules build zod
 *  schemas, and zod put ~110 KB of minified JS into every page's root chunk. Type-only imports are fine. */
const contractValues = {
  group: ["@/lib/contracts/*", "!@/lib/contracts/zod-free"],
  allowTypeImports: true,
  message: "Import contract values in browser code from @/lib/contracts/zod-free (type-only imports are fine).",
};

/** The lib/ folders the SDK compiles into its package (sdk/tsconfig.json follows its imports from these). */
const SDK_SHARED = ["contracts", "domain", "normalised", "transcripts", "thoughtmcp/envelope", "thoughtmcp/vocabulary"];

const TOP_FOLDERS = "(server|components|app|sdk|scripts|test|e2e)";

/** lib/ is client-safe and self-contained: the browser, the server and the SDK all load it. */
const libOnly = {
  regex: `^(@/|(\\.\\./)+)${TOP_FOLDERS}(/|$)`,
  message: "lib/ imports only lib/ (and packages): the browser, the server and the SDK all load it.",
};

/** The SDK is built by tsc from sdk/src with relative paths; what it takes from lib/ ships inside the package. */
const sdkEdges = [
  { regex: "^@/", message: "The SDK is compiled on its own (sdk/tsconfig.json): use relative imports, not @/." },
  {
    regex: `^(\\.\\./)+lib/(?!(${SDK_SHARED.join("|")})(/|$))`,
    message: `The SDK shares only lib/{${SDK_SHARED.join(",")}} with the server; move what it needs there.`,
  },
  {
    regex: `^(\\.\\./)+${TOP_FOLDERS}/`,
    message: "The SDK is the package agents install: it imports no server, dashboard, script or test code.",
  },
];

/** The server serves the same MCP tools as the package's stdio bridge; nothing else of the SDK is the server's. */
const sdkFromServer = {
  regex: "^@/sdk/(?!src/mcp/)",
  message: "The server takes from the SDK only its MCP tools (sdk/src/mcp), which the stdio bridge serves too.",
};

/** The write path, sign-in, the database and the event bus sit below the services and the doors. */
const belowServices = {
  regex: "^(@/server/|\\.\\./)(services|trpc|http|mcp)(/|$)",
  message:
    "server/{ingest,auth,db,events} import no service or door: work that follows a write subscribes to it (server/ingest/after-commit.ts), and a service passes plain values in.",
};

/** Scripts are tools: tests may use them (scripts/lib), not the other way round. */
const testsFromScripts = [
  { regex: "^(@/|(\\.\\./)+)test/", message: "Scripts use no test code; a helper both need belongs in scripts/lib." },
  {
    regex: "^(@/|(\\.\\./)+)e2e/(?!support/(agent|generate|review-sessions|transcripts)$)",
    message:
      "Scripts take from e2e/ only the REST agent and the session and transcript generators the benchmarks share with it.",
  },
];

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "server/db/generated/**",
      "server/otlp/proto/generated/**", // protobufjs output (scripts/otlp-proto.ts)
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "sdk/dist/**",
      "bin/**", // plain-JS launchers outside the TypeScript project (bin/thoughtgraph.js runs sdk/src/cli.ts via tsx)
      "server/ingest/write-thread.entry.mjs", // the same: the write thread's launcher, which registers tsx
      "next-env.d.ts",
      "*.config.js",
      "*.config.mjs",
      ".tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/only-throw-error": "off",
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // One checked configuration: the product reads the environment only through server/config.ts (tests may set it).
    // scripts/ is outside: a benchmark's knobs (BENCH_*) and the test runner's CI are the tool's parameters, not
    // settings of the product (scripts/start.ts reads the product's through server/config.ts too).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "server/**/*.ts", "proxy.ts"],
    ignores: ["server/config.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings with setting(NAME) from server/config.ts: one checked list, documented from it.",
        },
      ],
    },
  },
  {
    // The SDK is a library agents embed: its client, AI SDK tools and MCP tools take their settings as options. Only
    // its command line reads the environment (THOUGHTGRAPH_URL, THOUGHTGRAPH_API_KEY), and the transcript layout reads
    // the coding agents' own variables (CLAUDE_CONFIG_DIR, CODEX_HOME) to find their files. The server's
    // server/config.ts is not the SDK's to import: the package is installed without the server.
    files: ["sdk/src/**/*.ts"],
    ignores: ["sdk/src/cli.ts", "sdk/src/transcripts/command.ts", "sdk/src/transcripts/layout.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "The SDK takes settings as options; only its CLI (sdk/src/cli.ts) reads the environment.",
        },
      ],
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"], // a test may use the test helpers
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [libOnly] }] },
  },
  {
    files: ["sdk/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverImports, ...sdkEdges] }] },
  },
  {
    files: ["server/**/*.ts", "app/**/*.{ts,tsx}", "proxy.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [sdkFromServer] }] },
  },
  {
    files: ["server/{ingest,auth,db,events}/**/*.ts"],
    ignores: ["**/*.test.ts"], // a test may check a service against the layer below it
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [sdkFromServer, belowServices] }] },
  },
  {
    files: ["scripts/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: testsFromScripts }] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/ui/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverImports, contractValues] }] },
  },
  {
    // The design system depends on no feature: a primitive that imports a feature folder cannot be reused.
    files: ["components/ui/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImports,
            contractValues,
            {
              group: ["@/components/*", "!@/components/ui", "!@/components/ui/*", "../*"],
              message: "components/ui is the design system: it imports no feature folder.",
            },
          ],
        },
      ],
    },
  },
);
