// `npm run bench:pane`: the resume pane's render time for a 2,000-checkpoint scope, measured where
// it runs — the built main.js in the browser host, in Chromium — from a warm index. Prints
// `name: value` lines; a script that prints, not a timed test.
//
//   node scripts/bench-pane.mjs [--checkpoints N] [--runs N] [--screenshot FILE]
//
// Generates the bench's vault (test/bench/generate.ts, same seed) into a temp folder with one
// scope of N checkpoints (2,000 by default) and four small ones, serves it, waits until the
// index has read it, opens the pane on the big scope and times the view's render (performance.now
// around ResumeView.render, the model already built) over several runs. Build first: main.js is
// served as it is (`npm run bench:pane` builds it).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startHost } from '../test/e2e/host/server.mjs';
import { fmt, line, loadGenerator, median, parseArgs, ROOT } from './bench-host.mjs';

/** Runs in the page: times the pane's render `runs` times, and a refresh after a change. */
async function measure(runs) {
	const app = window.host.app;
	const plugin = window.host.plugins[0];
	const view = app.workspace.getLeavesOfType('logos-resume')[0].view;
	const settle = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
	const render = view.render;
	let js = 0;
	let laidOut = 0;
	// ResumeView.render(over, loaded): builds the DOM from a model already in hand; layout is forced after.
	view.render = function (over, loaded) {
		const t0 = performance.now();
		render.call(this, over, loaded);
		js = performance.now() - t0;
		void this.contentEl.offsetHeight;
		laidOut = performance.now() - t0;
	};
	const out = { render: [], layout: [], refresh: [], elements: 0 };
	try {
		for (let i = 0; i < 3 + runs; i++) {
			await view.refresh(true);
			await settle();
			if (i >= 3) {
				out.render.push(js);
				out.layout.push(laidOut);
			}
		}
		// A file changed: the model is taken again from the (warm) index, then rendered.
		for (let i = 0; i < runs; i++) {
			plugin.source.bump();
			const t0 = performance.now();
			await view.refresh(true);
			out.refresh.push(performance.now() - t0);
			await settle();
		}
	} finally {
		view.render = render;
	}
	out.elements = view.contentEl.querySelectorAll('*').length;
	return out;
}

const opts = parseArgs(process.argv.slice(2), 'bench-pane.mjs', 15);
const cfg = JSON.parse(readFileSync(join(ROOT, 'test/e2e/chromium.json'), 'utf8'));
if (!existsSync(join(ROOT, 'main.js'))) {
	console.error('bench-pane: main.js is missing: run npm run build first');
	process.exit(2);
}
if (!existsSync(cfg.executablePath)) {
	console.error(`bench-pane: ${cfg.missing}`);
	process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'logos-bench-pane-'));
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
	line('index warm after page load (ms)', Date.now() - t0);

	await page.evaluate(() => window.host.runCommand('logos-continuity:open-resume-pane'));
	await page.selectOption('[data-type="logos-resume"] select.logos-scope-select', gen.bigScope);
	await page.waitForFunction(
		(scope) => {
			const pane = document.querySelector('[data-type="logos-resume"]');
			return pane?.querySelector('select.logos-scope-select')?.value === scope && pane.querySelector('.logos-who') !== null;
		},
		gen.bigScope,
		{ timeout: 120_000 },
	);
	const r = await page.evaluate(measure, opts.runs);
	line('pane elements', r.elements);
	line(`pane render, median of ${opts.runs} (ms)`, fmt(median(r.render)));
	line('pane render, min / max (ms)', `${fmt(Math.min(...r.render))} / ${fmt(Math.max(...r.render))}`);
	line('pane render + layout, median (ms)', fmt(median(r.layout)));
	line('pane refresh after a change, model from the warm index + render, median (ms)', fmt(median(r.refresh)));
	if (opts.screenshot) {
		mkdirSync(dirname(opts.screenshot), { recursive: true });
		await page.screenshot({ path: opts.screenshot });
		line('screenshot', opts.screenshot);
	}
	line('page errors', errors.length);
	for (const e of errors) console.error(`page error: ${e}`);
} catch (e) {
	console.error(`bench-pane: ${e instanceof Error ? e.message : String(e)}`);
	process.exitCode = 1;
} finally {
	await browser?.close();
	await host?.close();
	rmSync(tmp, { recursive: true, force: true });
}
