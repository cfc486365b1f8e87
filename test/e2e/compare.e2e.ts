/**
 * What changed between two checkpoints, in real Chromium over the demo vault: the resume
 * pane's one-line "what changed" opening into linked items; "Compare with previous checkpoint"
 * and "Compare with…" opening the side-by-side view, changes marked, lines linked; any two
 * checkpoints of the conversations view compared from the keyboard alone; at 360 px the two
 * sides stack and nothing overflows.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { DiffResult } from '../../src/cli/diff-command';
import { contrastOf, overflowingRight } from './looks';
import { DEMO_VAULT, noticesShown, openNote, openResumePane, PANE, ROOT, runCommand, screenshot, useHost, waitForNote } from './helpers';

const KESTREL = 'sessions/kestrel/_convos';
const CLAUDE = `${KESTREL}/a9c0d1e2-4b3f-4c5d-8e6f-7a8b9c0d1e2f/20261129-083015-claude.md`;
const CURSOR = `${KESTREL}/_unattached/20261127-111502-cursor.md`;
const FIRST = `${KESTREL}/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261123-093412-claude.md`;
const RULING_COPY = `${KESTREL}/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261123-141020-claude.md`;
const SUMMARY = '2 new decisions, 1 new dead end, 1 new verified item, task changed, intent given, next step changed, commit changed, 1 ruling retired';

const VIEW = '.workspace-leaf-content[data-type="logos-compare"]';
const CONVERSATIONS = '.workspace-leaf-content[data-type="logos-conversations"]';

const served = useHost(DEMO_VAULT);

async function waitForCompare(page: Page, summary: string): Promise<void> {
	await page.locator(`${VIEW} .logos-compare-summary`, { hasText: summary }).waitFor({ timeout: 30_000 });
}

const row = (page: Page, field: string) => page.locator(`${VIEW} .logos-compare-row[data-field="${field}"]`);

test('the pane’s handoff block says in one line what the last checkpoint changed, and its items open their lines', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	const line = page.locator(`${PANE} .logos-handoff-changed .logos-change-line`);
	await line.waitFor();
	expect(await line.locator('.logos-change-text').textContent()).toBe(SUMMARY);
	expect(await line.locator('summary').textContent()).toContain("since cursor's checkpoint it follows");
	// The next step and the handoff block still come first: the line adds one line until opened.
	const who = await page.locator(`${PANE} .logos-who`).boundingBox();
	expect((who?.y ?? 0) + (who?.height ?? 0)).toBeLessThan(900);
	await line.locator('summary').click();
	const retired = line.locator('li', { hasText: 'ruling retired' });
	await retired.waitFor();
	await screenshot(page, 'change-line');
	await retired.click();
	await waitForNote(page, RULING_COPY);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('"Compare with previous checkpoint" shows the two side by side, changes marked, values linked', async () => {
	const { page, errors } = await served.open();
	await openNote(page, CLAUDE);
	await runCommand(page, 'Compare with previous checkpoint');
	await waitForCompare(page, SUMMARY);
	expect(await page.locator(`${VIEW} .logos-compare-id`).allTextContents()).toEqual(['Older: 20261127-111502-cursor', 'Newer: 20261129-083015-claude']);
	// Per field, older beside newer.
	expect(await row(page, 'task').locator('.logos-compare-older .logos-compare-text').textContent()).toBe("format refund amounts in the order's currency");
	expect(await row(page, 'task').locator('.logos-compare-newer .logos-compare-text').textContent()).toBe('tell customers when a refund fails');
	expect(await row(page, 'task').locator('.logos-compare-replaced').count()).toBe(2);
	// A decision only the older records is marked, and worded as the files allow: not restated.
	const older = row(page, 'decision').locator('.logos-compare-older .logos-compare-removed');
	expect(await older.locator('.logos-compare-note').textContent()).toBe(' · not restated');
	expect(await row(page, 'decision').locator('.logos-compare-newer .logos-compare-added').count()).toBe(2);
	expect(await page.locator(`${VIEW} .logos-compare-effect .logos-compare-removed .logos-compare-note`).allTextContents()).toEqual([' · ruling retired']);
	// Side by side at 1400 px: the newer column starts to the right of the older one.
	const [a, b] = [await row(page, 'task').locator('.logos-compare-older').boundingBox(), await row(page, 'task').locator('.logos-compare-newer').boundingBox()];
	expect((b?.x ?? 0)).toBeGreaterThan((a?.x ?? 0) + (a?.width ?? 0) - 1);
	await screenshot(page, 'compare-view');
	await row(page, 'task').locator('.logos-compare-older .logos-compare-text').click();
	await waitForNote(page, CURSOR);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('"Compare with…" compares with any checkpoint of the scope; the first of a conversation has no previous', async () => {
	const { page, errors } = await served.open();
	await openNote(page, FIRST);
	await runCommand(page, 'Compare with previous checkpoint');
	await page.waitForFunction(() => (window.host?.notices ?? []).some((n) => n.startsWith('This checkpoint starts its line of work')));
	await runCommand(page, 'Compare with…');
	await page.locator('.prompt .suggestion-item').first().waitFor();
	await page.keyboard.type('20261129');
	await page.locator('.prompt .suggestion-item', { hasText: '20261129-083015-claude' }).waitFor();
	await page.keyboard.press('Enter');
	// The one chosen is newer by name, so it is the newer side.
	await page.locator(`${VIEW} .logos-compare-id`, { hasText: 'Newer: 20261129-083015-claude' }).waitFor();
	expect(await page.locator(`${VIEW} .logos-compare-id`).first().textContent()).toBe('Older: 20261123-093412-claude');
	expect(await noticesShown(page)).toHaveLength(1);
	expect(errors).toEqual([]);
	await page.context().close();
});

/** What the built CLI (dist/cli.cjs, made by the global setup) says of the pair, for the same vault. */
function cliDiff(session: string, against: string): DiffResult {
	const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'diff', '--vault', DEMO_VAULT, '--session', session, '--against', against, '--json'], { encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`the CLI failed: ${r.stderr}`);
	return JSON.parse(r.stdout) as DiffResult;
}

