/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { Menu, TFile, type App as AppOriginal } from 'obsidian';
import { ACTIONS } from '../../../src/ui/shared/labels';
import type LogosContinuityPlugin from '../../../src/main';
import { CommitModal } from '../../../src/ui/review/review-commit-modal';
import { rulingsOf } from '../../../src/core';
import { atomicVault, loadPlugin, makeApp, openResumeView, settle } from '../../helpers/harness';
import { takeNotices } from '../../helpers/notice-shim';
import { menuItems } from '../../helpers/menus';
import {
	A1, A3, A5, A8, ALPHA_NOTES, ALPHA_REVIEWED, NOW, R1, R2, ROUTE,
	available, click, command, editorOn, fixtureFiles, keepModalsOpen, lineOf, openModals, read, run, tolerateBadFrontmatter, topModal,
} from '../../helpers/review-harness';

jest.mock('obsidian', () => jest.requireActual<typeof import('../../helpers/notice-shim')>('../../helpers/notice-shim').obsidianWithNotices());

const RETIRE = 'retire-ruling-under-cursor';
const RECONFIRM = 'reconfirm-ruling-under-cursor';
const UNDO_LAST = 'undo-last-verdict';
const R4 = 'per-route flags in the load balancer — the LB has no per-route flags';
const A7 = 'sessions/alpha/_convos/_unattached/20261106-090000-codex.md';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

beforeAll(() => {
	keepModalsOpen();
	tolerateBadFrontmatter();
});

beforeEach(async () => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp({ ...fixtureFiles(), 'notes/outside.md': "## Didn't work\n\n- a bullet outside the sessions folder\n" });
	atomicVault(app);
	plugin = await loadPlugin(app);
	takeNotices();
});

afterEach(() => {
	for (const m of [...openModals]) m.close();
	plugin.unload();
	jest.restoreAllMocks();
});

/** An editor on `path` with the cursor on the first line containing `needle`. */
function at(path: string, needle: string): ReturnType<typeof editorOn> {
	const line = lineOf(read(app, path), needle);
	if (line < 0) throw new Error(`"${needle}" is not in ${path}`);
	return editorOn(app, path, line);
}

/** What was appended to reviewed.md since `before`. */
function appended(before: string): string {
	const after = read(app, ALPHA_REVIEWED);
	expect(after.startsWith(before)).toBe(true);
	return after.slice(before.length);
}

describe('review commands', () => {
	test('three commands, verb first in sentence case, with stable ids and no default hotkeys', () => {
		const ids = [RETIRE, RECONFIRM, 'review-rulings'];
		expect(ids.map((id) => command(plugin, id).name)).toEqual(['Retire ruling under cursor', 'Reconfirm ruling under cursor', 'Review rulings']);
		for (const id of ids) expect(command(plugin, id).hotkeys).toBeUndefined();
		// The cursor commands exist only in an editor; the queue anywhere.
		expect(command(plugin, RETIRE).editorCheckCallback).toBeInstanceOf(Function);
		expect(command(plugin, 'review-rulings').callback).toBeInstanceOf(Function);
	});

	test('"Review rulings" outside every scope says how to choose one', async () => {
		const file = app.vault.getAbstractFileByPath('notes/outside.md');
		jest.spyOn(app.workspace, 'getActiveFile').mockReturnValue(file instanceof TFile ? file : null);
		command(plugin, 'review-rulings').callback?.();
		await settle();
		expect(openModals).toHaveLength(0);
		expect(takeNotices().map((n) => n.message)).toEqual(['Open a file inside a logos scope, or the resume pane, to choose which rulings to review.']);
	});
});

