/**
 * Reviewing rulings in real Chromium, over test/fixtures/vault-own (writes stay in the page's
 * memory; reviewed.md is read back through the page's vault): retiring a ruling from the resume
 * pane appends exactly one line, shows it retired in the pane and beside the ruling in its note,
 * and Undo brings it back; the "Review rulings" queue answers to its keys.
 *
 * The cursor commands ("Retire ruling under cursor", …) and the live-preview marks need the
 * editing view: they are in editor.e2e.ts.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openNote, openResumePane, PANE, ROOT, runCommand, screenshot, shownNote, useHost, vaultText } from './helpers';

const VAULT = join(ROOT, 'test/fixtures/vault-own');
const REVIEWED = 'sessions/alpha/reviewed.md';
/** a7: its one ruling (R4) has no verdict yet. */
const A7 = 'sessions/alpha/_convos/_unattached/20261106-090000-codex.md';
const R4 = 'per-route flags in the load balancer — the LB has no per-route flags';
/** The commit a7 was recorded at: what reconfirming R4 is prefilled with. */
const A7_COMMIT = '2e8f6b3';

const served = useHost(VAULT);

const pageNow = (page: Page): Promise<number> => page.evaluate(() => Math.floor(Date.now() / 1000));

/** Waits until reviewed.md holds `n` lines more than `before` (and nothing else changed), and returns them. */
async function appended(page: Page, before: string, n: number): Promise<string[]> {
	const deadline = Date.now() + 15_000;
	for (;;) {
		const after = await vaultText(page, REVIEWED);
		expect(after.startsWith(before)).toBe(true);
		const lines = after.slice(before.length).split('\n').filter((l) => l !== '');
		if (lines.length >= n || Date.now() > deadline) return lines;
		await page.waitForTimeout(50);
	}
}

/** `- <head>: <text> <!-- ts=N -->` with N between `from` and `to`. */
function expectLine(line: string, head: string, text: string, from: number, to: number, undo = false): void {
	const m = /^- (.+?): (.+) <!-- ts=(\d+)( undo)? -->$/.exec(line);
	expect(m && [m[1], m[2], m[4] !== undefined]).toEqual([head, text, undo]);
	const ts = Number(m?.[3]);
	expect(ts).toBeGreaterThanOrEqual(from);
	expect(ts).toBeLessThanOrEqual(to);
}

/** The pane's line for R4 among the earlier rulings. */
const paneRuling = (page: Page) => page.locator(`${PANE} [data-section="ruled-out"] li`, { hasText: R4 });
/** R4 in a7's note, as the reading view shows it. */
const noteRuling = (page: Page) => shownNote(page).locator('li', { hasText: R4 });

