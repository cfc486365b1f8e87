import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../src/store/store';
import { localTs, loadSql, note, record } from '../helpers/store';

let sql: SqlJsStatic;
let store: IndexStore;
beforeAll(async () => {
	sql = await loadSql();
});
beforeEach(() => {
	store = IndexStore.create(sql);
});
/**
 * The status bar's counts come from a tally kept by triggers (schema.ts, step 9): after every
 * test's writes (imports, rewrites, own notes, dismissals, a rebuild) they must be what the
 * notes themselves say, per scope and agent, with the newest note's time.
 */
function pairsFromNotes(): { scope: string; agent: string; notes: number; lastTs: number }[] {
	const out = new Map<string, { scope: string; agent: string; notes: number; lastTs: number }>();
	for (const scope of store.scopes()) {
		for (const n of store.notesOfScope(scope)) {
			const key = `${n.scope}\u0000${n.agent}`;
			const p = out.get(key) ?? { scope: n.scope, agent: n.agent, notes: 0, lastTs: n.ts };
			out.set(key, { ...p, notes: p.notes + 1, lastTs: Math.max(p.lastTs, n.ts) });
		}
	}
	return [...out.values()];
}

const byKey = (a: { scope: string; agent: string }, b: { scope: string; agent: string }): number => (a.scope + a.agent < b.scope + b.agent ? -1 : 1);

afterEach(() => {
	const expected = pairsFromNotes().sort(byKey);
	expect([...store.notePairs()].sort(byKey)).toEqual(expected);
	expect(store.uncommittedCount()).toBe(expected.reduce((n, p) => n + p.notes, 0));
	for (const scope of store.scopes()) expect(store.notePairs(scope)).toEqual(expected.filter((p) => p.scope === scope).sort(byKey));
	store.close();
});

const T0 = localTs(2026, 11, 16, 9, 12, 4);

const texts = (scope = 'kestrel'): string[] => store.notesOfScope(scope).map((n) => n.text);

describe('importing uncommitted.md', () => {
	it('adds each note once: importing twice adds nothing', () => {
		const notes = [note('tried the cache', T0), note('webhook retries failed', T0 + 60, 'codex')];
		expect(store.importNotes('kestrel', notes).added).toBe(2);
		expect(store.importNotes('kestrel', notes).added).toBe(0);
		expect(store.uncommittedCount('kestrel')).toBe(2);
	});

	it('de-duplicates on (scope, text, ts) only', () => {
		const r = store.importNotes('kestrel', [
			note('same', T0), note('same', T0, 'codex'), note('same', T0 + 1), note('other', T0),
		]);
		expect(r.added).toBe(3);
		expect(store.importNotes('heron', [note('same', T0, 'claude', 'heron')]).added).toBe(1);
	});

	it('files notes in one open session per (scope, agent), named from the first note\'s local time', () => {
		store.importNotes('kestrel', [note('b', T0 + 30), note('a', T0), note('c', T0 + 5, 'codex')]);
		store.importNotes('kestrel', [note('b', T0 + 30), note('a', T0), note('c', T0 + 5, 'codex'), note('d', T0 + 90)]);
		const sessions = Object.fromEntries(store.notesOfScope('kestrel').map((n) => [n.text, n.session]));
		expect(sessions).toEqual({
			a: '20261116-091204-claude', b: '20261116-091204-claude', d: '20261116-091204-claude',
			c: '20261116-091209-codex',
		});
	});

	it('walks a session id forward a second when another scope holds it', () => {
		store.importNotes('kestrel', [note('k', T0)]);
		store.importNotes('kestrel/billing-v2', [note('w', T0, 'claude', 'kestrel/billing-v2')]);
		expect(store.notesOfScope('kestrel/billing-v2')[0].session).toBe('20261116-091205-claude');
	});

	it('takes the stamp format it is given', () => {
		const custom = IndexStore.create(sql, { formatStamp: (ts) => `T${ts}` });
		custom.importNotes('kestrel', [note('x', 42)]);
		expect(custom.notesOfScope('kestrel')[0].session).toBe('T42-claude');
		custom.close();
	});

	it('names an empty agent `agent`, as logos does', () => {
		store.importNotes('kestrel', [note('x', T0, '')]);
		expect(store.notesOfScope('kestrel')[0]).toMatchObject({ agent: 'agent', session: '20261116-091204-agent' });
	});

	it('never deletes: a note gone from the file is absent, and comes back without a copy', () => {
		store.importNotes('kestrel', [note('one', T0), note('two', T0 + 1)]);
		const gone = store.importNotes('kestrel', [note('two', T0 + 1)]);
		expect(gone).toMatchObject({ added: 0, changed: true });
		expect(texts()).toEqual(['two']);
		store.importNotes('kestrel', [note('one', T0), note('two', T0 + 1)]);
		expect(texts()).toEqual(['one', 'two']);
		expect(store.uncommittedCount()).toBe(2);
	});

	it('closes a session once the file holds none of its notes, and opens a new one after', () => {
		store.importNotes('kestrel', [note('before', T0)]);
		store.importNotes('kestrel', []); // a checkpoint folded it: logos emptied the file
		store.importNotes('kestrel', [note('after', T0 + 3600)]);
		expect(store.notesOfScope('kestrel').map((n) => n.session)).toEqual(['20261116-101204-claude']);
	});

	it('keeps scopes apart', () => {
		store.importNotes('kestrel', [note('k', T0)]);
		store.importNotes('heron', [note('h', T0, 'claude', 'heron')]);
		store.importNotes('heron', []);
		expect(texts()).toEqual(['k']);
		expect(store.uncommittedCount()).toBe(1);
		expect(store.scopes()).toEqual(['heron', 'kestrel']);
	});
});

