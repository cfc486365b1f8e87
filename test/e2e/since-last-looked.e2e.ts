/**
 * "Since I last looked" in real Chromium over the demo vault: the pane shows rivet, a new
 * checkpoint file arrives through the vault (as a sync client delivers one) and a verdict line
 * is appended to reviewed.md from elsewhere; the pane marks the checkpoint new and counts both in
 * its handoff block, the status bar dot appears, "Show scopes with news" lists rivet, the
 * timeline rings the new mark; "Mark as seen" clears it all. A verdict the person gives in the
 * pane is never news. Screenshots, light and dark at 1400 and 360 px:
 * test/e2e/artifacts/since-last-looked-<theme>-<width>.png (and the timeline at 1400).
 */
import type { Page } from 'playwright-core';
import { DEMO_VAULT, openResumePane, PANE, runCommand, screenshot, useHost, waitForPane } from './helpers';

const served = useHost(DEMO_VAULT);

const CONV = 'sessions/rivet/_convos/c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const NEW_CHECKPOINT = `${CONV}/20261201-090000-codex.md`;
const CHECKPOINT_TEXT = `---
type: checkpoint
title: rivet — the Homebrew tap formula
project: rivet
agent: codex
session: 20261201-090000-codex
host_session: c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f
branch: release-cmd
commit: 0b7c9e2
relations:
  - { pred: checkpoint_of, obj: "[[rivet]]", conf: 1.0, src: stated }
  - { pred: follows, obj: "[[20261112-154210-claude]]", conf: 1.0, src: stated }
first_seen: 2026-12-01
checkpointed: 2026-12-01T09:00:00-08:00
---

## Task

write the Homebrew tap formula for rivet

## Didn't work

- brew audit --strict on a formula without a license stanza — it refuses the tap

## Next

open the tap's pull request
`;
const REVIEWED = 'sessions/rivet/reviewed.md';
const THEIR_VERDICT = '- retired: vendoring the release notes template <!-- ts=1796100000 -->\n';

const NEWS_LINE = `${PANE} .logos-handoff .logos-news`;
const DOT = '.status-bar-item.logos-news-status';

/** A file arrives the way Obsidian reports one another program wrote: created through the vault. */
async function arrive(page: Page, path: string, text: string): Promise<void> {
	await page.evaluate(
		async ([p, t]) => {
			const app = window.host?.app as { vault: { create(p: string, t: string): Promise<unknown> } };
			await app.vault.create(p, t);
		},
		[path, text] as const,
	);
}

async function showRivet(page: Page): Promise<void> {
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'rivet');
	await waitForPane(page, 'rivet');
}

const newsText = (page: Page): Promise<string> => page.locator(`${NEWS_LINE} .logos-news-count`).innerText();
const dotShown = (page: Page): Promise<boolean> => page.locator(DOT).isVisible();

