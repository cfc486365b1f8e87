// Builds the plugin bundle (main.js, for Obsidian desktop and mobile) and the headless CLI.
import esbuild from "esbuild";
import { builtinModules } from "node:module";

const prod = process.argv[2] === "production";
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const plugin = {
  entryPoints: ["src/main.ts"],
  bundle: true,
  // Obsidian provides these at run time; everything else must be inside main.js.
  external: ["obsidian", "electron", "@codemirror/*", "@lezer/*"],
  format: "cjs",
  target: "es2021",
  platform: "browser",
  // The community installer ships only main.js: sql.js's wasm travels inside it.
  loader: { ".wasm": "binary" },
  logLevel: "info",
  sourcemap: prod ? false : "inline",
  treeShaking: true,
  minify: prod,
  outfile: "main.js",
};

const cli = {
  entryPoints: ["src/cli/main.ts"],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: nodeBuiltins,
  loader: { ".wasm": "binary" },
  logLevel: "info",
  outfile: "dist/cli.cjs",
  banner: { js: "#!/usr/bin/env node" },
};

if (prod) {
  await esbuild.build(plugin);
  await esbuild.build(cli);
} else {
  const ctx = await esbuild.context(plugin);
  await ctx.watch();
}