describe('the person\'s own notes', () => {
	it('are pending until flushed, then present once the file shows the line', () => {
		const id = store.addOwnNote('kestrel', 'obsidian', 'check the retry path', T0);
		expect(store.pendingOwnNotes().map((n) => n.id)).toEqual([id]);
		expect(store.notesOfScope('kestrel')[0]).toMatchObject({ own: true, unflushed: true, present: false });
		expect(store.uncommittedCount('kestrel')).toBe(1);
		expect(store.markFlushed(id)).toBe(true);
		expect(store.pendingOwnNotes()).toEqual([]);
		const r = store.importNotes('kestrel', [note('check the retry path', T0, 'obsidian')]);
		expect(r.added).toBe(0);
		expect(store.notesOfScope('kestrel')[0]).toMatchObject({ id, own: true, unflushed: false, present: true });
	});

	it('are reported missing when logos rewrote the file without them', () => {
		const id = store.addOwnNote('kestrel', 'obsidian', 'mine', T0);
		store.markFlushed(id);
		store.importNotes('kestrel', [note('mine', T0, 'obsidian')]);
		const r = store.importNotes('kestrel', [note('agent note', T0 + 10)]);
		expect(r.missingOwn.map((n) => n.id)).toEqual([id]);
		// Still the person's: listed until folded or dismissed.
		expect(texts()).toEqual(['mine', 'agent note']);
	});

	it('a line found in the file counts as written even if the write was not confirmed', () => {
		store.addOwnNote('kestrel', 'obsidian', 'mine', T0);
		store.importNotes('kestrel', [note('mine', T0, 'obsidian')]);
		expect(store.pendingOwnNotes()).toEqual([]);
	});

	it('survive "Rebuild index"; everything derived goes', () => {
		store.upsertCheckpoint(record('20261116-091204-claude'), 1, 1);
		store.importNotes('kestrel', [note('agent note', T0)]);
		const id = store.addOwnNote('kestrel', 'obsidian', 'mine', T0 + 5);
		store.clearDerived();
		expect(store.checkpointsOfScope('kestrel')).toEqual([]);
		expect(store.ownNotes().map((n) => n.id)).toEqual([id]);
		expect(texts()).toEqual(['mine']);
		// Re-reading the vault brings the derived notes back; the own note is not doubled.
		store.importNotes('kestrel', [note('agent note', T0), note('mine', T0 + 5, 'obsidian')]);
		expect(store.notesOfScope('kestrel').map((n) => [n.text, n.own])).toEqual([['agent note', false], ['mine', true]]);
	});

	it('are recovered from their agent= lines when the index was lost', () => {
		const fresh = IndexStore.create(sql);
		fresh.importNotes('kestrel', [note('agent note', T0), note('mine', T0 + 5, 'obsidian')], { ownAgent: 'obsidian' });
		expect(fresh.ownNotes('kestrel').map((n) => [n.text, n.unflushed, n.present])).toEqual([['mine', false, true]]);
		fresh.close();
	});

	it('once dismissed, leave the lists and are not adopted again', () => {
		const id = store.addOwnNote('kestrel', 'obsidian', 'mine', T0);
		store.markFlushed(id);
		store.importNotes('kestrel', []);
		expect(store.dismissOwnNote(id)).toBe(true);
		expect(store.ownNotes()).toEqual([]);
		expect(store.uncommittedCount()).toBe(0);
		store.clearDerived();
		store.importNotes('kestrel', [note('mine', T0, 'obsidian')], { ownAgent: 'obsidian' });
		expect(store.ownNotes()).toEqual([]);
		// Still a working note of the vault while the line is in the file.
		expect(store.notesOfScope('kestrel')[0]).toMatchObject({ text: 'mine', own: true, dismissed: true, present: true });
	});

	it('share the open session of their (scope, agent) with imported notes', () => {
		store.importNotes('kestrel', [note('from another device', T0, 'obsidian')]);
		store.addOwnNote('kestrel', 'obsidian', 'mine', T0 + 60);
		const sessions = new Set(store.notesOfScope('kestrel').map((n) => n.session));
		expect([...sessions]).toEqual(['20261116-091204-obsidian']);
	});

	it('adopt an identical note already in the file instead of copying it', () => {
		store.importNotes('kestrel', [note('same words', T0, 'obsidian')]);
		const id = store.addOwnNote('kestrel', 'obsidian', 'same words', T0);
		expect(store.notesOfScope('kestrel')).toHaveLength(1);
		expect(store.notesOfScope('kestrel')[0]).toMatchObject({ id, own: true, unflushed: false });
	});
});

