/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { CommitModal } from '../../../src/ui/review/review-commit-modal';
import { ReviewQueueModal } from '../../../src/ui/review/review-queue';
import { atomicVault, loadPlugin, makeApp, settle } from '../../helpers/harness';
import { takeNotices } from '../../helpers/notice-shim';
import {
	A8, ALPHA_REVIEWED, NOW, R1, R2, R3, ROUTE,
	click, command, fixtureFiles, keepKeyHandlers, keepModalsOpen, openModals, pressKey, read, tolerateBadFrontmatter, topModal,
} from '../../helpers/review-harness';

jest.mock('obsidian', () => jest.requireActual<typeof import('../../helpers/notice-shim')>('../../helpers/notice-shim').obsidianWithNotices());

const R4 = 'per-route flags in the load balancer — the LB has no per-route flags';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
let before: string;

beforeAll(() => {
	keepModalsOpen();
	keepKeyHandlers();
	tolerateBadFrontmatter();
});

beforeEach(async () => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(fixtureFiles());
	atomicVault(app);
	plugin = await loadPlugin(app);
	before = read(app, ALPHA_REVIEWED);
	takeNotices();
});

afterEach(() => {
	for (const m of [...openModals]) m.close();
	plugin.unload();
	jest.restoreAllMocks();
});

async function openQueue(): Promise<ReviewQueueModal> {
	const file = app.vault.getAbstractFileByPath(A8);
	jest.spyOn(app.workspace, 'getActiveFile').mockReturnValue(file instanceof TFile ? file : null);
	command(plugin, 'review-rulings').callback?.();
	await settle();
	return topModal(ReviewQueueModal);
}

function shown(q: ReviewQueueModal): { progress: string; text: string; facts: string[]; verdict: string } {
	const el = q.contentEl;
	const t = (sel: string): string => el.querySelector(sel)?.textContent ?? '';
	return {
		progress: t('.logos-queue-progress'),
		text: t('.logos-queue-text'),
		facts: [...el.querySelectorAll('.logos-queue-facts li')].map((li) => li.textContent ?? ''),
		verdict: t('.logos-queue-verdict'),
	};
}

async function press(q: ReviewQueueModal, key: string): Promise<void> {
	pressKey(q, key);
	await settle();
}

function appended(): string {
	return read(app, ALPHA_REVIEWED).slice(before.length);
}

