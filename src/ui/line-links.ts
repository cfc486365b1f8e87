/**
 * Lines of the pane that open where they came from. One click and one mouseover listener
 * on the pane serve every line of every render (event delegation), so re-rendering never
 * adds listeners; each render just starts a fresh table of targets.
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

/** Obsidian's page preview for a line (the view type is registered as a hover-link source). */
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

export class LineLinks {
	private links: LinkTarget[] = [];
	private actions: (() => void)[] = [];

	constructor(
		private readonly app: App,
		private readonly parent: HoverParent,
		private readonly root: HTMLElement,
	) {}

	/** Forgets the previous render's lines. */
	reset(): void {
		this.links = [];
		this.actions = [];
	}

	link(el: HTMLElement, target: LinkTarget): void {
		el.addClass('logos-link');
		el.dataset.logosLink = String(this.links.push(target) - 1);
	}

	action(el: HTMLElement, fn: () => void): void {
		el.dataset.logosAction = String(this.actions.push(fn) - 1);
	}

	onClick(evt: MouseEvent): void {
		const act = this.hit(evt, 'logosAction');
		if (act) {
			this.actions[act.index]?.();
			return;
		}
		const link = this.hit(evt, 'logosLink');
		const target = link ? this.links[link.index] : undefined;
		if (!target) return;
		evt.preventDefault();
		void openTarget(this.app, target, evt);
	}

	onHover(evt: MouseEvent): void {
		const link = this.hit(evt, 'logosLink');
		const target = link ? this.links[link.index] : undefined;
		if (!link || !target) return;
		// Moving between children of one line is not a new hover.
		if (evt.relatedTarget instanceof Node && link.el.contains(evt.relatedTarget)) return;
		previewTarget(this.app, this.parent, link.el, target, evt);
	}

	private hit(evt: Event, attr: 'logosLink' | 'logosAction'): { el: HTMLElement; index: number } | null {
		let node = evt.target instanceof Node ? evt.target : null;
		while (node && node !== this.root) {
			if (node.instanceOf(HTMLElement) && node.dataset[attr] !== undefined) return { el: node, index: Number(node.dataset[attr]) };
			node = node.parentNode;
		}
		return null;
	}
}
