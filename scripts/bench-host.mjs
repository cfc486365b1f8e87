// What the browser-host benches (bench-pane.mjs, bench-timeline.mjs, bench-frames.mjs) share: their
// arguments, the bench's vault generator bundled for Node, the Chromium they drive, the warm host
// the pane and timeline benches measure in, and how figures are printed.
import { build } from 'esbuild';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../test/e2e/host/server.mjs';

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

/** The e2e suite's Chromium (test/e2e/chromium.json); exits 2 when it or the built main.js is missing. */
export function chromiumConfig(script) {
	const cfg = JSON.parse(readFileSync(join(ROOT, 'test/e2e/chromium.json'), 'utf8'));
	if (!existsSync(join(ROOT, 'main.js'))) {
		console.error(`${script}: main.js is missing: run npm run build first`);
		process.exit(2);
	}
	if (!existsSync(cfg.executablePath)) {
		console.error(`${script}: ${cfg.missing}`);
		process.exit(2);
	}
	return cfg;
}

/**
 * Generates the bench's vault with one scope of `opts.checkpoints` checkpoints (and four small
 * ones), serves it in the browser host, opens it in Chromium and waits until the index has read
 * it all; then `measure({ page, gen, warmMs })` prints its figures. The screenshot, the page's
 * errors, a failure (`script: message`, exit code 1) and the cleanup are this function's.
 */
export async function inWarmHost(script, opts, measure) {
	const cfg = chromiumConfig(script);
	const tmp = mkdtempSync(join(tmpdir(), `logos-${script.replace(/\.mjs$/, '')}-`));
	let host = null;
	let browser = null;
	try {
		const { generateVault } = await loadGenerator(tmp);
		const vault = join(tmp, 'vault');
		const size = { checkpoints: opts.checkpoints + 200, scopes: 5, notes: 500, bigScope: opts.checkpoints };
		const gen = generateVault(vault, size);
		line('vault', `${size.checkpoints} checkpoints in ${size.scopes} scopes, ${size.notes} notes, ${gen.files} files`);
		line('scope', `${gen.bigScope}: ${opts.checkpoints} checkpoints`);

		host = await startHost({ vault });
		const { chromium } = await import('playwright-core');
		browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args, headless: true });
		line('browser', `Chromium ${browser.version()}`);
		const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, timezoneId: 'UTC' });
		const errors = [];
		page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
		page.on('pageerror', (e) => errors.push(String(e)));
		const t0 = Date.now();
		await page.goto(host.url);
		await page.waitForSelector('body[data-host="ready"], body[data-host="failed"]', { timeout: 120_000 });
		if ((await page.getAttribute('body', 'data-host')) !== 'ready') throw new Error(`the host failed: ${errors.join('\n')}`);
		// Warm: the index is open and has read the whole vault (its queue is empty).
		await page.waitForFunction(() => window.host.plugins[0].index.service.store !== null, undefined, { timeout: 300_000, polling: 100 });
		await page.evaluate(() => window.host.plugins[0].index.service.run(() => null));
		await measure({ page, gen, warmMs: Date.now() - t0 });
		if (opts.screenshot) {
			mkdirSync(dirname(opts.screenshot), { recursive: true });
			await page.screenshot({ path: opts.screenshot });
			line('screenshot', opts.screenshot);
		}
		line('page errors', errors.length);
		for (const e of errors) console.error(`page error: ${e}`);
	} catch (e) {
		console.error(`${script.replace(/\.mjs$/, '')}: ${e instanceof Error ? e.message : String(e)}`);
		process.exitCode = 1;
	} finally {
		await browser?.close();
		await host?.close();
		rmSync(tmp, { recursive: true, force: true });
	}
}
