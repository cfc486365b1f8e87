/**
 * "Add working note" in real Chromium, over the e2e vault: the modal offers the open note's
 * scope, the note is appended to that scope's uncommitted.md (read back through the page's
 * vault, writes staying in memory), signed with the agent name from the settings, and the
 * status bar count and the resume pane follow.
 */
import { E2E_VAULT, openNote, openResumePane, PANE, runCommand, screenshot, statusText, useHost, vaultText } from './helpers';

const NOTES = 'sessions/harbor/uncommitted.md';
const LATEST = 'sessions/harbor/20261125-143000-claude.md';
const NOTE = 'the south pier gauge is back online after the storm';

const served = useHost(E2E_VAULT);

test('a note added through the modal lands in uncommitted.md, and the status bar and the pane count it', async () => {
	const { page, errors } = await served.open();
	await openNote(page, LATEST);
	await openResumePane(page);
	await page.waitForFunction(() => /^[^:]+: 2 uncommitted notes\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
	const counted = await statusText(page);
	const before = await vaultText(page, NOTES);

	await runCommand(page, 'Add working note');
	const modal = page.locator('.modal', { has: page.locator('.logos-note-modal') });
	await modal.waitFor();
	expect(await modal.locator('.modal-title').textContent()).toBe('Add working note');
	// The open note's scope is chosen; the note is signed with the settings' agent name.
	await expect(modal.locator('select.logos-note-scope').inputValue()).resolves.toBe('harbor');
	expect(await modal.locator('.setting-item-description').textContent()).toContain('Signed as obsidian.');
	// The text area has the focus: a person just types.
	await page.keyboard.type(NOTE);
	await screenshot(page, 'add-working-note');
	const t0 = await page.evaluate(() => Math.floor(Date.now() / 1000));
	await modal.locator('button.mod-cta', { hasText: 'Add note' }).click();
	await modal.waitFor({ state: 'detached' });

	// One more note; the rest of the item (sessions gone silent) stays as it was.
	await page.waitForFunction(() => /^[^:]+: 3 uncommitted notes\b/.test(document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? ''));
	expect(await statusText(page)).toBe(counted.replace(/: 2 /, ': 3 '));
	const after = await vaultText(page, NOTES);
	expect(after.startsWith(before)).toBe(true);
	const m = /^- (.+) <!-- ts=(\d+) agent=obsidian -->\n$/.exec(after.slice(before.length));
	expect(m?.[1]).toBe(NOTE);
	expect(Number(m?.[2])).toBeGreaterThanOrEqual(t0);
	expect(await page.locator('.notice', { hasText: 'Added your note to harbor.' }).count()).toBe(1);
	const line = page.locator(`${PANE} [data-section="notes"] li`, { hasText: NOTE });
	await line.waitFor({ state: 'attached' });
	expect(await line.locator('.logos-meta').textContent()).toMatch(/^ · obsidian, /);
	await page.click(`${PANE} [data-section="notes"] > .logos-section-title`);
	await screenshot(page, 'working-note-added');
	expect(errors).toEqual([]);
	await page.context().close();
});