/** Presses Tab, as a person does, until the focus is on `selector` (at most `max` times). */
async function tabTo(page: Page, selector: string, max = 80): Promise<void> {
	for (let k = 0; k < max; k++) {
		if (await page.evaluate((sel) => document.activeElement?.matches(sel) === true, selector)) return;
		await page.keyboard.press('Tab');
	}
	throw new Error(`Tab never reached ${selector}`);
}

/** Opens the focused checkpoint's menu with Enter and chooses the item titled `title` with the arrow keys. */
async function chooseByKeyboard(page: Page, title: string): Promise<void> {
	await page.keyboard.press('Enter');
	await page.locator('.menu .menu-item.selected').waitFor();
	const titles = await page.locator('.menu .menu-item-title').allTextContents();
	const at = titles.indexOf(title);
	if (at < 0) throw new Error(`no "${title}" in the menu: ${titles.join(', ')}`);
	for (let k = 0; k < at; k++) await page.keyboard.press('ArrowDown');
	expect(await page.locator('.menu .menu-item.selected .menu-item-title').textContent()).toBe(title);
	await page.keyboard.press('Enter');
	await page.locator('.menu').waitFor({ state: 'detached' });
}

test('from the conversations view, the keyboard alone compares two checkpoints of different conversations', async () => {
	const { page, errors } = await served.open();
	await runCommand(page, 'Open conversations');
	await page.locator(`${CONVERSATIONS} [data-conversation]`).first().waitFor({ timeout: 30_000 });
	const NEWER = CLAUDE;
	const OLDER = `${KESTREL}/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261124-101505-claude.md`;
	const summaryOf = (path: string) => `${CONVERSATIONS} details:has([data-checkpoint="${path}"]) > summary`;
	const lineOf = (path: string) => `${CONVERSATIONS} [data-checkpoint="${path}"] .logos-conversation-checkpoint-text`;

	// The newer first: unfold its conversation, reach it, pick it.
	await tabTo(page, summaryOf(NEWER));
	await page.keyboard.press('Enter');
	await tabTo(page, lineOf(NEWER));
	await chooseByKeyboard(page, 'Compare from here…');
	const pending = page.locator(`${CONVERSATIONS} .logos-compare-pending`);
	expect(await pending.textContent()).toMatch(/^Comparing from claude · Nov 29(?: 2026)?, 09:52: /);
	expect(await page.locator(`${CONVERSATIONS} [data-checkpoint="${NEWER}"] .logos-compare-from-flag`).textContent()).toBe('compare from');
	// Focus came back to the line picked.
	expect(await page.evaluate((sel) => document.activeElement?.matches(sel) === true, lineOf(NEWER))).toBe(true);

	// Then the older, in another conversation further down.
	await tabTo(page, summaryOf(OLDER));
	await page.keyboard.press('Enter');
	await tabTo(page, lineOf(OLDER));
	await screenshot(page, 'conversations-compare-pick');
	await chooseByKeyboard(page, `Compare with ${((await pending.textContent()) ?? '').match(/^Comparing from (.*?): /)?.[1] ?? ''}`);

	// Older on the left whatever the order of the picks; the words and marks the CLI gives.
	const cli = cliDiff('20261129-083015-claude', '20261124-101505-claude');
	await waitForCompare(page, cli.summary);
	expect(await page.locator(`${VIEW} .logos-compare-id`).allTextContents()).toEqual(['Older: 20261124-101505-claude', 'Newer: 20261129-083015-claude']);
	expect(await row(page, 'task').locator('.logos-compare-replaced').count()).toBe(2);
	expect(await row(page, 'decision').locator('.logos-compare-newer .logos-compare-added').count()).toBe(cli.diff.recorded.filter((i) => i.kind === 'decision' && i.status === 'new').length);
	expect(await row(page, 'blocker').locator('.logos-compare-older .logos-compare-removed .logos-compare-note').allTextContents()).toEqual([' · no longer listed']);
	// The pick is used up.
	expect(await pending.isVisible()).toBe(false);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('dark theme at 360 px: a pick from a checkpoint’s "…" button is shown in sight and nothing overflows', async () => {
	const { page, errors } = await served.open({ theme: 'dark', viewport: { width: 360, height: 800 } });
	await page.click('.host-toggle-left');
	await runCommand(page, 'Open conversations');
	await page.locator(`${CONVERSATIONS} [data-conversation]`).first().waitFor({ timeout: 30_000 });
	await page.locator(`${CONVERSATIONS} details.logos-conversation-checkpoints > summary`).first().click();
	await page.locator(`${CONVERSATIONS} [data-checkpoint="${CLAUDE}"] .logos-checkpoint-menu`).click();
	await page.locator('.menu .menu-item', { hasText: 'Compare from here…' }).click();
	const pending = page.locator(`${CONVERSATIONS} .logos-compare-pending`);
	await pending.waitFor();
	expect(await contrastOf(page, `${CONVERSATIONS} .logos-compare-pending > span`)).toBeGreaterThanOrEqual(4.5);
	expect(await contrastOf(page, `${CONVERSATIONS} .logos-compare-from-flag`)).toBeGreaterThanOrEqual(4.5);
	expect(await overflowingRight(page, CONVERSATIONS)).toEqual([]);
	// Scrolled to the last conversation, the pick is still in sight at the top of the view.
	await page.locator(`${CONVERSATIONS} details.logos-conversation-checkpoints > summary`).last().scrollIntoViewIfNeeded();
	const [top, box] = [await page.locator(CONVERSATIONS).boundingBox(), await pending.boundingBox()];
	expect(box?.y ?? -1).toBeGreaterThanOrEqual(top?.y ?? 0);
	expect(box?.y ?? 9999).toBeLessThan((top?.y ?? 0) + 40);
	await screenshot(page, 'conversations-compare-pick-dark-360');
	await page.keyboard.press('Escape');
	expect(await pending.isVisible()).toBe(false);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('at 360 px the two sides stack and nothing reaches past the view', async () => {
	const { page, errors } = await served.open({ viewport: { width: 360, height: 800 } });
	// A phone shows one thing at a time: both drawers closed, the compare tab on screen.
	await page.click('.host-toggle-left');
	await page.click('.host-toggle-right');
	await page.evaluate(async ([older, newer]) => {
		const app = window.host?.app as { workspace: { getLeaf(n: string): { setViewState(vs: unknown): Promise<void> } } };
		await app.workspace.getLeaf('tab').setViewState({ type: 'logos-compare', active: true, state: { older, newer } });
	}, [CURSOR, CLAUDE] as const);
	await waitForCompare(page, SUMMARY);
	const [a, b] = [await row(page, 'task').locator('.logos-compare-older').boundingBox(), await row(page, 'task').locator('.logos-compare-newer').boundingBox()];
	expect(b?.y ?? 0).toBeGreaterThanOrEqual((a?.y ?? 0) + (a?.height ?? 0) - 1);
	expect(await row(page, 'task').locator('.logos-compare-side-label').first().isVisible()).toBe(true);
	const overflow = await page.evaluate((view) => {
		const root = document.querySelector<HTMLElement>(view);
		if (!root) return ['no view'];
		const right = root.getBoundingClientRect().right + 0.5;
		const out: string[] = [];
		for (const el of root.querySelectorAll<HTMLElement>('*')) {
			const r = el.getBoundingClientRect();
			if (r.width > 0 && r.right > right) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
		}
		return out;
	}, VIEW);
	expect(overflow).toEqual([]);
	// On screen, not under a drawer: the point at the task's newer value is that value.
	const shown = await row(page, 'task').locator('.logos-compare-newer .logos-compare-text').evaluate((el) => {
		const r = el.getBoundingClientRect();
		return el.contains(document.elementFromPoint(r.left + 4, r.top + 4));
	});
	expect(shown).toBe(true);
	await screenshot(page, 'compare-view-narrow');
	await page.locator(`${VIEW} .logos-compare-effect`).scrollIntoViewIfNeeded();
	await screenshot(page, 'compare-view-narrow-effect');
	expect(errors).toEqual([]);
	await page.context().close();
});

/**
 * The change line and the compare view in both themes at both widths, for the eye
 * (test/e2e/artifacts/change-line-<theme>-<width>.png, compare-view-<theme>-<width>.png): the
 * marks keep three colours of their own, the text stands out from its background, and nothing
 * reaches past the pane or the view.
 */
for (const theme of ['light', 'dark'] as const) {
	for (const width of [1400, 360]) {
		test(`${theme} theme at ${width} px: the change line and the compare view read well and fit`, async () => {
			const { page, errors } = await served.open({ theme, viewport: { width, height: width > 400 ? 900 : 800 } });
			expect(await page.evaluate(() => document.body.classList.contains('theme-dark'))).toBe(theme === 'dark');
			// On a phone one drawer at a time: the file list closes before the pane opens.
			if (width < 400) await page.click('.host-toggle-left');
			await openResumePane(page);
			const line = page.locator(`${PANE} .logos-handoff-changed .logos-change-line`);
			await line.waitFor();
			await line.locator('summary').click();
			await line.locator('li').first().waitFor();
			expect(await line.locator('.logos-change-text').textContent()).toBe(SUMMARY);
			expect(await contrastOf(page, `${PANE} .logos-change-line li`)).toBeGreaterThanOrEqual(4.5);
			expect(await overflowingRight(page, PANE)).toEqual([]);
			await screenshot(page, `change-line-${theme}-${width}`);

			if (width < 400) await page.click('.host-toggle-right');
			await page.evaluate(async ([older, newer]) => {
				const app = window.host?.app as { workspace: { getLeaf(n: string): { setViewState(vs: unknown): Promise<void> } } };
				await app.workspace.getLeaf('tab').setViewState({ type: 'logos-compare', active: true, state: { older, newer } });
			}, [CURSOR, CLAUDE] as const);
			await waitForCompare(page, SUMMARY);
			const borders = await page.evaluate((view) => ['added', 'removed', 'replaced'].map((m) => getComputedStyle(document.querySelector(`${view} .logos-compare-${m}`) as Element).borderLeftColor), VIEW);
			expect(new Set(borders).size).toBe(3);
			expect(borders).not.toContain('rgba(0, 0, 0, 0)');
			for (const mark of ['added', 'removed', 'replaced']) expect(await contrastOf(page, `${VIEW} .logos-compare-${mark} .logos-compare-text`)).toBeGreaterThanOrEqual(4.5);
			expect(await overflowingRight(page, VIEW)).toEqual([]);
			await screenshot(page, `compare-view-${theme}-${width}`);
			expect(errors).toEqual([]);
			await page.context().close();
		});
	}
}
