/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { editorInfoField, TFile, type App as AppOriginal, type MarkdownFileInfo } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { firstBodyLine } from '../../../src/ui/chain/chain-bar-hosts';
import { activePath, DEMO_DIR, folderFiles, OWN, OWN_DIR, renderSection } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, mockPlugin, NOTIFY_SETTLE_MS, settle } from '../../helpers/harness';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
let files: Record<string, string>;

async function setup(dir = OWN_DIR): Promise<void> {
	files = folderFiles(dir);
	app = makeApp(files);
	plugin = await loadPlugin(app);
}

afterEach(() => {
	plugin.unload();
	document.body.empty();
	jest.restoreAllMocks();
});

function lines(path: string): string[] {
	return files[path].split('\n');
}

/** Reading view of the section holding the first body line of the note. */
async function readingBar(path: string): Promise<HTMLElement | null> {
	const text = files[path];
	const body = firstBodyLine((i) => lines(path)[i], lines(path).length);
	const { el } = renderSection(plugin, path, text, body, body + 1);
	await settle();
	return el.querySelector<HTMLElement>('.logos-chain-bar');
}

function q(el: HTMLElement | null, selector: string): HTMLElement {
	const found = el?.querySelector<HTMLElement>(selector);
	if (!found) throw new Error(`nothing matches ${selector}`);
	return found;
}

function label(bar: HTMLElement | null, move: string): string {
	return q(bar, `[data-chain="${move}"]`).getAttribute('aria-label') ?? '';
}

function disabled(bar: HTMLElement | null, move: string): boolean {
	return (q(bar, `[data-chain="${move}"]`) as HTMLButtonElement).disabled;
}

describe('the chain bar in reading view', () => {
	beforeEach(() => setup());

	test('names the conversation and the position, with both kinds of step, each step by agent and time with its id below', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 1));
		const bar = await readingBar(OWN.a4);
		expect(q(bar, '.logos-chain-position').textContent).toBe('1 of 2');
		expect(q(bar, '.logos-chain-name').textContent).not.toBe('');
		expect(disabled(bar, 'previous')).toBe(true);
		expect(label(bar, 'next')).toBe('Next in this conversation: codex · Nov 4, 12:00\n20261104-120000-codex');
		expect(label(bar, 'back')).toBe('Back along follows: claude · Nov 3, 16:12\n20261103-153000-claude');
		expect(label(bar, 'forward')).toBe('Forward along follows: codex · Nov 4, 12:00\n20261104-120000-codex');
		// As `chain` reports it: the walk forward stops one step on, where the chain forks.
		expect(bar?.querySelector('.logos-chain-problems')?.getAttribute('aria-label')).toBe(
			'Chain forks: 2 checkpoints follow 20261104-120000-codex: 20261106-090000-codex, 20261105-170000-claude-code');
	});

	test('goes only into the section of the first body line, once', async () => {
		const text = files[OWN.a4];
		const body = firstBodyLine((i) => lines(OWN.a4)[i], lines(OWN.a4).length);
		// The frontmatter section ends before the body.
		expect(renderSection(plugin, OWN.a4, text, 0, body - 1).el.querySelector('.logos-chain-bar')).toBeNull();
		expect(renderSection(plugin, OWN.a4, text, body + 4, body + 6).el.querySelector('.logos-chain-bar')).toBeNull();
		expect(renderSection(plugin, 'notes/elsewhere.md', text, body, body).el.querySelector('.logos-chain-bar')).toBeNull();
	});

	test('a click on a step opens the checkpoint', async () => {
		const bar = await readingBar(OWN.a4);
		q(bar, '[data-chain="back"]').click();
		await settle();
		expect(activePath(app)).toBe(OWN.a3);
	});

	test('a fork says so on its forward step, and in the problems badge', async () => {
		const bar = await readingBar(OWN.a5);
		expect(q(bar, '.logos-chain-position').textContent).toBe('2 of 2');
		expect(label(bar, 'forward')).toBe('Forward along follows: 2 checkpoints follow this one (a fork) — choose one');
		expect(q(bar, '.logos-chain-problems').textContent).toBe('1 problem');
		expect(label(bar, 'problems')).toContain('Chain forks: 2 checkpoints follow 20261104-120000-codex');
	});

	test('a dangling follows and a loop show as problems', async () => {
		const g1 = await readingBar(OWN.g1);
		expect(label(g1, 'back')).toBe('Follows 20261020-120000-claude, which is not in the vault');
		expect(disabled(g1, 'back')).toBe(false);
		expect(q(g1, '.logos-chain-problems').textContent).toBe('1 problem');
		const g3 = await readingBar(OWN.g3);
		expect(label(g3, 'problems')).toContain('Chain loops back on itself');
	});

	test('an auto record and a worktree conversation are marked', async () => {
		expect([...(await readingBar(OWN.a6))?.querySelectorAll('.logos-chain-flag') ?? []].map((e) => e.textContent)).toEqual(['auto']);
		const w2 = await readingBar(OWN.w2);
		expect(q(w2, '.logos-chain-position').textContent).toBe('2 of 2');
		expect([...w2?.querySelectorAll('.logos-chain-flag') ?? []].map((e) => e.textContent)).toEqual(['alpha/spike']);
	});

	test('catches up when the vault changes, and leaves the note alone', async () => {
		const modify = jest.spyOn(app.vault, 'modify');
		const process = jest.spyOn(app.vault, 'process');
		const bar = await readingBar(OWN.a5);
		const next = OWN.a5.replace('20261104-120000-codex', '20261104-180000-codex');
		await app.vault.create(next, files[OWN.a5].replace('session: 20261104-120000-codex', 'session: 20261104-180000-codex'));
		await settle(NOTIFY_SETTLE_MS);
		await settle();
		expect(q(bar, '.logos-chain-position').textContent).toBe('2 of 3');
		expect(modify).not.toHaveBeenCalled();
		expect(process).not.toHaveBeenCalled();
	});
});

