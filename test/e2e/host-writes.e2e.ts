/**
 * Where writes go: to the page's memory by default, to the served folder with --write, and the
 * page says which. The write here is a working note appended to uncommitted.md through the
 * vault, as an agent's note arrives; the plugin's status bar count must follow it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { E2E_VAULT, launchChromium, openHost, screenshot, startHost, type Host } from './helpers';

const NOTES = 'sessions/harbor/uncommitted.md';
const NOTE_LINE = '- the north pier gauge was recalibrated on Monday <!-- ts=1795723200 agent=codex -->\n';

let browser: Browser;
const hosts: Host[] = [];

beforeAll(async () => {
	browser = await launchChromium();
});

afterAll(async () => {
	await browser?.close();
	await Promise.all(hosts.map((h) => h.stop()));
});

async function statusText(page: Page): Promise<string> {
	return (await page.textContent('.status-bar-item.plugin-logos-continuity')) ?? '';
}

/** Appends a working note through Vault.process, as Obsidian reports a file another program changed. */
async function appendNote(page: Page): Promise<void> {
	await page.evaluate(
		async ([path, line]) => {
			const app = window.host?.app as { vault: { getFileByPath(p: string): unknown; process(f: unknown, fn: (t: string) => string): Promise<string> } };
			const file = app.vault.getFileByPath(path);
			if (!file) throw new Error(`no ${path}`);
			await app.vault.process(file, (text) => text + line);
			await window.host?.flushWrites();
		},
		[NOTES, NOTE_LINE] as const,
	);
}

test('without --write a new working note stays in memory, and the status bar counts it', async () => {
	const host = await startHost(E2E_VAULT);
	hosts.push(host);
	const before = readFileSync(join(host.dir, NOTES), 'utf8');
	const { page, errors } = await openHost(browser, host);
	await expect(page.textContent('.host-writes')).resolves.toBe('writes go to memory');
	await page.waitForFunction(() => /\b2\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity')?.textContent ?? ''));
	await appendNote(page);
	await page.waitForFunction(() => /\b3\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity')?.textContent ?? ''));
	expect(await statusText(page)).toMatch(/\b3\b.*uncommitted/i);
	expect(readFileSync(join(host.dir, NOTES), 'utf8')).toBe(before);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('with --write the note reaches the served folder, and the page names the folder', async () => {
	const host = await startHost(E2E_VAULT, true);
	hosts.push(host);
	const before = readFileSync(join(host.dir, NOTES), 'utf8');
	const { page, errors } = await openHost(browser, host);
	const writes = (await page.textContent('.host-writes')) ?? '';
	expect(writes).toMatch(/^writes go to .*vault-e2e$/);
	await appendNote(page);
	expect(readFileSync(join(host.dir, NOTES), 'utf8')).toBe(before + NOTE_LINE);
	await page.waitForFunction(() => /\b3\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity')?.textContent ?? ''));
	await screenshot(page, 'writes-to-folder');
	expect(errors).toEqual([]);
	await page.context().close();
});
