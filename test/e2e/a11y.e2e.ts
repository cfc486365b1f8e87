/**
 * Accessibility of the plugin's own surfaces, checked by axe-core in real Chromium over the
 * demo vault: the resume pane (kestrel, every section opened), its "since I last looked" line,
 * marks and status bar dot, the list of scopes with news, the review queue, the conversations
 * view (every conversation's checkpoints unfolded, one picked to compare from), the chain bar on
 * a checkpoint note and the settings tab, each in the light and the dark theme. axe runs in the
 * page from the installed package (nothing is downloaded) and only over the plugin's elements:
 * the host's own chrome is not ours to judge. A serious or critical violation fails the test;
 * the counts per surface and theme are printed as a table.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_VAULT, openNote, openResumePane, PANE, runCommand, shownNote, useHost, waitForPane } from './helpers';

const served = useHost(DEMO_VAULT);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const CHECKPOINT = 'sessions/kestrel/_convos/019ab4e2-3c71-7d05-9f2a-6b8c0d1e2f34/20261125-100233-codex.md';
const CONVERSATIONS = '.workspace-leaf-content[data-type="logos-conversations"]';
const NEWS_CHECKPOINT = 'sessions/rivet/_convos/c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f/20261201-090000-codex.md';
const NEWS_TEXT = [
	'---', 'project: rivet', 'agent: codex', 'session: 20261201-090000-codex', 'host_session: c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
	'checkpointed: 2026-12-01T09:00:00-08:00', '---', '', '## Task', '', 'write the Homebrew tap formula for rivet', '',
	"## Didn't work", '', '- brew audit --strict on a formula without a license stanza', '', '## Next', '', "open the tap's pull request", '',
].join('\n');

interface Found {
	id: string;
	impact: string;
	help: string;
	nodes: string[];
	/** axe's account of the first element: the colours and ratio, the missing name. */
	why: string;
}

/** axe over `selector` only; the violations of every impact, with the elements they were found on. */
async function audit(page: Page, selector: string): Promise<Found[]> {
	await page.locator(selector).first().waitFor();
	if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
	return page.evaluate(async (include) => {
		type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
		const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<Result> } }).axe;
		// The modal's close button is Obsidian's (drawn by the host as the app draws it), not the plugin's.
		const result = await axe.run({ include: [include], exclude: ['.modal-close-button'] }, { resultTypes: ['violations'] });
		return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')), why: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ') }));
	}, selector);
}

/** The resume pane open on `scope`. */
async function paneOn(page: Page, scope: string): Promise<void> {
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, scope);
	await waitForPane(page, scope);
}

/** A checkpoint arrives while rivet is on screen: the pane's news line shows it. */
async function newsArrives(page: Page): Promise<void> {
	await paneOn(page, 'rivet');
	await page.evaluate(async ([p, t]) => {
		const app = window.host?.app as { vault: { create(p: string, t: string): Promise<unknown> } };
		await app.vault.create(p, t);
	}, [NEWS_CHECKPOINT, NEWS_TEXT] as const);
	await page.locator(`${PANE} .logos-news .logos-news-seen`).waitFor({ timeout: 30_000 });
}

