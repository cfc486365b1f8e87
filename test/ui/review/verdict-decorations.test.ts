/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { editorInfoField, editorLivePreviewField, TFile, type App as AppOriginal, type MarkdownPostProcessorContext } from 'obsidian';
import { MarkdownView } from 'obsidian-test-mocks/obsidian';
import { COMMANDS } from '../../../src/cli/commands';
import { reviewQueue } from '../../../src/core';
import { rulingsOf } from '../../../src/core';
import type LogosContinuityPlugin from '../../../src/main';
import { queueVerdict } from '../../../src/ui/review/review-queue';
import { VerdictWidget } from '../../../src/ui/review/verdict-decorations';
import { noteMarkKey } from '../../../src/ui/review/verdict-marks';
import { atomicVault, loadPlugin, makeApp, mockPlugin, NOTIFY_SETTLE_MS, openResumeView, settle } from '../../helpers/harness';
import { A2, A3, A5, A8, ALPHA_NOTES, ALPHA_REVIEWED, NOW, OWN, R1, R2, R3, ROUTE, available, editorOn, fixtureFiles, lineOf, read, tolerateBadFrontmatter } from '../../helpers/review-harness';

const R4 = 'per-route flags in the load balancer — the LB has no per-route flags';
const A7 = 'sessions/alpha/_convos/_unattached/20261106-090000-codex.md';
/** The local date of NOW (docs/decisions.md §7: the person's zone; the tests run in US Pacific). */
const TODAY = '2026-11-13';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

beforeAll(() => tolerateBadFrontmatter());

beforeEach(async () => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(fixtureFiles());
	atomicVault(app);
	plugin = await loadPlugin(app);
});

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
	document.body.empty();
});

/** Reading view of one checkpoint's `Didn't work` section, as Obsidian renders it, through the plugin's post-processor. */
async function readingView(path: string): Promise<HTMLElement> {
	const text = read(app, path);
	const start = lineOf(text, "## Didn't work") + 2;
	let end = start;
	const lines = text.split('\n');
	while (end + 1 < lines.length && lines[end + 1].startsWith('- ')) end++;
	const el = createDiv();
	const ul = el.createEl('ul');
	for (let i = start; i <= end; i++) ul.createEl('li', { text: lines[i].slice(2) });
	const ctx = { sourcePath: path, docId: 'test', frontmatter: undefined, addChild: () => undefined, getSectionInfo: () => ({ text, lineStart: start, lineEnd: end }) };
	// Every registered post-processor runs on the section, as in Obsidian.
	for (const process of mockPlugin(plugin).markdownPostProcessors__) await process(el, ctx as unknown as MarkdownPostProcessorContext);
	return el;
}

function marksIn(el: HTMLElement): [string, string, string][] {
	return [...el.querySelectorAll('li')].map((li) => [
		li.className,
		li.querySelector('.logos-verdict')?.textContent ?? '',
		li.firstChild?.textContent ?? '',
	]);
}

describe('verdicts in reading view', () => {
	test.each([
		['retired (R1 in a3): struck, with the date', A3, [['logos-ruling-retired', 'retired 2026-11-08', R1]]],
		['reconfirmed (R2 in a5): the commit', A5, [['logos-ruling-reconfirmed', 'reconfirmed 2026-11-09 at 9c4d2e1', R2]]],
		['reconfirmed after it was retired (R3 in a2): the last line wins', A2, [['logos-ruling-reconfirmed', 'reconfirmed 2026-11-10 at 5b8e0f3', R3]]],
		['restated after its retirement (R1 in a8): live', A8, [['logos-ruling-restated', 'live — restated after it was retired 2026-11-08', R1]]],
		['no verdict (R4 in a7): nothing', A7, [['', '', R4]]],
	])('%s', async (_what, path, expected) => {
		expect(marksIn(await readingView(path))).toEqual(expected);
	});

	test('a verdict given now shows at once in notes rendered after it; the file itself is untouched', async () => {
		const a5 = read(app, A5);
		// The note was shown before: its scope's marks are kept.
		await readingView(A5);
		const changed: string[][] = [];
		plugin.reviews.marks.onChange((paths) => changed.push([...paths]));
		await plugin.reviews.actions.give('alpha', 'retired', R2);
		await settle();
		expect(marksIn(await readingView(A5))).toEqual([['logos-ruling-retired', `retired ${TODAY}`, R2]]);
		expect(changed).toEqual([[A5]]);
		expect(read(app, A5)).toBe(a5);
	});
});

