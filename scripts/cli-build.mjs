// The headless CLI's build, shared by esbuild.config.mjs, the bench and the tests' bundler:
// `cli.cjs` holds every command but `index` and `stats`, which load `cli-index.cjs` (sql.js
// and its WebAssembly) when they run, so the other commands start without reading it;
// `cli-yaml.cjs` is the full YAML reader, loaded on first need.
import { builtinModules, createRequire } from "node:module";
import { join, resolve } from "node:path";

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** The index commands' module, wherever it is imported from, becomes the second file. */
const indexApart = {
  name: "index-commands-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\/index-commands$/ }, () => ({ path: "./cli-index.cjs", external: true }));
  },
};

/**
 * The `yaml` package is the full reader behind the frontmatter fast path (src/core/go/yaml-fast.ts):
 * most vaults never need it, yet compiling and evaluating it was most of the CLI's start-up.
 * It goes in `cli-yaml.cjs`, behind getters that load it on first use.
 */
const lazyYaml = (root) => ({
  name: "lazy-yaml",
  setup(build) {
    const names = Object.keys(createRequire(join(root, "package.json"))("yaml")).filter((k) => k !== "default" && k !== "__esModule");
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: "yaml", namespace: "lazy-yaml" }));
    build.onResolve({ filter: /^\.\/cli-yaml\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: "lazy-yaml" }, () => ({
      resolveDir: root,
      loader: "js",
      contents: [
        "let real;",
        "const load = () => (real ??= require('./cli-yaml.cjs'));",
        `module.exports = {${names.map((n) => ` get ${n}() { return load().${n}; }`).join(",")} };`,
      ].join("\n"),
    }));
  },
});

/** esbuild options for both files, written to `outdir` (the repository root is `root`). */
export function cliBuilds(rootDir, outdir, extra = {}) {
  const root = resolve(rootDir);
  const common = {
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external: nodeBuiltins,
    loader: { ".wasm": "binary" },
    logLevel: "info",
    ...extra,
  };
  return [
    { ...common, entryPoints: [join(root, "src/cli/main.ts")], outfile: join(outdir, "cli.cjs"), banner: { js: "#!/usr/bin/env node" }, plugins: [indexApart, lazyYaml(root)] },
    { ...common, entryPoints: [join(root, "src/cli/index-commands.ts")], outfile: join(outdir, "cli-index.cjs"), plugins: [lazyYaml(root)] },
    { ...common, entryPoints: ["yaml"], absWorkingDir: root, outfile: join(outdir, "cli-yaml.cjs") },
  ];
}