/** Each surface: how to bring it up on a fresh page, and the plugin's container axe looks at. */
const SURFACES: { name: string; selector: string; show(page: Page): Promise<void> }[] = [
	{
		name: 'resume pane',
		selector: PANE,
		show: async (page) => {
			await paneOn(page, 'kestrel');
			const titles = page.locator(`${PANE} .logos-section.is-collapsed > .logos-section-title`);
			while ((await titles.count()) > 0) await titles.first().click();
		},
	},
	{
		// A short scope: nothing scrolls, so the header's line and the next step are judged where they stand.
		name: 'short pane',
		selector: PANE,
		show: async (page) => {
			await paneOn(page, 'rivet');
		},
	},
	{
		name: 'review queue',
		selector: '.modal.logos-queue-modal',
		show: async (page) => {
			await paneOn(page, 'kestrel');
			await runCommand(page, 'Review rulings');
			await page.locator('.modal.logos-queue-modal .logos-queue-progress').waitFor();
		},
	},
	{
		name: 'conversations',
		selector: CONVERSATIONS,
		show: async (page) => {
			await runCommand(page, 'Open conversations');
			await page.locator(`${CONVERSATIONS} [data-conversation]`).first().waitFor({ timeout: 30_000 });
			// Every conversation's checkpoints unfolded, and one picked to compare from: its flag and the status line are judged too.
			const folded = page.locator(`${CONVERSATIONS} details.logos-conversation-checkpoints:not([open]) > summary`);
			while ((await folded.count()) > 0) await folded.first().click();
			await page.locator(`${CONVERSATIONS} .logos-conversation-checkpoint`).first().click({ button: 'right' });
			await page.locator('.menu .menu-item', { hasText: 'Compare from here…' }).click();
			await page.locator(`${CONVERSATIONS} .logos-compare-pending:not(.logos-is-hidden)`).waitFor();
		},
	},
	{
		name: 'chain bar',
		selector: '.logos-chain-bar',
		show: async (page) => {
			await openNote(page, CHECKPOINT);
			await shownNote(page).locator('.logos-chain-bar .logos-chain-position').waitFor({ timeout: 30_000 });
		},
	},
	{
		// "Since I last looked": a checkpoint arrives while rivet is on screen; its line, its marks and the dot
		// (only these: the rest of the pane is the surface above, where the longer kestrel scrolls its header away).
		name: 'pane with news',
		selector: `${PANE} .logos-news, ${PANE} .logos-new-badge, .status-bar-item.logos-news-status`,
		show: async (page) => {
			await newsArrives(page);
			const titles = page.locator(`${PANE} .logos-section.is-collapsed > .logos-section-title`);
			while ((await titles.count()) > 0) await titles.first().click();
		},
	},
	{
		name: 'news list',
		selector: '.modal .logos-news-suggestion',
		show: async (page) => {
			await newsArrives(page);
			await runCommand(page, 'Show scopes with news');
		},
	},
	{
		name: 'settings tab',
		selector: '.modal.mod-settings .vertical-tab-content',
		show: async (page) => {
			await page.keyboard.press('Control+Comma');
			await page.locator('.modal.mod-settings .vertical-tab-content .setting-item').first().waitFor();
		},
	},
];

const table: { surface: string; theme: string; serious: number; critical: number; other: number }[] = [];

afterAll(() => {
	if (table.length === 0) return;
	const rows = table.map((r) => `| ${r.surface.padEnd(13)} | ${r.theme.padEnd(5)} | ${String(r.critical).padStart(8)} | ${String(r.serious).padStart(7)} | ${String(r.other).padStart(14)} |`);
	console.log(['axe-core violations (rules failed) on the plugin\'s elements', '| surface       | theme | critical | serious | moderate/minor |', '|---|---|---|---|---|', ...rows].join('\n'));
});

for (const theme of ['light', 'dark'] as const) {
	for (const surface of SURFACES) {
		test(`${surface.name} (${theme}): no serious or critical accessibility violation`, async () => {
			const { page, errors } = await served.open({ theme });
			await surface.show(page);
			const found = await audit(page, surface.selector);
			const count = (impact: string) => found.filter((f) => f.impact === impact).length;
			table.push({ surface: surface.name, theme, critical: count('critical'), serious: count('serious'), other: found.length - count('critical') - count('serious') });
			const bad = found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
			// The rule, its help text and where, so a failure says what to fix.
			expect(bad.map((f) => `${f.impact} ${f.id}: ${f.help} — ${f.nodes.slice(0, 5).join(', ')}${f.nodes.length > 5 ? ` (+${f.nodes.length - 5})` : ''} — ${f.why}`)).toEqual([]);
			expect(errors).toEqual([]);
			await page.context().close();
		});
	}
}