describe('a big import (the notes of a first index)', () => {
	/** 150 notes of three agents, oldest first, one of them the person's. */
	const many = (): ReturnType<typeof note>[] => Array.from({ length: 150 }, (_, i) => note(`step ${i} of the migration`, T0 + i * 7, ['claude', 'codex', 'obsidian'][i % 3]));

	it('files the same notes with the same ids and sessions as small imports would', () => {
		store.importNotes('kestrel', many(), { ownAgent: 'obsidian' });
		const big = store.notesOfScope('kestrel');
		const small = IndexStore.create(sql);
		const notes = many();
		// Ten at a time: each import below the size that sets the tally's trigger aside.
		for (let i = 0; i < notes.length; i += 10) small.importNotes('kestrel', notes.slice(0, i + 10), { ownAgent: 'obsidian' });
		expect(big).toEqual(small.notesOfScope('kestrel'));
		expect(store.notePairs()).toEqual(small.notePairs());
		expect(big.filter((n) => n.own)).toHaveLength(50);
		small.close();
	});

	it('keeps the tally\'s trigger: a note imported after it is counted', () => {
		store.importNotes('kestrel', many());
		store.importNotes('kestrel', [...many(), note('one more', T0 + 5000)]);
		expect(store.uncommittedCount('kestrel')).toBe(151);
	});

	it('leaves the index\'s schema as a new index has it', () => {
		store.importNotes('kestrel', many());
		const schema = (bytes: Uint8Array): unknown[] => {
			const db = new sql.Database(bytes);
			const rows = db.exec('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')[0].values;
			db.close();
			return rows;
		};
		const fresh = IndexStore.create(sql);
		expect(schema(store.export())).toEqual(schema(fresh.export()));
		fresh.close();
	});

	it('stores every text as small imports do: a NUL, a lone surrogate, accents, an emoji pair', () => {
		const odd = ['nul \u0000 inside', 'lone \ud800 high', 'lone \udc00 low', 'pair \ud83d\ude00 kept'];
		store.importNotes('kestrel', [...many(), ...odd.map((t, i) => note(t, T0 + 9000 + i))]);
		const small = IndexStore.create(sql);
		small.importNotes('kestrel', odd.map((t, i) => note(t, T0 + 9000 + i)));
		expect(texts().slice(-4)).toEqual(small.notesOfScope('kestrel').map((n) => n.text));
		expect(texts()[150]).toBe('nul \u0000 inside');
		small.close();
		store.importNotes('heron', many().map((n) => ({ ...n, scope: 'heron', text: `${n.text} é 😀` })));
		expect(texts('heron')[0]).toBe('step 0 of the migration é 😀');
	});
});
