/**
 * The conversation timeline in real Chromium over the demo vault: opened from the palette,
 * it draws the marks, handoffs and flags the CLI's `timeline --json` gives for the same vault;
 * a click and Enter open a mark's note beside it; the zoom widens the drawing; at a phone's
 * width (360 px) the labels sit above their lanes and nothing pushes the view sideways.
 * Screenshots: test/e2e/artifacts/timeline-1400.png, timeline-360.png, and in the dark theme
 * timeline-dark-1400.png, timeline-dark-360.png.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Timeline } from '../../src/core';
import { contrastOf, overflowingRight } from './looks';
import { DEMO_VAULT, ROOT, runCommand, screenshot, useHost, waitForNote, type HostPage } from './helpers';

const VIEW = '.workspace-leaf-content[data-type="logos-timeline"]';

const served = useHost(DEMO_VAULT);

/** What the built CLI (dist/cli.cjs, made by the global setup) prints for the same vault, at the page's clock. */
function cliTimeline(scope: string, now: number): Timeline {
	const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.cjs'), 'timeline', '--vault', DEMO_VAULT, '--scope', scope, '--json', '--now', String(now)], { encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`the CLI failed: ${r.stderr}`);
	return JSON.parse(r.stdout) as Timeline;
}

async function openTimeline(hp: HostPage, scope: string): Promise<void> {
	const { page } = hp;
	await runCommand(page, 'Open conversation timeline');
	await page.waitForSelector(`${VIEW} select.logos-scope-select`);
	await page.selectOption(`${VIEW} select.logos-scope-select`, scope);
	await page.waitForFunction(
		(sel) => document.querySelector(`${sel} .logos-timeline-mark`) !== null && document.querySelector<HTMLSelectElement>(`${sel} select.logos-scope-select`)?.value !== '',
		VIEW,
	);
}

const drawnSessions = (hp: HostPage) => hp.page.$$eval(`${VIEW} .logos-timeline-mark`, (els) => els.map((e) => e.getAttribute('data-session')));