describe('review rulings queue', () => {
	test("opens on the active file's scope: one entry per ruling, newest first, with source, age, commit and verdict", async () => {
		const q = await openQueue();
		expect(q.titleEl.textContent).toBe('Review rulings — alpha');
		expect(shown(q)).toEqual({
			progress: '1 of 5 · 0 verdicts given',
			text: ROUTE,
			facts: ['working note in uncommitted.md', 'recorded 1 day ago', 'no commit recorded'],
			verdict: 'Live',
		});
		await press(q, 's');
		expect(shown(q)).toEqual({
			progress: '2 of 5 · 0 verdicts given',
			text: R1,
			facts: ['checkpoint 20261111-103000-claude (newest of 2 copies)', 'recorded 2 days ago', 'at commit 6b1d9a4'],
			verdict: 'Live',
		});
		await press(q, 's');
		await press(q, 's');
		expect(shown(q).verdict).toBe('Reconfirmed 2026-11-09 at 9c4d2e1');
		expect(shown(q).text).toBe(R2);
		await press(q, 's');
		expect([shown(q).text, shown(q).verdict]).toEqual([R3, 'Reconfirmed 2026-11-10 at 5b8e0f3']);
		await press(q, 's');
		expect(shown(q).progress).toBe('5 of 5 · 0 verdicts given');
		expect(q.contentEl.querySelector('.logos-queue-done')?.textContent).toBe('Every ruling of alpha seen: 0 retired, 0 reconfirmed, 5 skipped.');
		expect(appended()).toBe('');
	});

	test('a finished queue says what was decided and offers only Done, which closes it', async () => {
		const q = await openQueue();
		await press(q, 'r');
		await press(q, 's');
		await press(q, 'r');
		// Undone verdicts are not counted: the ruling is decided again on the way through.
		await press(q, 'u');
		await press(q, 's');
		await press(q, 's');
		await press(q, 's');
		expect(q.contentEl.querySelector('.logos-queue-done')?.textContent).toBe('Every ruling of alpha seen: 1 retired, 0 reconfirmed, 4 skipped.');
		const buttons = [...q.contentEl.querySelectorAll('.logos-queue-buttons button')].map((b) => b.textContent);
		expect(buttons).toEqual(['Done']);
		click(q.contentEl, 'Done');
		expect(openModals).not.toContain(q);
	});

	test('r retires, c reconfirms at the commit asked for, u undoes the last verdict and goes back to it', async () => {
		const q = await openQueue();
		await press(q, 's');
		await press(q, 'r');
		expect(appended()).toBe(`- retired: ${R1} <!-- ts=${NOW} -->\n`);
		expect(shown(q).progress).toBe('3 of 5 · 1 verdict given');
		expect(shown(q).text).toBe(R4);

		await press(q, 'c');
		const ask = topModal(CommitModal);
		const input = ask.contentEl.querySelector('input') as HTMLInputElement;
		expect(input.value).toBe('2e8f6b3');
		input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
		await settle();
		expect(topModal(ReviewQueueModal)).toBe(q);
		expect(appended()).toBe(`- retired: ${R1} <!-- ts=${NOW} -->\n- reconfirmed at 2e8f6b3: ${R4} <!-- ts=${NOW} -->\n`);
		expect(shown(q).progress).toBe('4 of 5 · 2 verdicts given');
		const offers = takeNotices();
		expect(offers.map((n) => n.hidden)).toEqual([false, false]);

		await press(q, 'u');
		// The notice of the verdict just undone no longer offers an Undo that would be refused.
		expect(offers.map((n) => n.hidden)).toEqual([false, true]);
		expect(shown(q)).toMatchObject({ progress: '3 of 5 · 1 verdict given', text: R4, verdict: 'Live' });
		await press(q, 'u');
		expect(shown(q)).toMatchObject({ progress: '2 of 5 · 0 verdicts given', text: R1 });
		// R4 had no verdict: reconfirmed without a commit. R1's line before was its retirement of 8 Nov.
		expect(appended()).toBe(
			[
				`- retired: ${R1} <!-- ts=${NOW} -->`,
				`- reconfirmed at 2e8f6b3: ${R4} <!-- ts=${NOW} -->`,
				`- reconfirmed: ${R4} <!-- ts=${NOW} undo -->`,
				`- retired: ${R1} <!-- ts=1794160800 -->`,
				'',
			].join('\n'),
		);
		// Nothing left to undo: u does nothing.
		await press(q, 'u');
		expect(appended().split('\n')).toHaveLength(5);
	});

	test('cancelling the commit writes nothing and stays on the ruling; the buttons do what the keys do', async () => {
		const q = await openQueue();
		await press(q, 'c');
		click(topModal(CommitModal).contentEl, 'Cancel');
		await settle();
		expect(appended()).toBe('');
		expect(shown(q).progress).toBe('1 of 5 · 0 verdicts given');
		click(q.contentEl, 'Skip');
		click(q.contentEl, 'Retire');
		await settle();
		expect(appended()).toBe(`- retired: ${R1} <!-- ts=${NOW} -->\n`);
		click(q.contentEl, 'Undo');
		await settle();
		expect(shown(q).text).toBe(R1);
	});

	test('every verdict shows a notice with Undo; Esc closes the queue', async () => {
		const q = await openQueue();
		await press(q, 'r');
		expect(takeNotices().map((n) => n.message)).toEqual([`Retired: “${ROUTE.slice(0, 79)}…” Undo`]);
		await press(q, 'Escape');
		expect(openModals).toHaveLength(0);
	});
});
