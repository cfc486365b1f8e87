// The headless CLI's build, shared by esbuild.config.mjs, the bench and the tests' bundler:
// `cli.cjs` is the entry alone (arguments, usage, the registry of commands); it loads the
// one file that holds the command asked for: `cli-summary.cjs` (`scopes`, `continuity`),
// `cli-resume.cjs` (`resume`) or `cli-commands.cjs` (the others), which loads `cli-index.cjs` (sql.js and its WebAssembly)
// for `index`, `stats` and `--db`; `cli-yaml.cjs` is the full YAML reader, loaded on first
// need. Each file bundles what it uses, so a run compiles only the code of its command.
import { builtinModules, createRequire } from "node:module";
import { join, resolve } from "node:path";

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** The files a dynamic import of these modules loads (src/cli/registry.ts, vault-read.ts). */
const APART = { "./summary-commands": "./cli-summary.cjs", "./resume-command": "./cli-resume.cjs", "./commands": "./cli-commands.cjs", "./index-commands": "./cli-index.cjs" };

/**
 * A module imported on demand becomes the file of its own it is built to; static imports stay
 * bundled. The import becomes a `require` of that file: a real `import()` would start Node's
 * ES module loader, which costs more than the code it spares.
 */
const modulesApart = {
  name: "modules-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\/(summary-commands|resume-command|commands|index-commands)$/ }, (args) =>
      args.kind === "dynamic-import" ? { path: APART[args.path], namespace: "apart" } : undefined);
    build.onResolve({ filter: /^\.\/cli-(summary|resume|commands|index)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: "apart" }, (args) => ({ loader: "js", contents: `module.exports = require(${JSON.stringify(args.path)});` }));
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
  const apart = (entry, file) => ({ ...common, entryPoints: [join(root, entry)], outfile: join(outdir, file), plugins: [modulesApart, lazyYaml(root)] });
  return [
    { ...apart("src/cli/main.ts", "cli.cjs"), banner: { js: "#!/usr/bin/env node" } },
    apart("src/cli/summary-commands.ts", "cli-summary.cjs"),
    apart("src/cli/resume-command.ts", "cli-resume.cjs"),
    apart("src/cli/commands.ts", "cli-commands.cjs"),
    apart("src/cli/index-commands.ts", "cli-index.cjs"),
    { ...common, entryPoints: ["yaml"], absWorkingDir: root, outfile: join(outdir, "cli-yaml.cjs") },
  ];
}
