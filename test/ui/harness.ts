/**
 * Loads the plugin into an obsidian-test-mocks App, with the few shims the mocks need to
 * behave like Obsidian for these tests. Each shim is named and says what the real app does.
 */
import type { App as AppOriginal, PluginManifest, View, WorkspaceLeaf as LeafOriginal } from 'obsidian';
import { App, Plugin as MockPlugin, Workspace } from 'obsidian-test-mocks/obsidian';
import LogosContinuityPlugin from '../../src/main';
import { RESUME_VIEW_TYPE } from '../../src/ui/labels';
import { ResumeView } from '../../src/ui/resume-view';

export const MANIFEST: PluginManifest = {
	id: 'logos-continuity',
	name: 'Logos Continuity',
	version: '0.1.0',
	minAppVersion: '1.4.10',
	description: 'test',
	author: 'test',
};

export function makeApp(files: Record<string, string>): AppOriginal {
	return App.createConfigured__({ files }).asOriginalType__();
}

/** Lets pending promises and the plugin's debounced notify (300 ms) run. */
export async function settle(ms = 0): Promise<void> {
	await new Promise((r) => setTimeout(r, ms));
	for (let i = 0; i < 20; i++) await Promise.resolve();
}

export const NOTIFY_SETTLE_MS = 400;

/**
 * SHIM: the mocks' Workspace starts with layout not ready and exposes `setLayoutReady__`;
 * Obsidian sets it itself once the workspace is restored.
 */
export function layoutReady(app: AppOriginal): void {
	Workspace.fromOriginalType2__(app.workspace).setLayoutReady__();
}

/** Loads the plugin as Obsidian does (load → onload), then makes the layout ready. */
export async function loadPlugin(app: AppOriginal, data: unknown = null, ready = true): Promise<LogosContinuityPlugin> {
	const plugin = new LogosContinuityPlugin(app, MANIFEST);
	if (data !== null) await plugin.saveData(data);
	plugin.load();
	await settle();
	if (ready) {
		layoutReady(app);
		await settle();
	}
	return plugin;
}

export function mockPlugin(plugin: LogosContinuityPlugin): MockPlugin {
	return MockPlugin.fromOriginalType2__(plugin);
}

/**
 * SHIM: in the mocks `leaf.setViewState` records the state but never builds the view, and
 * `leaf.open` never calls `onOpen`. Obsidian builds the view with the registered creator,
 * opens it, then hands it the state. This does the same in that order.
 */
export async function openResumeView(app: AppOriginal, plugin: LogosContinuityPlugin, state: Record<string, unknown> = {}): Promise<ResumeView> {
	const creator = mockPlugin(plugin).views__.get(RESUME_VIEW_TYPE);
	if (!creator) throw new Error('resume view type not registered');
	let leaf: LeafOriginal | undefined = app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)[0];
	if (!leaf) {
		leaf = app.workspace.getRightLeaf(false) ?? undefined;
		if (!leaf) throw new Error('no right leaf');
		await leaf.setViewState({ type: RESUME_VIEW_TYPE });
	}
	const view: View = creator(leaf);
	if (!(view instanceof ResumeView)) throw new Error('not a resume view');
	showView(view);
	await leaf.open(view);
	view.load();
	await view.onOpen();
	await view.setState(state, { history: false });
	await settle();
	return view;
}

/**
 * SHIM: jsdom lays nothing out, so `isShown()` (offsetParent !== null) is always false.
 * In Obsidian a pane in an open sidebar tab is shown; `hidden` models a collapsed one.
 */
export function showView(view: ResumeView, shown = true): void {
	view.contentEl.isShown = () => shown;
}

export function sectionTitles(view: ResumeView): string[] {
	return [...view.contentEl.querySelectorAll('.logos-section-title')].map((t) => t.textContent ?? '');
}
