/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { Component, MarkdownRenderer, TFile, type App as AppOriginal, type WorkspaceLeaf } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { mostRecentScope } from '../../../src/core';
import { ACTIONS, AUTO_LABEL, EMPTY, HANDOFF, SECTION } from '../../../src/ui/shared/labels';
import { SECTIONS_STORAGE_KEY } from '../../../src/ui/resume/resume-sections';
import { LAST_LOOKED_KEY } from '../../../src/ui/since/device-memory';
import type { ResumeView } from '../../../src/ui/resume/resume-view';
import { layoutReady, loadPlugin, makeApp, mockPlugin, openResumeView, sectionTitles, settle, showView } from '../../helpers/harness';
import { A2, A3, B, HERON, NOW, vaultFiles } from '../../helpers/vault-texts';
import { captureMenus } from '../../helpers/menus';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

async function setup(files: Record<string, string> = vaultFiles(), state: Record<string, unknown> = {}): Promise<ResumeView> {
	app = makeApp(files);
	plugin = await loadPlugin(app);
	return openResumeView(app, plugin, state);
}

beforeEach(() => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

function q<T extends HTMLElement = HTMLElement>(view: ResumeView, selector: string): T {
	const el = view.contentEl.querySelector<T>(selector);
	if (!el) throw new Error(`nothing matches ${selector}`);
	return el;
}

function lineOf(text: string, needle: string): number {
	return text.split('\n').findIndex((l) => l.includes(needle));
}

function openFile(path: string): void {
	const file = app.vault.getAbstractFileByPath(path);
	app.workspace.trigger('file-open', file);
}

/** A leaf whose openFile is recorded, handed out by getLeaf. */
function recordLeaves(): { calls: unknown[][]; kinds: unknown[] } {
	const calls: unknown[][] = [];
	const kinds: unknown[] = [];
	const leaf = { openFile: (...args: unknown[]) => Promise.resolve(void calls.push(args)) } as unknown as WorkspaceLeaf;
	jest.spyOn(app.workspace, 'getLeaf').mockImplementation((kind?: unknown) => {
		kinds.push(kind);
		return leaf;
	});
	return { calls, kinds };
}

describe('resume pane over a vault', () => {
	test('opens on the most recently active scope and reads in logos resume order', async () => {
		const view = await setup();
		expect(q<HTMLSelectElement>(view, '.logos-scope-select').value).toBe('kestrel');
		expect([...q<HTMLSelectElement>(view, '.logos-scope-select').options].map((o) => o.value)).toEqual(['heron', 'kestrel']);
		expect(q(view, '.logos-source').textContent).toBe('sessions');
		expect(q(view, '.logos-who').textContent).toBe('claude · 3 hours ago → codex');
		expect(q(view, '[data-part="intent"] .logos-inherited').textContent).toMatch(/^ · from claude, /);
		expect(q(view, '[data-part="branch"] .logos-handoff-value').textContent).toBe('feat/annual-billing @ 4e1b9c0 · 2 uncommitted files');
		expect(q(view, '[data-part="next"] .logos-handoff-value').textContent).toBe('find why the annual coupon total is one cent off when a trial is present');
		expect(q(view, '[data-part="notes"] .logos-handoff-value').textContent).toBe(HANDOFF.notesCount(2));
		expect(sectionTitles(view)).toEqual([
			SECTION.decided,
			SECTION.failed,
			SECTION.state,
			SECTION.notes,
			SECTION.ruledOut,
			SECTION.decidedEarlier,
			SECTION.files,
			SECTION.commands,
		]);
		expect(q(view, '[data-section="ruled-out-retired"] li').textContent).toContain("calling Stripe's upcoming-invoice endpoint");
		expect(q(view, '[data-section="notes"]').textContent).toContain('proration_test.go: TestAnnualCoupon passes after rounding once · codex, 5 minutes ago');
	});

	test('State goes through MarkdownRenderer with a component the view owns', async () => {
		const render = jest.spyOn(MarkdownRenderer, 'render');
		const view = await setup();
		const call = render.mock.calls.find((c) => c[1].startsWith('Previews are cached'));
		expect(call?.[3]).toBe(A3);
		const component = call?.[4];
		expect(component).toBeInstanceOf(Component);
		expect(component).not.toBe(plugin);
		expect(component).not.toBe(view);
	});

	test('a click opens the line in the current tab, Ctrl-click in a new tab', async () => {
		const view = await setup();
		const { calls, kinds } = recordLeaves();
		const verified = q(view, '[data-part="verified"] li > .logos-line');
		verified.dispatchEvent(new MouseEvent('click', { bubbles: true }));
		verified.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
		await settle();
		expect(kinds).toEqual([false, 'tab']);
		const line = lineOf(vaultFiles()[A3], '- a coupon change invalidates');
		expect(calls[0][0]).toBe(app.vault.getAbstractFileByPath(A3));
		expect(calls[0][1]).toEqual({ active: true, eState: { line } });
	});

	test('the inherited intent opens the checkpoint that stated it', async () => {
		const view = await setup();
		const { calls } = recordLeaves();
		q(view, '.logos-intent').click();
		await settle();
		expect(calls[0][0]).toBe(app.vault.getAbstractFileByPath(A2));
		expect(calls[0][1]).toEqual({ active: true, eState: { line: lineOf(vaultFiles()[A2], '## Intent') } });
	});

	test('hovering a line asks Obsidian for a page preview of it', async () => {
		const view = await setup();
		const trigger = jest.spyOn(app.workspace, 'trigger');
		const li = q(view, '[data-section="failed"] .logos-ruling-text');
		li.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
		const hovers = trigger.mock.calls.filter((c) => c[0] === 'hover-link').map((c) => c[1]);
		expect(hovers).toHaveLength(1);
		const info = hovers[0] as Record<string, unknown>;
		expect({ source: info.source, linktext: info.linktext, state: info.state }).toEqual({ source: 'logos-resume', linktext: A3, state: { scroll: lineOf(vaultFiles()[A3], '- caching previews in localStorage') } });
		expect(info.targetEl).toBe(li);
		// Compared by identity: the mocks' strict proxies do not survive Jest's deep matchers.
		expect(info.hoverParent === view).toBe(true);
	});

	test('re-renders only when shown and something changed', async () => {
		const view = await setup();
		const first = q(view, '.logos-resume');
		await view.refresh();
		expect(q(view, '.logos-resume')).toBe(first);
		showView(view, false);
		plugin.source.bump();
		await view.refresh();
		expect(q(view, '.logos-resume')).toBe(first);
		showView(view, true);
		view.onResize();
		await settle();
		expect(q(view, '.logos-resume')).not.toBe(first);
	});

	test('follows the active file scope unless pinned', async () => {
		const view = await setup();
		openFile(HERON);
		await settle();
		expect(q<HTMLSelectElement>(view, '.logos-scope-select').value).toBe('heron');
		expect(q(view, '.logos-who').textContent).toContain('→ codex');
		q(view, '.logos-pin').click();
		await settle();
		expect(view.selection().pinned).toBe(true);
		openFile(A3);
		await settle();
		expect(view.selection().scope).toBe('heron');
		// A file outside every scope never moves the pane.
		q(view, '.logos-pin').click();
		openFile('notes/outside.md');
		await settle();
		expect(view.selection().scope).toBe('heron');
	});

	test('the scope on screen is looked at: when it leaves the screen (another scope, the pane hidden) is kept on this device', async () => {
		const view = await setup();
		const looked = (): unknown => app.loadLocalStorage(LAST_LOOKED_KEY);
		// The first look at kestrel starts its clock.
		expect(looked()).toEqual({ kestrel: NOW * 1000 });
		jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000 + 60_000);
		const select = q<HTMLSelectElement>(view, '.logos-scope-select');
		select.value = 'heron';
		select.dispatchEvent(new Event('change'));
		await settle();
		expect(looked()).toEqual({ kestrel: NOW * 1000 + 60_000, heron: NOW * 1000 + 60_000 });
		jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000 + 120_000);
		showView(view, false);
		await view.refresh();
		expect(looked()).toEqual({ kestrel: NOW * 1000 + 60_000, heron: NOW * 1000 + 120_000 });
	});

	test('choosing a scope shows it and pins it', async () => {
		const view = await setup();
		const select = q<HTMLSelectElement>(view, '.logos-scope-select');
		select.value = 'heron';
		select.dispatchEvent(new Event('change'));
		await settle();
		expect(view.selection()).toEqual({ scope: 'heron', conversation: null, pinned: true });
		expect(q(view, '[data-part="next"]').textContent).toContain('move the three swallowing callers onto the queue');
	});

	test('the conversation selector narrows the pane to one conversation', async () => {
		const view = await setup();
		const select = q<HTMLSelectElement>(view, '.logos-conversation-select');
		expect([...select.options].map((o) => o.value)).toEqual(['', '7c0e', 'd41f']);
		select.value = 'd41f';
		select.dispatchEvent(new Event('change'));
		await settle();
		expect(q(view, '.logos-label-auto').textContent).toBe(AUTO_LABEL);
		expect(q(view, '.logos-who').textContent).toMatch(/^claude-code · /);
	});

	test('a checkpoint opened while the pane works out another scope keeps its conversation', async () => {
		const view = await setup();
		openFile(HERON);
		await settle();
		expect(view.selection().scope).toBe('heron');
		// The pane's next model of heron is held: it is in the middle of drawing heron when a
		// checkpoint of kestrel's other conversation is opened.
		const source = plugin.source;
		const real = source.loadScope.bind(source);
		let release: () => void = () => undefined;
		const held = new Promise<void>((ok) => (release = ok));
		jest.spyOn(source, 'loadScope').mockImplementation(async (scope) => {
			if (scope === 'heron') await held;
			return real(scope);
		});
		await app.vault.modify(app.vault.getAbstractFileByPath(HERON) as TFile, `${await app.vault.read(app.vault.getAbstractFileByPath(HERON) as TFile)}\n`);
		await settle(1000);
		openFile(B);
		await settle();
		release();
		await settle(1000);
		expect(view.selection()).toMatchObject({ scope: 'kestrel', conversation: 'd41f' });
		expect(q(view, '.logos-who').textContent).toMatch(/^claude-code · /);
	});

	test('keeps its scope and pin across a workspace restore', async () => {
		const view = await setup(vaultFiles(), { scope: 'heron', pinned: true });
		expect(view.getState()).toMatchObject({ scope: 'heron', pinned: true, conversation: null });
		expect(q<HTMLSelectElement>(view, '.logos-scope-select').value).toBe('heron');
	});

	test('the copy action puts the hand-over text on the clipboard', async () => {
		const written: string[] = [];
		Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t: string) => Promise.resolve(void written.push(t)) } });
		const view = await setup();
		q(view, '.logos-copy').click();
		await settle();
		expect(written[0]).toContain('# Resume — kestrel');
	});
});