describe('open reading views', () => {
	test('a note whose marks changed is rendered again; the others are left alone', async () => {
		await plugin.reviews.refresh();
		const shownIn = async (path: string, mode: 'preview' | 'source'): Promise<jest.SpyInstance> => {
			const file = app.vault.getAbstractFileByPath(path);
			if (!(file instanceof TFile)) throw new Error(`no file ${path}`);
			const leaf = app.workspace.getLeaf('tab');
			await leaf.setViewState({ type: 'markdown' });
			const view = MarkdownView.create2__(leaf as never);
			view.file = file as never;
			jest.spyOn(view, 'getMode').mockReturnValue(mode);
			await leaf.open(view.asOriginalType7__());
			return jest.spyOn(view.previewMode, 'rerender');
		};
		// Rendered, the notes asked for their marks.
		await readingView(A5);
		await readingView(A3);
		const a5 = await shownIn(A5, 'preview');
		const a3 = await shownIn(A3, 'preview');
		const a5Source = await shownIn(A5, 'source');
		await plugin.reviews.actions.give('alpha', 'retired', R2);
		await settle(NOTIFY_SETTLE_MS);
		expect(a5).toHaveBeenCalledWith(true);
		expect(a3).not.toHaveBeenCalled();
		// Live preview redraws through its editor extension, not by rendering again.
		expect(a5Source).not.toHaveBeenCalled();
	});
});

/** An editor on the note, once its scope's marks were read (the editor asks for them as it opens). */
async function editor(path: string, livePreview = true, doc = read(app, path)): Promise<EditorView> {
	const file = app.vault.getAbstractFileByPath(path);
	if (!(file instanceof TFile)) throw new Error(`no file ${path}`);
	const extensions = mockPlugin(plugin).editorExtensions__ as Extension[];
	const state = EditorState.create({
		doc,
		extensions: [editorInfoField.init(() => ({ app, file, hoverPopover: null }) as never), editorLivePreviewField.init(() => livePreview), ...extensions],
	});
	const view = new EditorView({ state, parent: document.body });
	await plugin.reviews.marks.want(path);
	return view;
}

/**
 * The plugin's decorations of an editor, read from the state (jsdom lays nothing out, so
 * CodeMirror draws only the first screenful of a note).
 */
function decorationsOf(view: EditorView): { widgets: string[]; struck: string[]; marked: string[] } {
	const out = { widgets: [] as string[], struck: [] as string[], marked: [] as string[] };
	for (const source of view.state.facet(EditorView.decorations)) {
		const set = typeof source === 'function' ? source(view) : source;
		set.between(0, view.state.doc.length, (from, to, d) => {
			const spec = d.spec as { widget?: unknown; class?: string };
			if (spec.widget instanceof VerdictWidget) out.widgets.push(spec.widget.mark.text);
			if (spec.class?.startsWith('logos-ruling-')) out.marked.push(spec.class);
			if (spec.class === 'logos-ruling-retired') out.struck.push(view.state.doc.sliceString(from, to));
		});
	}
	return out;
}

function widgets(view: EditorView): string[] {
	return decorationsOf(view).widgets;
}

function struck(view: EditorView): string[] {
	return decorationsOf(view).struck;
}

