/**
 * Finding and opening the resume pane. Views are looked up each time (getLeavesOfType +
 * instanceof), never held by the plugin, so a closed pane is simply gone.
 */
import type { App, WorkspaceLeaf } from 'obsidian';
import { scopeOfPath } from '../core/vault-model';
import type { ModelSource } from '../vault/obsidian-source';
import { RESUME_VIEW_TYPE } from './labels';
import { ResumeView } from './resume-view';

export function resumeViews(app: App): ResumeView[] {
	const out: ResumeView[] = [];
	for (const leaf of app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)) {
		if (leaf.view instanceof ResumeView) out.push(leaf.view);
	}
	return out;
}

/**
 * Shows a leaf: expands its sidebar if collapsed and makes it active. `revealLeaf` does the
 * same but its typings date it to 1.7.2, later than this plugin's minAppVersion.
 */
function reveal(app: App, leaf: WorkspaceLeaf): void {
	const ws = app.workspace;
	const root = leaf.getRoot();
	for (const side of [ws.leftSplit, ws.rightSplit]) {
		if (root === side && side.collapsed) side.expand();
	}
	ws.setActiveLeaf(leaf, { focus: true });
}

/** Opens (or reveals) the pane in the right sidebar, on `scope` when given. */
export async function openResumePane(app: App, scope?: string): Promise<void> {
	const existing = app.workspace.getLeavesOfType(RESUME_VIEW_TYPE)[0];
	if (existing) {
		reveal(app, existing);
		if (scope && existing.view instanceof ResumeView) await existing.view.showScope(scope);
		return;
	}
	const leaf = app.workspace.getRightLeaf(false);
	if (!leaf) return;
	await leaf.setViewState({ type: RESUME_VIEW_TYPE, active: true, state: scope ? { scope } : {} });
	reveal(app, leaf);
}

/** Re-renders every open pane that is shown and out of date. */
export function refreshResumeViews(app: App, force = false): void {
	for (const v of resumeViews(app)) void v.refresh(force);
}

/** What "Copy resume for an agent" copies: the pane's selection, else the active file's scope. */
export async function copyTarget(app: App, source: ModelSource): Promise<{ scope: string; conversation: string | null } | null> {
	for (const v of resumeViews(app)) {
		const s = v.selection();
		if (s.scope) return { scope: s.scope, conversation: s.conversation };
	}
	const file = app.workspace.getActiveFile();
	const { model } = await source.load();
	const scope = file ? scopeOfPath(model, file.path) : null;
	if (scope) return { scope, conversation: null };
	return model.scopes.length === 1 ? { scope: model.scopes[0], conversation: null } : null;
}
