/**
 * The small things a person noticed in the resume pane, over demo-vault, in real Chromium: the
 * State section spaced like the sections around it; task and intent labelled in the handoff
 * block; what blocks the next step in the theme's warning colour, light and dark; section names a
 * person reads ("Commands run", "Checks on this handoff"), not logos's jargon. (The CLI's
 * "1 checkpoint" is checked where the CLI runs: test/cli/output.test.ts and the golden files.)
 */
import type { Page } from 'playwright-core';
import { DEMO_VAULT, openResumePane, PANE, screenshot, useHost, waitForPane } from './helpers';

const served = useHost(DEMO_VAULT);
const SCOPES = ['kestrel', 'kestrel/disputes', 'rivet', 'sluice'];

async function showScope(page: Page, scope: string): Promise<void> {
	await page.selectOption(`${PANE} select.logos-scope-select`, scope);
	await waitForPane(page, scope);
}

async function openSection(page: Page, key: string): Promise<void> {
	const section = page.locator(`${PANE} .logos-section[data-section="${key}"]`);
	if (await section.evaluate((el) => el.classList.contains('is-collapsed'))) await section.locator(':scope > .logos-section-title').click();
}

/**
 * The white space a person sees around a section's text: from the bottom of its title to the top
 * of its first line of text, and from the bottom of its last line of text to the next section's
 * title. Measured on the text's own line boxes, so margins of whatever holds the text count.
 */
async function gaps(page: Page, key: string): Promise<{ above: number; below: number }> {
	return page.evaluate(
		([pane, k]) => {
			const section = document.querySelector<HTMLElement>(`${pane} .logos-section[data-section="${k}"]`);
			const title = section?.querySelector(':scope > .logos-section-title');
			const body = section?.querySelector(':scope > .logos-section-body');
			const next = section?.nextElementSibling?.querySelector(':scope > .logos-section-title');
			if (!section || !title || !body || !next) throw new Error(`no section ${k} with a section after it`);
			const lines: DOMRect[] = [];
			const walk = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) {
				if ((n.textContent ?? '').trim() === '') continue;
				const range = document.createRange();
				range.selectNodeContents(n);
				for (const r of range.getClientRects()) if (r.height > 0) lines.push(r);
			}
			const top = Math.min(...lines.map((r) => r.top));
			const bottom = Math.max(...lines.map((r) => r.bottom));
			return { above: top - title.getBoundingClientRect().bottom, below: next.getBoundingClientRect().top - bottom };
		},
		[PANE, key] as const,
	);
}

test('"State" has the same space above and below its text as the lists of the other sections', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await showScope(page, 'kestrel');
	// Decided, then Still open (lists), and State (markdown) between lists.
	for (const key of ['decided', 'questions', 'state']) await openSection(page, key);
	const decided = await gaps(page, 'decided');
	const questions = await gaps(page, 'questions');
	const state = await gaps(page, 'state');
	console.log(`gaps above/below the text: decided ${decided.above}/${decided.below}, still open ${questions.above}/${questions.below}, state ${state.above}/${state.below} px`);
	expect(questions.above).toBeCloseTo(decided.above, 0);
	expect(questions.below).toBeCloseTo(decided.below, 0);
	expect(state.above).toBeCloseTo(decided.above, 0);
	expect(state.below).toBeCloseTo(decided.below, 0);
	await page.locator(`${PANE} .logos-section[data-section="state"]`).scrollIntoViewIfNeeded();
	await screenshot(page, 'small-things-state-gaps');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('"They were doing" is two labelled rows of the handoff block: Task and Intent, each beside its value', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	for (const scope of SCOPES) {
		await showScope(page, scope);
		const rows = await page.locator(`${PANE} .logos-handoff-row`).evaluateAll((els) =>
			els.map((row) => {
				const label = row.querySelector('.logos-handoff-label');
				const value = row.querySelector('.logos-handoff-value');
				const l = label?.getBoundingClientRect();
				const v = value?.getBoundingClientRect();
				// Beside: the label starts the row and the value follows it on the same line.
				const beside = l !== undefined && v !== undefined && l.right <= v.left && Math.abs(l.top - v.top) < 2;
				return { label: label?.textContent ?? '', value: (value?.textContent ?? '').trim(), beside };
			}),
		);
		const task = rows.find((r) => r.label === 'Task');
		const intent = rows.find((r) => r.label === 'Intent');
		expect([scope, task?.value !== '', task?.beside, intent?.value !== '', intent?.beside]).toEqual([scope, true, true, true, true]);
		// Task comes before intent, and no heading of logos's words stands over them.
		expect(rows.findIndex((r) => r.label === 'Task')).toBeLessThan(rows.findIndex((r) => r.label === 'Intent'));
		expect(await page.locator(PANE).textContent()).not.toContain('They were doing');
	}
	expect(errors).toEqual([]);
	await page.context().close();
});

for (const theme of ['light', 'dark'] as const) {
	test(`what blocks the next step is in the theme's warning colour (${theme})`, async () => {
		const { page, errors } = await served.open({ theme });
		await openResumePane(page);
		for (const scope of ['kestrel/disputes', 'sluice']) {
			await showScope(page, scope);
			const row = page.locator(`${PANE} .logos-handoff-row.logos-handoff-blocked`);
			expect(await row.locator('.logos-handoff-label').textContent()).toBe('Blocked by');
			const seen = await row.evaluate((el) => {
				// The theme's own colours, resolved by the browser in this pane.
				const probe = (v: string): string => {
					const p = el.createDiv();
					p.style.color = `var(${v})`;
					const c = getComputedStyle(p).color;
					p.remove();
					return c;
				};
				const label = el.querySelector('.logos-handoff-label');
				const value = el.querySelector<HTMLElement>('.logos-handoff-value');
				const item = value?.querySelector('li .logos-line, li');
				return {
					warning: probe('--text-warning'),
					normal: probe('--text-normal'),
					label: label ? getComputedStyle(label).color : '',
					item: item ? getComputedStyle(item).color : '',
					rule: value ? getComputedStyle(value).borderInlineStartColor : '',
					ruleWidth: value ? getComputedStyle(value).borderInlineStartWidth : '',
				};
			});
			expect(seen.warning).not.toBe(seen.normal);
			expect(seen).toEqual({ warning: seen.warning, normal: seen.normal, label: seen.warning, item: seen.warning, rule: seen.warning, ruleWidth: '2px' });
		}
		await screenshot(page, `small-things-blocked-${theme}`);
		expect(errors).toEqual([]);
		await page.context().close();
	});
}

test('sections are named for a person: "Commands run" and "Checks on this handoff", never "Shown by running" or "Receipts"', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	const names = new Set<string>();
	for (const scope of SCOPES) {
		await showScope(page, scope);
		// The pane's own words: section titles and the handoff's labels (agents' text may say anything).
		const titles = await page.locator(`${PANE} .logos-section-name, ${PANE} .logos-handoff-label`).allTextContents();
		for (const n of titles) names.add(n);
		expect([scope, titles.filter((t) => /Shown by running|Receipts/i.test(t))]).toEqual([scope, []]);
	}
	expect([...names]).toEqual(expect.arrayContaining(['Commands run', 'Checks on this handoff']));
	expect(errors).toEqual([]);
	await page.context().close();
});
