// The release gate: eslint-plugin-obsidianmd's recommended rules, zero warnings.
import { defineConfig } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

export default defineConfig([
  {
    ignores: ["node_modules/**", "dist/**", "main.js", "coverage/**", "test/**", "scripts/**",
      "esbuild.config.mjs", "version-bump.mjs", "jest.config.cjs", "eslint.config.mjs", "demo-vault/**"],
  },
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.*"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // An array spread into a call passes each element as an argument: past about 100,000
    // the stack overflows (RangeError). Vault contents are unbounded, so no spread into a
    // call or `new`; use pushAll (src/core/arrays.ts), or spread into an array literal.
    // `path.join(dir, ...segments)` is allowed: one path's segments, bounded by its length.
    // Another case bounded by construction may say why in an eslint-disable comment.
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-syntax": ["error",
        { selector: "CallExpression:not([callee.object.name='path'][callee.property.name='join']) > SpreadElement", message: "Do not spread into a call: an unbounded array overflows the stack. Use pushAll (src/core/arrays.ts) or an array literal." },
        { selector: "NewExpression > SpreadElement", message: "Do not spread into a constructor call: an unbounded array overflows the stack." },
      ],
    },
  },
  {
    // The headless CLI runs in Node, never inside Obsidian.
    files: ["src/cli/**/*.ts", "src/vault/node-*.ts"],
    rules: {
      "obsidianmd/no-nodejs-modules": "off",
      "import/no-nodejs-modules": "off",
      // TypeScript already checks names; Node globals (process, Buffer, NodeJS) are real here.
      "no-undef": "off",
      "no-console": "off",
    },
  },
]);
