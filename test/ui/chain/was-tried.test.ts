/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal, Editor, MarkdownFileInfo, Menu } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { AUTO_EDIT_NOTICE, isAutoRecord } from '../../../src/ui/chain/chain-auto';
import { askWasTried, TRIED_TEXT, WasTriedModal } from '../../../src/ui/chain/was-tried';
import { captureNotices, folderFiles, OWN, OWN_DIR, run } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, settle } from '../../helpers/harness';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
let files: Record<string, string>;

/** 2026-11-23T12:00:00-08:00. */
const NOW = 1795464000;
const R1 = 'sharing buckets across gateway replicas through Redis — each Allow call added a 4 ms round trip';

async function setup(): Promise<void> {
	files = folderFiles(OWN_DIR);
	app = makeApp(files);
	plugin = await loadPlugin(app);
}

afterEach(() => {
	plugin.unload();
	document.body.empty();
	jest.restoreAllMocks();
});

/** The modal the command opens, kept open (the mocks close a modal on the next tick). */
function captureModal(): WasTriedModal[] {
	const opened: WasTriedModal[] = [];
	jest.spyOn(WasTriedModal.prototype, 'open').mockImplementation(function (this: WasTriedModal) {
		opened.push(this);
	});
	return opened;
}

function rendered(modal: WasTriedModal, query: string): HTMLElement[] {
	return modal.getSuggestions(query).map((m) => {
		const el = document.body.createDiv();
		modal.renderSuggestion(m, el);
		return el;
	});
}

beforeEach(() => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});

describe('was this tried?', () => {
	beforeEach(() => setup());

	test('the selection becomes the question, and matching rulings answer it with source, age and verdict', async () => {
		const opened = captureModal();
		const editor = { getSelection: () => 'share the buckets through Redis' } as unknown as Editor;
		app.workspace.activeEditor = { editor, file: null } as unknown as MarkdownFileInfo;
		await run(plugin, 'was-this-tried');
		expect(opened).toHaveLength(1);
		const modal = opened[0];
		expect(modal.inputEl.value).toBe('share the buckets through Redis');
		const [first] = rendered(modal, modal.inputEl.value);
		expect(first.querySelector('.logos-tried-text')?.textContent).toBe(R1);
		expect(first.querySelector('.logos-tried-verdict')?.textContent).toBe('live — recorded as not working, no verdict in effect');
		expect(first.querySelector('.logos-tried-source')?.textContent).toBe('alpha · 20261111-103000-claude · recorded 2 times');
		expect(first.querySelector('.logos-tried-age')?.textContent).toBe('12 days ago');
	});

	test('reviews show: reconfirmed with its commit, retired marked', async () => {
		const modal = await askWasTried(app, plugin.source, '');
		const reconfirmed = rendered(modal, 'X-Forwarded-For')[0];
		expect(reconfirmed.querySelector('.logos-tried-verdict')?.textContent).toBe('reconfirmed 2026-11-09 at 9c4d2e1 — a person said it still holds');
		const sync = rendered(modal, 'sync.Map of buckets')[0];
		expect(sync.querySelector('.logos-tried-verdict')?.textContent).toBe('reconfirmed 2026-11-10 at 5b8e0f3 — a person said it still holds');
		const note = rendered(modal, 'buckets in the CDN edge')[0];
		expect(note.querySelector('.logos-tried-source')?.textContent).toBe('alpha · working note · codex');
	});

	test('nothing typed lists the newest rulings; nothing matching says so', async () => {
		const modal = await askWasTried(app, plugin.source, '');
		expect(modal.getSuggestions('').map((m) => m.ruling.row.text)[0]).toBe('tomllib — it only ships with Python 3.11 and beta supports 3.10');
		expect(modal.getSuggestions('bananas in the fridge')).toEqual([]);
		expect(modal.emptyStateText).toBe(TRIED_TEXT.nothing);
	});

	test('choosing a ruling opens it at its line', async () => {
		const modal = await askWasTried(app, plugin.source, '');
		const calls: unknown[][] = [];
		const leaf = app.workspace.getLeaf(false);
		jest.spyOn(leaf, 'openFile').mockImplementation((...args: unknown[]) => Promise.resolve(void calls.push(args)));
		modal.onChooseSuggestion(modal.getSuggestions('redis')[0], new MouseEvent('click'));
		await settle();
		const line = files[OWN.a8].split('\n').findIndex((l) => l.startsWith('- sharing buckets'));
		expect(calls[0][0]).toBe(app.vault.getAbstractFileByPath(OWN.a8));
		expect(calls[0][1]).toEqual({ active: true, eState: { line } });
	});

	test('a selection in the editor offers the question in its context menu', () => {
		const items: string[] = [];
		const menu = { addItem: (cb: (item: unknown) => void) => cb({ setTitle: (t: string) => (items.push(t), menuItem), setIcon: () => menuItem, onClick: () => menuItem }) } as unknown as Menu;
		const menuItem = { setTitle: () => menuItem, setIcon: () => menuItem, onClick: () => menuItem };
		app.workspace.trigger('editor-menu', menu, { getSelection: () => 'redis' }, null);
		app.workspace.trigger('editor-menu', menu, { getSelection: () => '  ' }, null);
		expect(items).toEqual(['Was this tried?']);
	});
});

test('a vault without rulings says where they come from', async () => {
	app = makeApp({ 'sessions/fresh/uncommitted.md': '- an idea <!-- ts=1794000000 agent=claude -->\n' });
	plugin = await loadPlugin(app);
	const modal = await askWasTried(app, plugin.source, '');
	expect(modal.emptyStateText).toBe(TRIED_TEXT.none);
	expect(modal.getSuggestions('')).toEqual([]);
});

describe('editing an auto record', () => {
	beforeEach(() => setup());

	function edit(path: string, text: string, focused = true): void {
		const editor = { hasFocus: () => focused, getValue: () => text } as unknown as Editor;
		const file = app.vault.getAbstractFileByPath(path);
		app.workspace.trigger('editor-change', editor, { file } as unknown as MarkdownFileInfo);
	}

	test('says once that logos may rewrite it and how to make it yours', () => {
		const said = captureNotices();
		edit(OWN.a6, files[OWN.a6] + 'my note\n');
		edit(OWN.a6, files[OWN.a6] + 'my note, more\n');
		expect(said).toEqual([AUTO_EDIT_NOTICE]);
		expect(AUTO_EDIT_NOTICE).toContain('Remove the line "auto: true"');
	});

	test('not for a checkpoint of an agent, a change logos made, or once auto is gone', () => {
		const said = captureNotices();
		edit(OWN.a5, files[OWN.a5] + 'x');
		edit(OWN.a6, files[OWN.a6] + 'x', false);
		edit(OWN.a6, files[OWN.a6].replace('auto: true\n', ''));
		expect(said).toEqual([]);
		expect(isAutoRecord(files[OWN.a6])).toBe(true);
		// The word alone, in the body, is not the flag.
		expect(isAutoRecord('---\ntype: checkpoint\n---\n\nauto: true\n')).toBe(false);
	});
});
