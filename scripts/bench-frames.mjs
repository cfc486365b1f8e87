// `npm run bench:host`: the plugin's main thread at 10,000 checkpoints, measured where it runs —
// the built main.js in the browser host, in Chromium — with a PerformanceObserver for 'longtask'
// entries (every task over 50 ms). Prints `name: value` lines (medians of the runs, and the worst
// run's longest task); a script that prints, not a timed test. Others share this machine's CPU:
// read medians, not single runs.
//
//   node scripts/bench-frames.mjs [--checkpoints N] [--runs N] [--part frames|scopes]
//
// The bench's vault (test/bench/generate.ts: N checkpoints in 50 scopes, 2N notes, a scope of N/5)
// is served and, each run:
//   cold index   a page with no saved index: from layout-ready until the index holds the vault
//                and the views have caught up, with the time to the status bar's first count;
//   rebuild      "Rebuild index" from the palette, until done and the views have caught up
//                (right after the cold index, and again on a later start from the saved index);
//   warm start   a new page with the index saved by the cold run and the cold page's localStorage
//                (what Obsidian keeps on a device between starts: the layout with the pane and its
//                scope, the handoff the pane kept): from layout-ready until settled, with the time
//                from layout-ready to the first resume pane on screen (the kept handoff), to the
//                pane drawn from the index, and to the status bar's first count;
//   100 events   100 checkpoint files changed at once (Vault.modify), until settled, and
//                until the save 2 s later is over; then that save's steps timed alone.
// Then, for the pane at the speed of the scope: a warm start with a note of a 20-checkpoint scope
// open (its uncommitted.md, open as the workspace is laid out, so the pane follows it; no storage carried
// over, so nothing kept: the pane opens on a first run), from layout-ready to
// that scope's pane on screen, in a vault of N checkpoints and in one of 100 checkpoints; and the
// same scope chosen in the pane later (scope chosen → pane on screen); and the next start with that
// page's localStorage, the pane restored on the scope (its kept handoff on screen). Build first
// (`npm run bench:host` builds main.js).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost } from '../test/e2e/host/server.mjs';
import { chromiumConfig, fmt, line, loadGenerator, median } from './bench-host.mjs';

const opts = { checkpoints: 10_000, runs: 3, part: 'all' };
{
	const argv = process.argv.slice(2);
	for (let i = 0; i < argv.length; i++) {
		const n = Number(argv[i + 1]);
		if (argv[i] === '--checkpoints' && Number.isInteger(n) && n >= 100) opts.checkpoints = n;
		else if (argv[i] === '--runs' && Number.isInteger(n) && n >= 1) opts.runs = n;
		else if (argv[i] === '--part' && ['frames', 'scopes'].includes(argv[i + 1])) opts.part = argv[i + 1];
		else {
			console.error('usage: node scripts/bench-frames.mjs [--checkpoints N] [--runs N] [--part frames|scopes]');
			process.exit(2);
		}
		i++;
	}
}

const PLUGIN_DIR = join('.obsidian', 'plugins', 'logos-continuity');
const PANE = '[data-type="logos-resume"]';

/**
 * Runs in the page before anything else: every long task, the moment the workspace's layout is
 * ready (the host's own onLayoutReady, registered before the plugin's), and the first moment the
 * pane shows a resume and the status bar a count, each taken at the frame after the DOM change.
 */
function instrument(open) {
	const b = { longtasks: [], layoutReady: null, pane: null, live: null, status: null };
	window.__bench = b;
	new PerformanceObserver((list) => {
		for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, duration: e.duration });
	}).observe({ type: 'longtask', buffered: true });
	let host;
	Object.defineProperty(window, 'host', {
		configurable: true,
		get: () => host,
		set: (v) => {
			host = v;
			// The note open as the workspace is laid out, before layout-ready, as Obsidian restores
			// the one open when it last closed.
			const file = open ? v.app.vault.getAbstractFileByPath(open) : null;
			if (file) void v.app.workspace.getLeaf(false).openFile(file);
			v.app.workspace.onLayoutReady(() => {
				b.layoutReady = performance.now();
			});
		},
	});
	const seen = (key, test) => {
		if (b[key] !== null || !test()) return;
		b[key] = -1;
		requestAnimationFrame(() => {
			b[key] = performance.now();
		});
	};
	new MutationObserver(() => {
		seen('pane', () => document.querySelector('[data-type="logos-resume"] .logos-who') !== null);
		// The pane drawn from the index, not the handoff kept from the last start.
		seen('live', () => document.querySelector('[data-type="logos-resume"] .logos-body:not([data-kept]) .logos-who') !== null);
		seen('status', () => /\d/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
	}).observe(document, { subtree: true, childList: true, characterData: true });
}

