/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { App as AppOriginal } from 'obsidian';
import { generateVault } from '../../bench/generate';
import { COMMANDS, type CommandContext } from '../../../src/cli/commands';
import type { Timeline } from '../../../src/core';
import type LogosContinuityPlugin from '../../../src/main';
import { TimelineView, TIMELINE_VIEW_TYPE } from '../../../src/ui/timeline/timeline-view';
import { DEMO_DIR, folderFiles, offered, openView, OWN_DIR } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, settle, untilDone } from '../../helpers/harness';
import { WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';

/** 2026-11-30T12:00:00-08:00, the golden files' clock. */
const NOW = 1796068800;

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

afterEach(() => {
	plugin.unload();
	document.body.empty();
	jest.restoreAllMocks();
});

async function start(dir: string): Promise<TimelineView> {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(folderFiles(dir));
	plugin = await loadPlugin(app);
	return openView(app, plugin, TIMELINE_VIEW_TYPE, TimelineView);
}

/** Notes opened from now on, and that none took the timeline's own tab. */
function watchOpens(): string[] {
	const opened: string[] = [];
	jest.spyOn(WorkspaceLeaf.prototype, 'openFile').mockImplementation(function (this: unknown, file: { path: string }) {
		expect(this).not.toBe(app.workspace.getLeavesOfType(TIMELINE_VIEW_TYPE)[0]);
		opened.push(file.path);
		return Promise.resolve();
	} as never);
	return opened;
}

/** What `logos-continuity timeline --vault DIR --scope S --json --now NOW` prints. */
function cliTimeline(dir: string, scope: string): Timeline {
	const ctx: CommandContext = { vaultDir: dir, sessionsRel: 'sessions', values: { scope }, args: [], now: NOW, json: true };
	return JSON.parse(JSON.stringify(COMMANDS.timeline.run(ctx))) as Timeline;
}

const sorted = (rows: (string | null)[][]) => rows.map((r) => r.join(' ')).sort();

/** What the view drew: marks, links, flags and silent sessions, read back from the SVG (links and flags in any order). */
function drawn(view: TimelineView) {
	const el = view.contentEl;
	return {
		marks: [...el.querySelectorAll('.logos-timeline-mark')].map((m) => [m.getAttribute('data-session'), m.getAttribute('data-kind')]),
		links: sorted([...el.querySelectorAll('.logos-timeline-link')].map((l) => [l.getAttribute('data-from'), l.getAttribute('data-to'), l.getAttribute('data-kind')])),
		flags: sorted([...el.querySelectorAll('.logos-timeline-flag')].map((f) => [f.getAttribute('data-kind'), f.getAttribute('data-path')])),
		lanes: [...el.querySelectorAll('.logos-timeline-label[data-lane]')].map((l) => l.getAttribute('data-lane')),
		silent: [...el.querySelectorAll('.logos-timeline-abandoned')].map((a) => a.getAttribute('data-agent')),
	};
}

function expected(t: Timeline) {
	return {
		marks: t.marks.map((m) => [m.session, m.kind]),
		links: sorted(t.links.map((l) => [l.from, l.to, l.kind])),
		flags: sorted(t.problems.filter((p) => p.lane !== null).map((p) => [p.kind, p.path])),
		lanes: t.lanes.map((l) => l.id),
		silent: t.abandoned.map((a) => a.agent),
	};
}

describe('the view and the CLI draw the same timeline', () => {
	test.each([
		[DEMO_DIR, 'kestrel'],
		[DEMO_DIR, 'sluice'],
		[OWN_DIR, 'alpha'],
		[OWN_DIR, 'beta'],
		[OWN_DIR, 'gamma'],
	])('%s %s', async (dir, scope) => {
		const view = await start(dir);
		await view.showScope(scope);
		const cli = cliTimeline(dir, scope);
		expect(cli.marks.length).toBeGreaterThan(0);
		expect(drawn(view)).toEqual(expected(cli));
	});
});

describe('reading the timeline', () => {
	test('auto and auto-closed records are hollow, handoffs carry the receiving agent\'s colour', async () => {
		const view = await start(DEMO_DIR);
		await view.showScope('rivet');
		const closed = view.contentEl.querySelector('[data-session="20261105-163000-cursor"]');
		expect(closed?.classList.contains('is-hollow')).toBe(true);
		expect(view.contentEl.querySelector('[data-session="20261103-101122-codex"]')?.classList.contains('is-hollow')).toBe(false);
		const handoff = view.contentEl.querySelector('.logos-timeline-link[data-to="20261109-094518-claude"]');
		const receiver = view.contentEl.querySelector('[data-session="20261109-094518-claude"]');
		const colourOf = (e: Element | null) => [...(e?.classList ?? [])].find((c) => c.startsWith('logos-agent-'));
		expect(colourOf(handoff)).toBeDefined();
		expect(colourOf(handoff)).toBe(colourOf(receiver));
		expect(view.contentEl.querySelector('.logos-timeline-legend')?.textContent).toContain('cursor');
	});

	test('checkpoints new since the person last looked are ringed, say so on hover and are counted in the legend', async () => {
		const view = await start(DEMO_DIR);
		const fresh = 'sessions/rivet/_convos/c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f/20261112-154210-claude.md';
		// What "since I last looked" answers for rivet (its own tests: test/ui/since, test/store/news.test.ts).
		jest.spyOn(plugin.since, 'lastLooked').mockImplementation((scope) => (scope === 'rivet' ? 1 : null));
		jest.spyOn(plugin.since, 'newPaths').mockImplementation((scope, since) => new Set(scope === 'rivet' && since === 1 ? [fresh] : []));
		await view.showScope('rivet');
		const marked = [...view.contentEl.querySelectorAll('.logos-timeline-mark.is-new')];
		expect(marked.map((m) => m.getAttribute('data-session'))).toEqual(['20261112-154210-claude']);
		expect(marked[0].getAttribute('aria-label')).toMatch(/ · new since you last looked$/);
		expect(view.contentEl.querySelector('.logos-timeline-legend-new')?.textContent).toBe('1 new since you last looked');
		// Seen: the next refresh draws no ring.
		const asked = jest.spyOn(plugin.since, 'newPaths');
		asked.mockClear();
		await view.refresh();
		// Nothing changed: a refresh asks the last look alone, not which checkpoints are new.
		expect(asked).not.toHaveBeenCalled();
		jest.spyOn(plugin.since, 'lastLooked').mockReturnValue(2);
		await view.refresh();
		expect(view.contentEl.querySelectorAll('.logos-timeline-mark.is-new').length).toBe(0);
		expect(view.contentEl.querySelector('.logos-timeline-legend-new')).toBeNull();
	});

	test('each mark says who, what and when on hover', async () => {
		const view = await start(DEMO_DIR);
		await view.showScope('kestrel');
		const mark = view.contentEl.querySelector('[data-session="20261124-101505-claude"]');
		expect(mark?.getAttribute('aria-label')).toMatch(/^claude · add partial refunds to the admin order page · .* · hands off to codex$/);
		mark?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
		expect(mark?.querySelector('title')?.textContent).toMatch(/^claude · add partial refunds to the admin order page · .* · hands off to codex$/);
	});

	test('a click opens the note of the mark', async () => {
		const view = await start(DEMO_DIR);
		await view.showScope('kestrel');
		const opened = watchOpens();
		const mark = view.contentEl.querySelector('[data-session="20261125-100233-codex"]');
		mark?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
		await settle();
		expect(opened).toEqual(['sessions/kestrel/_convos/019ab4e2-3c71-7d05-9f2a-6b8c0d1e2f34/20261125-100233-codex.md']);
	});

	test('arrow keys move along a lane and between lanes, Enter opens', async () => {
		const view = await start(DEMO_DIR);
		await view.showScope('kestrel');
		const focused = () => view.contentEl.querySelector('.logos-timeline-mark[tabindex="0"]')?.getAttribute('data-session');
		const press = (key: string) => {
			const el = view.contentEl.querySelector('.logos-timeline-mark[tabindex="0"]');
			el?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
		};
		// The newest lane's newest mark starts in the tab order.
		expect(focused()).toBe('20261129-083015-claude');
		press('ArrowLeft');
		expect(focused()).toBe('20261129-083015-claude');
		press('ArrowDown');
		expect(focused()).toBe('20261128-094411-codex');
		press('ArrowDown');
		press('ArrowDown');
		expect(focused()).toBe('20261126-171233-claude');
		press('ArrowLeft');
		expect(focused()).toBe('20261126-134500-claude');
		expect(view.contentEl.querySelectorAll('.logos-timeline-mark[tabindex]')).toHaveLength(1);
		const opened = watchOpens();
		press('Enter');
		await settle();
		expect(opened).toEqual(['sessions/kestrel/disputes/_convos/5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9/20261126-134500-claude.md']);
	});

	test('zoom: a day shows the last day\'s marks, Earlier pages back a day, and the view state keeps both', async () => {
		const view = await start(DEMO_DIR);
		await view.showScope('kestrel');
		const sessions = () => drawn(view).marks.map(([session]) => session);
		const all = sessions();
		expect(all).toHaveLength(10);
		await view.setZoom('day');
		const day = sessions();
		expect(day).toContain('20261129-083015-claude');
		expect(day.length).toBeLessThan(all.length);
		// The drawing stays the view's width: zoomed in, it pages instead of growing.
		const width = () => Number(view.contentEl.querySelector('svg.logos-timeline-svg')?.getAttribute('width'));
		expect(width()).toBeLessThanOrEqual(800);
		expect(view.contentEl.querySelector<HTMLButtonElement>('button[data-page="later"]')?.disabled).toBe(true);
		view.contentEl.querySelector<HTMLButtonElement>('button[data-page="earlier"]')?.click();
		await settle();
		await view.refresh();
		const before = sessions();
		expect(before).not.toContain('20261129-083015-claude');
		expect(before).toContain('20261128-094411-codex');
		expect(view.contentEl.querySelector<HTMLButtonElement>('button[data-page="later"]')?.disabled).toBe(false);
		expect(view.getState()).toMatchObject({ scope: 'kestrel', zoom: 'day' });
		expect(view.contentEl.querySelector('button[data-zoom="day"]')?.getAttribute('aria-pressed')).toBe('true');
		await view.setZoom('all');
		expect(sessions()).toEqual(all);
	});

	test('"Open conversation timeline" is in the palette', async () => {
		await start(DEMO_DIR);
		expect(offered(plugin, 'open-timeline')).toBe(true);
	});
});

describe('a scope of many checkpoints', () => {
	let dir = '';
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-timeline-'));
		generateVault(dir, { checkpoints: 700, scopes: 2, notes: 20, bigScope: 600 });
	});
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	test('drawn in pieces, every mark and link ends up drawn, as the CLI lists them', async () => {
		const view = await start(dir);
		await untilDone(view.showScope('proj-00'));
		const cli = cliTimeline(dir, 'proj-00');
		expect(cli.marks).toHaveLength(600);
		expect(drawn(view)).toEqual(expected(cli));
	});

	test('choosing another scope right after a first one: the later choice is what stays drawn', async () => {
		const view = await start(dir);
		const first = view.showScope('proj-00');
		const second = view.showScope('proj-01');
		await untilDone(Promise.all([first, second]));
		await settle(50);
		expect(drawn(view)).toEqual(expected(cliTimeline(dir, 'proj-01')));
	});
});
