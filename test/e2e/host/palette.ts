/**
 * The command palette (Ctrl/Cmd-P) and the settings window, over what the loaded plugins
 * registered. Both are the host's, built on the mocks' SuggestModal and Modal like Obsidian's.
 */
import type { App, Command, Editor, MarkdownView as MarkdownViewOriginal, Plugin as PluginOriginal, PluginSettingTab } from 'obsidian';
import { App as MockApp, Modal, Plugin, SuggestModal } from 'obsidian-test-mocks/obsidian';
import { HostNotice } from './chrome';
import { MarkdownView } from './classes';

export interface HostCommand {
	/** As Obsidian names it: `<plugin id>:<command id>`. */
	id: string;
	/** As the palette shows it: `<plugin name>: <command name>`. */
	label: string;
	command: Command;
}

export function commandsOf(plugins: readonly PluginOriginal[]): HostCommand[] {
	const out: HostCommand[] = [];
	for (const p of plugins) {
		for (const c of Plugin.fromOriginalType2__(p).commands__.values()) {
			out.push({ id: `${p.manifest.id}:${c.id}`, label: `${p.manifest.name}: ${c.name}`, command: c });
		}
	}
	return out.sort((a, b) => a.label.localeCompare(b.label));
}

/** The editor an editor command would get now: the active note's, while it is in the editing view. */
function activeEditor(app: App): { editor: Editor; view: MarkdownViewOriginal } | null {
	const view = app.workspace.getActiveViewOfType(MarkdownView);
	return view && view.getMode() === 'source' && app.workspace.activeEditor === view ? { editor: view.editor, view } : null;
}

/**
 * Whether Obsidian would offer the command now. Command's docs
 * (https://docs.obsidian.md/Reference/TypeScript+API/Command/editorCheckCallback): editorCheckCallback
 * "overrides editorCallback, callback and checkCallback", editorCallback "overrides callback and
 * checkCallback", and both are "only triggered when the user is in an editor": the active note
 * in its editing view (editor, view) — in reading view they are not offered. Otherwise a
 * checkCallback says, and a callback always runs.
 */
function available(app: App, c: Command): boolean {
	if (c.editorCheckCallback || c.editorCallback) {
		const at = activeEditor(app);
		if (!at) return false;
		return c.editorCheckCallback ? c.editorCheckCallback(true, at.editor, at.view) === true : true;
	}
	if (c.checkCallback) return c.checkCallback(true) === true;
	return c.callback !== undefined;
}

/** Runs a command as the palette does; false when it is not available now. */
export function runCommand(app: App, c: Command): boolean {
	if (!available(app, c)) return false;
	try {
		const at = activeEditor(app);
		if (at && c.editorCheckCallback) c.editorCheckCallback(false, at.editor, at.view);
		else if (at && c.editorCallback) c.editorCallback(at.editor, at.view);
		else if (c.checkCallback) c.checkCallback(false);
		else c.callback?.();
	} catch (e) {
		console.error(`Command "${c.id}" failed`, e);
		new HostNotice(`Command failed: ${e instanceof Error ? e.message : String(e)}`);
	}
	return true;
}

export class CommandPalette extends SuggestModal<HostCommand> {
	constructor(
		private readonly obsidian: App,
		private readonly plugins: readonly PluginOriginal[],
	) {
		super(MockApp.fromOriginalType__(obsidian));
		this.setPlaceholder('Select a command...');
		this.emptyStateText = 'No commands found.';
		this.modalEl.addClass('host-command-palette');
	}

	getSuggestions(query: string): HostCommand[] {
		const words = query.toLowerCase().split(/\s+/).filter(Boolean);
		return commandsOf(this.plugins).filter((c) => available(this.obsidian, c.command) && words.every((w) => c.label.toLowerCase().includes(w)));
	}

	renderSuggestion(c: HostCommand, el: HTMLElement): void {
		el.setAttr('data-command-id', c.id);
		el.createSpan({ cls: 'suggestion-content', text: c.label });
	}

	onChooseSuggestion(c: HostCommand): void {
		// Obsidian closes the palette first, so the command's own modal or focus wins.
		window.setTimeout(() => runCommand(this.obsidian, c.command), 0);
	}
}

/** Settings → Community plugins: one tab per plugin that added a settings tab. */
export class SettingsWindow extends Modal {
	private current: PluginSettingTab | null = null;

	constructor(
		app: App,
		private readonly plugins: readonly PluginOriginal[],
	) {
		super(MockApp.fromOriginalType__(app));
		this.modalEl.addClass('mod-settings');
	}

	onOpen(): void {
		this.setTitle('Settings');
		const root = this.contentEl;
		root.empty();
		root.addClass('host-settings');
		const nav = root.createDiv({ cls: 'vertical-tab-header' });
		nav.createDiv({ cls: 'vertical-tab-header-group-title', text: 'Community plugins' });
		const body = root.createDiv({ cls: 'vertical-tab-content-container' });
		const tabs = this.plugins.flatMap((p) => Plugin.fromOriginalType2__(p).settingTabs__.map((t) => ({ p, t })));
		if (tabs.length === 0) body.createDiv({ text: 'No plugin added a settings tab.' });
		for (const { p, t } of tabs) {
			const item = nav.createDiv({ cls: 'vertical-tab-nav-item', text: p.manifest.name, attr: { 'data-tab-id': p.manifest.id, role: 'tab', tabindex: '0' } });
			item.addEventListener('click', () => {
				nav.querySelectorAll('.vertical-tab-nav-item').forEach((x) => x.toggleClass('is-active', x === item));
				this.show(t, body);
			});
		}
		(nav.querySelector('.vertical-tab-nav-item') as HTMLElement | null)?.click();
	}

	/** Obsidian's `app.setting.openTabById`: shows the tab of the plugin with that id; false when none. */
	openTabById(id: string): boolean {
		const item = this.contentEl.querySelector<HTMLElement>(`.vertical-tab-nav-item[data-tab-id="${CSS.escape(id)}"]`);
		item?.click();
		return item !== null;
	}

	get isOpen(): boolean {
		return this.containerEl.isConnected;
	}

	onClose(): void {
		this.current?.hide();
		this.current = null;
	}

	private show(tab: PluginSettingTab, body: HTMLElement): void {
		this.current?.hide();
		this.current = tab;
		body.empty();
		tab.containerEl.addClass('vertical-tab-content');
		body.appendChild(tab.containerEl);
		// The host calls display(), as Obsidian before 1.13 does; the declarative definitions need the real renderer.
		tab.display();
	}
}