test('a checkpoint and a verdict line arriving while rivet is on screen are marked new, counted, listed, and cleared by "Mark as seen"', async () => {
	const { page, errors } = await served.open();
	await showRivet(page);
	expect(await page.locator(NEWS_LINE).count()).toBe(0);
	expect(await dotShown(page)).toBe(false);

	await arrive(page, NEW_CHECKPOINT, CHECKPOINT_TEXT);
	// rivet has no reviewed.md yet: another device's verdict brings it.
	await arrive(page, REVIEWED, `# reviewed — rivet\n\n${THEIR_VERDICT}`);
	await page.waitForFunction((sel) => /1 verdict/.test(document.querySelector(`${sel} .logos-news-count`)?.textContent ?? ''), NEWS_LINE);
	expect(await newsText(page)).toBe('1 checkpoint, 1 verdict');
	const tip = await page.locator(`${NEWS_LINE} .logos-news-count`).getAttribute('aria-label');
	expect(tip).toBe('2 new since you last looked: 1 new checkpoint, 0 new conversations, 1 new ruling, 0 new working notes, 1 verdict line from elsewhere');
	// The new checkpoint is the latest: the handoff block's first line carries the mark.
	expect(await page.locator(`${PANE} .logos-handoff-who .logos-new-badge`).innerText()).toBe('new');
	expect(await page.locator(`${PANE} .logos-handoff-who .logos-agent`).innerText()).toBe('codex');
	// Its ruling is new too, marked in its closed section's title.
	expect(await page.locator(`${PANE} [data-section="failed"] > .logos-section-title .logos-section-new`).innerText()).toBe('1 new');

	// The status bar dot, and what it says.
	await page.waitForSelector(`${DOT}:not(.logos-is-hidden)`);
	expect(await page.locator(DOT).getAttribute('aria-label')).toBe('New since you last looked, in rivet.\nClick to list the scopes with news.');

	// "Show scopes with news" lists rivet with its count.
	await runCommand(page, 'Show scopes with news');
	await page.waitForSelector('.logos-news-suggestion');
	expect(await page.locator('.logos-news-suggestion .logos-news-scope').allInnerTexts()).toEqual(['rivet · 2 new']);
	await screenshot(page, 'since-last-looked-command');
	await page.keyboard.press('Escape');

	// The timeline rings the new mark.
	await runCommand(page, 'Open conversation timeline');
	const TL = '.workspace-leaf-content[data-type="logos-timeline"]';
	await page.waitForSelector(`${TL} select.logos-scope-select`);
	await page.selectOption(`${TL} select.logos-scope-select`, 'rivet');
	await page.waitForSelector(`${TL} .logos-timeline-mark.is-new`);
	expect(await page.locator(`${TL} .logos-timeline-mark.is-new`).getAttribute('data-session')).toBe('20261201-090000-codex');
	expect(await page.locator(`${TL} .logos-timeline-legend-new`).innerText()).toBe('1 new since you last looked');
	await screenshot(page, 'since-last-looked-timeline-light-1400');

	// A verdict the person gives here is theirs: the count does not move.
	await page.locator(`${PANE} [data-section="failed"] > .logos-section-title`).click();
	await page.locator(`${PANE} [data-section="failed"] li.logos-ruling`).first().click({ button: 'right' });
	await page.locator('.menu .menu-item', { hasText: 'Retire: it no longer holds' }).click();
	await page.waitForFunction(
		async ([path]) => {
			const app = window.host?.app as { vault: { getFileByPath(p: string): unknown; read(f: unknown): Promise<string> } };
			const text = await app.vault.read(app.vault.getFileByPath(path));
			return text.split('\n').filter((l) => l.startsWith('- retired: brew audit')).length === 1;
		},
		[REVIEWED] as const,
	);
	// The pane shows the ruling retired once the model holds the line, which the index has then seen.
	await page.waitForSelector(`${PANE} [data-section="failed"] li.logos-ruling.logos-is-retired`);
	expect(await newsText(page)).toBe('1 checkpoint, 1 verdict');

	await screenshot(page, 'since-last-looked-light-1400');

	// Mark as seen: the line, the marks and the dot go.
	await page.locator(`${NEWS_LINE} button.logos-news-seen`).click();
	await page.waitForSelector(NEWS_LINE, { state: 'detached' });
	expect(await page.locator(`${PANE} .logos-new-badge`).count()).toBe(0);
	await page.waitForSelector(`${DOT}.logos-is-hidden`, { state: 'attached' });
	expect(await page.locator(`${TL} .logos-timeline-mark.is-new`).count()).toBe(0);
	await runCommand(page, 'Show scopes with news');
	// The command counts before it tells: its notice follows the retire's, a moment after the palette closes.
	await page.waitForFunction(() => window.host?.notices.at(-1) === 'No scope has anything new since you last looked.', undefined, { timeout: 10_000 });
	expect(errors).toEqual([]);
	await page.context().close();
});

for (const theme of ['light', 'dark'] as const) {
	for (const width of [1400, 360]) {
		if (theme === 'light' && width === 1400) continue;
		test(`the marks and the line read in the ${theme} theme at ${width} px`, async () => {
			const { page, errors } = await served.open({ theme, viewport: { width, height: width === 360 ? 780 : 900 } });
			await showRivet(page);
			await arrive(page, NEW_CHECKPOINT, CHECKPOINT_TEXT);
			await page.waitForSelector(`${NEWS_LINE} .logos-news-count`);
			expect(await newsText(page)).toBe('1 checkpoint');
			// One line: the count and the button side by side.
			const box = await page.locator(`${NEWS_LINE} .logos-handoff-value`).boundingBox();
			const line = await page.locator(`${NEWS_LINE} .logos-news-count`).evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || el.getBoundingClientRect().height);
			expect(box?.height ?? 0).toBeLessThan(line * 2);
			await screenshot(page, `since-last-looked-${theme}-${width}`);
			expect(errors).toEqual([]);
			await page.context().close();
		});
	}
}
