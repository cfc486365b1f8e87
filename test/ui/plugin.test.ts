/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal, Command } from 'obsidian';
import { TFile } from 'obsidian-test-mocks/obsidian';
import * as path from 'node:path';
import type LogosContinuityPlugin from '../../src/main';
import { RESUME_VIEW_TYPE } from '../../src/ui/shared/labels';
import { verifyApproved } from '../helpers/approval';
import { loadPlugin, makeApp, mockPlugin, NOTIFY_SETTLE_MS, openResumeView, settle } from '../helpers/harness';
import { A3, NOTES, NOW, vaultFiles } from '../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

beforeEach(async () => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(vaultFiles());
	plugin = await loadPlugin(app);
});

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

function commands(): Command[] {
	return [...mockPlugin(plugin).commands__.values()];
}

function statusEl(): HTMLElement {
	const el = mockPlugin(plugin).statusBarItems__[0];
	if (!el) throw new Error('no status bar item');
	return el;
}

async function setActiveFile(path: string): Promise<void> {
	const file = app.vault.getAbstractFileByPath(path);
	if (!(file instanceof TFile)) throw new Error(`no file ${path}`);
	const leaf = app.workspace.getLeaf(false);
	await leaf.openFile(file);
	// The mocks do not announce an opened file; Obsidian triggers file-open.
	app.workspace.trigger('file-open', file);
	await settle();
}

describe('plugin lifecycle', () => {
	test('loads over a vault of checkpoints and reads it once the layout is ready', async () => {
		expect(plugin.settings).toEqual({ sessionsFolder: 'sessions', agentName: 'obsidian', showStatusBar: true, remoteImages: false, followConversation: true });
		const loaded = await plugin.source.load();
		expect(loaded.found).toBe(true);
		expect(loaded.model.scopes).toEqual(['heron', 'kestrel']);
	});

	test('nothing reads the vault before the layout is ready', async () => {
		const other = makeApp(vaultFiles());
		const spy = jest.spyOn(other.vault, 'cachedRead');
		const { default: Plugin } = await import('../../src/main');
		const p = new Plugin(other, mockPlugin(plugin).manifest);
		p.load();
		await settle();
		expect(spy).not.toHaveBeenCalled();
		p.unload();
	});

	test('registers the three resume commands first, none with default hotkeys, all with stable ids', () => {
		const list = commands();
		// Later features (reviews, chains) add theirs after these; their own tests list them.
		expect(list.slice(0, 3).map((c) => [c.id, c.name])).toEqual([
			['open-resume-pane', 'Open resume pane'],
			['copy-resume-for-agent', 'Copy resume for an agent'],
			['refresh-view', 'Refresh logos view'],
		]);
		for (const c of list) {
			expect(c.hotkeys).toBeUndefined();
			expect(c.id).not.toMatch(/command|logos-continuity/);
		}
	});

	test('registers the view, a ribbon icon, the settings tab and a hover-link source', () => {
		const m = mockPlugin(plugin);
		expect(m.views__.has(RESUME_VIEW_TYPE)).toBe(true);
		expect(m.ribbonActions__).toHaveLength(1);
		expect(m.settingTabs__).toHaveLength(1);
		expect(m.hoverLinkSources__.get(RESUME_VIEW_TYPE)).toEqual({ display: 'Logos Continuity', defaultMod: true });
	});

	test('"Open resume pane" opens one pane in the sidebar, however often it runs', async () => {
		const open = commands().find((c) => c.id === 'open-resume-pane');
		open?.callback?.();
		await settle();
		open?.callback?.();
		await settle();
		expect(app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)).toHaveLength(1);
	});

	test('unloading leaves no vault listener behind', async () => {
		plugin.unload();
		const before = plugin.source.revision;
		await app.vault.create('sessions/kestrel/_convos/7c0e/20261118-090000-claude.md', '---\nagent: claude\n---\n');
		await settle(NOTIFY_SETTLE_MS);
		expect(plugin.source.revision).toBe(before);
	});
});