test('at 1400 px the timeline draws what the CLI lists, and a mark opens its note beside it', async () => {
	const hp = await served.open();
	const { page, errors } = hp;
	await openTimeline(hp, 'kestrel');
	const now = Math.floor((await page.evaluate(() => Date.now())) / 1000);
	const cli = cliTimeline('kestrel', now);
	expect(await drawnSessions(hp)).toEqual(cli.marks.map((m) => m.session));
	const links = await page.$$eval(`${VIEW} .logos-timeline-link`, (els) => els.map((e) => `${e.getAttribute('data-from')} ${e.getAttribute('data-to')} ${e.getAttribute('data-kind')}`));
	expect(links.sort()).toEqual(cli.links.map((l) => `${l.from} ${l.to} ${l.kind}`).sort());
	expect(await page.locator(`${VIEW} .logos-timeline-label[data-lane]`).count()).toBe(cli.lanes.length);
	// Worktree conversations are marked, and the silent codex session is on the notes row.
	expect(await page.locator(`${VIEW} .logos-timeline-label .logos-chain-flag`).first().textContent()).toBe('kestrel/disputes');
	expect(await page.locator(`${VIEW} .logos-timeline-abandoned`).count()).toBe(cli.abandoned.length);
	// Labels beside the lanes, inside the view.
	expect(await page.locator(`${VIEW} .logos-timeline-frame.is-narrow`).count()).toBe(0);
	await screenshot(page, 'timeline-1400');

	// Colours come from the theme: a handoff is drawn in its receiving agent's colour.
	const colours = await page.$eval(`${VIEW} .logos-timeline-link.is-handoff`, (el) => {
		const to = document.querySelector(`[data-type="logos-timeline"] .logos-timeline-mark[data-session="${el.getAttribute('data-to') ?? ''}"]`);
		return [getComputedStyle(el).stroke, to ? getComputedStyle(to).fill : ''];
	});
	expect(colours[0]).not.toBe('none');
	expect(colours[0]).toBe(colours[1]);

	await page.click(`${VIEW} .logos-timeline-mark[data-session="20261125-100233-codex"]`);
	await waitForNote(page, 'sessions/kestrel/_convos/019ab4e2-3c71-7d05-9f2a-6b8c0d1e2f34/20261125-100233-codex.md');
	// The timeline is still open in its own tab.
	expect(await page.locator(VIEW).count()).toBe(1);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('the keyboard moves between marks and Enter opens one; zoomed to a day the timeline pages back', async () => {
	const hp = await served.open();
	const { page, errors } = hp;
	await openTimeline(hp, 'kestrel');
	const count = () => page.locator(`${VIEW} .logos-timeline-mark`).count();
	const all = await count();
	await page.click(`${VIEW} button[data-zoom="day"]`);
	await page.waitForFunction((sel) => document.querySelector(`${sel} button[data-page="earlier"]:not(.logos-is-hidden)`) !== null, VIEW);
	await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .logos-timeline-mark`).length < Number(n), [VIEW, all] as const);
	const lastDay = await drawnSessions(hp);
	await page.click(`${VIEW} button[data-page="earlier"]`);
	await page.waitForSelector(`${VIEW} button[data-page="later"]:not([disabled])`);
	// The day before shows work the last day did not (a mark right on the edge may show in both).
	const dayBefore = await drawnSessions(hp);
	expect(dayBefore.filter((x) => !lastDay.includes(x)).length).toBeGreaterThan(0);
	await screenshot(page, 'timeline-1400-day');
	await page.click(`${VIEW} button[data-zoom="all"]`);
	await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .logos-timeline-mark`).length === Number(n), [VIEW, all] as const);

	await page.focus(`${VIEW} .logos-timeline-mark[tabindex="0"]`);
	expect(await page.evaluate(() => document.activeElement?.getAttribute('data-session'))).toBe('20261129-083015-claude');
	await page.keyboard.press('ArrowDown');
	expect(await page.evaluate(() => document.activeElement?.getAttribute('data-session'))).toBe('20261128-094411-codex');
	await page.keyboard.press('Enter');
	await waitForNote(page, 'sessions/kestrel/disputes/_convos/019ac3f1-8e2d-7b4a-9c5d-0e1f2a3b4c5d/20261128-094411-codex.md');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('at 360 px the lanes stack with their labels above them and nothing overflows sideways', async () => {
	const hp = await served.open({ viewport: { width: 360, height: 760 } });
	const { page, errors } = hp;
	await openTimeline(hp, 'kestrel');
	// As on a phone: both drawers closed, the timeline's tab fills the screen.
	await page.evaluate(() => {
		const ws = (window as unknown as { host: { app: { workspace: { leftSplit: { collapse(): void }; rightSplit: { collapse(): void } } } } }).host.app.workspace;
		ws.leftSplit.collapse();
		ws.rightSplit.collapse();
	});
	await page.waitForFunction((sel) => (document.querySelector(sel)?.getBoundingClientRect().width ?? 0) > 300, VIEW);
	expect(await page.locator(`${VIEW} .logos-timeline-frame.is-narrow`).count()).toBe(1);
	const overflow = await page.evaluate((sel) => {
		const root = document.querySelector<HTMLElement>(sel);
		if (!root) return ['no view'];
		const right = root.getBoundingClientRect().right + 0.5;
		const out: string[] = [];
		// The drawing scrolls inside its own box; everything else ends inside the view.
		for (const el of root.querySelectorAll<HTMLElement>('.logos-header *, .logos-timeline-label, .logos-timeline-scroll, .logos-timeline-problems')) {
			const r = el.getBoundingClientRect();
			if (r.width > 0 && r.right > right) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
		}
		const body = root.querySelector<HTMLElement>('.logos-body');
		if (body && body.scrollWidth > body.clientWidth) out.push(`body scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
		return out;
	}, VIEW);
	expect(overflow).toEqual([]);
	// Each label sits above its lane's marks, not beside them.
	const [labelBottom, markTop] = await page.evaluate((sel) => {
		const label = document.querySelector(`${sel} .logos-timeline-label[data-lane]`);
		const lane = label?.getAttribute('data-lane') ?? '';
		void lane;
		const mark = document.querySelector(`${sel} .logos-timeline-mark`);
		return [label?.getBoundingClientRect().bottom ?? 0, mark?.getBoundingClientRect().top ?? 0];
	}, VIEW);
	expect(labelBottom).toBeLessThanOrEqual(markTop + 1);
	await screenshot(page, 'timeline-360');
	expect(errors).toEqual([]);
	await page.context().close();
});

/**
 * The dark theme at both widths, for the eye (test/e2e/artifacts/timeline-dark-1400.png,
 * timeline-dark-360.png): what the CLI lists is drawn, a handoff still takes its receiving
 * agent's colour, the lane labels stand out from the dark background, and at 360 px the
 * labels sit above their lanes with nothing pushing the view sideways.
 */
for (const width of [1400, 360]) {
	test(`dark theme at ${width} px: the timeline draws what the CLI lists, readable, within the view`, async () => {
		const hp = await served.open({ theme: 'dark', viewport: { width, height: width > 400 ? 900 : 760 } });
		const { page, errors } = hp;
		expect(await page.evaluate(() => document.body.classList.contains('theme-dark'))).toBe(true);
		await openTimeline(hp, 'kestrel');
		if (width < 400) {
			await page.evaluate(() => {
				const ws = (window as unknown as { host: { app: { workspace: { leftSplit: { collapse(): void }; rightSplit: { collapse(): void } } } } }).host.app.workspace;
				ws.leftSplit.collapse();
				ws.rightSplit.collapse();
			});
			await page.waitForFunction((sel) => (document.querySelector(sel)?.getBoundingClientRect().width ?? 0) > 300, VIEW);
		}
		const now = Math.floor((await page.evaluate(() => Date.now())) / 1000);
		expect(await drawnSessions(hp)).toEqual(cliTimeline('kestrel', now).marks.map((m) => m.session));
		const [stroke, fill] = await page.$eval(`${VIEW} .logos-timeline-link.is-handoff`, (el) => {
			const to = document.querySelector(`[data-type="logos-timeline"] .logos-timeline-mark[data-session="${el.getAttribute('data-to') ?? ''}"]`);
			return [getComputedStyle(el).stroke, to ? getComputedStyle(to).fill : ''];
		});
		expect(stroke).not.toBe('none');
		expect(stroke).toBe(fill);
		expect(await contrastOf(page, `${VIEW} .logos-timeline-label[data-lane]`)).toBeGreaterThanOrEqual(4.5);
		expect(await page.locator(`${VIEW} .logos-timeline-frame.is-narrow`).count()).toBe(width < 400 ? 1 : 0);
		// The drawing scrolls inside its own box; everything else ends inside the view.
		expect(await overflowingRight(page, VIEW, '.logos-header *, .logos-timeline-label, .logos-timeline-scroll, .logos-timeline-problems')).toEqual([]);
		await screenshot(page, `timeline-dark-${width}`);
		expect(errors).toEqual([]);
		await page.context().close();
	});
}
