// The release gate: eslint-plugin-obsidianmd's recommended rules, zero warnings,
// plus the layer rules below (README "Layout"; test/lint/layers.test.ts plants a
// violation of each and sees it fail).
import { defineConfig } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";

const root = import.meta.dirname;

// Each layer may import only the layers beneath it: core ← store ← vault ← ui,
// and the CLI sits beside ui (core, store, vault), never on it. main.ts wires
// everything, so nothing imports it.
const layerZones = [
  { target: "./src/core", from: ["./src/store", "./src/vault", "./src/ui", "./src/cli", "./src/main.ts"],
    message: "core imports only core." },
  { target: "./src/store", from: ["./src/vault", "./src/ui", "./src/cli", "./src/main.ts"],
    message: "store imports only core." },
  { target: "./src/vault", from: ["./src/ui", "./src/cli", "./src/main.ts"],
    message: "vault imports only store and core." },
  { target: "./src/ui", from: ["./src/cli", "./src/main.ts"],
    message: "ui imports core, store and vault, never the CLI." },
  { target: "./src/cli", from: ["./src/ui", "./src/main.ts"],
    message: "the CLI never imports ui." },
  // Core has one way in: what src/core/index.ts exports is what the other layers may use.
  { target: ["./src/store", "./src/vault", "./src/ui", "./src/cli", "./src/main.ts"], from: "./src/core", except: ["./index.ts"],
    message: "outside core, import core through its public surface, src/core/index.ts." },
];

// Host APIs by package: core and store run everywhere (plugin, CLI, tests), so
// neither the Obsidian API nor the editor nor the DOM sanitizers reach them.
const hostPackages = ["obsidian", "@codemirror/*", "electron", "dompurify", "marked"];
const noHost = (who) => ["error", { patterns: [{ group: hostPackages, message: `${who} runs outside Obsidian: no host API here.` }] }];

export default defineConfig([
  {
    ignores: ["node_modules/**", "dist/**", "main.js", "coverage/**", "test/**", "scripts/**",
      "esbuild.config.mjs", "version-bump.mjs", "jest.config.cjs", "jest.checks.config.cjs", "eslint.config.mjs", "demo-vault/**",
      // declarations for tsconfig.core.json only, outside the type-checked project
      "src/platform.d.ts"],
  },
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.*"] },
        tsconfigRootDir: root,
      },
    },
  },
  {
    // eslint-plugin-import is the plugin obsidianmd's preset itself registers and runs; we pin
    // it because our rules below use it, and keep it rather than add eslint-plugin-import-x,
    // which would be a second copy of the same rules.
    files: ["package.json"],
    rules: {
      "depend/ban-dependencies": ["error", { presets: ["native", "microutilities", "preferred"], allowed: ["eslint-plugin-import"] }],
    },
  },
  {
    // The `import` plugin is registered by obsidianmd's recommended config.
    files: ["src/**/*.ts"],
    settings: {
      "import/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import/resolver": { node: { extensions: [".ts", ".js", ".json"] } },
    },
    rules: {
      "import/no-restricted-paths": ["error", { basePath: root, zones: layerZones }],
      // Runtime cycles; `import type` is erased at build and not followed (test/lint/layers.test.ts
      // refuses type-only cycles too). disableScc: the shortcut reads the graph from disk, so a
      // cycle made by the text being linted (an editor buffer) would go unseen; it costs no
      // measurable time at this size.
      "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": noHost("core"),
      "import/no-nodejs-modules": "error",
    },
  },
  {
    files: ["src/store/**/*.ts"],
    rules: {
      "no-restricted-imports": noHost("store"),
      "import/no-nodejs-modules": "error",
    },
  },
  {
    // The adapters report (return values, IndexNews); the UI tells the person.
    files: ["src/vault/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "obsidian", importNames: ["Notice", "Modal"],
        message: "vault adapters report; the UI (src/ui) tells the person." }] }],
    },
  },
  {
    files: ["src/cli/**/*.ts"],
    rules: { "no-restricted-imports": noHost("the CLI") },
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
