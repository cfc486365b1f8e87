/**
 * The status bar's counts come from the index in SQL, folded by scope and agent: the words must
 * be those of the notes themselves (summarizeUncommitted, abandonedSessions), for every scope
 * and for all of them, at any `now`. Real sql.js over the fixture vault.
 */
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { abandonedSessions, ABANDON_AFTER } from '../../../src/core';
import type { WorkingNote } from '../../../src/core';
import { IndexStore } from '../../../src/store';
import { Indexer } from '../../../src/store/indexer';
import { countsFrom, summarizeIndex } from '../../../src/ui/notes/store-status';
import { summarizeUncommitted } from '../../../src/ui/notes/status-bar';
import { listSessions, nodeTextPort } from '../../../src/vault/node-fs';
import { loadSql } from '../../helpers/store';

const OWN = path.join(__dirname, '..', '..', 'fixtures', 'vault-own');

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

/** What the status bar said when it decoded every note: the notes, then the summary. */
function fromNotes(store: IndexStore, scope: string | null, now: number): { text: string; tooltip: string; count: number } {
	const notes = new Map<string, WorkingNote[]>();
	for (const s of scope === null ? store.scopes() : [scope]) {
		notes.set(s, store.notesOfScope(s).map((n) => ({ scope: n.scope, text: n.text, ts: n.ts, agent: n.agent, line: -1 })));
	}
	const base = summarizeUncommitted(notes, scope);
	const abandoned = abandonedSessions([...notes.values()].flat(), now).length;
	return { count: base.count, text: abandoned > 0 ? `${base.text} · ${abandoned} abandoned` : base.text, tooltip: base.tooltip };
}

test('the counts of every scope and of all scopes, before, at and after the abandon limit, are the notes\' own', async () => {
	const store = IndexStore.create(sql);
	await new Indexer(store, nodeTextPort(OWN), { ownAgent: () => 'obsidian' }).fullPass(listSessions(OWN));
	const times = store.scopes().flatMap((s) => store.notesOfScope(s).map((n) => n.ts));
	expect(times.length).toBeGreaterThan(3);
	const newest = Math.max(...times);
	const oldest = Math.min(...times);
	let abandonedSeen = 0;
	for (const now of [oldest, newest, newest + ABANDON_AFTER, newest + ABANDON_AFTER + 1, oldest + ABANDON_AFTER + 1]) {
		for (const scope of [null, ...store.scopes()]) {
			const want = fromNotes(store, scope, now);
			const got = summarizeIndex(countsFrom(store, scope, now), scope);
			expect([scope, now, got.count, got.text, got.tooltip.split('\n').slice(0, want.tooltip.split('\n').length).join('\n')])
				.toEqual([scope, now, want.count, want.text, want.tooltip]);
			if (want.text.includes('abandoned')) abandonedSeen++;
		}
	}
	expect(abandonedSeen).toBeGreaterThan(0);
});
