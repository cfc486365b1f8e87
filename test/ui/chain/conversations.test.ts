/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { ConversationPicker, highlighted, pickConversation } from '../../../src/ui/chain/conversation-picker';
import { ConversationsView, CONVERSATIONS_VIEW_TYPE } from '../../../src/ui/chain/conversation-view';
import { activePath, folderFiles, openNote, openView, OWN, OWN_DIR } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, openResumeView, settle } from '../../helpers/harness';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

/** 2026-11-23T12:00:00-08:00: a day after the newest checkpoint of the fixture. */
const NOW = 1795464000;

beforeEach(async () => {
	jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
	app = makeApp(folderFiles(OWN_DIR));
	plugin = await loadPlugin(app);
});

afterEach(() => {
	plugin.unload();
	document.body.empty();
	jest.restoreAllMocks();
});

async function picker(): Promise<ConversationPicker> {
	jest.spyOn(ConversationPicker.prototype, 'open').mockImplementation(() => undefined);
	return pickConversation(plugin);
}

function rowTexts(view: ConversationsView): string[] {
	return [...view.contentEl.querySelectorAll('.logos-conversation-title')].map((e) => e.textContent ?? '');
}

describe('switch conversation', () => {
	test('lists every conversation of the vault, most recently active first', async () => {
		const p = await picker();
		const ids = p.getSuggestions('').map((i) => i.conv.latest.id);
		expect(ids.slice(0, 4)).toEqual(['20261122-110000-codex', '20261122-100000-codex', '20261121-090000-claude', '20261120-120000-codex']);
		expect(ids).toHaveLength(16);
		expect(ids[ids.length - 1]).toBe('20261102-091500-claude');
	});

	test('typing narrows by intent, scope or agent, best match first', async () => {
		const p = await picker();
		// a8's intent speaks of a deploy spike: the newer of the two comes first.
		// Scattered letters match too, but only after the words.
		expect(p.getSuggestions('spike').map((i) => i.conv.latest.id).slice(0, 2)).toEqual(['20261111-103000-claude', '20261108-143000-claude']);
		expect(p.getSuggestions('alpha/spike')[0].conv.scope).toBe('alpha/spike');
		expect(p.getSuggestions('cursor').map((i) => i.conv.latest.id)).toContain('20261115-100000-cursor');
		expect(p.getSuggestions('zzzz')).toEqual([]);
	});

	test('each line says scope, agents, checkpoints, age and flags', async () => {
		const p = await picker();
		const item = p.getSuggestions('').find((i) => i.conv.id === '0199a0b0-0000-7000-8000-000000000a02');
		if (!item) throw new Error('no a02');
		const el = document.body.createDiv();
		p.renderSuggestion(item, el);
		expect(el.querySelector('.logos-conversation-meta')?.textContent).toBe('alpha · codex · 2 checkpoints · 19 days ago · flat layout · 1 problem');
	});

	test('choosing one opens its latest checkpoint and points the resume pane at it', async () => {
		const pane = await openResumeView(app, plugin);
		const p = await picker();
		const item = p.getSuggestions('alpha/spike')[0];
		p.onChooseSuggestion(item, new KeyboardEvent('keydown', { key: 'Enter' }));
		await settle();
		expect(activePath(app)).toBe(OWN.w2);
		expect(pane.selection()).toMatchObject({ scope: 'alpha/spike', conversation: '5d0e7a11-3c2b-4f1e-a9d8-000000000a05' });
	});

	test('matched letters of the name are highlighted, the rest is plain text', () => {
		const el = document.body.createDiv();
		highlighted(el, 'rate limiter', [[0, 4], [20, 22]]);
		expect(el.textContent).toBe('rate limiter');
		expect([...el.querySelectorAll('.suggestion-highlight')].map((e) => e.textContent)).toEqual(['rate']);
	});
});

