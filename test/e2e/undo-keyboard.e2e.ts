/**
 * Retire and undo from the keyboard alone, over demo-vault in real Chromium: Tab into the resume
 * pane, down its section titles to "Already tried, didn't work", Enter to open it, Tab to a
 * ruling, Enter for its menu, retire; then the notice's Undo reached from the keyboard, as
 * Obsidian offers everything: "Undo last verdict" in the command palette (docs/decisions.md,
 * "Undo from the keyboard"). After it the pane shows what it showed before, the notice no longer
 * offers Undo and the palette no longer offers the command.
 */
import type { Page } from 'playwright-core';
import { DEMO_VAULT, openResumePane, paletteOffers, PANE, runCommand, screenshot, useHost, vaultText, waitForPane } from './helpers';

const served = useHost(DEMO_VAULT);
const REVIEWED = 'sessions/kestrel/reviewed.md';

/** What has the keyboard focus: its classes, role and first words. */
const focused = (page: Page): Promise<{ inPane: boolean; cls: string; role: string; text: string }> =>
	page.evaluate((pane) => {
		const el = document.activeElement as HTMLElement | null;
		return { inPane: el?.closest(pane) !== null && el !== null, cls: el?.className ?? '', role: el?.getAttribute('role') ?? el?.tagName ?? '', text: (el?.textContent ?? '').slice(0, 80) };
	}, PANE);

/** What the pane shows a person: its text as laid out, and which rulings are marked how. */
const paneShows = (page: Page): Promise<string> =>
	page.evaluate((pane) => {
		const body = document.querySelector<HTMLElement>(`${pane} .logos-body`);
		const marks = [...(body?.querySelectorAll('li.logos-ruling') ?? [])].map((li) => li.className);
		return `${body?.innerText ?? ''}\n${marks.join('\n')}`;
	}, PANE);

/** What "Check whether this was tried" says of the ruling starting with `start`: its verdict words. */
async function searchSays(page: Page, start: string): Promise<string> {
	await runCommand(page, 'Check whether this was tried');
	await page.keyboard.type(start);
	const item = page.locator('.suggestion-item.logos-tried', { has: page.locator('.logos-tried-text', { hasText: start }) }).first();
	await item.waitFor();
	const says = (await item.locator('.logos-tried-verdict').textContent()) ?? '';
	await page.keyboard.press('Escape');
	await item.waitFor({ state: 'detached' });
	return says;
}

async function reviewedLines(page: Page): Promise<string[]> {
	return (await vaultText(page, REVIEWED)).split('\n').filter((l) => l !== '');
}

/** Waits until reviewed.md holds `n` lines. */
async function linesAfter(page: Page, n: number): Promise<void> {
	for (let k = 0; k < 150 && (await reviewedLines(page)).length < n; k++) await page.waitForTimeout(100);
	expect(await reviewedLines(page)).toHaveLength(n);
}

test('keyboard only: Tab into the pane, open a ruling\'s menu, retire it, "Undo last verdict" from the palette: the pane is as before', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await waitForPane(page, 'kestrel');
	expect(await paletteOffers(page, 'Undo last verdict')).toEqual([]);
	// What the search says of the first ruling of "Already tried, didn't work", before anything is given.
	const first = (await page.locator(`${PANE} [data-section="failed"] li.logos-ruling .logos-ruling-text`).first().textContent()) ?? '';
	const start = first.slice(0, 40);
	const searchBefore = await searchSays(page, start);

	// From the top of the window, Tab until the keyboard is in the pane, then on to its first section title.
	for (let k = 0; k < 40 && !(await focused(page)).inPane; k++) await page.keyboard.press('Tab');
	for (let k = 0; k < 60 && !(await focused(page)).cls.startsWith('logos-section-title'); k++) await page.keyboard.press('Tab');
	expect((await focused(page)).cls).toMatch(/^logos-section-title/);
	// Down the section titles with the arrows, Enter opens one, Tab to its first ruling.
	for (let k = 0; k < 20 && !(await focused(page)).text.includes("Already tried, didn't work"); k++) await page.keyboard.press('ArrowDown');
	expect((await focused(page)).text).toContain("Already tried, didn't work");
	await page.keyboard.press('Enter');
	await page.keyboard.press('Tab');
	const ruling = await focused(page);
	expect([ruling.inPane, ruling.role, ruling.cls]).toEqual([true, 'link', expect.stringContaining('logos-ruling-text')]);

	const shownBefore = await paneShows(page);
	expect(ruling.text.startsWith(start)).toBe(true);
	const before = await reviewedLines(page);
	// Enter: the ruling's menu, its first item selected; down once to Retire.
	await page.keyboard.press('Enter');
	await page.locator('.menu').waitFor();
	expect(await page.locator('.menu .menu-item-title').allTextContents()).toEqual(['Open in note', 'Retire: it no longer holds', 'Reconfirm: it still holds']);
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('Enter');
	await linesAfter(page, before.length + 1);
	const retired = (await reviewedLines(page)).slice(before.length);
	expect(retired).toEqual([expect.stringMatching(new RegExp(`^- retired: ${escape(ruling.text.slice(0, 30))}.* <!-- ts=\\d+ -->$`))]);
	// The pane shows it retired: it reads otherwise than before.
	for (let k = 0; k < 100 && (await paneShows(page)) === shownBefore; k++) await page.waitForTimeout(100);
	expect(await paneShows(page)).not.toBe(shownBefore);
	const notice = page.locator('.notice', { hasText: 'Retired: “' });
	await notice.locator('button.logos-undo').waitFor();
	await screenshot(page, 'undo-keyboard-retired');
	expect(await searchSays(page, start)).toMatch(/^retired /);

	// The notice's Undo, from the keyboard: the palette's "Undo last verdict".
	expect(await paletteOffers(page, 'Undo last verdict')).toEqual(['Logos Continuity: Undo last verdict']);
	await runCommand(page, 'Undo last verdict');
	await linesAfter(page, before.length + 2);
	expect((await reviewedLines(page)).slice(before.length + 1)).toHaveLength(1);
	// The pane as it was before the retirement, the notice's Undo withdrawn, nothing left to undo.
	for (let k = 0; k < 100 && (await paneShows(page)) !== shownBefore; k++) await page.waitForTimeout(100);
	expect(await paneShows(page)).toBe(shownBefore);
	await notice.locator('button.logos-undo').waitFor({ state: 'detached' });
	expect(await searchSays(page, start)).toBe(searchBefore);
	expect(await paletteOffers(page, 'Undo last verdict')).toEqual([]);
	await screenshot(page, 'undo-keyboard-undone');
	expect(errors).toEqual([]);
	await page.context().close();
});

function escape(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
