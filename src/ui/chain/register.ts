/**
 * Registers the history-walking features with the plugin: the chain bar (reading view
 * and editor), the navigation commands, the conversation list and picker, "was this
 * tried?", and the warning on editing an auto record. main.ts calls this once in onload
 * and `refresh` whenever the model changed.
 */
import { openView } from '../shared/model-view';
import type { Command, Plugin } from 'obsidian';
import { isUnder, sessionsRoot } from '../../vault/obsidian-snapshot';
import { warnOnAutoEdits } from './chain-auto';
import { ChainBars } from './chain-bar';
import { editorBarExtension, readingBarProcessor } from './chain-bar-hosts';
import { isChainNote, moveFrom, type ChainHost, type ChainMove } from './chain-nav';
import { pickConversation } from './conversation-picker';
import { ConversationsView, CONVERSATIONS_VIEW_TYPE } from './conversation-view';
import { askWasTried, selectedText } from './was-tried';

export interface ChainFeatures {
	/** Redraws chain bars and conversation lists that are out of date (all of them with `force`). */
	refresh(force?: boolean): void;
}

/** Commands offered on a checkpoint note, by stable id. */
export const CHAIN_COMMANDS: { id: string; name: string; move: ChainMove }[] = [
	{ id: 'previous-in-conversation', name: 'Open previous checkpoint in this conversation', move: 'previous' },
	{ id: 'next-in-conversation', name: 'Open next checkpoint in this conversation', move: 'next' },
	{ id: 'first-in-conversation', name: 'Open first checkpoint in this conversation', move: 'first' },
	{ id: 'latest-in-conversation', name: 'Open latest checkpoint in this conversation', move: 'latest' },
	{ id: 'follows-back', name: 'Go back along follows', move: 'back' },
	{ id: 'follows-forward', name: 'Go forward along follows', move: 'forward' },
	{ id: 'latest-in-scope', name: 'Open latest checkpoint of this scope', move: 'scope-latest' },
];

async function openConversations(plugin: Plugin): Promise<void> {
	await openView(plugin.app, CONVERSATIONS_VIEW_TYPE, 'right', (leaf) => leaf.view instanceof ConversationsView);
}

export function registerChainFeatures(plugin: Plugin & ChainHost): ChainFeatures {
	const app = plugin.app;
	// Read through ChainHost: these are the plugin's own fields, not Plugin's.
	const host: ChainHost = plugin;
	const isNote = (path: string): boolean => isChainNote(host, path);
	const bars = new ChainBars(plugin);

	plugin.registerView(CONVERSATIONS_VIEW_TYPE, (leaf) => new ConversationsView(leaf, plugin));
	plugin.registerMarkdownPostProcessor(readingBarProcessor(bars, isNote));
	plugin.registerEditorExtension(editorBarExtension(bars, isNote));
	warnOnAutoEdits(plugin, isNote);

	for (const c of CHAIN_COMMANDS) {
		// The scope's latest is useful from any note of a scope (its working notes too).
		const offered = (path: string): boolean =>
			c.move === 'scope-latest' ? isUnder(sessionsRoot(host.settings.sessionsFolder), path) : isNote(path);
		const command: Command = {
			id: c.id,
			name: c.name,
			checkCallback: (checking) => {
				const file = app.workspace.getActiveFile();
				if (!file || !offered(file.path)) return false;
				if (!checking) void moveFrom(plugin, file.path, c.move);
				return true;
			},
		};
		plugin.addCommand(command);
	}
	plugin.addCommand({ id: 'switch-conversation', name: 'Switch conversation', callback: () => void pickConversation(plugin) });
	plugin.addCommand({ id: 'open-conversations', name: 'Open conversations', callback: () => void openConversations(plugin) });
	plugin.addCommand({ id: 'was-this-tried', name: 'Check whether this was tried', callback: () => void askWasTried(app, plugin.source, selectedText(app)) });
	plugin.registerEvent(
		app.workspace.on('editor-menu', (menu, editor) => {
			const text = editor.getSelection().trim();
			if (text === '') return;
			menu.addItem((item) =>
				item
					.setTitle('Was this tried?')
					.setIcon('history')
					.onClick(() => void askWasTried(app, plugin.source, selectedText(app))),
			);
		}),
	);

	return {
		refresh(force = false): void {
			bars.refresh(force);
			for (const leaf of app.workspace.getLeavesOfType(CONVERSATIONS_VIEW_TYPE)) {
				if (leaf.view instanceof ConversationsView) void leaf.view.refresh(force);
			}
		},
	};
}