/** In the page: waits until the index's queue is empty and the views have caught up. */
async function settle() {
	const plugin = window.host.plugins[0];
	const service = plugin.index.service;
	const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
	for (;;) {
		while (service.store === null && service.state !== 'failed') await sleep(20);
		await service.run(() => null);
		// The views catch up 300 ms after the last event (main.ts).
		await sleep(450);
		await plugin.source.load();
		for (const leaf of window.host.app.workspace.getLeavesOfType('logos-resume')) await leaf.view.refresh();
		const before = plugin.source.revision;
		await service.run(() => null);
		await sleep(100);
		if (plugin.source.revision === before) return performance.now();
	}
}

/** In the page: the long tasks between two moments. */
function tasksBetween([from, to]) {
	const ts = window.__bench.longtasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration);
	return { count: ts.length, longest: ts.reduce((a, b) => Math.max(a, b), 0), total: ts.reduce((a, b) => a + b, 0) };
}

/** `storageState`: the localStorage of an earlier page, as Obsidian keeps it between starts (the layout, the kept handoff). */
async function newPage(browser, host, open = null, storageState = undefined) {
	const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'UTC', storageState });
	await context.addInitScript(instrument, open);
	const page = await context.newPage();
	const errors = [];
	page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
	page.on('pageerror', (e) => errors.push(String(e)));
	await page.goto(host.url);
	await page.waitForSelector('body[data-host="ready"], body[data-host="failed"]', { timeout: 300_000 });
	if ((await page.getAttribute('body', 'data-host')) !== 'ready') throw new Error(`the host failed: ${errors.join('\n')}`);
	await page.waitForFunction(() => window.__bench.layoutReady !== null, undefined, { timeout: 60_000 });
	return { context, page, errors };
}

/** The plugin's folder as the page's adapter holds it (the saved index), written into the served vault. */
async function keepPluginFolder(page, vault) {
	const files = await page.evaluate(async () => {
		const plugin = window.host.plugins[0];
		await plugin.index.service.saver?.flush();
		const adapter = window.host.app.vault.adapter;
		const dir = `${window.host.app.vault.configDir}/plugins/${plugin.manifest.id}`;
		const names = typeof adapter.list === 'function' ? (await adapter.list(dir)).files.map((p) => p.slice(dir.length + 1)) : ['index.db'];
		const out = [];
		for (const name of names) {
			if (name === 'data.json' || !(await adapter.exists(`${dir}/${name}`))) continue;
			const bytes = new Uint8Array(await adapter.readBinary(`${dir}/${name}`));
			let bin = '';
			for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
			out.push({ name, base64: btoa(bin) });
		}
		return out;
	});
	const dir = join(vault, PLUGIN_DIR);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	let bytes = 0;
	for (const f of files) {
		const buf = Buffer.from(f.base64, 'base64');
		bytes += buf.length;
		writeFileSync(join(dir, f.name), buf);
	}
	return bytes;
}

/** "Rebuild index" from the palette's command, until done and the views have caught up. */
async function rebuildFigure(page) {
	const from = await page.evaluate(() => {
		const t = performance.now();
		window.host.runCommand('logos-continuity:rebuild-index');
		return t;
	});
	const to = await page.evaluate(settle);
	return { ...(await page.evaluate(tasksBetween, [from, to])), ms: to - from };
}

