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
