/**
 * The resume pane as a person reads it, over demo-vault in real Chromium: each fact once and
 * actions where Obsidian puts them (icons in the pane's header, one menu per ruling, a file
 * listed once), and names and times instead of raw ids (sources, inherited intent, the
 * conversation and scope pickers, typed working notes as labelled fields). Every section is
 * opened, so nothing the person could see is left out.
 */
import type { Page } from 'playwright-core';
import { DEMO_VAULT, openResumePane, PANE, screenshot, useHost, waitForPane } from './helpers';

const served = useHost(DEMO_VAULT);
const SCOPES = ['kestrel', 'kestrel/disputes', 'rivet', 'sluice'];
/** A session id as logos names checkpoints: 20261125-100233-codex. */
const SESSION_ID = /\b\d{8}-\d{6}-[a-z][a-z-]*\b/;
/** A conversation id (a UUID). */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/;

async function showScope(page: Page, scope: string): Promise<void> {
	await page.selectOption(`${PANE} select.logos-scope-select`, scope);
	await waitForPane(page, scope);
}

/** Opens every closed section (nested ones too) and returns the pane's text as laid out. */
async function openAll(page: Page): Promise<string> {
	const closed = page.locator(`${PANE} .logos-section.is-collapsed > .logos-section-title`);
	for (let k = 0; k < 60 && (await closed.count()) > 0; k++) await closed.first().click();
	return page.locator(`${PANE} .logos-body`).innerText();
}

test('each fact once, actions where Obsidian puts them: icon actions in one header row, one menu per ruling, each file once', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	// The header: the source and its icon actions on one row; copy is an icon named by its label, not a text button.
	const nav = await page.locator(`${PANE} .logos-nav`).evaluate((el) => {
		const kids = [...el.children].map((c) => c.getBoundingClientRect());
		return { height: el.getBoundingClientRect().height, tops: kids.map((r) => Math.round(r.top + r.height / 2)) };
	});
	expect(Math.max(...nav.tops) - Math.min(...nav.tops)).toBeLessThanOrEqual(4);
	expect(nav.height).toBeLessThan(40);
	const copy = page.locator(`${PANE} .logos-nav .logos-copy`);
	expect([await copy.getAttribute('aria-label'), ((await copy.textContent()) ?? '').includes('Copy')]).toEqual(['Copy resume for an agent', false]);
	for (const scope of SCOPES) {
		await showScope(page, scope);
		await openAll(page);
		// No pair of text buttons under the rulings: each ruling has its one menu button.
		const buttons = await page.locator(`${PANE} .logos-body button`).allTextContents();
		expect([scope, buttons.filter((b) => /Retire|Reconfirm/.test(b))]).toEqual([scope, []]);
		const rulings = await page.locator(`${PANE} li.logos-ruling`).evaluateAll((lis) => lis.map((li) => li.querySelectorAll(':scope > button.logos-ruling-menu, :scope > * > button.logos-ruling-menu').length));
		expect(rulings.length).toBeGreaterThan(0);
		expect([scope, rulings.every((n) => n === 1)]).toEqual([scope, true]);
		// Files once: the checkpoint's files and git's touched files in one list, none twice, no second "Touched" list.
		const files = await page.locator(`${PANE} .logos-file`).evaluateAll((els) => els.map((e) => e.firstChild?.textContent ?? ''));
		expect([scope, files.length, new Set(files).size]).toEqual([scope, files.length, files.length]);
		expect(await page.locator(`${PANE} .logos-subtitle`, { hasText: /^Touched$/ }).count()).toBe(0);
	}
	await screenshot(page, 'pane-readable-once');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('names and times where there were ids: sources, inherited intent, pickers, typed working notes as fields', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	for (const scope of SCOPES) {
		await showScope(page, scope);
		const text = await openAll(page);
		// Not one session or conversation id in what the pane shows; they stay in tooltips.
		expect([scope, SESSION_ID.exec(text)?.[0] ?? null, UUID.exec(text)?.[0] ?? null]).toEqual([scope, null, null]);
		// Typed working notes read as labelled fields, never as "route: … | observation: …".
		expect([scope, /\b(route|observation|layer|scope): [^\n]*\|/.exec(text)?.[0] ?? null]).toEqual([scope, null]);
	}
	await showScope(page, 'kestrel');
	const typed = page.locator(`${PANE} .logos-typed-note`).first();
	expect(await typed.innerText()).toMatch(/^Route: .+\nObservation: .+/);
	// A source is its agent (or "working note") and a time a person reads (a ruling with a verdict shows the verdict instead).
	const sources = await page.locator(`${PANE} [data-section="ruled-out"] li .logos-meta`).allTextContents();
	expect(sources.length).toBeGreaterThan(0);
	for (const source of sources.filter((m) => !/^ · (retired|reconfirmed)/.test(m))) expect(source).toMatch(/^ · (claude|codex|cursor|working note), ([A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M|\d+ \w+ ago|yesterday)/);
	// rivet's intent was given by an earlier checkpoint: by whom and when, not its id.
	await showScope(page, 'rivet');
	expect(await page.locator(`${PANE} .logos-handoff-intent .logos-inherited`).textContent()).toMatch(/^ · from claude, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d [AP]M$/);
	// The pickers: a quiet scope says since when, whole; a conversation is a few words cut on a word, the rest and its id on the tooltip.
	const scopes = await page.locator(`${PANE} select.logos-scope-select option`).allTextContents();
	expect(scopes.find((s) => s.startsWith('rivet'))).toMatch(/^rivet · quiet since [A-Z][a-z]{2} \d{1,2}$/);
	await showScope(page, 'kestrel');
	const options = await page.locator(`${PANE} select.logos-conversation-select option`).evaluateAll((os) => os.map((o) => ({ text: o.textContent ?? '', title: (o as HTMLOptionElement).title })));
	for (const o of options.slice(1)) {
		const [name] = o.text.split(' · ');
		expect([o.text, name.length <= 40, SESSION_ID.test(name) || UUID.test(name)]).toEqual([o.text, true, false]);
		const [whole, id] = o.title.split('\n');
		expect(id).toMatch(UUID.test(id) ? UUID : SESSION_ID);
		// Cut on a word: what is shown before "…" is the start of the whole name and ends where one of its words ends.
		if (name.endsWith('…')) {
			const shown = name.slice(0, -1);
			expect([o.text, whole.startsWith(shown), whole.charAt(shown.length) === ' ']).toEqual([o.text, true, true]);
		} else expect(whole).toBe(name);
	}
	await screenshot(page, 'pane-readable-names');
	expect(errors).toEqual([]);
	await page.context().close();
});
