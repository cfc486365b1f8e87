/**
 * Every row the index holds about the vault, in a stable order and without file times, so
 * two indexes of the same vault (plugin and CLI, warm and cold) can be compared.
 */
import type { SqlJsStatic } from 'sql.js';
import type { IndexStore } from '../../src/store/store';

export function dumpRows(sql: SqlJsStatic, store: IndexStore): Record<string, unknown[]> {
	const db = new sql.Database(store.export());
	const q = (query: string): unknown[] => {
		const r = db.exec(query)[0];
		return r ? r.values.map((v) => Object.fromEntries(r.columns.map((c, i) => [c, v[i]]))) : [];
	};
	const out = {
		checkpoints: q(`SELECT path, name, scope, conversation, id, session, host_session, ts, agent, task, follows, auto,
			auto_closed, handoff, git_commit, flat, empty, copy_of, size, problems, record, digest, lines FROM checkpoints ORDER BY path`),
		// Read from the records (docs/decisions.md, "The index file's size"), as the store answers them.
		rulings: store.scopes().flatMap((s) => store.rulingsOfScope(s).map((r) => ({ path: r.path, ord: r.ord, key: r.key }))),
		decisions: store.scopes().flatMap((s) => store.decisionsOfScope(s, Number.MAX_SAFE_INTEGER).map((d) => ({ path: d.path, ord: d.ord, key: d.key }))),
		notes: q(`SELECT s.project, s.agent, n.text, n.ts, n.own, n.unflushed, n.dismissed, n.present
			FROM session_notes n JOIN sessions s ON s.id = n.session ORDER BY s.project, n.ts, n.text`),
		noteFiles: q('SELECT path, scope, size FROM note_files ORDER BY path'),
	};
	db.close();
	return out;
}
