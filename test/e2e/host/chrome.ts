/**
 * What a plugin puts around its views: ribbon icons, status bar items, notices, modals,
 * suggesters and setting controls. The mocks build their elements but never show them (and
 * close a modal as soon as it opens); these shims put them on the page as Obsidian does.
 */
import type { FuzzyMatch } from 'obsidian';
import { FuzzySuggestModal, Modal, Notice, Platform, Plugin, Scope, Setting, SuggestModal, TextComponent, ToggleComponent } from 'obsidian-test-mocks/obsidian';
import type { Layout } from './layout';
import { setIcon } from './obsidian';

/** What the shims need to reach the page. */
let layout: Layout | null = null;

/** The text of every notice shown since the page loaded, oldest first (`window.host.notices`). */
export const noticeLog: string[] = [];

export function installChrome(l: Layout): void {
	layout = l;
	shimRibbonAndStatusBar();
	shimScope();
	shimModal();
	shimSuggestModal();
	shimSettingControls();
}

function shimRibbonAndStatusBar(): void {
	const proto = Plugin.prototype as unknown as {
		addRibbonIcon(icon: string, title: string, cb: (evt: MouseEvent) => unknown): HTMLElement;
		addStatusBarItem(): HTMLElement;
		register(cb: () => unknown): void;
		manifest: { id: string };
		ribbonActions__: HTMLElement[];
		statusBarItems__: HTMLElement[];
	};
	// SHIM (Plugin.addRibbonIcon, https://docs.obsidian.md/Reference/TypeScript+API/Plugin/addRibbonIcon):
	// an icon in the left ribbon that calls back on click, gone when the plugin unloads.
	proto.addRibbonIcon = function (icon, title, cb) {
		const l = requireLayout();
		const el = l.ribbonButton(l.ribbonActions, icon, title, cb);
		this.ribbonActions__.push(el);
		this.register(() => el.remove());
		return el;
	};
	// SHIM (Plugin.addStatusBarItem, https://docs.obsidian.md/Reference/TypeScript+API/Plugin/addStatusBarItem):
	// "Adds a status bar item to the bottom of the app", removed when the plugin unloads.
	proto.addStatusBarItem = function () {
		const l = requireLayout();
		const el = createDiv({ cls: ['status-bar-item', `plugin-${this.manifest.id.replace(/[^a-z0-9-]/gi, '-')}`] });
		l.statusBar.prepend(el);
		this.statusBarItems__.push(el);
		this.register(() => el.remove());
		return el;
	};
}

function requireLayout(): Layout {
	if (!layout) throw new Error('host layout not ready');
	return layout;
}

/**
 * SHIM (Notice, https://docs.obsidian.md/Reference/TypeScript+API/Notice): a toast at the top
 * right for `duration` ms (Obsidian's default is a few seconds; 0 keeps it until clicked),
 * showing the very fragment it was given.
 * A subclass, because the mocks' constructor is where a notice would appear.
 */
export class HostNotice extends Notice {
	constructor(message: DocumentFragment | string, duration?: number) {
		super(message, duration);
		const el = this.containerEl;
		noticeLog.push(typeof message === 'string' ? message : message.textContent ?? '');
		this.showMessage(message);
		el.addClass('notice');
		el.addEventListener('click', () => this.hide());
		requireLayout().notices.appendChild(el);
		if (duration !== 0) window.setTimeout(() => this.hide(), duration ?? 5000);
	}

	/**
	 * A fragment's own nodes go in, as in Obsidian, so a button the plugin put in it keeps its
	 * listeners; the mocks put in a copy, whose buttons do nothing.
	 */
	private showMessage(message: DocumentFragment | string): void {
		if (typeof message === 'string') return;
		this.messageEl.empty();
		this.messageEl.appendChild(message);
	}

	setMessage(message: DocumentFragment | string): this {
		super.setMessage(message);
		this.showMessage(message);
		return this;
	}

	hide(): void {
		this.containerEl.remove();
	}
}

/** A key handler as the mocks keep it, plus the callback they drop. */
interface HostHandler {
	key: string | null;
	modifiers: string | null;
	func?: (evt: KeyboardEvent, ctx: { key: string; modifiers: string | null; vkey: string }) => unknown;
}

interface HostScope {
	handlers: HostHandler[];
}

/** Scopes of the open modals, the active one last; each closes its modal when Escape is not handled. */
const scopeStack: { scope: HostScope; close(): void }[] = [];

/** The modifiers held during `evt`, in Obsidian's order and words. */
function heldModifiers(evt: KeyboardEvent): string[] {
	const out: string[] = [];
	if (evt.ctrlKey) out.push('Ctrl');
	if (evt.metaKey) out.push('Meta');
	if (evt.altKey) out.push('Alt');
	if (evt.shiftKey) out.push('Shift');
	return out;
}

