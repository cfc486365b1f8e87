// `npm run demo`: the built plugin (main.js) running in the browser host over a vault folder.
//
//   node scripts/demo-host.mjs [--vault DIR] [--port N] [--write] [--screenshot FILE]
//
// Serves http://127.0.0.1:<port>/ (printed; port 0, the default, picks a free one) over
// demo-vault/ or DIR until stopped. Writes the plugin makes go to memory, or to the folder with
// --write. --screenshot renders the resume pane once in headless Chromium, writes the PNG and
// exits. Build first (`npm run build`): the host serves the repository's main.js as it is.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../test/e2e/host/server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node scripts/demo-host.mjs [--vault DIR] [--port N] [--write] [--screenshot FILE]';

function parseArgs(argv) {
	const opts = { vault: resolve(ROOT, 'demo-vault'), port: 0, write: false, screenshot: null };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const value = () => {
			const v = argv[++i];
			if (v === undefined) fail(`${a} needs a value`);
			return v;
		};
		if (a === '--vault') opts.vault = resolve(value());
		else if (a === '--port') {
			opts.port = Number(value());
			if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) fail('--port takes 0..65535');
		} else if (a === '--write') opts.write = true;
		else if (a === '--screenshot') opts.screenshot = resolve(value());
		else if (a === '--help' || a === '-h') {
			console.log(USAGE);
			process.exit(0);
		} else fail(`unknown argument ${a}`);
	}
	return opts;
}

function fail(message) {
	console.error(`demo-host: ${message}\n${USAGE}`);
	process.exit(2);
}

/** Opens the host page, runs "Open resume pane" from the command palette, and saves a PNG. */
async function screenshot(url, file) {
	const cfg = JSON.parse(readFileSync(resolve(ROOT, 'test/e2e/chromium.json'), 'utf8'));
	if (!existsSync(cfg.executablePath)) fail(cfg.missing);
	const { chromium } = await import('playwright-core');
	// Playwright gives each launch a fresh, temporary user-data dir and removes it on close.
	const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args, headless: true });
	try {
		const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, timezoneId: 'America/Los_Angeles' });
		const errors = [];
		page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
		page.on('pageerror', (e) => errors.push(String(e)));
		await page.goto(url);
		await page.waitForSelector('body[data-host="ready"], body[data-host="failed"]', { timeout: 30_000 });
		if ((await page.getAttribute('body', 'data-host')) === 'failed') throw new Error(`the host failed: ${errors.join('\n')}`);
		await page.keyboard.press('Control+P');
		await page.keyboard.type('Open resume pane');
		await page.keyboard.press('Enter');
		await page.waitForFunction(
			() => {
				const body = document.querySelector('[data-type="logos-resume"] .logos-body');
				return body !== null && body.childElementCount > 0 && !(body.textContent ?? '').startsWith('Reading the sessions folder');
			},
			undefined,
			{ timeout: 30_000 },
		);
		mkdirSync(dirname(file), { recursive: true });
		await page.screenshot({ path: file });
		for (const e of errors) console.error(`page error: ${e}`);
		console.log(`Wrote ${file}`);
	} finally {
		await browser.close();
	}
}

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(resolve(ROOT, 'main.js'))) fail('main.js is missing: run npm run build first');
const host = await startHost({ vault: opts.vault, port: opts.port, write: opts.write });
console.log(`Logos Continuity browser host: ${host.url}`);
console.log(`  vault ${host.vaultDir} — ${opts.write ? 'writes go to that folder' : 'writes go to memory (--write to save them)'}`);

if (opts.screenshot) {
	try {
		await screenshot(host.url, opts.screenshot);
	} catch (e) {
		console.error(`demo-host: ${e instanceof Error ? e.message : String(e)}`);
		process.exitCode = 1;
	} finally {
		await host.close();
	}
} else {
	console.log('  Ctrl/Cmd-P opens the command palette. Ctrl-C stops the host.');
	const stop = () => void host.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	// Started by the e2e tests: stop when they go away, even if they could not say so.
	if (process.env.LOGOS_HOST_LIFELINE === '1') {
		process.stdin.on('end', stop);
		process.stdin.on('error', stop);
		process.stdin.resume();
	}
}