describe('retire / reconfirm ruling under cursor: when they are offered', () => {
	test("on a Didn't work bullet of a checkpoint, both", () => {
		const here = at(A8, R1);
		expect(available(plugin, RETIRE, here)).toBe(true);
		expect(available(plugin, RECONFIRM, here)).toBe(true);
	});

	test('on a dead-end working note of uncommitted.md, both', () => {
		const here = at(ALPHA_NOTES, 'route: per-key buckets');
		expect(available(plugin, RETIRE, here)).toBe(true);
		expect(available(plugin, RECONFIRM, here)).toBe(true);
	});

	test.each([
		['a decision bullet', A8, 'start buckets half full'],
		["the Didn't work heading itself", A8, "## Didn't work"],
		['the blank line under the heading', A8, ''],
		['a verified bullet', A8, 'a restarted gateway allows 100'],
		['a placeholder ("none this session")', A1, 'none this session'],
		['a working note that is not a dead end', ALPHA_NOTES, 'limiter metrics exported'],
		['a line of reviewed.md', ALPHA_REVIEWED, R2],
		['a note outside the sessions folder', 'notes/outside.md', 'a bullet outside'],
	])('not on %s', (_what, path, needle) => {
		let here = at(path, needle);
		if (needle === '') here = editorOn(app, path, lineOf(read(app, path), "## Didn't work") + 1);
		expect(available(plugin, RETIRE, here)).toBe(false);
		expect(available(plugin, RECONFIRM, here)).toBe(false);
	});
});