describe('verdicts in live preview', () => {
	test('the same marks as reading view, beside the bullet; the retired text struck', async () => {
		await plugin.reviews.refresh();
		const a3 = await editor(A3);
		expect(widgets(a3)).toEqual(['retired 2026-11-08']);
		expect(struck(a3)).toEqual([R1]);
		const a8 = await editor(A8);
		expect(widgets(a8)).toEqual(['live — restated after it was retired 2026-11-08']);
		expect(struck(a8)).toEqual([]);
		expect(widgets(await editor(A5))).toEqual(['reconfirmed 2026-11-09 at 9c4d2e1']);
		expect(widgets(await editor(A7))).toEqual([]);
	});

	test('source mode shows the file as it is', async () => {
		await plugin.reviews.refresh();
		expect(widgets(await editor(A3, false))).toEqual([]);
	});

	test('an open editor redraws when a verdict changes its marks, and drops a mark when the bullet is edited', async () => {
		await plugin.reviews.refresh();
		const a5 = await editor(A5);
		expect(widgets(a5)).toEqual(['reconfirmed 2026-11-09 at 9c4d2e1']);
		await plugin.reviews.actions.give('alpha', 'retired', R2);
		// The plugin catches up once the burst of file events settles.
		await settle(NOTIFY_SETTLE_MS);
		expect(widgets(a5)).toEqual([`retired ${TODAY}`]);
		expect(struck(a5)).toEqual([R2]);
		const line = a5.state.doc.line(lineOf(read(app, A5), R2) + 1);
		a5.dispatch({ changes: { from: line.from + 2, insert: 'not ' } });
		expect(widgets(a5)).toEqual([]);
	});
});

describe('the same verdict everywhere', () => {
	test('decorations, queue, pane and the CLI agree on every ruling of the fixture', async () => {
		const { model } = await plugin.source.load();
		await plugin.reviews.refresh();
		const cliKind = new Map<string, string>();
		for (const scope of model.scopes) {
			const out = COMMANDS.rulings.run({ vaultDir: OWN, sessionsRel: 'sessions', values: { scope }, args: [], now: NOW, json: true }) as {
				rulings: { text: string; session: string | null; verdict: string }[];
			};
			for (const r of out.rulings) cliKind.set(`${scope}\u0000${r.session}\u0000${r.text}`, r.verdict);
		}
		// Each note asks for its marks when it is shown.
		for (const scope of model.scopes) for (const row of rulingsOf(model, scope)) await plugin.reviews.marks.forPath(row.path);
		let checked = 0;
		for (const scope of model.scopes) {
			const queue = reviewQueue(model, scope);
			for (const row of rulingsOf(model, scope)) {
				const cli = cliKind.get(`${scope}\u0000${row.session}\u0000${row.text}`);
				expect([row.text, cli]).toEqual([row.text, row.verdict]);
				{
					// Checkpoint bullets by reviewKey; dead-end notes of uncommitted.md by reviewKey and time.
					const mark = plugin.reviews.marks.get(row.path).get(row.session === null ? noteMarkKey(row.key, row.copyTs) : row.key);
					const shown = mark === undefined || mark.kind === 'restated' ? 'none' : mark.kind;
					expect([row.path, row.text, shown]).toEqual([row.path, row.text, row.verdict]);
				}
				const entry = queue.find((e) => e.row.key === row.key);
				if (entry?.row === row || (entry && entry.row.path === row.path && entry.row.line === row.line)) {
					const word = queueVerdict(row).split(' ')[0].toLowerCase();
					expect([row.text, word]).toEqual([row.text, row.verdict === 'none' ? 'live' : row.verdict]);
				}
				checked++;
			}
		}
		expect(checked).toBe(8);
		// The pane: R2 and R3 reconfirmed at their commits, R1 live in the latest checkpoint.
		const view = await openResumeView(app, plugin, { scope: 'alpha', pinned: true });
		const paneLine = (text: string): HTMLElement | undefined =>
			[...view.contentEl.querySelectorAll<HTMLElement>('.logos-section-ruled-out li, .logos-section-failed li')].find((l) => (l.querySelector('.logos-ruling-text')?.firstChild?.textContent ?? '') === text);
		expect(paneLine(R2)?.querySelector('.logos-meta')?.textContent).toBe(' · reconfirmed 2026-11-09 at 9c4d2e1');
		expect(paneLine(R3)?.querySelector('.logos-meta')?.textContent).toBe(' · reconfirmed 2026-11-10 at 5b8e0f3');
		expect(paneLine(R1)?.classList.contains('logos-is-retired')).toBe(false);
	});
});

/**
 * Dead-end working notes are rulings too (docs/decisions.md §3): their marks sit beside their lines
 * of uncommitted.md. The fixture's alpha notes, with two verdict lines added to reviewed.md
 * and the typed dead end written once more after its retirement:
 * - ROUTE (a typed `route:` record, a dead end) retired at RETIRED_AT;
 * - "limiter metrics exported …" (not a dead end) retired too: it is no ruling, so no mark;
 * - ROUTE again, noted after the retirement: a new, live copy (docs/decisions.md §2).
 */