function key(el: HTMLElement, k: string, init: KeyboardEventInit = {}): void {
	el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
}

describe('actions where Obsidian puts them', () => {
	test('copy, refresh and switch are icon actions of the view, in the pane’s header row; no text button', async () => {
		const view = await setup();
		const actions = [...view.contentEl.querySelectorAll<HTMLElement>('.logos-nav .nav-action-button')];
		expect(actions.map((a) => a.getAttribute('aria-label'))).toEqual([ACTIONS.copy, ACTIONS.refresh, ACTIONS.switch, expect.stringContaining('Following the active file')]);
		expect(actions.map((a) => [a.getAttribute('role') ?? a.tagName, a.getAttribute('tabindex') ?? a.tagName])).toEqual([['button', '0'], ['button', '0'], ['button', '0'], ['BUTTON', 'BUTTON']]);
		expect([...view.contentEl.querySelectorAll('button')].map((b) => b.textContent).filter((t) => t === ACTIONS.copy)).toEqual([]);
	});

	test('switch offers every scope and the conversations of this one; choosing one shows it', async () => {
		const view = await setup();
		const shown = captureMenus();
		q(view, '.logos-switch').click();
		expect(shown).toHaveLength(1);
		const items = shown[0].items;
		expect(items.map((i) => [i.title, i.checked])).toEqual([
			['heron', false],
			['kestrel', true],
			[ACTIONS.latest, true],
			// Named by intent, cut on a word; a conversation without one by its agents.
			['annual plans must show the price the…', false],
			['Untitled conversation (claude-code)', false],
		]);
		items[4].click();
		await settle();
		expect(view.selection()).toEqual({ scope: 'kestrel', conversation: 'd41f', pinned: false });
		expect(q(view, '.logos-who').textContent).toMatch(/^claude-code · /);
	});

	test('a ruling’s menu: from its "…" button, a right-click, or Enter on it; retire and reconfirm, or open it', async () => {
		const view = await setup();
		const shown = captureMenus();
		const ruling = q(view, '[data-section="failed"] li.logos-ruling');
		expect(ruling.querySelectorAll('button')).toHaveLength(1);
		q(view, '[data-section="failed"] .logos-ruling-menu').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
		ruling.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
		key(q(view, '[data-section="failed"] .logos-ruling-text'), 'Enter');
		key(q(view, '[data-section="failed"] .logos-ruling-text'), 'F10', { shiftKey: true });
		expect(shown.map((m) => m.at)).toEqual(['mouse', 'mouse', 'position', 'position']);
		expect(shown[0].items.map((i) => i.title)).toEqual([ACTIONS.open, ACTIONS.retire, ACTIONS.reconfirm]);
		// A retired ruling offers only reconfirm.
		expect(captureTitles(view, shown, '[data-section="ruled-out-retired"] li.logos-ruling')).toEqual([ACTIONS.open, ACTIONS.reconfirm]);
	});
});

