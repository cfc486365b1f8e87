/**
 * Opening a line of the pane where it came from, and previewing it on hover through
 * Obsidian's page preview (the view is registered as a hover-link source in main.ts).
 */
import { Keymap, Notice, TFile, type App, type HoverParent } from 'obsidian';
import { RESUME_VIEW_TYPE } from './labels';
import type { LinkTarget } from './resume-dom';

/** Click: the current tab; Ctrl/Cmd-click: a new tab (Obsidian's own modifier rules). */
export async function openTarget(app: App, target: LinkTarget, evt: MouseEvent | KeyboardEvent | null): Promise<void> {
	const file = app.vault.getAbstractFileByPath(target.path);
	if (!(file instanceof TFile)) {
		new Notice(`${target.path} is no longer in the vault.`);
		return;
	}
	const leaf = app.workspace.getLeaf(Keymap.isModEvent(evt));
	await leaf.openFile(file, target.line >= 0 ? { active: true, eState: { line: target.line } } : { active: true });
}

export function previewTarget(app: App, parent: HoverParent, targetEl: HTMLElement, target: LinkTarget, evt: MouseEvent): void {
	app.workspace.trigger('hover-link', {
		event: evt,
		source: RESUME_VIEW_TYPE,
		hoverParent: parent,
		targetEl,
		linktext: target.path,
		sourcePath: '',
		state: target.line >= 0 ? { scroll: target.line } : undefined,
	});
}