async function oneRun(browser, host, vault) {
	const out = {};
	rmSync(join(vault, PLUGIN_DIR), { recursive: true, force: true });
	// Cold index.
	let { context, page, errors } = await newPage(browser, host);
	let from = await page.evaluate(() => window.__bench.layoutReady);
	let to = await page.evaluate(settle);
	// A new device: no index file, nothing kept; the status bar's first count comes from the files.
	out.cold = { ...(await page.evaluate(tasksBetween, [from, to])), ms: to - from, status: (await page.evaluate(() => window.__bench.status)) - from };
	out.indexBytes = await keepPluginFolder(page, vault);
	// Rebuild index, from the palette's command.
	out.rebuild = await rebuildFigure(page);
	out.errors = [...errors];
	// What this device keeps between starts: the saved layout (the pane and its scope), the kept handoff.
	const kept = await context.storageState();
	await context.close();
	// Warm start, as the next start of Obsidian on this device.
	({ context, page, errors } = await newPage(browser, host, null, kept));
	from = await page.evaluate(() => window.__bench.layoutReady);
	to = await page.evaluate(settle);
	await page.waitForFunction(() => window.__bench.pane > 0 && window.__bench.live > 0 && window.__bench.status > 0, undefined, { timeout: 60_000 });
	const b = await page.evaluate(() => ({ pane: window.__bench.pane, live: window.__bench.live, status: window.__bench.status }));
	out.warm = { ...(await page.evaluate(tasksBetween, [from, to])), ms: to - from, pane: b.pane - from, live: b.live - from, status: b.status - from };
	// 100 file events at once: checkpoints across every scope, each given one more line at its end.
	from = await page.evaluate(async () => {
		const { app } = window.host;
		const root = window.host.plugins[0].settings.sessionsFolder.replace(/^\/+|\/+$/g, '');
		const files = app.vault.getMarkdownFiles().filter((f) => f.path.startsWith(`${root}/`) && /\/\d{8}-\d{6}-[^/]*\.md$/.test(f.path));
		files.sort((a, b) => (a.path < b.path ? -1 : 1));
		const step = Math.max(1, Math.floor(files.length / 100));
		const chosen = files.filter((_, i) => i % step === 0).slice(0, 100);
		const texts = await Promise.all(chosen.map((f) => app.vault.read(f)));
		const t = performance.now();
		chosen.forEach((f, i) => void app.vault.modify(f, `${texts[i]}\n`));
		return t;
	});
	to = await page.evaluate(settle);
	out.events = { ...(await page.evaluate(tasksBetween, [from, to])), ms: to - from };
	// The index is saved 2 s after the last change: the same burst until that save is over.
	to = await page.evaluate(async () => {
		const saver = window.host.plugins[0].index.service.saver;
		while (saver?.pending) await new Promise((ok) => setTimeout(ok, 50));
		return performance.now();
	});
	out.eventsSaved = { ...(await page.evaluate(tasksBetween, [from, to])), ms: to - from };
	// Its single steps: the database's bytes (db.export), and the whole save (export, checksum, write),
	// from start to end: the plugin's save gives the main thread back between its steps, so this is not one task.
	out.save = await page.evaluate(async () => {
		const service = window.host.plugins[0].index.service;
		const t0 = performance.now();
		service.store.export();
		const exported = performance.now() - t0;
		service.saver.scheduleSave();
		const t1 = performance.now();
		await service.saver.flush();
		return { exported, saved: performance.now() - t1 };
	});
	out.errors.push(...errors);
	await context.close();
	// "Rebuild index" on an app started from its saved index, as a person runs it some day after:
	// the index's pages are still in its file, not yet in SQLite's cache.
	({ context, page, errors } = await newPage(browser, host, null, kept));
	await page.evaluate(settle);
	out.rebuildWarm = await rebuildFigure(page);
	out.errors.push(...errors);
	await context.close();
	return out;
}

/**
 * A warm start with `scope`'s uncommitted.md open: layout-ready → that scope's pane on screen;
 * then, once settled, the scope chosen again in the pane after another one: choice → on screen;
 * then the next start with this page's localStorage (the pane restored on the scope, its handoff
 * kept): layout-ready → on screen.
 */
async function scopeFigures(browser, host, vault, scope, other) {
	rmSync(join(vault, PLUGIN_DIR), { recursive: true, force: true });
	let { context, page } = await newPage(browser, host);
	await page.evaluate(settle);
	await keepPluginFolder(page, vault);
	await context.close();
	({ context, page } = await newPage(browser, host, `sessions/${scope}/uncommitted.md`));
	await page.evaluate(settle);
	const first = await page.evaluate((wanted) => {
		const shown = document.querySelector('[data-type="logos-resume"] select.logos-scope-select')?.value;
		if (shown !== wanted) throw new Error(`the pane shows ${shown}, not ${wanted}`);
		return window.__bench.pane - window.__bench.layoutReady;
	}, scope);
	const choose = (wanted) =>
		page.evaluate(async (w) => {
			const view = window.host.app.workspace.getLeavesOfType('logos-resume')[0].view;
			const select = document.querySelector('[data-type="logos-resume"] select.logos-scope-select');
			const t0 = performance.now();
			select.value = w;
			select.dispatchEvent(new Event('change'));
			await view.refresh();
			await new Promise((ok) => requestAnimationFrame(() => ok()));
			if (document.querySelector('[data-type="logos-resume"] select.logos-scope-select').value !== w) throw new Error(`the pane did not show ${w}`);
			return performance.now() - t0;
		}, wanted);
	await choose(other);
	const again = await choose(scope);
	// The next start on this device: the pane restored on the scope chosen last, its handoff kept.
	await page.evaluate(() => window.host.app.workspace.requestSaveLayout.run());
	const kept = await context.storageState();
	await context.close();
	({ context, page } = await newPage(browser, host, null, kept));
	await page.evaluate(settle);
	const restart = await page.evaluate((wanted) => {
		const shown = document.querySelector('[data-type="logos-resume"] select.logos-scope-select')?.value;
		if (shown !== wanted) throw new Error(`the restored pane shows ${shown}, not ${wanted}`);
		return window.__bench.pane - window.__bench.layoutReady;
	}, scope);
	await context.close();
	return { first, again, restart };
}