function matches(h: HostHandler, evt: KeyboardEvent): boolean {
	if (h.key !== null && h.key.toLowerCase() !== evt.key.toLowerCase()) return false;
	if (h.modifiers === null) return true;
	// "Mod translates to Meta on macOS and Ctrl otherwise."
	const mod = Platform.isMacOS ? 'Meta' : 'Ctrl';
	const want = h.modifiers === '' ? [] : h.modifiers.split(',').map((m) => (m === 'Mod' ? mod : m));
	const held = heldModifiers(evt);
	return want.length === held.length && want.every((m) => held.includes(m));
}

/**
 * SHIM (Scope.register, https://docs.obsidian.md/Reference/TypeScript+API/Scope/register, and
 * Keymap.pushScope): the active scope, here an open modal's, receives key events; a handler that
 * returns false has the event's default prevented. The mocks keep the key but drop the callback.
 */
function shimScope(): void {
	const proto = Scope.prototype as unknown as HostScope & { register(modifiers: string[] | null, key: string | null, func: HostHandler['func']): HostHandler };
	const register = proto.register;
	proto.register = function (this: HostScope, modifiers, key, func) {
		const handler = register.call(this, modifiers, key, func);
		handler.func = func;
		return handler;
	};
	document.addEventListener(
		'keydown',
		(evt) => {
			const top = scopeStack[scopeStack.length - 1];
			if (!top) return;
			const handler = top.scope.handlers.find((h) => h.func && matches(h, evt));
			if (handler?.func) {
				const held = heldModifiers(evt).join(',');
				if (handler.func(evt, { key: evt.key, modifiers: held, vkey: evt.key }) === false) {
					evt.preventDefault();
					evt.stopPropagation();
				}
			} else if (evt.key === 'Escape') {
				// A modal's own scope closes it on Escape.
				evt.preventDefault();
				top.close();
			}
		},
		true,
	);
}

/**
 * SHIM (Modal, https://docs.obsidian.md/Reference/TypeScript+API/Modal): open() shows the modal
 * over a dimmed page and calls onOpen; Escape (through its scope), the × and a click outside close it. The mocks
 * call onOpen and close it again on the next tick.
 */
function shimModal(): void {
	interface M {
		containerEl: HTMLElement;
		modalEl: HTMLElement;
		titleEl: HTMLElement;
		contentEl: HTMLElement;
		closeCallback: (() => void) | null;
		scope: HostScope;
		open(): void;
		close(): void;
		onOpen(): void;
		onClose(): void;
	}
	const proto = Modal.prototype as unknown as M;
	proto.open = function (this: M) {
		const c = this.containerEl;
		if (!c.hasClass('modal-container')) {
			c.addClass('modal-container', 'mod-dim');
			c.prepend(createDiv({ cls: 'modal-bg' }));
			this.modalEl.addClass('modal');
			this.titleEl.addClass('modal-title');
			this.contentEl.addClass('modal-content');
			this.modalEl.prepend(this.titleEl);
			const close = createDiv({ cls: 'modal-close-button', attr: { 'aria-label': 'Close' } });
			setIcon(close, 'x');
			this.modalEl.prepend(close);
			close.addEventListener('click', () => this.close());
			c.querySelector('.modal-bg')?.addEventListener('click', () => this.close());
		}
		// Only the top modal hears keys: Escape in a modal over another closes just that one.
		scopeStack.push({ scope: this.scope, close: () => this.close() });
		document.body.appendChild(c);
		this.onOpen();
	};
	proto.close = function (this: M) {
		if (!this.containerEl.isConnected) return;
		const at = scopeStack.findIndex((s) => s.scope === this.scope);
		if (at >= 0) scopeStack.splice(at, 1);
		this.containerEl.remove();
		this.onClose();
		this.closeCallback?.();
	};
}

/**
 * SHIM (SuggestModal, https://docs.obsidian.md/Reference/TypeScript+API/SuggestModal): a prompt
 * whose list follows the typed query (getSuggestions → renderSuggestion); arrows move, Enter or a
 * click chooses (onChooseSuggestion), and the modal closes. FuzzySuggestModal matches getItemText.
 */