function captureTitles(view: ResumeView, shown: { items: { title: string }[] }[], selector: string): string[] {
	q(view, selector).dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
	return shown[shown.length - 1].items.map((i) => i.title);
}

describe('sections that collapse, remembered on this device', () => {
	test('all start closed; a click opens one, and it stays open across renders and a new pane, in local storage only', async () => {
		const view = await setup();
		const saveData = jest.spyOn(plugin, 'saveData');
		const decided = q(view, '.logos-section[data-section="decided"]');
		expect(decided.classList.contains('is-collapsed')).toBe(true);
		q(view, '[data-section="decided"] > .logos-section-title').click();
		expect(decided.classList.contains('is-collapsed')).toBe(false);
		expect(q(view, '[data-section="decided"] > .logos-section-title').getAttribute('aria-expanded')).toBe('true');
		expect(app.loadLocalStorage(SECTIONS_STORAGE_KEY)).toEqual({ decided: true });
		plugin.source.bump();
		await view.refresh(true);
		expect(q(view, '.logos-section[data-section="decided"]').classList.contains('is-collapsed')).toBe(false);
		expect(q(view, '.logos-section[data-section="state"]').classList.contains('is-collapsed')).toBe(true);
		// Closed again from the keyboard.
		key(q(view, '[data-section="decided"] > .logos-section-title'), 'Enter');
		expect(app.loadLocalStorage(SECTIONS_STORAGE_KEY)).toEqual({ decided: false });
		key(q(view, '[data-section="state"] > .logos-section-title'), ' ');
		view.leaf.detach();
		const again = await openResumeView(app, plugin);
		expect(q(again, '.logos-section[data-section="state"]').classList.contains('is-collapsed')).toBe(false);
		expect(saveData).not.toHaveBeenCalled();
	});
});

