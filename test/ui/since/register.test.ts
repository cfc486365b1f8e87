/** @jest-environment jsdom */
/**
 * "Since I last looked" wired over a real index and a fake clock: a scope has news only once it
 * was looked at, the verdict lines this device wrote never count, the status bar dot says which
 * scopes have news, "Mark as seen" clears a scope, and the command tells when nothing is new.
 */
import 'obsidian-test-mocks/jest-setup';
import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../../src/store/store';
import { registerSince, type SinceFeatures, type SinceHost } from '../../../src/ui/since/register';
import { NEWS } from '../../../src/ui/shared/labels';
import { takeNotices } from '../../helpers/notice-shim';
import { loadSql, record } from '../../helpers/store';

// SHIM: Obsidian's setTooltip sets the element's aria-label; the mocks' does nothing. Notices are remembered (notice-shim).
jest.mock('obsidian', () => ({
	...jest.requireActual<typeof import('../../helpers/notice-shim')>('../../helpers/notice-shim').obsidianWithNotices(),
	setTooltip: (el: HTMLElement, text: string) => el.setAttribute('aria-label', text),
}));

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

interface Harness {
	since: SinceFeatures;
	store: IndexStore;
	dot: () => HTMLElement;
	command: (id: string) => () => void;
	setNow(ms: number): void;
	seen: number;
}

function harness(): Harness {
	let now = 1000;
	const local = new Map<string, unknown>();
	const commands = new Map<string, () => void>();
	const items: HTMLElement[] = [];
	const store = IndexStore.create(sql, { clock: () => now });
	store.endBaseline('rows');
	store.endBaseline('verdicts');
	const plugin = {
		app: { loadLocalStorage: (k: string) => local.get(k) ?? null, saveLocalStorage: (k: string, v: unknown) => void local.set(k, v) },
		settings: { showStatusBar: true },
		addCommand: (c: { id: string; callback: () => void }) => void commands.set(c.id, c.callback),
		addStatusBarItem: () => {
			const el = document.body.createDiv({ cls: 'status-bar-item' });
			items.push(el);
			return el;
		},
		registerDomEvent: (el: HTMLElement, type: string, fn: EventListener) => el.addEventListener(type, fn),
	} as unknown as SinceHost;
	const h: Harness = {
		since: registerSince(plugin, { store: () => store, seen: () => void h.seen++, clock: () => now }),
		store,
		dot: () => items[0],
		command: (id) => commands.get(id) ?? (() => { throw new Error(`no command ${id}`); }),
		setNow: (ms) => void (now = ms),
		seen: 0,
	};
	h.since.start();
	return h;
}

test('a scope never looked at has no news; once looked at, what arrives later is news until marked as seen', () => {
	const h = harness();
	h.setNow(2000);
	h.store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
	expect(h.since.scopesWithNews()).toEqual([]);
	h.since.pane.begin('kestrel');
	expect(h.since.pane.since('kestrel')).toBe(2000);
	h.setNow(3000);
	h.store.upsertCheckpoint(record('20261102-090000-claude', { conversation: 'c1' }), 1, 10);
	h.since.refresh();
	expect(h.since.scopesWithNews()).toMatchObject([{ scope: 'kestrel', checkpoints: 1 }]);
	expect(h.dot().hasClass('logos-is-hidden')).toBe(false);
	expect(h.dot().getAttribute('aria-label')).toBe(`New since you last looked, in kestrel.\n${NEWS.dotHint}`);
	expect(h.since.newPaths('kestrel', h.since.lastLooked('kestrel') ?? -1)).toEqual(new Set(['sessions/kestrel/_convos/c1/20261102-090000-claude.md']));

	h.setNow(4000);
	h.since.pane.markSeen('kestrel');
	expect(h.since.scopesWithNews()).toEqual([]);
	expect(h.dot().hasClass('logos-is-hidden')).toBe(true);
	expect(h.seen).toBeGreaterThan(0);
	h.command('show-scopes-with-news')();
	expect(takeNotices().map((n) => n.message)).toEqual([NEWS.none]);
});

test('a verdict line this device wrote is not news; one from elsewhere is', () => {
	const h = harness();
	h.store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
	h.since.pane.begin('kestrel');
	h.setNow(5000);
	const mine = '- retired: raising the pool size <!-- ts=1796000000 -->';
	const theirs = '- reconfirmed: retrying on 409 <!-- ts=1796000100 -->';
	h.since.wroteVerdict(mine);
	h.store.seeVerdictLines('kestrel', [mine]);
	expect(h.since.scopesWithNews()).toEqual([]);
	h.store.seeVerdictLines('kestrel', [mine, theirs]);
	expect(h.since.scopesWithNews()).toMatchObject([{ scope: 'kestrel', verdicts: 1 }]);
});

test('leaving a scope counts what it showed as seen', () => {
	const h = harness();
	h.since.pane.begin('kestrel');
	h.setNow(2000);
	h.store.upsertCheckpoint(record('20261102-090000-claude', { conversation: 'c1' }), 1, 10);
	expect(h.since.scopesWithNews().map((n) => n.scope)).toEqual(['kestrel']);
	h.setNow(2500);
	h.since.pane.end('kestrel');
	expect(h.since.scopesWithNews()).toEqual([]);
});
