/**
 * The page laid out like Obsidian's window, with Obsidian's class names so a plugin's CSS
 * finds what it expects: a ribbon, the file list on the left, the notes in the centre, the
 * right sidebar, the status bar at the bottom.
 */
import type { App, PaneType, TAbstractFile, TFile as TFileOriginal } from 'obsidian';
import { Keymap, TFile, TFolder } from './classes';
import { setIcon } from './obsidian';

export type Side = 'left' | 'root' | 'right';

export interface SplitEls {
	split: HTMLElement;
	tabHeaders: HTMLElement;
	tabBodies: HTMLElement;
}

export class Layout {
	readonly app: HTMLElement;
	readonly ribbonActions: HTMLElement;
	readonly ribbonSettings: HTMLElement;
	readonly fileList: HTMLElement;
	readonly splits: Record<Side, SplitEls>;
	readonly statusBar: HTMLElement;
	readonly titleEl: HTMLElement;
	readonly notices: HTMLElement;
	readonly leftToggle: HTMLElement;
	readonly rightToggle: HTMLElement;

	constructor(body: HTMLElement) {
		this.app = body.createDiv({ cls: 'app-container' });
		const title = this.app.createDiv({ cls: 'titlebar host-titlebar' });
		this.leftToggle = title.createEl('button', { cls: 'clickable-icon host-toggle-left', attr: { 'aria-label': 'Toggle left sidebar' } });
		setIcon(this.leftToggle, 'sidebar-left');
		this.titleEl = title.createDiv({ cls: 'titlebar-text' });
		this.rightToggle = title.createEl('button', { cls: 'clickable-icon host-toggle-right', attr: { 'aria-label': 'Toggle right sidebar' } });
		setIcon(this.rightToggle, 'sidebar-right');

		const main = this.app.createDiv({ cls: 'horizontal-main-container' });
		const ws = main.createDiv({ cls: 'workspace' });
		const ribbon = ws.createDiv({ cls: 'workspace-ribbon side-dock-ribbon mod-left' });
		this.ribbonActions = ribbon.createDiv({ cls: 'side-dock-actions' });
		this.ribbonSettings = ribbon.createDiv({ cls: 'side-dock-settings' });

		const left = ws.createDiv({ cls: 'workspace-split mod-horizontal mod-sidedock mod-left-split' });
		const leftTabs = left.createDiv({ cls: 'workspace-tabs' });
		const leftHeaders = leftTabs.createDiv({ cls: 'workspace-tab-header-container' });
		leftHeaders.createDiv({ cls: 'workspace-tab-header is-active', text: 'Files' });
		const leftBodies = leftTabs.createDiv({ cls: 'workspace-tab-container' });
		const explorer = leftBodies.createDiv({ cls: 'workspace-leaf-content', attr: { 'data-type': 'file-explorer' } });
		this.fileList = explorer.createDiv({ cls: 'nav-files-container' });

		const root = ws.createDiv({ cls: 'workspace-split mod-vertical mod-root' });
		const rootTabs = root.createDiv({ cls: 'workspace-tabs mod-top' });
		const rootHeaders = rootTabs.createDiv({ cls: 'workspace-tab-header-container' });
		const rootBodies = rootTabs.createDiv({ cls: 'workspace-tab-container' });

		const right = ws.createDiv({ cls: 'workspace-split mod-horizontal mod-sidedock mod-right-split' });
		const rightTabs = right.createDiv({ cls: 'workspace-tabs' });
		const rightHeaders = rightTabs.createDiv({ cls: 'workspace-tab-header-container' });
		const rightBodies = rightTabs.createDiv({ cls: 'workspace-tab-container' });

		this.splits = {
			left: { split: left, tabHeaders: leftHeaders, tabBodies: leftBodies },
			root: { split: root, tabHeaders: rootHeaders, tabBodies: rootBodies },
			right: { split: right, tabHeaders: rightHeaders, tabBodies: rightBodies },
		};
		this.statusBar = this.app.createDiv({ cls: 'status-bar' });
		this.notices = body.createDiv({ cls: 'notice-container' });
	}