describe('keyboard', () => {
	test('every clickable line is focusable with a role; Enter opens it; Up and Down move within its list', async () => {
		const view = await setup();
		document.body.appendChild(view.containerEl);
		const lines = [...view.contentEl.querySelectorAll<HTMLElement>('.logos-body [data-logos-link], .logos-body [data-logos-action]')];
		expect(lines.length).toBeGreaterThan(10);
		for (const el of lines) {
			if (el.tagName === 'BUTTON') continue;
			expect([el.getAttribute('tabindex'), el.getAttribute('role')]).toEqual(['0', el.dataset.logosLink !== undefined ? 'link' : 'button']);
			expect((el.textContent ?? '').trim()).not.toBe('');
		}
		const { calls } = recordLeaves();
		const task = q(view, '.logos-task');
		task.focus();
		key(task, 'Enter');
		await settle();
		expect(calls[0][1]).toEqual({ active: true, eState: { line: lineOf(vaultFiles()[A3], '## Task') } });
		key(task, 'ArrowDown');
		expect(document.activeElement).toBe(q(view, '.logos-intent'));
		key(q(view, '.logos-intent'), 'ArrowUp');
		expect(document.activeElement).toBe(task);
		view.containerEl.remove();
	});
});

test('a pane restored with the workspace waits for the layout before reading the vault', async () => {
	app = makeApp(vaultFiles());
	const reads = jest.spyOn(app.vault, 'cachedRead');
	plugin = await loadPlugin(app, null, false);
	const view = await openResumeView(app, plugin, { scope: 'kestrel' });
	expect(reads).not.toHaveBeenCalled();
	expect(q(view, '.logos-empty').textContent).toBe(EMPTY.loading);
	layoutReady(app);
	await settle();
	expect(reads).toHaveBeenCalled();
	expect(q(view, '.logos-who').textContent).toMatch(/^claude · /);
});