describe('the conversation list', () => {
	test('follows the active note’s project; worktree conversations are marked', async () => {
		await openNote(app, OWN.a4);
		const view = await openView(app, plugin, CONVERSATIONS_VIEW_TYPE, ConversationsView);
		expect(view.contentEl.querySelector<HTMLSelectElement>('.logos-project-select')?.value).toBe('alpha');
		const rows = [...view.contentEl.querySelectorAll('.logos-conversation')];
		expect(rows).toHaveLength(7);
		expect(rows[1].querySelector('.logos-chain-flag')?.textContent).toBe('alpha/spike');
		expect(rows.map((r) => r.classList.contains('is-active'))).toEqual([false, false, false, false, true, false, false]);
		expect(rows[4].querySelector('.logos-conversation-meta')?.textContent).toBe('codex · 2 checkpoints · 19 days ago');
		expect([...rows[4].querySelectorAll('.logos-conversation-flags .logos-chain-flag')].map((e) => e.textContent)).toEqual(['flat layout', '1 problem']);
		expect(rows[2].textContent).toContain('handed off to claude');
		expect(rows[3].textContent).toContain('auto');
		await openNote(app, OWN.g1);
		await settle();
		expect(rowTexts(view)).toHaveLength(3);
	});

	test('choosing a row points the resume pane at the conversation', async () => {
		const pane = await openResumeView(app, plugin);
		await openNote(app, OWN.a4);
		const view = await openView(app, plugin, CONVERSATIONS_VIEW_TYPE, ConversationsView);
		view.contentEl.querySelectorAll<HTMLElement>('.logos-conversation')[1].click();
		await settle();
		expect(pane.selection()).toMatchObject({ scope: 'alpha/spike', conversation: '5d0e7a11-3c2b-4f1e-a9d8-000000000a05' });
		view.contentEl.querySelectorAll<HTMLElement>('.logos-conversation-open')[0].click();
		await settle();
		expect(activePath(app)).toBe(OWN.a8);
	});

	test('a plan saved before a conversation’s checkpoint is listed under its row, and opens its file', async () => {
		plugin.unload();
		const PLAN = 'sessions/alpha/plans/plan-20261104-100000-codex.md';
		app = makeApp({
			...folderFiles(OWN_DIR),
			[PLAN]: '---\ntype: plan\nproject: alpha\nagent: codex\nplanned: 2026-11-04T10:00:00-08:00\n---\n\n# Exempt internal callers by their mTLS identity\n\n1. read the identity\n',
		});
		plugin = await loadPlugin(app);
		await openNote(app, OWN.a4);
		const view = await openView(app, plugin, CONVERSATIONS_VIEW_TYPE, ConversationsView);
		await settle();
		const rows = [...view.contentEl.querySelectorAll<HTMLElement>('.logos-conversation')];
		// The conversations of codex's checkpoints the plan came before (the pane's rule): a5 (12:00,
		// after a4 at 08:00) and the first checkpoint of the one handed off to claude.
		expect(rows.map((r) => r.querySelectorAll('.logos-conversation-plan').length)).toEqual([0, 0, 1, 0, 1, 0, 0]);
		const link = rows[4].querySelector<HTMLElement>('.logos-conversation-plan');
		expect(link?.textContent).toBe('Plan: Exempt internal callers by their mTLS identity');
		expect(link?.getAttribute('aria-label')).toBe(`Plan: Exempt internal callers by their mTLS identity — plan saved about 2 hours before this checkpoint · matched by time\n${PLAN}`);
		link?.click();
		await settle();
		expect(activePath(app)).toBe(PLAN);
	});

	test('a project chosen by hand is shown', async () => {
		const view = await openView(app, plugin, CONVERSATIONS_VIEW_TYPE, ConversationsView);
		const select = view.contentEl.querySelector<HTMLSelectElement>('.logos-project-select');
		if (!select) throw new Error('no select');
		expect([...select.options].map((o) => o.value)).toEqual(['alpha', 'beta', 'gamma']);
		select.value = 'beta';
		select.dispatchEvent(new Event('change'));
		await settle();
		expect(rowTexts(view)).toHaveLength(6);
	});
});