describe('retire / reconfirm ruling under cursor: what they write', () => {
	test('retire appends exactly one verdict line; Undo in its notice restores the verdict before', async () => {
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RETIRE, at(A5, R2));
		await settle();
		expect(appended(before)).toBe(`- retired: ${R2} <!-- ts=${NOW} -->\n`);
		const [notice] = takeNotices();
		expect(notice.message).toBe(`Retired: “${R2.slice(0, 79)}…” Undo`);
		click(notice.el, 'Undo');
		await settle();
		// R2 was reconfirmed at 9c4d2e1 before: undo restates that line, time included.
		expect(appended(before)).toBe(`- retired: ${R2} <!-- ts=${NOW} -->\n- reconfirmed at 9c4d2e1: ${R2} <!-- ts=1794243600 -->\n`);
		expect(takeNotices().map((n) => n.message)).toEqual([`Undone: retired “${R2.slice(0, 79)}…”.`]);
		const { model } = await plugin.source.load();
		expect(model.verdicts.get('alpha')?.at(-1)).toMatchObject({ kind: 'reconfirmed', commit: '9c4d2e1' });
	});

	test('undo of a ruling that had no verdict appends an undo line, and the ruling reads as live again', async () => {
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RETIRE, at(A7, R4));
		await settle();
		click(takeNotices()[0].el, 'Undo');
		await settle();
		expect(appended(before)).toBe(`- retired: ${R4} <!-- ts=${NOW} -->\n- reconfirmed: ${R4} <!-- ts=${NOW} undo -->\n`);
		const { model } = await plugin.source.load();
		expect(rulingsOf(model, 'alpha').filter((r) => r.text === R4).map((r) => r.verdict)).toEqual(['none']);
	});

	test('a verdict undone from elsewhere withdraws the Undo its notice still offered', async () => {
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RETIRE, at(A7, R4));
		await settle();
		const [notice] = takeNotices();
		const given = { scope: 'alpha', path: ALPHA_REVIEWED, verdict: { kind: 'retired' as const, text: R4, commit: '', ts: NOW } };
		const undone = await plugin.reviews.actions.undo(given);
		expect([undone, takeNotices().map((n) => n.message)]).toEqual([true, [`Undone: retired “${R4}”.`]]);
		expect(notice.hidden).toBe(true);
		expect(appended(before)).toBe(`- retired: ${R4} <!-- ts=${NOW} -->\n- reconfirmed: ${R4} <!-- ts=${NOW} undo -->\n`);
	});

	test('a newer verdict on the same ruling withdraws the older Undo offer', async () => {
		run(plugin, RETIRE, at(A7, R4));
		await settle();
		const [first] = takeNotices();
		run(plugin, RETIRE, at(A7, R4));
		await settle();
		const [second] = takeNotices();
		expect([first.hidden, second.hidden]).toEqual([true, false]);
	});

	test('"Undo last verdict" is offered only while a verdict of this session can be undone, and undoes the newest', async () => {
		const undoLast = command(plugin, UNDO_LAST);
		expect([undoLast.name, undoLast.hotkeys, undoLast.checkCallback?.(true)]).toEqual(['Undo last verdict', undefined, false]);
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RETIRE, at(A5, R2));
		await settle();
		run(plugin, RETIRE, at(A7, R4));
		await settle();
		const [, second] = takeNotices();
		expect(undoLast.checkCallback?.(true)).toBe(true);
		undoLast.checkCallback?.(false);
		await settle();
		// The newest first: R4, which had no verdict, reads live again; its notice's Undo is withdrawn.
		expect(appended(before)).toBe(`- retired: ${R2} <!-- ts=${NOW} -->\n- retired: ${R4} <!-- ts=${NOW} -->\n- reconfirmed: ${R4} <!-- ts=${NOW} undo -->\n`);
		expect([takeNotices().map((n) => n.message), second.hidden]).toEqual([[`Undone: retired “${R4}”.`], true]);
		// Then the one before it, and nothing after that.
		undoLast.checkCallback?.(false);
		await settle();
		expect(appended(before).split('\n').at(-2)).toBe(`- reconfirmed at 9c4d2e1: ${R2} <!-- ts=1794243600 -->`);
		expect(undoLast.checkCallback?.(true)).toBe(false);
	});

	test('"Undo last verdict" is not offered once the notice\'s own Undo was used', async () => {
		run(plugin, RETIRE, at(A7, R4));
		await settle();
		click(takeNotices()[0].el, 'Undo');
		await settle();
		expect(command(plugin, UNDO_LAST).checkCallback?.(true)).toBe(false);
	});

	test('reconfirm asks for the commit, prefilled with the checkpoint\'s own, and refuses what is not one', async () => {
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RECONFIRM, at(A8, R1));
		await settle();
		const modal = topModal(CommitModal);
		const input = modal.contentEl.querySelector('input') as HTMLInputElement;
		expect(input.value).toBe('6b1d9a4');
		for (const bad of ['xyz', '12', 'abc1234!', 'a'.repeat(41)]) {
			input.value = bad;
			click(modal.contentEl, 'Reconfirm');
			expect(modal.contentEl.querySelector('.logos-commit-problem')?.textContent).toBe(
				`“${bad}” is not a commit. Use 4 to 40 hexadecimal characters (0-9, a-f), or nothing when no commit is known.`,
			);
		}
		await settle();
		expect(read(app, ALPHA_REVIEWED)).toBe(before);
		input.value = ' ABCDEF12 ';
		input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
		await settle();
		expect(openModals).toHaveLength(0);
		expect(appended(before)).toBe(`- reconfirmed at abcdef12: ${R1} <!-- ts=${NOW} -->\n`);
	});

	test('reconfirm with the commit emptied writes a reconfirmation without one; cancel writes nothing', async () => {
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RECONFIRM, at(ALPHA_NOTES, 'route: per-key buckets'));
		await settle();
		const modal = topModal(CommitModal);
		// A working note has no commit of its own.
		expect((modal.contentEl.querySelector('input') as HTMLInputElement).value).toBe('');
		click(modal.contentEl, 'Cancel');
		await settle();
		expect(read(app, ALPHA_REVIEWED)).toBe(before);
		run(plugin, RECONFIRM, at(A3, R1));
		await settle();
		const again = topModal(CommitModal);
		(again.contentEl.querySelector('input') as HTMLInputElement).value = '';
		click(again.contentEl, 'Reconfirm');
		await settle();
		expect(appended(before)).toBe(`- reconfirmed: ${R1} <!-- ts=${NOW} -->\n`);
	});

	test('a ruling no checkpoint or note of the scope holds is refused, with a message, and nothing is written', async () => {
		const before = read(app, ALPHA_REVIEWED);
		const here = at(A8, R1);
		// The person rewrote the bullet and has not saved: the vault does not hold that text.
		here.editor.setLine(here.editor.getCursor().line, '- caching buckets in a CDN worker');
		expect(available(plugin, RETIRE, here)).toBe(true);
		run(plugin, RETIRE, here);
		await settle();
		expect(read(app, ALPHA_REVIEWED)).toBe(before);
		expect(takeNotices().map((n) => n.message)).toEqual([
			'Nothing was written: no checkpoint or working note of alpha records the ruling "caching buckets in a CDN worker".',
		]);
	});

	test('undo is refused once a later verdict on the ruling was given', async () => {
		run(plugin, RETIRE, at(A5, R2));
		await settle();
		const first = takeNotices()[0];
		const given = await plugin.reviews.actions.give('alpha', 'reconfirmed', R2, 'feed1234');
		expect(given).not.toBeNull();
		takeNotices();
		const before = read(app, ALPHA_REVIEWED);
		click(first.el, 'Undo');
		await settle();
		expect(read(app, ALPHA_REVIEWED)).toBe(before);
		expect(takeNotices()[0].message).toBe('Nothing was written: reviewed.md holds a later verdict on this ruling; nothing was undone.');
	});

	test('a dead-end note is retired by its text, as the working note holds it', async () => {
		const before = read(app, ALPHA_REVIEWED);
		run(plugin, RETIRE, at(ALPHA_NOTES, 'route: per-key buckets'));
		await settle();
		expect(appended(before)).toBe(`- retired: ${ROUTE} <!-- ts=${NOW} -->\n`);
	});
});

