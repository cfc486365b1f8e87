/**
 * The browser host's entry: an Obsidian-like window over the served folder, running the built
 * main.js on obsidian-test-mocks. A test and demo tool; nothing of it goes into main.js.
 *
 * Start-up follows Obsidian's order: the vault is indexed, the workspace laid out, the plugin
 * constructed and loaded (onload awaited), then the layout becomes ready and the metadata cache
 * reports itself resolved. `document.body.dataset.host` says "loading", "ready" or "failed".
 */
import type { Plugin as PluginOriginal, ViewCreator } from 'obsidian';
import { Plugin, Workspace } from 'obsidian-test-mocks/obsidian';
import { applyTheme, installAppExtras, installTooltips, requestedTheme, setTooltip } from './app-extras';
import { HostNotice, HostSetting, installChrome, noticeLog } from './chrome';
import { installEditorExtensions, pluginExtensions } from './editor';
import { FileExplorer, Layout } from './layout';
import { installMarkdown } from './markdown';
import { installMenus } from './menu';
import { shimFrontmatterErrors, shimMetadataCache } from './metadata';
import { installGlobals, pluginRequire } from './obsidian';
import { CommandPalette, commandsOf, runCommand, SettingsWindow } from './palette';
import { loadPlugin } from './plugin-loader';
import { createApp, WriteMirror, type VaultManifest } from './vault';
import { HostWorkspace } from './workspace';

/** What tests and a curious person can reach from the console: `window.host`. */
export interface HostApi {
	app: unknown;
	plugins: PluginOriginal[];
	/** Writes reach the served folder (true) or stay in memory (false). */
	writesToFolder: boolean;
	/** Resolves once every write so far has reached the server. */
	flushWrites(): Promise<void>;
	commands(): { id: string; label: string }[];
	/** Runs a command by its full id (`plugin:command`); false when unknown or unavailable. */
	runCommand(id: string): boolean;
	/** The text of every notice shown so far, oldest first, gone or not. */
	notices: readonly string[];
}

declare global {
	interface Window {
		host?: HostApi;
	}
}

function showFailure(message: string): void {
	document.body.dataset.host = 'failed';
	const el = document.body.createDiv({ cls: 'host-failure' });
	el.createEl('strong', { text: 'The plugin could not be loaded. ' });
	el.createSpan({ text: message });
}

async function boot(): Promise<void> {
	document.body.dataset.host = 'loading';
	installGlobals();
	applyTheme(null, requestedTheme());
	const res = await fetch('/vault.json', { cache: 'no-store' });
	if (!res.ok) throw new Error(`GET /vault.json: ${res.status}`);
	const manifest = (await res.json()) as VaultManifest;

	const layout = new Layout(document.body);
	installChrome(layout);
	installMenus();
	installMarkdown();
	const mirror = new WriteMirror(manifest.writes, (message) => {
		console.error(message);
		new HostNotice(message, 0);
	});
	shimFrontmatterErrors();
	const app = createApp(manifest, mirror);
	// Obsidian exposes the app as a global too (plugins should use this.app).
	(window as unknown as { app: unknown }).app = app;
	const metadata = shimMetadataCache(app);

	const plugins: PluginOriginal[] = [];
	const creatorOf = (type: string): ViewCreator | undefined => {
		for (const p of plugins) {
			const c = Plugin.fromOriginalType2__(p).views__.get(type);
			if (c) return c;
		}
		return undefined;
	};
	const workspace = new HostWorkspace(app, layout, creatorOf, () => pluginExtensions(plugins));
	workspace.install();
	installEditorExtensions(app);
	workspace.explorer = new FileExplorer(app, layout.fileList, (file, newTab) => void app.workspace.getLeaf(newTab).openFile(file));
	// Obsidian opens on one empty tab when no workspace was saved.
	app.workspace.setActiveLeaf(workspace.createLeaf('root'), { focus: true });

	layout.titleEl.setText(`${manifest.name} — Logos Continuity in the browser host (obsidian-test-mocks), not Obsidian`);
	const writes = layout.statusBar.createDiv({ cls: 'status-bar-item host-writes' });
	writes.setText(manifest.writes ? `writes go to ${manifest.folder}` : 'writes go to memory');
	writes.setAttr('aria-label', manifest.writes ? 'Started with --write: changes are saved to the served folder' : 'Started without --write: changes are lost on reload');

	const openPalette = (): void => new CommandPalette(app, plugins).open();
	let settings: SettingsWindow | null = null;
	const openSettings = (): void => {
		if (settings?.isOpen) return;
		settings = new SettingsWindow(app, plugins);
		settings.open();
	};
	installAppExtras(app, { open: openSettings, openTabById: (id) => settings?.openTabById(id) ?? false });
	installTooltips();
	const toggleTheme = (): void => applyTheme(app, document.body.hasClass('theme-dark') ? 'light' : 'dark');
	layout.ribbonButton(layout.ribbonActions, 'terminal-square', 'Open command palette', openPalette);
	layout.ribbonButton(layout.ribbonSettings, 'sun-moon', 'Switch between light and dark theme', toggleTheme);
	layout.ribbonButton(layout.ribbonSettings, 'settings', 'Settings', openSettings);
	window.addEventListener(
		'keydown',
		(evt) => {
			const mod = evt.ctrlKey || evt.metaKey;
			if (!mod || evt.altKey || evt.shiftKey) return;
			if (evt.key.toLowerCase() === 'p') {
				evt.preventDefault();
				openPalette();
			} else if (evt.key.toLowerCase() === 'e') {
				// Obsidian's "Toggle reading view" (Mod-E): the active note between reading and editing.
				evt.preventDefault();
				void workspace.toggleReading();
			} else if (evt.key === ',') {
				evt.preventDefault();
				openSettings();
			}
		},
		true,
	);

	window.host = {
		app,
		plugins,
		writesToFolder: manifest.writes,
		flushWrites: () => mirror.flush(),
		commands: () => commandsOf(plugins).map(({ id, label }) => ({ id, label })),
		runCommand: (id) => {
			const c = commandsOf(plugins).find((x) => x.id === id);
			return c ? runCommand(app, c.command) : false;
		},
		notices: noticeLog,
	};

	try {
		plugins.push(await loadPlugin(app, pluginRequire({ Notice: HostNotice, Setting: HostSetting, setTooltip })));
	} catch (e) {
		// Obsidian logs a plugin that fails to load and starts without it.
		console.error('Plugin failure: logos-continuity', e);
		showFailure(e instanceof Error ? e.message : String(e));
		return;
	}
	// The layout saved by the last start, laid out before it is ready (views get their state first).
	await workspace.restoreLayout();
	Workspace.fromOriginalType2__(app.workspace).setLayoutReady__();
	app.workspace.trigger('layout-change');
	metadata.initialResolve();
	document.body.dataset.host = 'ready';
}

boot().catch((e: unknown) => {
	console.error('The host failed to start', e);
	showFailure(e instanceof Error ? e.message : String(e));
});
