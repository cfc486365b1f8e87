// `npm run bench`: bundles the benchmark (test/bench) and the CLI with esbuild into a temp
// folder and runs it. Prints `name: value` lines; not part of `npm test`.
// BENCH_SCALES=0.1,1,3 runs it once per scale, then prints each numeric figure at every
// scale with its growth exponent between neighbouring scales (1 = linear in the vault).
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { builtinModules, createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cliBuilds } from "./cli-build.mjs";

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
// The CLI as shipped, for the whole-process figures.
for (const options of cliBuilds(".", join(out, "cli"), { logLevel: "warning" })) await build(options);
// sql.js's wasm is read from node_modules; the bundle resolves it from here.
const nodePath = join(createRequire(import.meta.url).resolve("sql.js"), "..", "..", "..");

function runAt(scale) {
	// --expose-gc: each figure starts after a full collection (see test/bench/README.md).
	// Room beyond 4 GB for the 100,000-checkpoint vault's model beside the index's kept parses (24 GiB here).
	const heapMb = (scale ?? Number(process.env.BENCH_SCALE ?? "1")) > 3 ? 12288 : 4096;
	const args = [`--max-old-space-size=${heapMb}`, "--expose-gc", ...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-interval=100", "--cpu-prof-dir=" + process.env.BENCH_PROF] : []), outfile];
	const env = {
		...process.env,
		TZ: "UTC",
		NODE_PATH: nodePath,
		BENCH_CLI: join(out, "cli", "cli.cjs"),
		BENCH_DEMO_VAULT: resolve("demo-vault"),
		...(scale === undefined ? {} : { BENCH_SCALE: String(scale) }),
	};
	if (scale === undefined) return { status: spawnSync(process.execPath, args, { stdio: "inherit", env }).status, text: "" };
	const r = spawnSync(process.execPath, args, { stdio: ["inherit", "pipe", "inherit"], env, encoding: "utf8", maxBuffer: 1 << 26 });
	process.stdout.write(r.stdout ?? "");
	return { status: r.status, text: r.stdout ?? "" };
}

/** Every `name: number` line of one run. */
function figures(text) {
	const out = new Map();
	for (const l of text.split("\n")) {
		const m = /^([a-z0-9_]+): (-?[0-9.]+)$/.exec(l);
		if (m) out.set(m[1], Number(m[2]));
	}
	return out;
}

let status = 0;
const scales = (process.env.BENCH_SCALES ?? "").split(",").filter((x) => x.trim() !== "").map(Number);
if (scales.length === 0) {
	status = runAt(undefined).status ?? 1;
} else {
	const runs = [];
	for (const scale of scales) {
		console.log(`\n== BENCH_SCALE ${scale} ==`);
		const r = runAt(scale);
		if (r.status !== 0) {
			console.log(`scale ${scale} did not complete (exit ${r.status})`);
			status = r.status ?? 1;
			break;
		}
		runs.push({ scale, figs: figures(r.text) });
	}
	if (runs.length > 0) {
		console.log(`\n== curve: each figure at scale ${runs.map((r) => r.scale).join(", ")}; ^k is the growth exponent to the next scale ==`);
		for (const name of runs[0].figs.keys()) {
			const parts = [];
			runs.forEach((r, i) => {
				const v = r.figs.get(name);
				parts.push(v === undefined ? "—" : String(v));
				const next = runs[i + 1]?.figs.get(name);
				if (next !== undefined && v !== undefined && v > 0 && next > 0) parts.push(`^${(Math.log(next / v) / Math.log(runs[i + 1].scale / r.scale)).toFixed(2)}`);
			});
			console.log(`${name}: ${parts.join("  ")}`);
		}
		// The scope of one size (test/bench/bench.ts, (p)): its figures should not move with the vault.
		const fixed = [...runs[0].figs.keys()].filter((n) => n.startsWith("p_scope_") || /^cli(_cpu)?_resume_fixed_excess_ms$/.test(n));
		console.log(`\n== the scope of fixed size: largest over smallest across scales (target ≤ 1.20) ==`);
		for (const name of fixed) {
			const vs = runs.map((r) => r.figs.get(name)).filter((v) => v !== undefined && v > 0);
			if (vs.length > 1) console.log(`${name}: ${(Math.max(...vs) / Math.min(...vs)).toFixed(2)} (${vs.join(" ")})`);
		}
	}
}
rmSync(out, { recursive: true, force: true });
process.exit(status);
