// The lint `npm test` runs (`npm run lint` alone; `node tools/lint-fix.mjs` applies the mechanical fixes).
// Type-aware: each TypeScript file is read by the tsconfig that type-checks it, so the rules see the same types as tsc.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "screenshots/**", "coverage/**", "**/*.d.ts", "**/*.d.mts"] },
  {
    files: ["src/**/*.ts", "test/**/*.ts", "tools/**/*.ts", "bench/**/*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The first tsconfig that holds a file reads it: the rules core and the simulator under their own, with no
        // Foundry types; the Foundry layer under the root one; tests, tools and benchmarks under the tests' one.
        project: ["src/core/tsconfig.json", "src/sim/tsconfig.json", "tsconfig.json", "tsconfig.tests.json"],
        tsconfigRootDir: root,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        // `typeof import("…")` names a lazily loaded chunk's module without loading it, so it stays allowed.
        { prefer: "type-imports", fixStyle: "separate-type-imports", disallowTypeAnnotations: false },
      ],
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/naming-convention": ["error", ...naming()],
      // A regular expression cannot be cut without losing its literal; a disable comment carries its reason whole.
      "max-len": [
        "error",
        {
          code: 120,
          comments: 120,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignorePattern: "^\\s*(// eslint-disable|/\\* eslint-disable)",
        },
      ],
    },
  },
  {
    // The build, release and pack tools in plain JavaScript: no tsconfig holds them, so no type-aware rules.
    files: ["tools/**/*.mjs", "eslint.config.js"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      "no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "max-len": ["error", { code: 120, comments: 120, ignoreUrls: true }],
    },
  },
);

/** camelCase for functions, variables and parameters; PascalCase for types and classes; UPPER_CASE for constants. */
function naming() {
  return [
    { selector: "default", format: ["camelCase"], leadingUnderscore: "allow" },
    { selector: "typeLike", format: ["PascalCase"] },
    // A variable or a parameter that holds a class (a mixin's result, a model passed in) is named as the class.
    { selector: "variable", format: ["camelCase", "PascalCase"], leadingUnderscore: "allow" },
    {
      selector: "variable",
      modifiers: ["const"],
      format: ["camelCase", "UPPER_CASE", "PascalCase"],
      leadingUnderscore: "allow",
    },
    { selector: "function", format: ["camelCase"] },
    { selector: "parameter", format: ["camelCase", "PascalCase"], leadingUnderscore: "allow" },
    // Property and member names are often Foundry's or a stored shape's (PARTS, DEFAULT_OPTIONS, "fray.move"):
    // they are not ours to name.
    { selector: ["property", "accessor", "enumMember"], format: null },
    { selector: "method", format: ["camelCase"], leadingUnderscore: "allow" },
    // A quoted name is a sentence or a key (a test table's row, "fray.move"), not an identifier.
    { selector: ["method", "property"], modifiers: ["requiresQuotes"], format: null },
    { selector: "import", format: null },
  ];
}
