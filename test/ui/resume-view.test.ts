/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { Component, MarkdownRenderer, type App as AppOriginal, type WorkspaceLeaf } from 'obsidian';
import type LogosContinuityPlugin from '../../src/main';
import { AUTO_LABEL, EMPTY, SECTION } from '../../src/ui/labels';
import type { ResumeView } from '../../src/ui/resume-view';
import { layoutReady, loadPlugin, makeApp, openResumeView, sectionTitles, settle, showView } from '../helpers/harness';
import { A2, A3, HERON, NOW, vaultFiles } from '../helpers/vault-texts';

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
		expect(q(view, '.logos-who').textContent).toContain('claude stopped about 3 hours ago');
		expect(q(view, '.logos-who').textContent).toContain('Handed off to codex');
		expect(q(view, '.logos-who').textContent).toContain('Intent inherited from 20261116-142233-claude');
		expect(q(view, '.logos-repo').textContent).toContain('feat/annual-billing@4e1b9c0 — billing: cache previews per coupon');
		expect(sectionTitles(view)).toEqual([
			SECTION.doing,
			SECTION.verified,
			SECTION.blockers,
			SECTION.commands,
			SECTION.state,
			SECTION.decided,
			SECTION.failed,
			SECTION.files,
			SECTION.ruledOut,
			SECTION.decidedEarlier,
			SECTION.next,
			SECTION.notes,
		]);
		expect(q(view, '[data-section="ruled-out"] details.logos-retired li').textContent).toContain("calling Stripe's upcoming-invoice endpoint");
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
		const verified = q(view, '[data-section="verified"] li');
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
		const li = q(view, '[data-section="failed"] li');
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
		expect(q(view, '.logos-who').textContent).toContain('Handed off to codex');
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

	test('choosing a scope shows it and pins it', async () => {
		const view = await setup();
		const select = q<HTMLSelectElement>(view, '.logos-scope-select');
		select.value = 'heron';
		select.dispatchEvent(new Event('change'));
		await settle();
		expect(view.selection()).toEqual({ scope: 'heron', conversation: null, pinned: true });
		expect(q(view, '[data-section="next"]').textContent).toContain('move the three swallowing callers onto the queue');
	});

	test('the conversation selector narrows the pane to one conversation', async () => {
		const view = await setup();
		const select = q<HTMLSelectElement>(view, '.logos-conversation-select');
		expect([...select.options].map((o) => o.value)).toEqual(['', '7c0e', 'd41f']);
		select.value = 'd41f';
		select.dispatchEvent(new Event('change'));
		await settle();
		expect(q(view, '.logos-label-auto').textContent).toBe(AUTO_LABEL);
		expect(q(view, '.logos-who').textContent).toContain('claude-code stopped');
	});

	test('keeps its scope and pin across a workspace restore', async () => {
		const view = await setup(vaultFiles(), { scope: 'heron', pinned: true });
		expect(view.getState()).toMatchObject({ scope: 'heron', pinned: true, conversation: null });
		expect(q<HTMLSelectElement>(view, '.logos-scope-select').value).toBe('heron');
	});

	test('the copy button puts the hand-over text on the clipboard', async () => {
		const written: string[] = [];
		Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t: string) => Promise.resolve(void written.push(t)) } });
		const view = await setup();
		q(view, '.logos-copy').click();
		await settle();
		expect(written[0]).toContain('# Resume — kestrel');
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
	expect(q(view, '.logos-who').textContent).toContain('claude stopped');
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
