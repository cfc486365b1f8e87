/**
 * The resume pane's first screen over demo-vault, in real Chromium: for every scope the
 * handoff block (who stopped and when, task, intent, next step, blockers, verified, the notes
 * waiting) ends inside the first screen of a 380 px sidebar in a 900 px high window, with
 * room for one more line; everything else sits in closed sections with their counts. Then the
 * pane from the keyboard alone: Tab to a ruling, open its menu, retire it. Screenshots at
 * 380 px and at a phone's 360 px go to test/e2e/artifacts/ (light theme: the host has no
 * other).
 */
import type { Page } from 'playwright-core';
import { DEMO_VAULT, openResumePane, PANE, screenshot, useHost, vaultText, waitForPane } from './helpers';

const served = useHost(DEMO_VAULT, { viewport: { width: 1400, height: 900 } });

async function showScope(page: Page, scope: string): Promise<void> {
	await page.selectOption(`${PANE} select.logos-scope-select`, scope);
	await waitForPane(page, scope);
}

/** Where the handoff block ends and where the pane's visible area ends, in window pixels. */
async function fit(page: Page): Promise<{ blockBottom: number; paneBottom: number; bodyHeight: number }> {
	return page.evaluate((pane) => {
		const root = document.querySelector<HTMLElement>(pane);
		const block = root?.querySelector<HTMLElement>('.logos-handoff');
		const body = root?.querySelector<HTMLElement>('.logos-body');
		if (!root || !block || !body) throw new Error('no handoff block');
		return { blockBottom: block.getBoundingClientRect().bottom, paneBottom: Math.min(root.getBoundingClientRect().bottom, window.innerHeight), bodyHeight: body.scrollHeight };
	}, PANE);
}

