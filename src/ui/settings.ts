/**
 * The plugin's settings: where the logos sessions folder sits in this vault (docs/decisions.md §1),
 * the agent name for notes written from Obsidian, whether the status bar item shows,
 * whether agent text may load remote images (docs/rendering.md), and whether the pane
 * follows the open checkpoint's conversation.
 */
import { normalizePath, PluginSettingTab, Setting, type App, type Plugin, type SettingDefinitionItem, type ToggleComponent } from 'obsidian';

/** A switch carries its setting's name: a screen reader says what it turns on. */
function named(t: ToggleComponent, name: string): ToggleComponent {
	t.toggleEl.setAttr('aria-label', name);
	return t;
}

export interface LogosSettings {
	/** Vault-relative sessions folder: `sessions`, or `logos/sessions` when logos is a subfolder. */
	sessionsFolder: string;
	/** Agent name on working notes a person adds from Obsidian. */
	agentName: string;
	showStatusBar: boolean;
	/** Remote images in agent-written text load; off, each is a link (docs/rendering.md). */
	remoteImages: boolean;
	/** An unpinned pane shows the conversation of the checkpoint note just opened, not only its scope. */
	followConversation: boolean;
}

export const DEFAULT_SETTINGS: LogosSettings = {
	sessionsFolder: 'sessions',
	agentName: 'obsidian',
	showStatusBar: true,
	remoteImages: false,
	followConversation: true,
};

/** A folder the vault can hold: normalized, never the vault root (logos data is a folder inside it). */
export function cleanFolder(raw: unknown): string {
	if (typeof raw !== 'string' || raw.trim() === '') return DEFAULT_SETTINGS.sessionsFolder;
	const p = normalizePath(raw.trim());
	return p === '/' || p === '' ? DEFAULT_SETTINGS.sessionsFolder : p;
}

/** Agent names end up in `agent=` comments: one word, no spaces. */
export function cleanAgent(raw: unknown): string {
	if (typeof raw !== 'string') return DEFAULT_SETTINGS.agentName;
	const a = raw.trim().replace(/\s+/g, '-');
	return a === '' ? DEFAULT_SETTINGS.agentName : a;
}

/** Whatever `loadData` returned (nothing, an older shape, a hand-edited file) made whole. */
export function normalizeSettings(raw: unknown): LogosSettings {
	const o = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
	return {
		sessionsFolder: cleanFolder(o.sessionsFolder),
		agentName: cleanAgent(o.agentName),
		showStatusBar: typeof o.showStatusBar === 'boolean' ? o.showStatusBar : DEFAULT_SETTINGS.showStatusBar,
		// Only a saved `true` turns it on: anything else keeps remote images blocked.
		remoteImages: o.remoteImages === true,
		followConversation: typeof o.followConversation === 'boolean' ? o.followConversation : DEFAULT_SETTINGS.followConversation,
	};
}

/** What the tab needs from the plugin; the plugin applies a change (rescan, status bar) itself. */
export interface SettingsHost extends Plugin {
	settings: LogosSettings;
	updateSettings(patch: Partial<LogosSettings>): Promise<void>;
	/** Drops the index's derived rows and reads the vault again; the person's notes stay. */
	rebuildIndex?(): void;
}

type Key = keyof LogosSettings;

const TEXT = {
	folderName: 'Sessions folder',
	folderDesc: 'The logos sessions folder, relative to the vault root: "sessions" when the logos vault is this vault, "logos/sessions" when it is a subfolder.',
	agentName: 'Agent name for your notes',
	agentDesc: 'Working notes you add from Obsidian are signed with this name.',
	statusName: 'Show uncommitted notes in the status bar',
	statusDesc: 'The count of working notes not yet folded into a checkpoint, for the scope of the active file.',
	remoteName: 'Load remote images in agent text',
	remoteDesc: 'Images from the web in checkpoints are shown in the resume pane. Loading one tells its server that you opened the pane; when off, each image is a link you can open yourself.',
	followName: 'Resume pane follows the open checkpoint\'s conversation',
	followDesc: 'When the pane is not pinned and you open a checkpoint note, the pane shows that checkpoint\'s conversation rather than the latest of its scope.',
	rebuildName: 'Rebuild index',
	rebuildDesc: 'Reads every checkpoint and working note again. Your own notes are kept.',
};