test('a scope slow to work out and to draw comes in tasks: the page untouched while its resume is worked out, then the handoff, then the sections a few at a time', async () => {
	const view = await setup();
	const before = q(view, '.logos-who');
	// Each look at the clock 20 ms later: every step "took" longer than a frame.
	let now = 0;
	jest.spyOn(performance, 'now').mockImplementation(() => (now += 20));
	const drawn = view.refresh(true);
	// Promises settle; the fake clock does not move, so no task the draw waits for comes.
	const turns = async (): Promise<void> => {
		for (let i = 0; i < 200; i++) await Promise.resolve();
	};
	await turns();
	expect(q(view, '.logos-who')).toBe(before);
	// Task after task until the handoff is drawn, whole: the old pane stays until then.
	let tasks = 0;
	while (q(view, '.logos-who') === before && tasks < 10) {
		expect(sectionTitles(view)).toContain(SECTION.decided);
		jest.advanceTimersToNextTimer();
		tasks++;
		await turns();
	}
	expect(tasks).toBeGreaterThan(1);
	expect(q(view, '.logos-who')).not.toBe(before);
	expect(q(view, '.logos-who').textContent).toBe('claude · 3 hours ago → codex');
	expect(sectionTitles(view)).toEqual([]);
	// Then the sections, a few per task, the first in the task after the handoff's.
	let done = false;
	void drawn.then(() => (done = true));
	const shown: number[] = [];
	for (let tasks = 0; !done && tasks < 20; tasks++) {
		jest.advanceTimersToNextTimer();
		await turns();
		shown.push(sectionTitles(view).length);
	}
	expect(done).toBe(true);
	expect(shown[0]).toBeGreaterThan(0);
	expect(shown[0]).toBeLessThan(shown[shown.length - 1]);
	expect(sectionTitles(view)).toContain(SECTION.decided);
});

test('a scope chosen while the pane works out another is drawn next, with no error on the way', async () => {
	const view = await setup();
	let now = 0;
	jest.spyOn(performance, 'now').mockImplementation(() => (now += 20));
	const drawn = view.refresh(true);
	for (let i = 0; i < 200; i++) await Promise.resolve();
	// kestrel's resume is being worked out, a task at a time: heron is chosen meanwhile.
	const select = q<HTMLSelectElement>(view, '.logos-scope-select');
	select.value = 'heron';
	select.dispatchEvent(new Event('change'));
	for (let tasks = 0; tasks < 30; tasks++) {
		jest.advanceTimersToNextTimer();
		for (let i = 0; i < 200; i++) await Promise.resolve();
		expect(view.contentEl.querySelector('.logos-error')).toBeNull();
	}
	await drawn;
	await settle();
	expect(q(view, '[data-part="next"]').textContent).toContain('move the three swallowing callers onto the queue');
});

describe('empty states', () => {
	test('no sessions folder', async () => {
		const view = await setup({ 'notes/a.md': 'a' });
		expect(q(view, '.logos-empty').textContent).toBe(EMPTY.noFolder('sessions'));
	});

	test('a sessions folder with no projects', async () => {
		const view = await setup({ 'sessions/': '' });
		expect(q(view, '.logos-empty').textContent).toBe(EMPTY.noScopes('sessions'));
	});

	test('a scope without checkpoints', async () => {
		const view = await setup({ 'sessions/fresh/uncommitted.md': `- first idea <!-- ts=${NOW - 60} agent=claude -->\n` });
		expect(q(view, '.logos-empty').textContent).toBe(EMPTY.noCheckpoints);
		expect(sectionTitles(view)).toEqual([SECTION.notes]);
	});
});

describe('after a start (docs/decisions.md, "The pane at the speed of the scope")', () => {
	test('the pane shows the newest scope and the status bar its count without the whole vault\'s model', async () => {
		app = makeApp(vaultFiles());
		plugin = await loadPlugin(app, null, false);
		const whole = jest.spyOn(plugin.index.service, 'model');
		const scoped = jest.spyOn(plugin.index.service, 'modelFor');
		const view = await openResumeView(app, plugin);
		layoutReady(app);
		await plugin.index.service.run(() => undefined);
		await settle(1000);
		await view.refresh();
		expect(q(view, '.logos-who').textContent).not.toBe('');
		const shown = q<HTMLSelectElement>(view, 'select.logos-scope-select').value;
		const { model } = await plugin.source.load();
		expect(shown).toBe(mostRecentScope(model));
		expect(scoped).toHaveBeenCalledWith(shown);
		// With no note open, the status bar counts every scope's working notes, from the index.
		expect(mockPlugin(plugin).statusBarItems__[0]?.textContent).toMatch(/^All scopes: \d+ uncommitted notes?\b/);
		// Asked only now, by this test: the start built none.
		expect(whole).toHaveBeenCalledTimes(1);
	});

	test('a start draws the pane once: the views\' catch-up after the opening pass finds it drawn', async () => {
		app = makeApp(vaultFiles());
		plugin = await loadPlugin(app, null, false);
		const view = await openResumeView(app, plugin);
		const loads = jest.spyOn(plugin.source, 'loadScope');
		layoutReady(app);
		await plugin.index.service.run(() => undefined);
		// Past the catch-up 300 ms after the pass's change.
		await settle(1000);
		expect(q(view, '.logos-who').textContent).toMatch(/^claude · /);
		expect(loads).toHaveBeenCalledTimes(1);
	});
});
