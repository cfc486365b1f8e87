// `npm run bench`: bundles the benchmark (test/bench) with esbuild into a temp folder and
// runs it. Prints `name: value` lines; not part of `npm test`.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { builtinModules, createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const out = mkdtempSync(join(tmpdir(), "logos-bench-build-"));
const outfile = join(out, "bench.cjs");
await build({
	entryPoints: ["test/bench/bench.ts"],
	bundle: true,
	platform: "node",
	format: "cjs",
	target: "node20",
	external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
	loader: { ".wasm": "binary" },
	outfile,
	logLevel: "warning",
});
// sql.js's wasm is read from node_modules; the bundle resolves it from here.
const nodePath = join(createRequire(import.meta.url).resolve("sql.js"), "..", "..", "..");
// --expose-gc: each figure starts after a full collection (see test/bench/README.md).
const r = spawnSync(process.execPath, ["--max-old-space-size=4096", "--expose-gc", ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-interval=100", "--cpu-prof-dir=" + process.env.BENCH_PROF] : []), outfile], {
	stdio: "inherit",
	env: { ...process.env, TZ: "UTC", NODE_PATH: nodePath },
});
rmSync(out, { recursive: true, force: true });
process.exit(r.status ?? 1);
