/**
 * Registers the resume pane with the plugin: the view, its ribbon icon, the "Open resume pane"
 * and "Copy resume for an agent" commands, and opening the pane on the first run. main.ts calls
 * this once in onload, `start` from layout-ready and `refresh` whenever the model changed.
 */
import { Notice, type Plugin } from 'obsidian';
import { RESUME_VIEW_TYPE } from '../shared/labels';
import { copyTarget, noScopeText, openResumePane, refreshResumeViews } from '../shared/pane';
import { copyResume } from './copy-resume';
import { openOnFirstRun } from './first-run';
import { ResumeView, type ResumeHost } from './resume-view';

export interface ResumeFeatures {
	/** From onLayoutReady: opens the pane the first time the plugin runs in this vault. */
	start(): void;
	/** Redraws open resume panes whose model or settings changed (all of them with `force`). */
	refresh(force?: boolean): void;
}

async function copyForAgent(plugin: Plugin & ResumeHost): Promise<void> {
	const target = await copyTarget(plugin.app, plugin.source);
	if (!target) {
		new Notice(await noScopeText(plugin.source, 'what to copy'));
		return;
	}
	await copyResume(plugin.source, target.scope, target.conversation);
}

export function registerResume(plugin: Plugin & ResumeHost): ResumeFeatures {
	const app = plugin.app;
	plugin.registerView(RESUME_VIEW_TYPE, (leaf) => new ResumeView(leaf, plugin));
	plugin.registerHoverLinkSource(RESUME_VIEW_TYPE, { display: plugin.manifest.name, defaultMod: true });
	plugin.addRibbonIcon('history', 'Open resume pane', () => void openResumePane(app));
	plugin.addCommand({ id: 'open-resume-pane', name: 'Open resume pane', callback: () => void openResumePane(app) });
	plugin.addCommand({ id: 'copy-resume-for-agent', name: 'Copy resume for an agent', callback: () => void copyForAgent(plugin) });
	return {
		start: () => void openOnFirstRun(app),
		refresh: (force = false) => refreshResumeViews(app, force),
	};
}
