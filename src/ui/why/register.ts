/**
 * Registers "Why was this file touched?" (a picker over every path any checkpoint lists,
 * answered in its own view) and "Open the plans of this scope". main.ts calls this once
 * in onload and `refresh` whenever the model changed.
 */
import { openView } from '../shared/model-view';
import { FuzzySuggestModal, Notice, TFile, type App, type Plugin } from 'obsidian';
import type { Plan } from '../../core';
import { scopeOfPath } from '../../core';
import { touchedPaths, type TouchedPath } from '../../core';
import { loadPlans } from '../../vault/obsidian-plans';
import type { ModelSource } from '../../vault/obsidian-source';
import { resumeViews } from '../shared/pane';
import { plural } from '../resume/resume-dom';
import { WhyView, WHY_VIEW_TYPE } from './why-view';
import { HEADING } from '../../core';
import { sessionsRoot } from '../../vault/obsidian-snapshot';

export interface WhyFeatures {
	refresh(): void;
	/** Opens the answer for `path` in the why view. */
	show(path: string): Promise<void>;
}

interface WhyHost extends Plugin {
	readonly source: ModelSource;
	readonly settings: { readonly sessionsFolder: string };
}

/** Whether line `lineStart` of a note sits in its `## Files` section (the nearest heading above). */
export function inFilesSection(text: string, lineStart: number): boolean {
	const lines = text.split('\n');
	for (let i = Math.min(lineStart, lines.length) - 1; i >= 0; i--) {
		if (/^#{1,6}\s/.test(lines[i])) return lines[i].trim() === `## ${HEADING.files}`;
	}
	return false;
}

export class TouchedPathModal extends FuzzySuggestModal<TouchedPath> {
	constructor(
		app: App,
		private readonly paths: TouchedPath[],
		private readonly choose: (path: string) => void,
	) {
		super(app);
		this.setPlaceholder('Why was this file touched? Type a path');
	}

	getItems(): TouchedPath[] {
		return this.paths;
	}

	getItemText(item: TouchedPath): string {
		return `${item.path} (${plural(item.count, 'checkpoint')})`;
	}

	onChooseItem(item: TouchedPath): void {
		this.choose(item.path);
	}
}

export class PlansModal extends FuzzySuggestModal<Plan> {
	constructor(
		app: App,
		private readonly plans: Plan[],
	) {
		super(app);
		this.setPlaceholder('Open a plan of this scope');
	}

	getItems(): Plan[] {
		return this.plans;
	}

	getItemText(p: Plan): string {
		const first = p.text.split('\n').find((l) => l.trim() !== '') ?? '';
		return `${p.name.replace(/\.md$/, '')} · ${first.replace(/^#+\s*/, '').slice(0, 80)}`;
	}

	onChooseItem(p: Plan): void {
		const f = this.app.vault.getAbstractFileByPath(p.path);
		if (f instanceof TFile) void this.app.workspace.getLeaf(false).openFile(f);
	}
}

async function whyLeaf(app: App): Promise<WhyView | null> {
	const leaf = await openView(app, WHY_VIEW_TYPE, 'right', (l) => l.view instanceof WhyView);
	return leaf?.view instanceof WhyView ? leaf.view : null;
}

/** The pane's scope, else the active file's. */
async function currentScope(plugin: WhyHost): Promise<string | null> {
	for (const v of resumeViews(plugin.app)) {
		const s = v.selection().scope;
		if (s) return s;
	}
	const file = plugin.app.workspace.getActiveFile();
	const { model } = await plugin.source.load();
	return file ? scopeOfPath(model, file.path) : null;
}

export function registerWhy(plugin: WhyHost): WhyFeatures {
	const app = plugin.app;
	plugin.registerView(WHY_VIEW_TYPE, (leaf) => new WhyView(leaf, plugin.source));
	const show = async (path: string): Promise<void> => {
		await (await whyLeaf(app))?.show(path);
	};
	// In a checkpoint's reading view, each path of `## Files` asks the same question about itself.
	plugin.registerMarkdownPostProcessor((el, ctx) => {
		const root = sessionsRoot(plugin.settings.sessionsFolder);
		if (!ctx.sourcePath.startsWith(root === '' ? '' : `${root}/`) || !el.querySelector('li')) return;
		const info = ctx.getSectionInfo(el);
		if (!info || !inFilesSection(info.text, info.lineStart)) return;
		for (const li of Array.from(el.querySelectorAll('li'))) {
			const path = (li.textContent ?? '').trim();
			if (path === '') continue;
			const ask = li.createEl('button', { cls: ['clickable-icon', 'logos-file-why'], text: 'Why?', attr: { 'aria-label': `Why was this file touched? ${path}` } });
			ask.addEventListener('click', (evt) => {
				evt.preventDefault();
				void show(path);
			});
		}
	});
	plugin.addCommand({
		id: 'why-was-this-file-touched',
		name: 'Why was this file touched?',
		callback: () => {
			void plugin.source.load().then(({ model }) => {
				const paths = touchedPaths(model);
				if (paths.length === 0) new Notice('No checkpoint lists a file yet.');
				else new TouchedPathModal(app, paths, (p) => void show(p)).open();
			});
		},
	});
	plugin.addCommand({
		id: 'open-plans-of-scope',
		name: 'Open the plans of this scope',
		callback: () => {
			void (async () => {
				const scope = await currentScope(plugin);
				if (!scope) {
					new Notice('Open a file inside a logos scope, or the resume pane, to choose a scope.');
					return;
				}
				const { root } = await plugin.source.load();
				const plans = await loadPlans(app.vault, root, scope);
				if (plans.length === 0) new Notice(`No plans saved in ${scope}.`);
				else new PlansModal(app, plans).open();
			})();
		},
	});
	return {
		refresh(): void {
			for (const leaf of app.workspace.getLeavesOfType(WHY_VIEW_TYPE)) {
				if (leaf.view instanceof WhyView) void leaf.view.refresh();
			}
		},
		show,
	};
}