test('retiring a ruling from the pane appends its line, marks it retired in the pane and the note, and Undo brings it back', async () => {
	const { page, errors } = await served.open();
	await openNote(page, A7);
	await openResumePane(page);
	// The pane follows the open note to its scope.
	await expect(page.locator(`${PANE} select.logos-scope-select`).inputValue()).resolves.toBe('alpha');
	// Sections start closed under the handoff block: open the earlier rulings.
	await page.click(`${PANE} [data-section="ruled-out"] > .logos-section-title`);
	expect(await paneRuling(page).locator('.logos-meta').textContent()).toMatch(/^ · codex, /);
	expect(await noteRuling(page).locator('.logos-verdict').count()).toBe(0);
	const before = await vaultText(page, REVIEWED);

	const t0 = await pageNow(page);
	await paneRuling(page).locator('button.logos-ruling-menu').click();
	await page.locator('.menu .menu-item', { hasText: 'Retire' }).click();
	const [line] = await appended(page, before, 1);
	expectLine(line, 'retired', R4, t0, await pageNow(page));
	const ts = Number(/ts=(\d+)/.exec(line)?.[1]);
	const day = await page.evaluate((s) => new Date(s * 1000).toLocaleDateString('en-CA'), ts);

	// The pane: among the retired ones (a closed section of their own), struck, offering only reconfirm.
	const retired = page.locator(`${PANE} [data-section="ruled-out-retired"] li.logos-is-retired`, { hasText: R4 });
	await retired.waitFor({ state: 'attached' });
	const retiredTitle = page.locator(`${PANE} [data-section="ruled-out-retired"] > .logos-section-title`);
	expect([await retiredTitle.locator('.logos-section-name').textContent(), await retiredTitle.locator('.logos-section-count').textContent()]).toEqual(['Retired', '1']);
	await retiredTitle.click();
	expect(await retired.locator('.logos-meta').textContent()).toMatch(/^ · retired /);
	await retired.locator('button.logos-ruling-menu').click();
	expect(await page.locator('.menu .menu-item-title').allTextContents()).toEqual(['Open in note', 'Reconfirm: it still holds']);
	await page.keyboard.press('Escape');
	// The note: the ruling struck through with the date, the file untouched.
	await noteRuling(page).locator('.logos-verdict-retired').waitFor();
	expect(await noteRuling(page).getAttribute('class')).toContain('logos-ruling-retired');
	expect(await noteRuling(page).locator('.logos-verdict').textContent()).toBe(`retired ${day}`);
	const notice = page.locator('.notice', { hasText: `Retired: “${R4}”` });
	expect(await notice.locator('button.logos-undo').textContent()).toBe('Undo');
	await noteRuling(page).scrollIntoViewIfNeeded();
	await screenshot(page, 'ruling-retired');

	// Undo: R4 had no verdict before, so an undo line restores "no verdict": live again, as before.
	const t1 = await pageNow(page);
	await notice.locator('button.logos-undo').click();
	const [, undo] = await appended(page, before, 2);
	expectLine(undo, 'reconfirmed', R4, t1, await pageNow(page), true);
	await page.locator(`${PANE} [data-section="ruled-out-retired"]`).waitFor({ state: 'detached' });
	expect(await paneRuling(page).first().getAttribute('class')).not.toMatch(/logos-is-(retired|reconfirmed)/);
	expect(await paneRuling(page).first().locator('.logos-meta').textContent()).toMatch(/^ · codex, /);
	await noteRuling(page).locator('.logos-verdict').waitFor({ state: 'detached' });
	expect(await page.locator('.notice', { hasText: `Undone: retired “${R4}”.` }).count()).toBe(1);
	await noteRuling(page).scrollIntoViewIfNeeded();
	await screenshot(page, 'ruling-undone');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('the review queue: s skips, r retires, u undoes, c reconfirms at the recorded commit, Esc closes', async () => {
	const { page, errors } = await served.open();
	await openNote(page, A7);
	const before = await vaultText(page, REVIEWED);
	await runCommand(page, 'Review rulings');
	const queue = page.locator('.modal.logos-queue-modal');
	const progress = queue.locator('.logos-queue-progress');
	await progress.waitFor();
	expect(await queue.locator('.modal-title').textContent()).toBe('Review rulings — alpha');
	expect(await progress.textContent()).toBe('1 of 5 · 0 verdicts given');
	expect(await queue.locator('.logos-queue-text').textContent()).toMatch(/^route: per-key buckets in the CDN edge/);
	await screenshot(page, 'review-queue');

	await page.keyboard.press('s');
	await page.keyboard.press('s');
	await queue.locator('.logos-queue-progress', { hasText: '3 of 5 · 0 verdicts given' }).waitFor();
	expect(await queue.locator('.logos-queue-text').textContent()).toBe(R4);
	expect(await queue.locator('.logos-queue-verdict').textContent()).toBe('Live');

	const t0 = await pageNow(page);
	await page.keyboard.press('r');
	await queue.locator('.logos-queue-progress', { hasText: '4 of 5 · 1 verdict given' }).waitFor();
	const [retired] = await appended(page, before, 1);
	expectLine(retired, 'retired', R4, t0, await pageNow(page));

	await page.keyboard.press('u');
	await queue.locator('.logos-queue-progress', { hasText: '3 of 5 · 0 verdicts given' }).waitFor();
	const [, undone] = await appended(page, before, 2);
	expectLine(undone, 'reconfirmed', R4, t0, await pageNow(page), true);
	expect(await queue.locator('.logos-queue-text').textContent()).toBe(R4);
	// Undone, the ruling reads as it did before: live; the retirement's notice no longer offers Undo.
	expect(await queue.locator('.logos-queue-verdict').textContent()).toBe('Live');
	await page.locator('.notice button.logos-undo').waitFor({ state: 'detached' });

	// c asks for the commit, prefilled with the one the ruling was recorded at; Enter accepts it.
	await page.keyboard.press('c');
	const commit = page.locator('.modal .logos-commit-input');
	await commit.waitFor();
	await expect(commit.inputValue()).resolves.toBe(A7_COMMIT);
	await page.keyboard.press('Enter');
	await queue.locator('.logos-queue-progress', { hasText: '4 of 5 · 1 verdict given' }).waitFor();
	const [, , reconfirmed] = await appended(page, before, 3);
	expectLine(reconfirmed, `reconfirmed at ${A7_COMMIT}`, R4, t0, await pageNow(page));
	await expect(queue.isVisible()).resolves.toBe(true);

	await page.keyboard.press('Escape');
	await queue.waitFor({ state: 'detached' });
	// Three verdicts, three lines: nothing else was written.
	expect((await vaultText(page, REVIEWED)).slice(before.length).split('\n').filter((l) => l !== '')).toEqual([retired, undone, reconfirmed]);
	expect(errors).toEqual([]);
	await page.context().close();
});