test('the demo vault: claude’s middle checkpoint is 2 of 3 in its conversation', async () => {
	await setup(DEMO_DIR);
	const bar = await readingBar('sessions/kestrel/_convos/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261123-141020-claude.md');
	expect(q(bar, '.logos-chain-position').textContent).toBe('2 of 3');
	expect(q(bar, '.logos-chain-name').textContent).toBe('support handles about forty partial-refund tickets a week by hand in the Stripe dashboard, and none of them reach our ledger');
});

describe('the chain bar in the editor', () => {
	beforeEach(() => setup());

	function editor(path: string): EditorView {
		const file = app.vault.getAbstractFileByPath(path);
		if (!(file instanceof TFile)) throw new Error(path);
		const info = { app, file, hoverPopover: null } as unknown as MarkdownFileInfo;
		const state = EditorState.create({ doc: files[path], extensions: [editorInfoField.init(() => info), ...(mockPlugin(plugin).editorExtensions__ as Extension[])] });
		return new EditorView({ state, parent: document.body.createDiv() });
	}

	test('a block before the first body line, outside the document text', async () => {
		const view = editor(OWN.a5);
		await settle();
		const bar = view.dom.querySelector<HTMLElement>('.logos-chain-bar');
		expect(q(bar, '.logos-chain-position').textContent).toBe('2 of 2');
		const widget = view.dom.querySelector('.logos-chain-widget');
		expect(widget?.nextElementSibling?.textContent).toBe('## Task');
		expect(view.state.doc.toString()).toBe(files[OWN.a5]);
		view.destroy();
	});

	test('typing keeps one bar; destroying the editor lets it go', async () => {
		const view = editor(OWN.a4);
		await settle();
		view.dispatch({ changes: { from: view.state.doc.length, insert: '\nmore' } });
		await settle();
		expect(view.dom.querySelectorAll('.logos-chain-bar')).toHaveLength(1);
		view.destroy();
		expect(document.body.querySelector('.logos-chain-bar')).toBeNull();
	});

	test('a note that is not a checkpoint gets no bar', async () => {
		await app.vault.create('notes/plain.md', '# plain\n');
		files['notes/plain.md'] = '# plain\n';
		const view = editor('notes/plain.md');
		await settle();
		expect(view.dom.querySelector('.logos-chain-bar')).toBeNull();
		view.destroy();
	});
});

describe('first body line', () => {
	const at = (text: string): number => {
		const ls = text.split('\n');
		return firstBodyLine((i) => ls[i], ls.length);
	};

	test('after a closed frontmatter and blank lines; from the top without one; none in an empty note', () => {
		expect(at('---\na: 1\n---\n\n## Task\n')).toBe(4);
		expect(at('\n\nText')).toBe(2);
		expect(at('---\na: 1\n---\n\n')).toBe(-1);
		expect(at('')).toBe(-1);
		// An unclosed block is not frontmatter: the body starts at its first line.
		expect(at('---\na: 1\n')).toBe(0);
	});
});