const cfg = chromiumConfig('bench-frames');

const tmp = mkdtempSync(join(tmpdir(), 'logos-bench-frames-'));
const hosts = [];
let browser = null;
/** test/bench/generate.ts's generateVault, bundled for Node. */
let generateVault;
const tasks = (name, runs, key) => {
	const xs = runs.map((r) => r[key]);
	line(`${name}: long tasks, count`, median(xs.map((x) => x.count)));
	line(`${name}: longest task (ms)`, fmt(median(xs.map((x) => x.longest))));
	// The median hides a task that comes in one run of several: the worst run's, and in how many runs any came.
	line(`${name}: longest task in any run (ms)`, fmt(Math.max(...xs.map((x) => x.longest))));
	line(`${name}: runs with a long task`, `${xs.filter((x) => x.count > 0).length} of ${xs.length}`);
	line(`${name}: long tasks, total (ms)`, fmt(median(xs.map((x) => x.total))));
	line(`${name}: until settled (ms)`, fmt(median(xs.map((x) => x.ms))));
};
try {
	({ generateVault } = await loadGenerator(tmp));
	const N = opts.checkpoints;
	const { chromium } = await import('playwright-core');
	browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args, headless: true });
	line('browser', `Chromium ${browser.version()}`);
	if (opts.part !== 'scopes') await frames(N);
	if (opts.part !== 'frames') await scopes(N);
} catch (e) {
	console.error(`bench-frames: ${e instanceof Error ? e.stack : String(e)}`);
	process.exitCode = 1;
} finally {
	await browser?.close();
	for (const h of hosts) await h.close();
	rmSync(tmp, { recursive: true, force: true });
}

async function frames(N) {
	const vault = join(tmp, 'vault');
	const size = { checkpoints: N, scopes: 50, notes: 2 * N, bigScope: Math.round(N / 5) };
	const gen = generateVault(vault, size);
	line('vault', `${size.checkpoints} checkpoints in ${size.scopes} scopes, ${size.notes} notes, ${gen.files} files`);
	const host = await startHost({ vault });
	hosts.push(host);
	const runs = [];
	for (let i = 0; i < opts.runs; i++) runs.push(await oneRun(browser, host, vault));
	line('runs', opts.runs);
	line('index files (bytes)', runs[0].indexBytes);
	tasks('cold index', runs, 'cold');
	line('cold index: layout-ready to status bar count (ms)', fmt(median(runs.map((r) => r.cold.status))));
	tasks('rebuild index', runs, 'rebuild');
	tasks('rebuild index after a warm start', runs, 'rebuildWarm');
	tasks('warm start', runs, 'warm');
	line('warm start: layout-ready to first pane on screen (ms)', fmt(median(runs.map((r) => r.warm.pane))));
	line('warm start: layout-ready to the pane drawn from the index (ms)', fmt(median(runs.map((r) => r.warm.live))));
	line('warm start: layout-ready to status bar count (ms)', fmt(median(runs.map((r) => r.warm.status))));
	tasks('100 file events', runs, 'events');
	tasks('100 file events and the save 2 s later', runs, 'eventsSaved');
	line('save: db.export() of the index (ms)', fmt(median(runs.map((r) => r.save.exported))));
	line('save: export, checksum and write (ms)', fmt(median(runs.map((r) => r.save.saved))));
	const errors = runs.flatMap((r) => r.errors);
	line('page errors', errors.length);
	for (const e of errors.slice(0, 5)) console.error(`page error: ${e}`);
}

async function scopes(N) {
	// The same 20-checkpoint scope (the generator's first) in a vault of N and in one of 100.
	const pair = [
		['small scope in a vault of N', { checkpoints: N, scopes: 50, notes: 2 * N, bigScope: 20 }],
		['small scope in a vault of 100', { checkpoints: 100, scopes: 5, notes: 200, bigScope: 20 }],
	];
	for (const [name, s] of pair) {
		const dir = join(tmp, `vault-${s.checkpoints}`);
		const g = generateVault(dir, s);
		const h = await startHost({ vault: dir });
		hosts.push(h);
		const xs = [];
		for (let i = 0; i < opts.runs; i++) xs.push(await scopeFigures(browser, h, dir, g.bigScope, 'proj-01'));
		const label = name.replace('N', String(N));
		line(`${label}: warm start with a note of the scope open, layout-ready → its pane on screen (ms)`, fmt(median(xs.map((x) => x.first))));
		line(`${label}: the scope chosen in the pane after another → on screen (ms)`, fmt(median(xs.map((x) => x.again))));
		line(`${label}: the next start, the pane restored on the scope, layout-ready → its kept handoff on screen (ms)`, fmt(median(xs.map((x) => x.restart))));
	}
}
