/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { cleanAgent, cleanFolder, DEFAULT_SETTINGS, LogosSettingTab, normalizeSettings } from '../../src/ui/settings';

describe('settings', () => {
	test('defaults: sessions folder "sessions", agent "obsidian" (decisions §1, §6)', () => {
		expect(normalizeSettings(null)).toEqual({ sessionsFolder: 'sessions', agentName: 'obsidian', showStatusBar: true, remoteImages: false, followConversation: true });
		expect(normalizeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
	});

	test('a saved file of another shape is made whole, keeping what is valid', () => {
		expect(normalizeSettings({ sessionsFolder: 'logos/sessions', showStatusBar: 'yes', extra: 1 })).toEqual({
			sessionsFolder: 'logos/sessions',
			agentName: 'obsidian',
			showStatusBar: true,
			remoteImages: false,
			followConversation: true,
		});
	});

	test('remote images in agent text stay blocked unless the saved value is exactly true', () => {
		expect(normalizeSettings({ remoteImages: 'yes' }).remoteImages).toBe(false);
		expect(normalizeSettings({ remoteImages: 1 }).remoteImages).toBe(false);
		expect(normalizeSettings({ remoteImages: true }).remoteImages).toBe(true);
	});

	test('folders are normalized and never the vault root', () => {
		expect(cleanFolder(' logos//sessions/ ')).toBe('logos/sessions');
		expect(cleanFolder('/')).toBe('sessions');
		expect(cleanFolder('')).toBe('sessions');
		expect(cleanFolder(42)).toBe('sessions');
	});

	test('agent names are one word', () => {
		expect(cleanAgent(' dana smith ')).toBe('dana-smith');
		expect(cleanAgent('   ')).toBe('obsidian');
	});
});

describe('settings tab', () => {
	test('offers every setting, and a change is cleaned, saved and applied', async () => {
		const { loadPlugin, makeApp, mockPlugin } = await import('../helpers/harness');
		const plugin = await loadPlugin(makeApp({ 'sessions/kestrel/uncommitted.md': '' }));
		const tab = mockPlugin(plugin).settingTabs__[0] as unknown as LogosSettingTab;
		expect(tab.getSettingDefinitions().map((d) => ('control' in d && d.control ? d.control.key : null))).toEqual(['sessionsFolder', 'agentName', 'showStatusBar', 'remoteImages', 'followConversation', null]);
		expect(tab.getSettingDefinitions().map((d) => ('name' in d ? d.name : ''))).toContain('Rebuild index');
		expect(tab.getControlValue('agentName')).toBe('obsidian');
		await tab.setControlValue('sessionsFolder', 'logos/sessions/');
		expect(plugin.settings.sessionsFolder).toBe('logos/sessions');
		expect((await plugin.source.load()).root).toBe('logos/sessions');
		tab.display();
		expect(tab.containerEl.textContent).toContain('Sessions folder');
		expect(tab.containerEl.textContent).toContain('Agent name for your notes');
		expect(tab.containerEl.textContent).toContain('Load remote images in agent text');
		await tab.setControlValue('remoteImages', true);
		expect(plugin.settings.remoteImages).toBe(true);
		expect(tab.containerEl.textContent).toContain("Resume pane follows the open checkpoint's conversation");
		await tab.setControlValue('followConversation', false);
		expect(plugin.settings.followConversation).toBe(false);
		plugin.unload();
	});
});