describe('resume pane ruling menus', () => {
	/** The titles and clicks of the menu a ruling's "…" button shows. */
	function menuOf(li: HTMLElement): { title: string; click: () => void }[] {
		let items: { title: string; click: () => void }[] = [];
		const spy = jest.spyOn(Menu.prototype, 'showAtMouseEvent').mockImplementation(function (this: Menu) {
			items = menuItems(this);
			return this;
		});
		li.querySelector('.logos-ruling-menu')?.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
		spy.mockRestore();
		return items;
	}

	test('each ruling offers retire and reconfirm in its menu; a retired one only reconfirm; choosing appends the verdict', async () => {
		const view = await openResumeView(app, plugin, { scope: 'alpha', pinned: true });
		const lines = [...view.contentEl.querySelectorAll<HTMLElement>('.logos-section-ruled-out li, .logos-section-failed li')];
		const lineFor = (text: string): HTMLElement => {
			const li = lines.find((l) => (l.textContent ?? '').startsWith(text));
			if (!li) throw new Error(`no pane line for ${text}`);
			return li;
		};
		// No text buttons under the rulings any more: one small menu button each.
		expect([...lineFor(R1).querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([ACTIONS.rulingMenu]);
		expect(menuOf(lineFor(R1)).map((i) => i.title)).toEqual([ACTIONS.open, ACTIONS.retire, ACTIONS.reconfirm]);
		const before = read(app, ALPHA_REVIEWED);
		menuOf(lineFor(R2)).find((i) => i.title === ACTIONS.retire)?.click();
		await settle();
		expect(appended(before)).toBe(`- retired: ${R2} <!-- ts=${NOW} -->\n`);
		// The pane catches up after the burst of file events and shows the ruling retired.
		await settle(400);
		const retired = [...view.contentEl.querySelectorAll<HTMLElement>('.logos-retired li')].find((l) => (l.textContent ?? '').startsWith(R2));
		expect(retired && menuOf(retired).map((i) => i.title)).toEqual([ACTIONS.open, ACTIONS.reconfirm]);
	});
});