test('for every scope of demo-vault the handoff block fits the first screen of a 380 × 900 sidebar, with room for one more line', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	const width = await page.locator(PANE).evaluate((el) => el.getBoundingClientRect().width);
	expect(width).toBe(380);
	const scopes = await page.locator(`${PANE} select.logos-scope-select option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
	expect(scopes).toEqual(['kestrel', 'kestrel/disputes', 'rivet', 'sluice']);
	for (const scope of scopes) {
		await showScope(page, scope);
		const before = await fit(page);
		// The line later work adds (what the last checkpoint changed), in the room left for it.
		await page.evaluate((pane) => {
			const room = document.querySelector(`${pane} .logos-handoff-extra`);
			const row = room?.createDiv({ cls: 'logos-handoff-row' });
			row?.createDiv({ cls: 'logos-handoff-label', text: 'Changed' });
			row?.createDiv({ cls: 'logos-handoff-value', text: '3 files and 2 decisions since you last looked' });
		}, PANE);
		const after = await fit(page);
		console.log(`${scope}: handoff block ends at ${Math.round(before.blockBottom)} px (${Math.round(after.blockBottom)} px with one more line), pane visible to ${after.paneBottom} px, pane content ${before.bodyHeight} px tall`);
		expect(after.blockBottom).toBeGreaterThan(before.blockBottom);
		expect(after.blockBottom).toBeLessThanOrEqual(after.paneBottom);
		// Nothing of the block is hidden: every section under it starts closed.
		expect(await page.locator(`${PANE} .logos-section:not(.is-collapsed)`).count()).toBe(0);
		await page.evaluate((pane) => document.querySelector(`${pane} .logos-handoff-extra`)?.empty(), PANE);
		await screenshot(page, `pane-first-screen-${scope.replace(/\//g, '-')}`);
	}
	// Sections opened: what a person sees after opening the rulings and the working notes of kestrel.
	await showScope(page, 'kestrel');
	await page.click(`${PANE} [data-section="notes"] > .logos-section-title`);
	await page.click(`${PANE} [data-section="ruled-out"] > .logos-section-title`);
	await page.locator(`${PANE} [data-section="notes"]`).scrollIntoViewIfNeeded();
	await screenshot(page, 'pane-sections-open');
	// The ruling's menu on right-click: open, retire, reconfirm.
	await page.locator(`${PANE} [data-section="ruled-out"] li.logos-ruling`).first().click({ button: 'right' });
	expect(await page.locator('.menu .menu-item-title').allTextContents()).toEqual(['Open in note', 'Retire: it no longer holds', 'Reconfirm: it still holds']);
	await screenshot(page, 'pane-ruling-menu');
	await page.keyboard.press('Escape');
	await page.locator('.menu').waitFor({ state: 'detached' });
	expect(errors).toEqual([]);
	await page.context().close();
});

test('keyboard only: Tab to a ruling, open its menu with Enter, retire it', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await showScope(page, 'rivet');
	const before = await vaultText(page, 'sessions/rivet/reviewed.md').catch(() => '');
	await page.locator(`${PANE} select.logos-conversation-select`).focus();
	const focused = (): Promise<string> => page.evaluate(() => {
		const el = document.activeElement as HTMLElement | null;
		return `${el?.className ?? ''}|${el?.getAttribute('role') ?? el?.tagName ?? ''}|${(el?.textContent ?? '').slice(0, 60)}`;
	});
	// From the pane's controls into the handoff block, then down the section titles to the earlier rulings.
	const path: string[] = [];
	for (let k = 0; k < 40 && !(await focused()).startsWith('logos-section-title'); k++) {
		await page.keyboard.press('Tab');
		path.push(await focused());
	}
	expect(path[0]).toMatch(/^logos-line logos-who logos-link\|link\|rivet|^logos-line logos-who logos-link\|link\|claude/);
	for (let k = 0; k < 20 && !(await focused()).includes('Ruled out earlier'); k++) await page.keyboard.press('ArrowDown');
	expect(await focused()).toContain('Ruled out earlier in this scope');
	await page.keyboard.press('Enter');
	await page.keyboard.press('Tab');
	expect(await focused()).toMatch(/^logos-line logos-ruling-text logos-link\|link\|signing tags with go-git/);
	await page.keyboard.press('Enter');
	await page.locator('.menu').waitFor();
	await screenshot(page, 'pane-keyboard-ruling-menu');
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('Enter');
	await page.waitForFunction(
		async ([b]) => {
			const app = window.host?.app as { vault: { adapter: { read(p: string): Promise<string> } } };
			const now = await app.vault.adapter.read('sessions/rivet/reviewed.md').catch(() => '');
			return now !== b;
		},
		[before] as const,
	);
	const text = await vaultText(page, 'sessions/rivet/reviewed.md');
	// rivet had no reviewed.md: it is created with its header, then the one line.
	expect(before).toBe('');
	expect(text.split('\n').slice(-2)).toEqual([expect.stringMatching(/^- retired: signing tags with go-git — it cannot use the gpg-agent the team's keys live in <!-- ts=\d+ -->$/), '']);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('at a phone’s 360 px the pane fills the drawer, the handoff block first, nothing past its right edge', async () => {
	const { page, errors } = await served.open({ viewport: { width: 360, height: 760 } });
	await page.click('.host-toggle-left');
	await openResumePane(page);
	await showScope(page, 'kestrel');
	await screenshot(page, 'pane-narrow-360-handoff');
	const closed = page.locator(`${PANE} .logos-section.is-collapsed > .logos-section-title`).filter({ visible: true });
	for (let k = 0; k < 40 && (await closed.count()) > 0; k++) await closed.first().click();
	const overflow = await page.evaluate((pane) => {
		const root = document.querySelector<HTMLElement>(pane);
		if (!root) return ['no pane'];
		const right = root.getBoundingClientRect().right + 0.5;
		return [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > right).map((el) => `${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
	}, PANE);
	expect(overflow).toEqual([]);
	await page.locator(`${PANE} [data-section="notes"]`).scrollIntoViewIfNeeded();
	await screenshot(page, 'pane-narrow-360-notes');
	expect(errors).toEqual([]);
	await page.context().close();
});
