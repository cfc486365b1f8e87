/**
 * Empty and finished states, over demo-vault in real Chromium: "Review rulings" takes the open
 * pane's scope when no note is open; "Add working note" with no text says so and stays open; a
 * finished review queue says what was decided and offers Done, not its four actions. (A wrong
 * sessions folder is in daily-loop.e2e.ts.)
 */
import { openResumePane, DEMO_VAULT, PANE, runCommand, screenshot, useHost, vaultText, waitForPane, noticesShown } from './helpers';

const served = useHost(DEMO_VAULT);

test('"Review rulings" with the pane open and no note open reviews the pane\'s scope', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'sluice');
	await waitForPane(page, 'sluice');
	expect(await page.evaluate(() => (window.host?.app as { workspace: { getActiveFile(): unknown } }).workspace.getActiveFile())).toBeNull();
	await runCommand(page, 'Review rulings');
	const queue = page.locator('.modal.logos-queue-modal');
	await queue.locator('.logos-queue-progress').waitFor();
	expect(await queue.locator('.modal-title').textContent()).toBe('Review rulings — sluice');
	expect((await noticesShown(page)).filter((n) => n.startsWith('Open a file'))).toEqual([]);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('"Add working note" with nothing written says so and stays open; nothing is written', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	const before = await vaultText(page, 'sessions/kestrel/uncommitted.md');
	await runCommand(page, 'Add working note');
	const modal = page.locator('.modal .logos-note-modal');
	await modal.locator('textarea.logos-note-text').waitFor();
	await modal.locator('textarea.logos-note-text').fill('   ');
	await modal.locator('button', { hasText: 'Add note' }).click();
	const problem = modal.locator('.logos-note-error');
	await problem.waitFor();
	expect(await problem.textContent()).toBe('Write the note first: an empty note is not added.');
	expect(await modal.locator('textarea.logos-note-text').getAttribute('aria-invalid')).toBe('true');
	await screenshot(page, 'empty-note-refused');
	expect(await page.locator('.modal:has(.logos-note-modal)').isVisible()).toBe(true);
	expect(await vaultText(page, 'sessions/kestrel/uncommitted.md')).toBe(before);
	await page.keyboard.press('Escape');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a finished review queue says what was decided and offers Done instead of its four actions', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await waitForPane(page, 'kestrel');
	await runCommand(page, 'Review rulings');
	const queue = page.locator('.modal.logos-queue-modal');
	const progress = queue.locator('.logos-queue-progress');
	await progress.waitFor();
	const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1]);
	expect(total).toBeGreaterThan(2);
	// One retired, one reconfirmed (the commit prefilled, Enter), the rest skipped.
	await page.keyboard.press('r');
	await queue.locator('.logos-queue-progress', { hasText: `2 of ${total}` }).waitFor();
	await page.keyboard.press('c');
	await page.locator('.modal .logos-commit-input').waitFor();
	await page.keyboard.press('Enter');
	await queue.locator('.logos-queue-progress', { hasText: `3 of ${total}` }).waitFor();
	for (let k = 3; k <= total; k++) await page.keyboard.press('s');
	const done = queue.locator('.logos-queue-done');
	await done.waitFor();
	expect(await done.textContent()).toBe(`Every ruling of kestrel seen: 1 retired, 1 reconfirmed, ${total - 2} skipped.`);
	expect(await queue.locator('.logos-queue-buttons button').allTextContents()).toEqual(['Done']);
	expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Done');
	await screenshot(page, 'review-queue-finished');
	await page.keyboard.press('Enter');
	await queue.waitFor({ state: 'detached' });
	expect(errors).toEqual([]);
	await page.context().close();
});
