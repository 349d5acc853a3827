// Type-aware lint at zero warnings (`npm run lint`). Client code (app pages, components, lib) never imports server
// code at run time; type-only imports (e.g. the tRPC AppRouter type) are allowed.
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
    files: ["components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "sdk/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [serverImports],
        },
      ],
    },
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