describe('verdicts beside dead-end notes of uncommitted.md', () => {
	/** After the ROUTE note (1794520541), before the next one: 2026-11-12 in US Pacific. */
	const RETIRED_AT = 1794521000;
	const RESTATED_AT = 1794523300;
	const METRICS = 'limiter metrics exported as gateway_ratelimit_throttled_total';
	const BURST = "burst 300 in staging: the 429 rate is back to last week's level";
	const TOKEN = 'load generator token for staging is [REDACTED], rotated after the run';
	const RETIRED_MARK = 'retired 2026-11-12';
	const RESTATED_MARK = 'live — restated after it was retired 2026-11-12';

	beforeEach(async () => {
		plugin.unload();
		const files = fixtureFiles();
		files[ALPHA_REVIEWED] += `- retired: ${ROUTE} <!-- ts=${RETIRED_AT} -->\n- retired: ${METRICS} <!-- ts=${RETIRED_AT} -->\n`;
		files[ALPHA_NOTES] += `- ${ROUTE} <!-- ts=${RESTATED_AT} agent=claude -->\n`;
		app = makeApp(files);
		atomicVault(app);
		plugin = await loadPlugin(app);
	});

	/** The list of uncommitted.md as Obsidian renders it: one `li` per note, its comment kept as a comment node. */
	async function notesReadingView(text = read(app, ALPHA_NOTES)): Promise<HTMLElement> {
		const lines = text.split('\n');
		const start = lines.findIndex((l) => l.startsWith('- '));
		let end = start;
		while (end + 1 < lines.length && lines[end + 1].startsWith('- ')) end++;
		const el = createDiv();
		const ul = el.createEl('ul');
		for (let i = start; i <= end; i++) {
			const li = ul.createEl('li');
			const at = lines[i].lastIndexOf(' <!--');
			li.appendText(lines[i].slice(2, at));
			li.appendChild(document.createComment(lines[i].slice(at + 5, -3)));
		}
		const ctx = { sourcePath: ALPHA_NOTES, docId: 'test', frontmatter: undefined, addChild: () => undefined, getSectionInfo: () => ({ text, lineStart: start, lineEnd: end }) };
		for (const process of mockPlugin(plugin).markdownPostProcessors__) await process(el, ctx as unknown as MarkdownPostProcessorContext);
		return el;
	}

	/** Each widget of an editor with the text of its line on either side of it. */
	function widgetsAt(view: EditorView): { text: string; line: number; before: string; after: string }[] {
		const out: { text: string; line: number; before: string; after: string }[] = [];
		for (const source of view.state.facet(EditorView.decorations)) {
			const set = typeof source === 'function' ? source(view) : source;
			set.between(0, view.state.doc.length, (from, _to, d) => {
				const widget = (d.spec as { widget?: unknown }).widget;
				if (!(widget instanceof VerdictWidget)) return;
				const line = view.state.doc.lineAt(from);
				out.push({ text: widget.mark.text, line: line.number - 1, before: view.state.doc.sliceString(line.from, from), after: view.state.doc.sliceString(from, line.to) });
			});
		}
		return out;
	}

	test('reading view: the retired note struck with its date, the copy noted after it live, the other notes bare', async () => {
		expect(marksIn(await notesReadingView())).toEqual([
			['', '', BURST],
			['logos-ruling-retired', RETIRED_MARK, ROUTE],
			// A verdict line about a note that is no dead end marks nothing: it is not a ruling.
			['', '', METRICS],
			['', '', TOKEN],
			['logos-ruling-restated', RESTATED_MARK, ROUTE],
		]);
	});

	test('live preview: the badge right after the note text, before its comment; only the text struck', async () => {
		await plugin.reviews.refresh();
		const notes = await editor(ALPHA_NOTES);
		const text = read(app, ALPHA_NOTES);
		expect(widgetsAt(notes)).toEqual([
			{ text: RETIRED_MARK, line: 8, before: `- ${ROUTE}`, after: ' <!-- ts=1794520541 agent=codex -->' },
			{ text: RESTATED_MARK, line: 11, before: `- ${ROUTE}`, after: ` <!-- ts=${RESTATED_AT} agent=claude -->` },
		]);
		expect(struck(notes)).toEqual([ROUTE]);
		expect(decorationsOf(notes).marked).toEqual(['logos-ruling-retired', 'logos-ruling-restated']);
		// The lines are those of the file as it is; the file is untouched.
		expect(notes.state.doc.toString()).toBe(text);
		expect(widgets(await editor(ALPHA_NOTES, false))).toEqual([]);
	});

	test('the line is found in the text as it is now: a line added above moves the mark with it; an edited note loses it', async () => {
		await plugin.reviews.refresh();
		const notes = await editor(ALPHA_NOTES);
		// A bullet above the retired note that says the same without a note's comment: no note, no mark.
		notes.dispatch({ changes: { from: notes.state.doc.line(9).from, insert: `- ${ROUTE}\n` } });
		expect(widgetsAt(notes).map((w) => [w.text, w.line])).toEqual([
			[RETIRED_MARK, 9],
			[RESTATED_MARK, 12],
		]);
		expect(struck(notes)).toEqual([ROUTE]);
		// The retired note's text edited: it is no longer the ruling the verdict names.
		notes.dispatch({ changes: { from: notes.state.doc.line(10).from + 2, insert: 'not ' } });
		expect(widgetsAt(notes).map((w) => [w.text, w.line])).toEqual([[RESTATED_MARK, 12]]);
	});


	test('a verdict given now redraws the notes in live preview and reading view; only the notes file is told', async () => {
		await plugin.reviews.refresh();
		const notes = await editor(ALPHA_NOTES);
		const before = read(app, ALPHA_NOTES);
		const changed: string[][] = [];
		plugin.reviews.marks.onChange((paths) => changed.push([...paths]));
		await plugin.reviews.actions.give('alpha', 'reconfirmed', ROUTE, 'abc1234');
		await settle(NOTIFY_SETTLE_MS);
		// The last line covers both copies: each is reconfirmed, neither struck.
		expect(widgets(notes)).toEqual(['reconfirmed 2026-11-13 at abc1234', 'reconfirmed 2026-11-13 at abc1234']);
		expect(struck(notes)).toEqual([]);
		expect(marksIn(await notesReadingView())).toEqual([
			['', '', BURST],
			['logos-ruling-reconfirmed', 'reconfirmed 2026-11-13 at abc1234', ROUTE],
			['', '', METRICS],
			['', '', TOKEN],
			['logos-ruling-reconfirmed', 'reconfirmed 2026-11-13 at abc1234', ROUTE],
		]);
		expect(changed).toEqual([[ALPHA_NOTES]]);
		expect(read(app, ALPHA_NOTES)).toBe(before);
		// Retired again: the mark turns back, dated today.
		await plugin.reviews.actions.give('alpha', 'retired', ROUTE);
		await settle(NOTIFY_SETTLE_MS);
		expect(widgets(notes)).toEqual([`retired ${TODAY}`, `retired ${TODAY}`]);
		expect(struck(notes)).toEqual([ROUTE, ROUTE]);
	});

	test('the marks are on the lines the cursor commands act on, and on the copies the model holds', async () => {
		await plugin.reviews.refresh();
		const { model } = await plugin.source.load();
		const rows = rulingsOf(model, 'alpha').filter((r) => r.session === null);
		expect(rows.map((r) => [r.path, r.line, r.text])).toEqual([
			[ALPHA_NOTES, 11, ROUTE],
			[ALPHA_NOTES, 8, ROUTE],
		]);
		const notes = await editor(ALPHA_NOTES);
		const marked = widgetsAt(notes).map((w) => w.line);
		const offered: number[] = [];
		for (let line = 0; line < notes.state.doc.lines; line++) {
			if (available(plugin, 'retire-ruling-under-cursor', editorOn(app, ALPHA_NOTES, line))) offered.push(line);
		}
		expect(marked).toEqual([8, 11]);
		expect(offered).toEqual(marked);
		expect(rows.map((r) => r.line).sort((x, y) => x - y)).toEqual(marked);
	});
});
