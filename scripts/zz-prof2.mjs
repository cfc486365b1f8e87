// scratch: CPU profile of a warm start in the browser host (not committed)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { startHost } from '../test/e2e/host/server.mjs';
import { chromiumConfig, loadGenerator } from './bench-host.mjs';
const N = Number(process.env.N ?? 10000);
const OUT = process.env.OUT ?? '/work/notes/warm.cpuprofile';
// no rebuild
await build({ entryPoints: ['src/main.ts'], bundle: true, external: ['obsidian', 'electron', '@codemirror/*', '@lezer/*'], format: 'cjs', target: 'es2021', platform: 'browser', loader: { '.wasm': 'binary' }, minify: false, keepNames: true, outfile: 'main.js', logLevel: 'warning' });
const cfg = chromiumConfig('prof');
const tmp = mkdtempSync(join(tmpdir(), 'prof-'));
const { generateVault } = await loadGenerator(tmp);
const vault = join(tmp, 'vault');
generateVault(vault, { checkpoints: N, scopes: 50, notes: 2 * N, bigScope: Math.round(N / 5) });
const host = await startHost({ vault });
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args, headless: true });
const PLUGIN_DIR = join('.obsidian', 'plugins', 'logos-continuity');
function instrument() {
	const b = { longtasks: [], layoutReady: null, pane: null };
	window.__bench = b;
	new PerformanceObserver((l) => { for (const e of l.getEntries()) b.longtasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
	let host;
	Object.defineProperty(window, 'host', { configurable: true, get: () => host, set: (v) => { host = v; v.app.workspace.onLayoutReady(() => { b.layoutReady = performance.now(); }); } });
	new MutationObserver(() => { if (b.pane === null && document.querySelector('[data-type="logos-resume"] .logos-who')) { b.pane = -1; requestAnimationFrame(() => { b.pane = performance.now(); }); } }).observe(document, { subtree: true, childList: true, characterData: true });
}
async function open(profile, storageState) {
	const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'UTC', storageState });
	await context.addInitScript(instrument);
	const page = await context.newPage();
	page.on('pageerror', (e) => console.error(String(e)));
	let cdp = null;
	if (profile) { cdp = await context.newCDPSession(page); await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.IV ?? 1000) }); await cdp.send('Profiler.start'); }
	await page.goto(host.url);
	await page.waitForSelector('body[data-host="ready"]', { timeout: 300000 });
	await page.waitForFunction(() => window.host?.plugins[0]?.index?.service?.store != null, undefined, { timeout: 300000, polling: 50 });
	await page.evaluate(() => window.host.plugins[0].index.service.run(() => null));
	await page.waitForFunction(() => window.__bench.pane > 0, undefined, { timeout: 60000 });
	await page.waitForTimeout(1500);
	return { context, page, cdp };
}
let { context, page } = await open(false);
const files = await page.evaluate(async () => {
	const plugin = window.host.plugins[0];
	await plugin.index.service.saver?.flush();
	const a = window.host.app.vault.adapter; const dir = `${window.host.app.vault.configDir}/plugins/${plugin.manifest.id}`;
	const out = [];
	for (const name of (await a.list(dir)).files.map((p) => p.slice(dir.length + 1))) {
		if (name === 'data.json') continue;
		const bytes = new Uint8Array(await a.readBinary(`${dir}/${name}`)); let bin = '';
		for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
		out.push({ name, base64: btoa(bin) });
	}
	return out;
});
await page.evaluate(() => window.host.app.workspace.requestSaveLayout.run());
const kept = await context.storageState();
await context.close();
mkdirSync(join(vault, PLUGIN_DIR), { recursive: true });
for (const f of files) writeFileSync(join(vault, PLUGIN_DIR, f.name), Buffer.from(f.base64, 'base64'));
({ context, page, cdp } = await open(true, kept).then((x) => x));
var cdp;
const { profile } = await cdp.send('Profiler.stop');
writeFileSync(OUT, JSON.stringify(profile));
const b = await page.evaluate(() => window.__bench);
console.log('layoutReady', b.layoutReady.toFixed(0), 'pane', (b.pane - b.layoutReady).toFixed(0));
for (const t of b.longtasks) console.log('longtask at', (t.start - b.layoutReady).toFixed(0), 'dur', t.duration.toFixed(0));
await browser.close(); await host.close(); rmSync(tmp, { recursive: true, force: true });