	/** A ribbon button, as Plugin.addRibbonIcon and the host's own buttons make them. */
	ribbonButton(parent: HTMLElement, icon: string, title: string, onClick: (evt: MouseEvent) => unknown): HTMLElement {
		const el = parent.createDiv({ cls: 'clickable-icon side-dock-ribbon-action', attr: { 'aria-label': title, role: 'button', tabindex: '0' } });
		setIcon(el, icon);
		el.addEventListener('click', (evt) => void onClick(evt));
		return el;
	}
}

/**
 * The file explorer: folders first, then files, by name; folders open and close on click, a
 * file opens in the current tab (Ctrl/Cmd-click: a new tab), as Obsidian's core plugin does.
 */
export class FileExplorer {
	private readonly open = new Set<string>();
	private activePath: string | null = null;
	private pending = false;

	constructor(
		private readonly app: App,
		private readonly el: HTMLElement,
		private readonly openFile: (file: TFileOriginal, newTab: boolean | PaneType) => void,
	) {
		for (const child of app.vault.getRoot().children) if (child instanceof TFolder) this.open.add(child.path);
		const redraw = (): void => this.redrawSoon();
		app.vault.on('create', redraw);
		app.vault.on('delete', redraw);
		app.vault.on('rename', redraw);
		this.draw();
	}

	setActive(path: string | null): void {
		this.activePath = path;
		if (path) {
			// Show where the open note sits.
			const parts = path.split('/');
			for (let i = 1; i < parts.length; i++) this.open.add(parts.slice(0, i).join('/'));
		}
		this.draw();
	}

	private redrawSoon(): void {
		if (this.pending) return;
		this.pending = true;
		setTimeout(() => {
			this.pending = false;
			this.draw();
		}, 0);
	}

	private draw(): void {
		this.el.empty();
		this.drawChildren(this.el, this.app.vault.getRoot().children, 0);
	}

	private drawChildren(parent: HTMLElement, children: TAbstractFile[], depth: number): void {
		const sorted = [...children].sort((a, b) => {
			const fa = a instanceof TFolder ? 0 : 1;
			const fb = b instanceof TFolder ? 0 : 1;
			return fa - fb || a.name.localeCompare(b.name, undefined, { numeric: true });
		});
		for (const child of sorted) {
			if (child instanceof TFolder) {
				const isOpen = this.open.has(child.path);
				const box = parent.createDiv({ cls: ['tree-item', 'nav-folder', ...(isOpen ? [] : ['is-collapsed'])] });
				const self = box.createDiv({ cls: 'tree-item-self nav-folder-title is-clickable', attr: { 'data-path': child.path } });
				self.style.setProperty('--host-depth', String(depth));
				const icon = self.createSpan({ cls: 'tree-item-icon collapse-icon' });
				setIcon(icon, isOpen ? 'folder-open' : 'folder-closed');
				self.createSpan({ cls: 'tree-item-inner nav-folder-title-content', text: child.name });
				self.addEventListener('click', () => {
					if (isOpen) this.open.delete(child.path);
					else this.open.add(child.path);
					this.draw();
				});
				if (isOpen) this.drawChildren(box.createDiv({ cls: 'tree-item-children nav-folder-children' }), child.children, depth + 1);
			} else if (child instanceof TFile) {
				const box = parent.createDiv({ cls: 'tree-item nav-file' });
				const self = box.createDiv({
					cls: ['tree-item-self', 'nav-file-title', 'is-clickable', ...(child.path === this.activePath ? ['is-active'] : [])],
					attr: { 'data-path': child.path },
				});
				self.style.setProperty('--host-depth', String(depth));
				self.createSpan({ cls: 'tree-item-inner nav-file-title-content', text: child.extension === 'md' ? child.basename : child.name });
				self.addEventListener('click', (evt) => this.openFile(child, Keymap.isModEvent(evt)));
			}
		}
	}
}
