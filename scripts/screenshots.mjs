// `npm run screenshots`: the README's pictures (docs/images/*.png), taken in the browser host over
// demo-vault — the host and Debian's Chromium of `npm run demo -- --screenshot` and the e2e tests,
// not Obsidian. Each picture is cropped to what it shows: the resume pane, the chain bar over a
// checkpoint note, the review queue, the status bar with its tooltip. Build first (`npm run build`;
// the npm script does). Writes stay in the page's memory.
//
//   node scripts/screenshots.mjs [--out DIR] [--theme light|dark]
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../test/e2e/host/server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PANE = '.workspace-leaf-content[data-type="logos-resume"]';
/** A checkpoint in the middle of a conversation: the chain bar has a step back and one forward. */
const NOTE = 'sessions/kestrel/_convos/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261123-141020-claude.md';

function parseArgs(argv) {
	const opts = { out: join(ROOT, 'docs/images'), theme: 'light' };
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--out') opts.out = resolve(argv[++i] ?? '');
		else if (argv[i] === '--theme' && ['light', 'dark'].includes(argv[i + 1])) opts.theme = argv[++i];
		else {
			console.error('usage: node scripts/screenshots.mjs [--out DIR] [--theme light|dark]');
			process.exit(2);
		}
	}
	return opts;
}

/** Runs a command as a person does: Ctrl-P, its name, Enter. */
async function runCommand(page, name) {
	await page.keyboard.press('Control+P');
	await page.waitForSelector('.host-command-palette .prompt-input');
	await page.keyboard.type(name);
	await page.waitForSelector(`.host-command-palette .suggestion-item.is-selected:has-text("${name}")`);
	await page.keyboard.press('Enter');
	await page.waitForSelector('.host-command-palette', { state: 'detached' });
}

async function waitForPane(page, scope) {
	await page.waitForFunction(
		([pane, want]) => {
			const body = document.querySelector(`${pane} .logos-body`);
			if (!body || body.childElementCount === 0 || (body.textContent ?? '').startsWith('Reading the sessions folder')) return false;
			return document.querySelector(`${pane} select.logos-scope-select`)?.value === want;
		},
		[PANE, scope],
		{ timeout: 30_000 },
	);
}

/** A PNG of the page cropped to `box` (window pixels), kept inside the window. */
async function shoot(page, file, box) {
	const view = page.viewportSize();
	const x = Math.max(0, Math.floor(box.x));
	const y = Math.max(0, Math.floor(box.y));
	const clip = { x, y, width: Math.min(view.width - x, Math.ceil(box.width)), height: Math.min(view.height - y, Math.ceil(box.height)) };
	await page.screenshot({ path: file, clip });
	console.log(`Wrote ${relative(ROOT, file)} (${clip.width} × ${clip.height} px, ${Math.round(statSync(file).size / 1024)} KB)`);
}

const around = (r, pad) => ({ x: r.x - pad, y: r.y - pad, width: r.width + 2 * pad, height: r.height + 2 * pad });

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	if (!existsSync(join(ROOT, 'main.js'))) throw new Error('main.js is missing: run npm run build first');
	const cfg = JSON.parse(readFileSync(join(ROOT, 'test/e2e/chromium.json'), 'utf8'));
	if (!existsSync(cfg.executablePath)) throw new Error(cfg.missing);
	mkdirSync(opts.out, { recursive: true });
	const { chromium } = await import('playwright-core');
	const host = await startHost({ vault: join(ROOT, 'demo-vault') });
	// Playwright gives each launch a fresh, temporary user-data dir and removes it on close.
	const browser = await chromium.launch({ executablePath: cfg.executablePath, args: cfg.args, headless: true });
	const errors = [];
	try {
		const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'America/Los_Angeles', locale: 'en-US', colorScheme: opts.theme });
		const page = await context.newPage();
		page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
		page.on('pageerror', (e) => errors.push(String(e)));
		await page.goto(opts.theme === 'dark' ? `${host.url}?theme=dark` : host.url);
		await page.waitForSelector('body[data-host="ready"], body[data-host="failed"]', { timeout: 30_000 });
		if ((await page.getAttribute('body', 'data-host')) !== 'ready') throw new Error(`the host failed: ${errors.join('\n')}`);
		const out = (name) => join(opts.out, opts.theme === 'dark' ? `${name}-dark.png` : `${name}.png`);

		// 1. The resume pane on kestrel: the handoff block and the sections under it.
		await runCommand(page, 'Open resume pane');
		await page.selectOption(`${PANE} select.logos-scope-select`, 'kestrel');
		await waitForPane(page, 'kestrel');
		const pane = await page.locator(PANE).boundingBox();
		await shoot(page, out('resume-pane'), { ...pane, height: Math.min(pane.height, 760) });

		// 2. The chain bar over a checkpoint note, with the note's first lines.
		await page.evaluate(async (file) => {
			await window.host.app.workspace.getLeaf(false).setViewState({ type: 'markdown', active: true, state: { file, mode: 'preview' } });
		}, NOTE);
		const bar = page.locator('.workspace-split.mod-root .workspace-leaf.host-shown .logos-chain-bar').first();
		await bar.waitFor();
		const leaf = await page.locator('.workspace-split.mod-root .workspace-leaf.host-shown .workspace-leaf-content').boundingBox();
		const barBox = await bar.boundingBox();
		// From the last properties, over the bar, to the note's first sections.
		await shoot(page, out('chain-bar'), { x: leaf.x, y: barBox.y - 70, width: leaf.width, height: barBox.height + 70 + 180 });

		// 3. The review queue on the pane's scope.
		await runCommand(page, 'Review rulings');
		const queue = page.locator('.modal.logos-queue-modal');
		await queue.locator('.logos-queue-progress').waitFor();
		await shoot(page, out('review-queue'), around(await queue.boundingBox(), 8));
		await page.keyboard.press('Escape');
		await queue.waitFor({ state: 'detached' });

		// 4. The status bar naming its scope, with its tooltip.
		const item = page.locator('.status-bar-item.plugin-logos-continuity.logos-status');
		await page.waitForFunction(() => /^kestrel: /.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
		await item.hover();
		const tip = page.locator('.tooltip').first();
		await tip.waitFor();
		const [a, b] = [await item.boundingBox(), await tip.boundingBox()];
		const x = Math.min(a.x, b.x);
		const y = Math.min(a.y, b.y);
		const status = await page.locator('.status-bar').boundingBox();
		await shoot(page, out('status-bar'), around({ x, y, width: Math.max(a.x + a.width, b.x + b.width, status.x + status.width) - x, height: status.y + status.height - y }, 6));
		if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
	} finally {
		await browser.close();
		await host.close();
	}
}

main().catch((e) => {
	console.error(`screenshots: ${e instanceof Error ? e.message : String(e)}`);
	process.exit(1);
});