describe('file events', () => {
	test('a change under the sessions folder bumps the revision; one outside does not', async () => {
		const before = plugin.source.revision;
		const outside = app.vault.getAbstractFileByPath('notes/outside.md');
		if (outside instanceof TFile) await app.vault.modify(outside, 'changed');
		expect(plugin.source.revision).toBe(before);
		const notes = app.vault.getAbstractFileByPath(NOTES);
		if (notes instanceof TFile) await app.vault.append(notes, `- one more <!-- ts=${NOW} agent=claude -->\n`);
		expect(plugin.source.revision).toBeGreaterThan(before);
	});

	test('moving a file out of the sessions folder counts as a change', async () => {
		const before = plugin.source.revision;
		const f = app.vault.getAbstractFileByPath(A3);
		if (f instanceof TFile) await app.vault.rename(f, 'archive/a3.md');
		expect(plugin.source.revision).toBeGreaterThan(before);
	});

	test('views and the status bar catch up after the burst, from one read', async () => {
		const view = await openResumeView(app, plugin);
		const reads = jest.spyOn(app.vault, 'cachedRead');
		const notes = app.vault.getAbstractFileByPath(NOTES);
		if (!(notes instanceof TFile)) throw new Error('no notes');
		for (let i = 0; i < 3; i++) await app.vault.append(notes, `- burst ${i} <!-- ts=${NOW - 10 + i} agent=cursor -->\n`);
		await settle(NOTIFY_SETTLE_MS);
		expect(statusEl().textContent).toBe('All scopes: 5 uncommitted notes');
		expect(view.contentEl.textContent).toContain('burst 2');
		// One snapshot for the view and the status bar together: each markdown file read once at
		// most (the burst's last change hands over the text the cache read: none at all).
		const perFile = new Map<string, number>();
		for (const [f] of reads.mock.calls) perFile.set(f.path, (perFile.get(f.path) ?? 0) + 1);
		expect(Math.max(0, ...perFile.values())).toBeLessThanOrEqual(1);
	});
});

describe('status bar', () => {
	test('counts the whole vault when no file is active, the active scope otherwise', async () => {
		expect(statusEl().textContent).toBe('All scopes: 2 uncommitted notes');
		await setActiveFile('sessions/heron/20261012-154233-claude.md');
		expect(statusEl().classList.contains('logos-is-hidden')).toBe(true);
		await setActiveFile(A3);
		expect(statusEl().textContent).toBe('kestrel: 2 uncommitted notes');
		expect(statusEl().classList.contains('logos-is-hidden')).toBe(false);
	});

	test('switched off in settings, it hides', async () => {
		await plugin.updateSettings({ showStatusBar: false });
		await settle();
		expect(statusEl().classList.contains('logos-is-hidden')).toBe(true);
	});

	test('a click opens the resume pane', async () => {
		statusEl().click();
		await settle();
		expect(app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)).toHaveLength(1);
	});
});

describe('copy resume for an agent', () => {
	let written: string[];

	beforeEach(() => {
		written = [];
		Object.defineProperty(navigator, 'clipboard', {
			configurable: true,
			value: { writeText: (t: string) => Promise.resolve(void written.push(t)) },
		});
	});

	test('copies logos hand-over text for the active file scope', async () => {
		await setActiveFile(A3);
		commands().find((c) => c.id === 'copy-resume-for-agent')?.callback?.();
		await settle();
		expect(written).toHaveLength(1);
		// The whole text as an agent receives it, reviewed once (npm run approve on a wanted change).
		verifyApproved(path.join(__dirname, 'approved', 'copy-resume.kestrel'), written[0], 'md');
		// Retired rulings stay out of what an agent gets.
		expect(written[0]).not.toContain("upcoming-invoice");
	});

	test('copies what the pane shows when it is open', async () => {
		await openResumeView(app, plugin, { scope: 'heron', pinned: true });
		commands().find((c) => c.id === 'copy-resume-for-agent')?.callback?.();
		await settle();
		expect(written[0]).toContain('# Resume — heron');
	});

	test('with several scopes and nothing to choose by, it copies nothing', async () => {
		commands().find((c) => c.id === 'copy-resume-for-agent')?.callback?.();
		await settle();
		expect(written).toEqual([]);
	});
});

describe('settings', () => {
	test('a different sessions folder is read from then on', async () => {
		await plugin.updateSettings({ sessionsFolder: 'elsewhere/' });
		const loaded = await plugin.source.load();
		expect(loaded.root).toBe('elsewhere');
		expect(loaded.found).toBe(false);
		expect(mockPlugin(plugin).data__).toEqual({ sessionsFolder: 'elsewhere', agentName: 'obsidian', showStatusBar: true, remoteImages: false, followConversation: true });
	});

	test('saved settings are loaded on start', async () => {
		const other = makeApp({ 'logos/sessions/kestrel/uncommitted.md': '' });
		const p = await loadPlugin(other, { sessionsFolder: 'logos/sessions' });
		expect((await p.source.load()).model.scopes).toEqual(['kestrel']);
		p.unload();
	});
});