export class LogosSettingTab extends PluginSettingTab {
	constructor(
		app: App,
		private readonly host: SettingsHost,
	) {
		super(app, host);
	}

	/** Obsidian 1.13+: declarative settings, found by the settings search. */
	getSettingDefinitions(): SettingDefinitionItem[] {
		return [
			{ name: TEXT.folderName, desc: TEXT.folderDesc, control: { type: 'text', key: 'sessionsFolder', placeholder: DEFAULT_SETTINGS.sessionsFolder } },
			{ name: TEXT.agentName, desc: TEXT.agentDesc, control: { type: 'text', key: 'agentName', placeholder: DEFAULT_SETTINGS.agentName } },
			{ name: TEXT.statusName, desc: TEXT.statusDesc, control: { type: 'toggle', key: 'showStatusBar' } },
			{ name: TEXT.remoteName, desc: TEXT.remoteDesc, control: { type: 'toggle', key: 'remoteImages' } },
			{ name: TEXT.followName, desc: TEXT.followDesc, control: { type: 'toggle', key: 'followConversation' } },
			{ name: TEXT.rebuildName, desc: TEXT.rebuildDesc, action: () => this.host.rebuildIndex?.() },
		];
	}

	getControlValue(key: string): unknown {
		return this.host.settings[key as Key];
	}

	setControlValue(key: string, value: unknown): Promise<void> {
		return this.apply(key as Key, value);
	}

	/** Before 1.13 Obsidian calls display() and ignores the definitions above. */
	display(): void {
		const el = this.containerEl;
		el.empty();
		new Setting(el)
			.setName(TEXT.folderName)
			.setDesc(TEXT.folderDesc)
			.addText((t) => t.setPlaceholder(DEFAULT_SETTINGS.sessionsFolder).setValue(this.host.settings.sessionsFolder).onChange((v) => this.apply('sessionsFolder', v)));
		new Setting(el)
			.setName(TEXT.agentName)
			.setDesc(TEXT.agentDesc)
			.addText((t) => t.setPlaceholder(DEFAULT_SETTINGS.agentName).setValue(this.host.settings.agentName).onChange((v) => this.apply('agentName', v)));
		new Setting(el)
			.setName(TEXT.statusName)
			.setDesc(TEXT.statusDesc)
			.addToggle((t) => named(t, TEXT.statusName).setValue(this.host.settings.showStatusBar).onChange((v) => this.apply('showStatusBar', v)));
		new Setting(el)
			.setName(TEXT.remoteName)
			.setDesc(TEXT.remoteDesc)
			.addToggle((t) => named(t, TEXT.remoteName).setValue(this.host.settings.remoteImages).onChange((v) => this.apply('remoteImages', v)));
		new Setting(el)
			.setName(TEXT.followName)
			.setDesc(TEXT.followDesc)
			.addToggle((t) => named(t, TEXT.followName).setValue(this.host.settings.followConversation).onChange((v) => this.apply('followConversation', v)));
		new Setting(el)
			.setName(TEXT.rebuildName)
			.setDesc(TEXT.rebuildDesc)
			.addButton((b) => b.setButtonText('Rebuild').onClick(() => this.host.rebuildIndex?.()));
	}

	private apply(key: Key, value: unknown): Promise<void> {
		switch (key) {
			case 'sessionsFolder':
				return this.host.updateSettings({ sessionsFolder: cleanFolder(value) });
			case 'agentName':
				return this.host.updateSettings({ agentName: cleanAgent(value) });
			case 'showStatusBar':
				return this.host.updateSettings({ showStatusBar: value === true });
			case 'remoteImages':
				return this.host.updateSettings({ remoteImages: value === true });
			case 'followConversation':
				return this.host.updateSettings({ followConversation: value === true });
			default:
				return Promise.resolve();
		}
	}
}