function shimSuggestModal(): void {
	type S = SuggestModal<unknown> & { hostChosen__: number; hostItems__: unknown[] };
	const proto = SuggestModal.prototype as unknown as S;
	const openModal = Modal.prototype.open;
	const draw = async (m: S): Promise<void> => {
		const items = await m.getSuggestions(m.inputEl.value);
		m.hostItems__ = items.slice(0, m.limit);
		m.hostChosen__ = 0;
		const list = m.resultContainerEl;
		list.empty();
		if (m.hostItems__.length === 0) list.createDiv({ cls: 'suggestion-empty', text: m.emptyStateText });
		m.hostItems__.forEach((item, i) => {
			const el = list.createDiv({ cls: ['suggestion-item', ...(i === 0 ? ['is-selected'] : [])] });
			m.renderSuggestion(item, el);
			el.addEventListener('click', (evt) => m.selectSuggestion(item, evt));
			el.addEventListener('mousemove', () => move(m, i));
		});
	};
	const move = (m: S, i: number): void => {
		const els = m.resultContainerEl.querySelectorAll('.suggestion-item');
		if (els.length === 0) return;
		m.hostChosen__ = (i + els.length) % els.length;
		els.forEach((el, j) => el.toggleClass('is-selected', j === m.hostChosen__));
		els[m.hostChosen__]?.scrollIntoView({ block: 'nearest' });
	};
	proto.open = function (this: S) {
		if (!this.modalEl.hasClass('prompt')) {
			this.modalEl.addClass('prompt');
			this.inputEl.addClass('prompt-input');
			this.resultContainerEl.addClass('prompt-results');
			this.inputEl.addEventListener('input', () => void draw(this));
			this.inputEl.addEventListener('keydown', (evt) => {
				if (evt.key === 'ArrowDown' || evt.key === 'ArrowUp') {
					evt.preventDefault();
					move(this, this.hostChosen__ + (evt.key === 'ArrowDown' ? 1 : -1));
				} else if (evt.key === 'Enter') {
					evt.preventDefault();
					const item = this.hostItems__[this.hostChosen__];
					if (item !== undefined) this.selectSuggestion(item, evt);
				}
			});
		}
		openModal.call(this);
		this.inputEl.focus();
		void draw(this);
	};
	const fuzzy = FuzzySuggestModal.prototype as unknown as FuzzySuggestModal<unknown> & {
		getSuggestions(query: string): FuzzyMatch<unknown>[];
		renderSuggestion(match: FuzzyMatch<unknown>, el: HTMLElement): void;
	};
	fuzzy.getSuggestions = function (query: string) {
		const words = query.toLowerCase().split(/\s+/).filter(Boolean);
		return this.getItems()
			.filter((item) => {
				const text = this.getItemText(item).toLowerCase();
				return words.every((w) => text.includes(w));
			})
			.map((item) => ({ item, match: { score: 0, matches: [] } }));
	};
	fuzzy.renderSuggestion = function (match, el) {
		el.setText(this.getItemText(match.item));
	};
}

/**
 * Setting rows with Obsidian's class names and order (name and description, then the control),
 * so a settings tab looks and reads as it does in Obsidian.
 */
export class HostSetting extends Setting {
	constructor(containerEl: HTMLElement) {
		super(containerEl);
		this.settingEl.addClass('setting-item');
		this.infoEl.addClass('setting-item-info');
		this.nameEl.addClass('setting-item-name');
		this.descEl.addClass('setting-item-description');
		this.controlEl.addClass('setting-item-control');
		this.settingEl.prepend(this.infoEl);
	}
}

/**
 * SHIM (TextComponent.onChange / ToggleComponent.onChange, https://docs.obsidian.md/Reference/TypeScript+API/ValueComponent):
 * typing in the box and clicking the toggle change the value and call back; the mocks' controls
 * only change through setValue.
 */
function shimSettingControls(): void {
	// Which controls already listen to the page. Kept beside them, not on them: the mocks'
	// components are strict proxies that throw on a property they do not know, as a typo would.
	const wired = new WeakSet<object>();
	interface Text {
		inputEl: HTMLInputElement;
		value: string;
		onChanged(): void;
		onChange(cb: (value: string) => unknown): Text;
	}
	const text = TextComponent.prototype as unknown as Text;
	const textOnChange = text.onChange;
	text.onChange = function (this: typeof text, cb: (value: string) => unknown) {
		textOnChange.call(this, cb);
		if (!wired.has(this.inputEl)) {
			wired.add(this.inputEl);
			this.inputEl.addEventListener('input', () => {
				this.value = this.inputEl.value;
				this.onChanged();
			});
		}
		return this;
	};
	interface Toggle {
		toggleEl: HTMLElement;
		value: boolean;
		onClick(): void;
		onChange(cb: (value: boolean) => unknown): Toggle;
		setValue(on: boolean): Toggle;
	}
	const toggle = ToggleComponent.prototype as unknown as Toggle;
	const toggleOnChange = toggle.onChange;
	const toggleSetValue = toggle.setValue;
	const paint = (t: typeof toggle): void => {
		t.toggleEl.addClass('checkbox-container');
		t.toggleEl.toggleClass('is-enabled', t.value);
		t.toggleEl.setAttr('role', 'switch');
		t.toggleEl.setAttr('aria-checked', String(t.value));
	};
	toggle.setValue = function (this: typeof toggle, on: boolean) {
		toggleSetValue.call(this, on);
		paint(this);
		return this;
	};
	toggle.onChange = function (this: typeof toggle, cb: (value: boolean) => unknown) {
		toggleOnChange.call(this, cb);
		paint(this);
		if (!wired.has(this.toggleEl)) {
			wired.add(this.toggleEl);
			this.toggleEl.addEventListener('click', () => {
				this.onClick();
				paint(this);
			});
		}
		return this;
	};
}
