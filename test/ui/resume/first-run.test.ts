/** @jest-environment jsdom */
/**
 * The first start on a device opens the resume pane once, in the right sidebar; and an
 * unpinned pane follows the conversation of the checkpoint note just opened.
 */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { FIRST_RUN_KEY } from '../../../src/ui/resume/first-run';
import { RESUME_VIEW_TYPE } from '../../../src/ui/shared/labels';
import { loadPlugin, makeApp, openResumeView, settle } from '../../helpers/harness';
import { A2, A3, B, NOTES, NOW, vaultFiles } from '../../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

beforeEach(() => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(vaultFiles());
});

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

describe('first run', () => {
	test('opens the resume pane in the right sidebar, and remembers it on this device only', async () => {
		expect(app.loadLocalStorage(FIRST_RUN_KEY)).toBeNull();
		// The mocks keep no sidebars: the leaf the pane opens in is the one getRightLeaf gave.
		const right = jest.spyOn(app.workspace, 'getRightLeaf');
		plugin = await loadPlugin(app);
		await settle();
		const leaves = app.workspace.getLeavesOfType(RESUME_VIEW_TYPE);
		expect(leaves.length).toBe(1);
		expect(right).toHaveBeenCalledTimes(1);
		expect(right.mock.results[0].value === leaves[0]).toBe(true);
		expect(app.loadLocalStorage(FIRST_RUN_KEY)).toBe(true);
		// Nothing of it in the synced settings.
		expect(Object.keys((await plugin.loadData()) ?? {})).not.toContain('firstRun');
	});

	test('once: a closed pane stays closed on the next start', async () => {
		plugin = await loadPlugin(app);
		await settle();
		for (const leaf of app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)) leaf.detach();
		plugin.unload();
		plugin = await loadPlugin(app);
		await settle();
		expect(app.workspace.getLeavesOfType(RESUME_VIEW_TYPE).length).toBe(0);
	});
});

describe('the pane follows the open checkpoint', () => {
	function open(path: string): Promise<void> {
		app.workspace.trigger('file-open', app.vault.getAbstractFileByPath(path));
		return settle();
	}

	test('opening a checkpoint shows its conversation; another note of the scope keeps it', async () => {
		plugin = await loadPlugin(app);
		const view = await openResumeView(app, plugin, { scope: 'kestrel', pinned: false });
		expect(view.selection().conversation).toBeNull();
		await open(A2);
		expect(view.selection()).toEqual({ scope: 'kestrel', conversation: '7c0e', pinned: false });
		await open(B);
		expect(view.selection().conversation).toBe('d41f');
		await open(NOTES);
		expect(view.selection().conversation).toBe('d41f');
		expect(view.contentEl.querySelector<HTMLSelectElement>('.logos-conversation-select')?.value).toBe('d41f');
	});

	test('pinned, or with the setting off, the pane stays where it is', async () => {
		plugin = await loadPlugin(app);
		const view = await openResumeView(app, plugin, { scope: 'kestrel', pinned: true });
		await open(A3);
		expect(view.selection().conversation).toBeNull();
		await plugin.updateSettings({ followConversation: false });
		await view.setState({ scope: 'kestrel', conversation: null, pinned: false }, { history: false });
		await open(A3);
		expect(view.selection().conversation).toBeNull();
	});
});
