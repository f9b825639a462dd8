import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "app/paraglide/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls sideways (a wide table) must be reachable by keyboard, as axe's
      // scrollable-region-focusable asks: it takes focus like a tab panel does.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // With verbatimModuleSyntax, `import { type A } from "x"` still loads "x" for its side
      // effects; `import type { A }` is dropped entirely.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    // Components and shared helpers are bundled for the browser. Route modules may import server
    // code because React Router strips their loaders and actions from the browser build.
    // `*.server.ts` modules and `.server/` folders are exempt: React Router never bundles them for
    // the browser and fails the build when browser code imports them.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    ignores: ["**/*.server.{ts,tsx}", "**/.server/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // The `#server/…` alias, or a relative path into server/.
              regex: "^(?:#server/|\\.{1,2}/(?:.*/)?server/)",
              allowTypeImports: true,
              message:
                "Server code must not reach the browser bundle: components and app/lib may only `import type` from server/. Load the data in a route loader and pass it down.",
            },
          ],
        },
      ],
    },
  },
  {
    // The files of a test worker share their loaded modules (vitest.config.ts, `isolate:
    // false`), so a module mocked by one file would stay mocked for the next.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "vi", property: "mock", message: "Pass a stand-in to the code under test instead." },
        { object: "vi", property: "doMock", message: "Pass a stand-in to the code under test instead." },
        { object: "vi", property: "stubGlobal", message: "Pass a stand-in to the code under test instead." },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
