/**
 * Finding and opening the resume pane. Views are looked up each time (getLeavesOfType +
 * instanceof), never held by the plugin, so a closed pane is simply gone.
 */
import type { App } from 'obsidian';
import { revealLeaf } from './model-view';
import { scopeOfPath } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';
import { EMPTY, RESUME_VIEW_TYPE } from './labels';
import { ResumeView } from '../resume/resume-view';
import { mostRecentScope } from '../../core';

export function resumeViews(app: App): ResumeView[] {
	const out: ResumeView[] = [];
	for (const leaf of app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)) {
		if (leaf.view instanceof ResumeView) out.push(leaf.view);
	}
	return out;
}

/** Opens (or reveals) the pane in the right sidebar, on `scope` when given. */
export async function openResumePane(app: App, scope?: string): Promise<void> {
	const existing = app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)[0];
	if (existing) {
		revealLeaf(app, existing);
		if (scope && existing.view instanceof ResumeView) await existing.view.showScope(scope);
		return;
	}
	const leaf = app.workspace.getRightLeaf(false);
	if (!leaf) return;
	await leaf.setViewState({ type: RESUME_VIEW_TYPE, active: true, state: scope ? { scope } : {} });
	revealLeaf(app, leaf);
}

/** Re-renders every open pane that is shown and out of date. */
export function refreshResumeViews(app: App, force = false): void {
	for (const v of resumeViews(app)) void v.refresh(force);
}

/**
 * The scope a command acts on: the open pane's (and its conversation), else the active
 * file's; a pane open but not drawn yet stands for the scope it will show.
 */
export async function copyTarget(app: App, source: ModelSource): Promise<{ scope: string; conversation: string | null } | null> {
	const { model } = await source.load();
	const views = resumeViews(app);
	for (const v of views) {
		const s = v.selection();
		if (s.scope && model.scopes.includes(s.scope)) return { scope: s.scope, conversation: s.conversation };
	}
	const file = app.workspace.getActiveFile();
	const scope = file ? scopeOfPath(model, file.path) : null;
	if (scope) return { scope, conversation: null };
	if (views.length > 0 || model.scopes.length === 1) {
		const shown = mostRecentScope(model);
		return shown === null ? null : { scope: shown, conversation: null };
	}
	return null;
}

/** Why a command found no scope to act on, in words that say what to do about it. */
export async function noScopeText(source: ModelSource, toChoose: string): Promise<string> {
	const { found, root, model } = await source.load();
	if (!found) return EMPTY.noFolder(root);
	if (model.scopes.length === 0) return EMPTY.noScopes(root);
	return `Open a file inside a logos scope, or the resume pane, to choose ${toChoose}.`;
}
