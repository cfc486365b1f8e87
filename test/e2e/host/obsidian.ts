/**
 * The `obsidian` module the plugin's `require('obsidian')` receives: obsidian-test-mocks,
 * with the few exports the host replaces. Also installs what Obsidian adds to the page's
 * globals (createDiv, Element.prototype.empty, …) through the mocks' own setup().
 */
import * as cmState from '@codemirror/state';
import * as cmView from '@codemirror/view';
import * as mocks from 'obsidian-test-mocks/obsidian';
import { setup } from 'obsidian-test-mocks/setup';

/** Glyphs standing in for Obsidian's bundled lucide icons, which the host does not ship. */
const GLYPHS: Record<string, string> = {
	history: '↺',
	pin: '●',
	'pin-off': '○',
	settings: '⚙',
	'terminal-square': '⌘',
	x: '×',
	'chevron-left': '‹',
	'chevron-right': '›',
	'arrow-left': '←',
	'arrow-right': '→',
	'git-fork': '⋔',
	'chevron-down': '⌄',
	'folder-closed': '▸',
	'folder-open': '▾',
	'file-text': '▤',
	'sidebar-left': '◧',
	'sidebar-right': '◨',
	'check': '✓',
	'undo-2': '↶',
	'right-triangle': '▾',
	'clipboard-copy': '❐',
	'refresh-cw': '⟳',
	'messages-square': '☰',
	'more-horizontal': '…',
	archive: '⊘',
};

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * SHIM (setIcon, https://docs.obsidian.md/Reference/TypeScript+API/setIcon): Obsidian puts
 * an `<svg class="svg-icon lucide-ID">` in the element; the mocks render nothing for icons
 * not registered with addIcon. The host draws a glyph inside the same kind of svg.
 */
export function setIcon(parent: HTMLElement, iconId: string): void {
	mocks.setIcon(parent, iconId);
	if (parent.querySelector('svg')) return;
	parent.empty();
	const svg = document.createElementNS(SVG_NS, 'svg');
	svg.setAttribute('class', `svg-icon lucide-${iconId}`);
	svg.setAttribute('viewBox', '0 0 24 24');
	svg.setAttribute('width', '18');
	svg.setAttribute('height', '18');
	const text = document.createElementNS(SVG_NS, 'text');
	text.setAttribute('x', '12');
	text.setAttribute('y', '18');
	text.setAttribute('text-anchor', 'middle');
	text.setAttribute('font-size', '18');
	text.setAttribute('fill', 'currentColor');
	text.textContent = GLYPHS[iconId] ?? (iconId.charAt(0).toUpperCase() || '?');
	svg.appendChild(text);
	parent.appendChild(svg);
}

/**
 * SHIM (Platform, https://docs.obsidian.md/Reference/TypeScript+API/Platform): the mocks
 * describe a Windows desktop; the host describes the browser it runs in, so Mod is Cmd on a
 * Mac and Ctrl elsewhere, as in Obsidian.
 */
function describePlatform(): void {
	const p = navigator.platform.toLowerCase();
	const platform = mocks.Platform as { -readonly [K in keyof typeof mocks.Platform]: (typeof mocks.Platform)[K] };
	platform.isMacOS = p.includes('mac');
	platform.isWin = p.includes('win');
	platform.isLinux = p.includes('linux');
}

export function installGlobals(): void {
	setup();
	describePlatform();
}

/**
 * The module table Obsidian answers a plugin's require() from; anything else is an error, as
 * there. `overrides` are host classes standing in for mocks whose constructor does the showing.
 */
export function pluginRequire(overrides: Record<string, unknown> = {}): (id: string) => unknown {
	const obsidian = { ...mocks, setIcon, ...overrides };
	const table: Record<string, unknown> = {
		obsidian,
		'@codemirror/state': cmState,
		'@codemirror/view': cmView,
	};
	return (id: string): unknown => {
		if (Object.prototype.hasOwnProperty.call(table, id)) return table[id];
		throw new Error(`Cannot find module '${id}': the host provides obsidian, @codemirror/state and @codemirror/view`);
	};
}

export { mocks };
