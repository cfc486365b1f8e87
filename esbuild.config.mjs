// Builds the plugin bundle (main.js, for Obsidian desktop and mobile) and the headless CLI.
import esbuild from "esbuild";
import { cliBuilds } from "./scripts/cli-build.mjs";

const prod = process.argv[2] === "production";

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

// `node esbuild.config.mjs cli`: the CLI alone (dist/cli*.cjs, scripts/cli-build.mjs).
const cliOnly = process.argv[2] === "cli";
if (prod || cliOnly) {
  if (!cliOnly) await esbuild.build(plugin);
  for (const options of cliBuilds(".", "dist")) await esbuild.build(options);
} else {
  const ctx = await esbuild.context(plugin);
  await ctx.watch();
}
