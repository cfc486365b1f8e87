/**
 * Where writes go: to the page's memory by default, to the served folder with --write, and the
 * page says which. The write here is a working note appended to uncommitted.md through the
 * vault, as an agent's note arrives; the plugin's status bar count must follow it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { E2E_VAULT, screenshot, useHost } from './helpers';

const NOTES = 'sessions/harbor/uncommitted.md';
const NOTE_LINE = '- the north pier gauge was recalibrated on Monday <!-- ts=1795723200 agent=codex -->\n';

async function statusText(page: Page): Promise<string> {
	return (await page.textContent('.status-bar-item.plugin-logos-continuity.logos-status')) ?? '';
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

// --write is fixed when a host starts: each block serves its own copy of the vault.
describe('the host as started by default', () => {
	const served = useHost(E2E_VAULT);

	test('without --write a new working note stays in memory, and the status bar counts it', async () => {
		const before = readFileSync(join(served.host.dir, NOTES), 'utf8');
		const { page, errors } = await served.open();
		await expect(page.textContent('.host-writes')).resolves.toBe('writes go to memory');
		await page.waitForFunction(() => /\b2\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
		await appendNote(page);
		await page.waitForFunction(() => /\b3\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
		expect(await statusText(page)).toMatch(/\b3\b.*uncommitted/i);
		expect(readFileSync(join(served.host.dir, NOTES), 'utf8')).toBe(before);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('the host started with --write', () => {
	const served = useHost(E2E_VAULT, { write: true });

	test('with --write the note reaches the served folder, and the page names the folder', async () => {
		const before = readFileSync(join(served.host.dir, NOTES), 'utf8');
		const { page, errors } = await served.open();
		const writes = (await page.textContent('.host-writes')) ?? '';
		expect(writes).toMatch(/^writes go to .*vault-e2e$/);
		await appendNote(page);
		expect(readFileSync(join(served.host.dir, NOTES), 'utf8')).toBe(before + NOTE_LINE);
		await page.waitForFunction(() => /\b3\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
		await screenshot(page, 'writes-to-folder');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
