/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { cleanAgent, cleanFolder, DEFAULT_SETTINGS, normalizeSettings } from '../../src/ui/settings';

describe('settings', () => {
	test('defaults: sessions folder "sessions", agent "obsidian" (decisions §1, §6)', () => {
		expect(normalizeSettings(null)).toEqual({ sessionsFolder: 'sessions', agentName: 'obsidian', showStatusBar: true });
		expect(normalizeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
	});

	test('a saved file of another shape is made whole, keeping what is valid', () => {
		expect(normalizeSettings({ sessionsFolder: 'logos/sessions', showStatusBar: 'yes', extra: 1 })).toEqual({
			sessionsFolder: 'logos/sessions',
			agentName: 'obsidian',
			showStatusBar: true,
		});
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
