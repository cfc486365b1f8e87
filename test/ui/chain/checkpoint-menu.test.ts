/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal, WorkspaceLeaf } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { CHECKPOINT_TEXT } from '../../../src/ui/chain/checkpoint-menu';
import { ConversationsView, CONVERSATIONS_VIEW_TYPE } from '../../../src/ui/chain/conversation-view';
import { COMPARE_VIEW_TYPE } from '../../../src/ui/compare/compare-view';
import { activePath, folderFiles, openNote, openView, OWN, OWN_DIR } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, settle } from '../../helpers/harness';
import { captureMenus, type CapturedMenu } from '../../helpers/menus';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
let view: ConversationsView;

/** 2026-11-23T12:00:00-08:00: a day after the newest checkpoint of the fixture. */
const NOW = 1795464000;
/** a2, the first checkpoint of a3's conversation (…0a01). */
const A2 = 'sessions/alpha/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-100000-claude.md';

type Shown = CapturedMenu;

beforeEach(async () => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(folderFiles(OWN_DIR));
	plugin = await loadPlugin(app);
	await openNote(app, OWN.a4);
	view = await openView(app, plugin, CONVERSATIONS_VIEW_TYPE, ConversationsView);
});

afterEach(() => {
	plugin.unload();
	document.body.empty();
	jest.restoreAllMocks();
});

const q = <T extends HTMLElement = HTMLElement>(sel: string): T => {
	const el = view.contentEl.querySelector<T>(sel);
	if (!el) throw new Error(`nothing matches ${sel}`);
	return el;
};
const line = (path: string): HTMLElement => q(`[data-checkpoint="${path}"]`);

/** Unfolds the checkpoints of the conversation holding `path`, as a click on its summary does. */
function unfold(path: string): void {
	const box = line(path).closest('details');
	if (!box) throw new Error('no details');
	box.open = true;
	box.dispatchEvent(new Event('toggle'));
}

function key(el: HTMLElement, k: string, init: KeyboardEventInit = {}): void {
	el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
}

/** The menu of a checkpoint's line, opened with a right-click. */
function menuOf(shown: Shown[], path: string): Shown['items'] {
	line(path).dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
	return shown[shown.length - 1].items;
}

function choose(items: Shown['items'], title: string): void {
	const item = items.find((i) => i.title === title);
	if (!item) throw new Error(`no item ${title} in ${items.map((i) => i.title).join(', ')}`);
	item.click();
}

/** What the compare tab was asked to show, if one was opened. */
function compared(): { older: unknown; newer: unknown } | null {
	let found: { older: unknown; newer: unknown } | null = null;
	app.workspace.iterateAllLeaves((leaf: WorkspaceLeaf) => {
		const vs = leaf.getViewState();
		if (vs.type === COMPARE_VIEW_TYPE) found = { older: vs.state?.older, newer: vs.state?.newer };
	});
	return found;
}

