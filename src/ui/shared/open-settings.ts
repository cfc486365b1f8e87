/**
 * Taking the person to this plugin's settings, where a wrong or empty sessions folder is
 * fixed. Obsidian's settings window (`app.setting`, with `open` and `openTabById`) is not in
 * its public typings, so it is looked for and, when absent, the Notice says where to go.
 */
import { Notice, type App } from 'obsidian';

interface SettingWindow {
	open(): void;
	openTabById(id: string): unknown;
}

export const SETTINGS_TEXT = {
	button: 'Set the sessions folder',
	where: 'Open Settings → Community plugins → Logos Continuity to set the sessions folder.',
} as const;

function settingWindow(app: App): SettingWindow | null {
	// `in` first: an app without the window is not asked for it (a strict test double throws).
	if (!('setting' in app)) return null;
	const s = (app as unknown as { setting?: Partial<SettingWindow> }).setting;
	return s && typeof s.open === 'function' && typeof s.openTabById === 'function' ? (s as SettingWindow) : null;
}

/** Opens the settings window on the plugin's tab; true when it could. */
export function openPluginSettings(app: App, pluginId: string): boolean {
	const s = settingWindow(app);
	if (!s) {
		new Notice(SETTINGS_TEXT.where);
		return false;
	}
	s.open();
	s.openTabById(pluginId);
	return true;
}
