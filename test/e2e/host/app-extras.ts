/**
 * What the app offers beyond the mocks' `App`, as Obsidian has it: the light or dark theme
 * (`body.theme-light` / `body.theme-dark`, `isDarkMode`, `css-change`), per-vault local
 * storage that survives a reload, the settings window (`app.setting`), and the tooltip that
 * `setTooltip` shows on hover.
 */
import type { App } from 'obsidian';
import { setTooltip as mockSetTooltip } from 'obsidian-test-mocks/obsidian';

export type Theme = 'light' | 'dark';

/** The theme the page was asked for: `?theme=dark`, else light (Obsidian's default). */
export function requestedTheme(): Theme {
	return new URLSearchParams(window.location.search).get('theme') === 'dark' ? 'dark' : 'light';
}

/**
 * Obsidian's theme switch: one of `theme-light` / `theme-dark` on the body, the CSS variables
 * following (host.css), and `css-change` on the workspace so views can redraw.
 */
export function applyTheme(app: App | null, theme: Theme): void {
	document.body.toggleClass('theme-dark', theme === 'dark');
	document.body.toggleClass('theme-light', theme === 'light');
	app?.workspace.trigger('css-change');
}

/** What the host's settings window answers to, as `app.setting` does in Obsidian. */
export interface SettingWindowLike {
	open(): void;
	openTabById(id: string): unknown;
}

export function installAppExtras(app: App, setting: SettingWindowLike): void {
	// SHIM (App.isDarkMode, https://docs.obsidian.md/Reference/TypeScript+API/App/isDarkMode):
	// the mocks always answer false.
	app.isDarkMode = () => document.body.hasClass('theme-dark');
	// SHIM (App.loadLocalStorage / saveLocalStorage, https://docs.obsidian.md/Reference/TypeScript+API/App/saveLocalStorage):
	// "vault-specific" values in the browser's localStorage, so they outlive a reload as on a
	// device; null clears. The mocks keep them in a Map the next page load forgets.
	const prefix = `host-${app.vault.getName()}-`;
	app.loadLocalStorage = (key: string): unknown => {
		const raw = window.localStorage.getItem(prefix + key);
		if (raw === null) return null;
		try {
			return JSON.parse(raw) as unknown;
		} catch {
			return null;
		}
	};
	app.saveLocalStorage = (key: string, data: unknown): void => {
		if (data === null || data === undefined) window.localStorage.removeItem(prefix + key);
		else window.localStorage.setItem(prefix + key, JSON.stringify(data));
	};
	// Obsidian's settings window, which plugins reach as `app.setting` (not in the public
	// typings): open() shows it, openTabById(id) shows that plugin's tab.
	(app as unknown as { setting: SettingWindowLike }).setting = setting;
}

let tooltipEl: HTMLElement | null = null;

function hideTooltip(): void {
	tooltipEl?.remove();
	tooltipEl = null;
}

function showTooltip(target: HTMLElement): void {
	const text = target.getAttribute('aria-label');
	if (!text) return;
	hideTooltip();
	const r = target.getBoundingClientRect();
	const above = target.dataset.tooltipPosition === 'top';
	tooltipEl = document.body.createDiv({ cls: ['tooltip', above ? 'mod-top' : 'mod-bottom'], text });
	const t = tooltipEl.getBoundingClientRect();
	const left = Math.max(4, Math.min(window.innerWidth - t.width - 4, r.left + r.width / 2 - t.width / 2));
	tooltipEl.style.left = `${left}px`;
	tooltipEl.style.top = `${above ? r.top - t.height - 6 : r.bottom + 6}px`;
}

/**
 * SHIM (setTooltip, https://docs.obsidian.md/Reference/TypeScript+API/setTooltip): Obsidian
 * puts the text in the element's aria-label (with the placement) and shows it on hover, as it
 * does for every element with an aria-label; the mocks do nothing. The host shows a
 * `.tooltip` the same way, on hover and on keyboard focus.
 */
export function setTooltip(el: HTMLElement, tooltip: string, options?: { placement?: string }): void {
	mockSetTooltip(el, tooltip, options as never);
	if (tooltip === '') el.removeAttribute('aria-label');
	else el.setAttribute('aria-label', tooltip);
	if (options?.placement) el.setAttribute('data-tooltip-position', options.placement);
}

export function installTooltips(): void {
	const labelled = (e: Event): HTMLElement | null => (e.target instanceof Element ? e.target.closest<HTMLElement>('[aria-label]') : null);
	document.addEventListener('mouseover', (e) => {
		const el = labelled(e);
		if (el) showTooltip(el);
		else hideTooltip();
	});
	document.addEventListener('focusin', (e) => {
		const el = labelled(e);
		if (el?.matches(':focus-visible')) showTooltip(el);
	});
	document.addEventListener('focusout', hideTooltip);
	document.addEventListener('mousedown', hideTooltip, true);
}