describe('checkpoints in the conversations view', () => {
	test('each conversation’s checkpoints are folded under it, newest first; a line opens its note', async () => {
		const boxes = [...view.contentEl.querySelectorAll<HTMLDetailsElement>('details.logos-conversation-checkpoints')];
		expect(boxes).toHaveLength(7);
		expect(boxes.every((b) => !b.open)).toBe(true);
		const a02 = line(OWN.a5).closest('details');
		expect(a02?.querySelector('summary')?.textContent).toBe('Checkpoints (2)');
		expect([...(a02?.querySelectorAll('li') ?? [])].map((li) => li.dataset.checkpoint)).toEqual([OWN.a5, OWN.a4]);
		expect(line(OWN.a5).querySelector('.logos-conversation-checkpoint-name')?.textContent).toBe('codex · Nov 4, 12:00');
		// Unfolded stays unfolded when the list is drawn again.
		unfold(OWN.a5);
		await view.refresh(true);
		expect(line(OWN.a5).closest('details')?.open).toBe(true);
		line(OWN.a5).querySelector<HTMLElement>('.logos-conversation-checkpoint-text')?.click();
		await settle();
		expect(activePath(app)).toBe(OWN.a5);
	});

	test('a checkpoint’s menu opens from its button, a right-click, Enter and Shift+F10', () => {
		const shown = captureMenus();
		unfold(OWN.a5);
		const li = line(OWN.a5);
		const button = li.querySelector<HTMLElement>('.logos-checkpoint-menu');
		expect(button?.getAttribute('aria-label')).toBe('Actions for codex · Nov 4, 12:00');
		button?.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
		li.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
		const text = li.querySelector<HTMLElement>('.logos-conversation-checkpoint-text');
		if (!text) throw new Error('no text');
		key(text, 'Enter');
		key(text, 'F10', { shiftKey: true });
		expect(shown.map((m) => m.at)).toEqual(['mouse', 'mouse', 'position', 'position']);
		expect(shown[0].items.map((i) => [i.title, i.disabled])).toEqual([
			[CHECKPOINT_TEXT.open, false],
			[CHECKPOINT_TEXT.previous, false],
			[CHECKPOINT_TEXT.pick, false],
		]);
	});

	test('"Compare with previous" compares with the one before in its conversation; the first of the vault has none', async () => {
		const shown = captureMenus();
		unfold(OWN.a5);
		choose(menuOf(shown, OWN.a5), CHECKPOINT_TEXT.previous);
		await settle();
		expect(compared()).toEqual({ older: OWN.a4, newer: OWN.a5 });
		unfold(OWN.a1);
		expect(menuOf(shown, OWN.a1)[1]).toMatchObject({ title: CHECKPOINT_TEXT.noPrevious, disabled: true });
	});

	test('two picks in different conversations compare them, the older on the left whatever the order', async () => {
		const shown = captureMenus();
		unfold(OWN.a8);
		unfold(A2);
		const pending = q('.logos-compare-pending');
		expect(pending.hasClass('logos-is-hidden')).toBe(true);
		// The newer first: a8 (Nov 11), then a2 (Nov 3) in another conversation.
		choose(menuOf(shown, OWN.a8), CHECKPOINT_TEXT.pick);
		expect(pending.hasClass('logos-is-hidden')).toBe(false);
		expect(pending.textContent).toContain('Comparing from claude · Nov 11, 11:47');
		expect(line(OWN.a8).hasClass('is-compare-from')).toBe(true);
		expect(line(OWN.a8).querySelector('.logos-compare-from-flag')?.textContent).toBe(CHECKPOINT_TEXT.flag);
		// The pick survives a redraw, and its own menu offers to cancel it.
		await view.refresh(true);
		expect(line(OWN.a8).hasClass('is-compare-from')).toBe(true);
		expect(menuOf(shown, OWN.a8).map((i) => i.title)).toEqual([CHECKPOINT_TEXT.open, CHECKPOINT_TEXT.previous, CHECKPOINT_TEXT.cancel]);
		const items = menuOf(shown, A2);
		expect(items.map((i) => i.title)).toEqual([CHECKPOINT_TEXT.open, CHECKPOINT_TEXT.previous, 'Compare with claude · Nov 11, 11:47', CHECKPOINT_TEXT.cancel]);
		choose(items, 'Compare with claude · Nov 11, 11:47');
		await settle();
		expect(compared()).toEqual({ older: A2, newer: OWN.a8 });
		// Done: nothing waits any more.
		expect(pending.hasClass('logos-is-hidden')).toBe(true);
		expect(view.contentEl.querySelectorAll('.is-compare-from')).toHaveLength(0);
	});

	test('Escape in the view, or the Cancel button, drops the first pick', () => {
		const shown = captureMenus();
		unfold(OWN.a5);
		choose(menuOf(shown, OWN.a5), CHECKPOINT_TEXT.pick);
		const text = line(OWN.a5).querySelector<HTMLElement>('.logos-conversation-checkpoint-text');
		if (!text) throw new Error('no text');
		key(text, 'Escape');
		expect(q('.logos-compare-pending').hasClass('logos-is-hidden')).toBe(true);
		expect(line(OWN.a5).hasClass('is-compare-from')).toBe(false);
		expect(menuOf(shown, OWN.a4).map((i) => i.title)).toContain(CHECKPOINT_TEXT.pick);
		choose(menuOf(shown, OWN.a5), CHECKPOINT_TEXT.pick);
		q('.logos-compare-pending button').click();
		expect(line(OWN.a5).hasClass('is-compare-from')).toBe(false);
	});
});
