// What the browser-host benches (bench-pane.mjs, bench-timeline.mjs) share: their arguments, the
// bench's vault generator bundled for Node, and how figures are printed.
import { build } from 'esbuild';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `--checkpoints N --runs N --screenshot FILE`; anything else prints the usage and exits 2. */
export function parseArgs(argv, script, runs) {
	const opts = { checkpoints: 2000, runs, screenshot: null };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const v = argv[++i];
		const n = Number(v);
		if (a === '--checkpoints' && Number.isInteger(n) && n >= 10) opts.checkpoints = n;
		else if (a === '--runs' && Number.isInteger(n) && n >= 1) opts.runs = n;
		else if (a === '--screenshot' && v) opts.screenshot = resolve(v);
		else {
			console.error(`usage: node scripts/${script} [--checkpoints N] [--runs N] [--screenshot FILE]`);
			process.exit(2);
		}
	}
	return opts;
}

/** The bench's generator, bundled for Node: the same vault `npm run bench` reads. */
export async function loadGenerator(dir) {
	const outfile = join(dir, 'generate.cjs');
	await build({
		entryPoints: [join(ROOT, 'test/bench/generate.ts')],
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
		outfile,
		logLevel: 'warning',
	});
	return createRequire(import.meta.url)(outfile);
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const fmt = (ms) => ms.toFixed(ms < 10 ? 2 : 1);
export const line = (name, value) => console.log(`${name}: ${value}`);
