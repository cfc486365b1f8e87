/** @jest-environment jsdom */
/**
 * The pane when there is nothing to show (a wrong or empty sessions folder): its controls
 * off and one button to the setting; and the commands that need a scope taking the pane's.
 */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { EMPTY } from '../../../src/ui/shared/labels';
import { NoteModal } from '../../../src/ui/notes/note-modal';
import { SETTINGS_TEXT } from '../../../src/ui/shared/open-settings';
import { ReviewQueueModal } from '../../../src/ui/review/review-queue';
import type { ResumeView } from '../../../src/ui/resume/resume-view';
import { loadPlugin, makeApp, openResumeView, settle } from '../../helpers/harness';
import { takeNotices } from '../../helpers/notice-shim';
import { command, keepModalsOpen, openModals, topModal } from '../../helpers/review-harness';
import { NOW, vaultFiles } from '../../helpers/vault-texts';

jest.mock('obsidian', () => jest.requireActual<typeof import('../../helpers/notice-shim')>('../../helpers/notice-shim').obsidianWithNotices());

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

beforeAll(() => keepModalsOpen());

beforeEach(() => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});

afterEach(() => {
	for (const m of [...openModals]) m.close();
	plugin.unload();
	jest.restoreAllMocks();
});

async function setup(files: Record<string, string>, state: Record<string, unknown> = {}): Promise<ResumeView> {
	app = makeApp(files);
	plugin = await loadPlugin(app);
	takeNotices();
	return openResumeView(app, plugin, state);
}

function controls(view: ResumeView): { cls: string; disabled: boolean }[] {
	const fields = [...view.contentEl.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('.logos-controls select, .logos-controls button')].map((el) => ({
		cls: el.className,
		disabled: el.disabled,
	}));
	// The view's actions that act on a scope: copy for an agent and switch.
	const actions = [...view.contentEl.querySelectorAll<HTMLElement>('.logos-actions .logos-copy, .logos-actions .logos-switch')].map((el) => ({
		cls: el.className,
		disabled: el.getAttribute('aria-disabled') === 'true',
	}));
	return [...fields, ...actions];
}

/** Obsidian's settings window, which the mocks' App does not have. */
function settingWindow(): { open: jest.Mock; openTabById: jest.Mock } {
	const s = { open: jest.fn(), openTabById: jest.fn() };
	Object.assign(app, { setting: s });
	return s;
}

function settingsButton(view: ResumeView): HTMLButtonElement {
	const b = view.contentEl.querySelector<HTMLButtonElement>('.logos-body button.logos-open-settings');
	if (!b) throw new Error('no settings button');
	return b;
}

describe('a wrong or empty sessions folder', () => {
	test('no sessions folder: every control of the pane is off, and one button opens the plugin\'s settings', async () => {
		const view = await setup({ 'notes/a.md': 'a' });
		expect(view.contentEl.querySelector('.logos-empty')?.textContent).toBe(EMPTY.noFolder('sessions'));
		const c = controls(view);
		expect(c.length).toBeGreaterThanOrEqual(3);
		expect(c.every((x) => x.disabled)).toBe(true);
		expect(view.contentEl.querySelectorAll('.logos-body button')).toHaveLength(1);
		const s = settingWindow();
		const b = settingsButton(view);
		expect(b.textContent).toBe(SETTINGS_TEXT.button);
		b.click();
		expect(s.open).toHaveBeenCalledTimes(1);
		expect(s.openTabById).toHaveBeenCalledWith('logos-continuity');
	});

	test('where the app has no settings window to open, the button says where the setting is', async () => {
		const view = await setup({ 'notes/a.md': 'a' });
		settingsButton(view).click();
		expect(takeNotices().map((n) => n.message)).toEqual([SETTINGS_TEXT.where]);
	});

	test('a folder with no projects: the same, and the controls come back once a scope appears', async () => {
		const view = await setup({ 'sessions/': '' });
		expect(controls(view).every((x) => x.disabled)).toBe(true);
		expect(settingsButton(view)).toBeTruthy();
		await app.vault.create('sessions/osprey/20261117-090000-codex.md', `---\nsession: 20261117-090000-codex\ncheckpointed: 2026-11-17T09:00:00-08:00\n---\n\n## Task\n\nstart\n`);
		await settle(400);
		await view.refresh(true);
		expect(controls(view).every((x) => !x.disabled)).toBe(true);
		expect(view.contentEl.querySelector('.logos-open-settings')).toBeNull();
	});

	test('"Review rulings" says the folder is missing rather than asking for a scope', async () => {
		await setup({ 'notes/a.md': 'a' });
		command(plugin, 'review-rulings').callback?.();
		await settle();
		expect(takeNotices().map((n) => n.message)).toEqual([EMPTY.noFolder('sessions')]);
	});
});

describe('commands that need a scope take the pane\'s', () => {
	function activate(path: string): void {
		const file = app.vault.getAbstractFileByPath(path);
		jest.spyOn(app.workspace, 'getActiveFile').mockReturnValue(file instanceof TFile ? file : null);
	}

	test('"Review rulings" with the pane open on heron and a note outside every scope active', async () => {
		await setup({ ...vaultFiles(), 'notes/a.md': 'a' }, { scope: 'heron', pinned: true });
		activate('notes/a.md');
		command(plugin, 'review-rulings').callback?.();
		await settle();
		expect(topModal(ReviewQueueModal).logosScope).toBe('heron');
	});

	test('"Add working note" starts on the pane\'s scope, not the first one', async () => {
		await setup({ ...vaultFiles(), 'notes/a.md': 'a' }, { scope: 'kestrel', pinned: true });
		activate('notes/a.md');
		command(plugin, 'add-working-note').callback?.();
		await settle();
		const select = topModal(NoteModal).contentEl.querySelector<HTMLSelectElement>('select');
		expect([...(select?.options ?? [])].map((o) => o.value)).toEqual(['heron', 'kestrel']);
		expect(select?.value).toBe('kestrel');
	});
});
