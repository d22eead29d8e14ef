// The shop's lint rules: ESLint's and typescript-eslint's recommended sets everywhere, the React hooks rules for the
// web client. Syntax-only (no type information), so `npm run lint` stays a few seconds; `npm run typecheck` is the
// type checker. The dependency rules between workspaces are in .dependency-cruiser.cjs.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "**/dist/",
    "prisma/src/generated/",
    "data/",
    "bench-results/",
    "test-results/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a positional argument, a destructured-away field).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs" } },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["e2e/**/*.ts", "scripts/bench/web.ts", "scripts/mini-app-preview.ts"],
    // Code passed to page.evaluate() runs in the browser.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
