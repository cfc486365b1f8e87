import type { SqlJsStatic } from 'sql.js';
import { initSql } from '../../src/store/sqlite';
import { applicationId, migrate, MIGRATIONS, SCHEMA_VERSION, userVersion } from '../../src/store/migrations';
import { createIndexDb, openIndexBytes } from '../../src/store/open';
import { APPLICATION_ID } from '../../src/store/schema';
import { IndexStore } from '../../src/store/store';
import { loadSql, note, record } from '../helpers/store';

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

function columns(db: ReturnType<typeof createIndexDb>, table: string): string[] {
	// table_xinfo: generated columns too (docs/decisions.md, "The index file's size").
	return (db.exec(`PRAGMA table_xinfo(${table})`)[0]?.values ?? []).map((r) => String(r[1]));
}

describe('sql.js start-up', () => {
	it('starts once: later calls share the instance', async () => {
		expect(await initSql(new Uint8Array(0))).toBe(sql);
	});
});

describe('schema', () => {
	it('creates every table at the current version, marked as this plugin\'s', () => {
		const db = createIndexDb(sql);
		expect(userVersion(db)).toBe(SCHEMA_VERSION);
		expect(applicationId(db)).toBe(APPLICATION_ID);
		const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")[0].values.flat();
		// Rulings and decisions are read from each checkpoint's record (docs/decisions.md, "The index file's size").
		expect(tables).toEqual(['checkpoints', 'news_baseline', 'note_files', 'session_notes', 'session_shown', 'sessions', 'stamp_total', 'verdict_lines']);
		db.close();
	});

	it('keeps logos\'s working-notes columns as docs/format.md §4.1 names them', () => {
		const db = createIndexDb(sql);
		expect(columns(db, 'sessions')).toEqual(['id', 'project', 'agent', 'task', 'started', 'ended', 'slug']);
		expect(columns(db, 'session_notes').slice(0, 5)).toEqual(['id', 'session', 'text', 'ts', 'unflushed']);
		expect(columns(db, 'checkpoints')).toEqual(expect.arrayContaining([
			'path', 'name', 'id', 'scope', 'conversation', 'session', 'host_session', 'ts', 'agent', 'task', 'follows',
			'auto', 'auto_closed', 'handoff', 'mtime', 'size', 'problems',
		]));
		db.close();
	});
});

describe('migrations', () => {
	it('brings a version-1 index up to date and keeps its notes', () => {
		const old = new sql.Database();
		migrate(old, MIGRATIONS.slice(0, 1));
		expect(userVersion(old)).toBe(1);
		old.run("INSERT INTO sessions (id, project, agent, started) VALUES ('20261116-091204-claude', 'kestrel', 'claude', 100)");
		old.run("INSERT INTO session_notes (session, text, ts) VALUES ('20261116-091204-claude', 'tried the cache', 100)");
		const opened = openIndexBytes(sql, old.export());
		old.close();
		if (!opened.ok) throw new Error(opened.detail);
		expect(opened.migratedFrom).toBe(1);
		expect(userVersion(opened.db)).toBe(SCHEMA_VERSION);
		const store = new IndexStore(opened.db);
		expect(store.notesOfScope('kestrel').map((n) => n.text)).toEqual(['tried the cache']);
		// The status bar's count of it, from the tally the upgrade filled (step 9).
		expect(store.uncommittedCount('kestrel')).toBe(1);
		expect(store.notePairs()).toEqual([{ scope: 'kestrel', agent: 'claude', notes: 1, lastTs: 100 }]);
		// A migrated note acts like any imported one: importing it again adds nothing.
		expect(store.importNotes('kestrel', [note('tried the cache', 100)]).added).toBe(0);
		store.close();
	});

	it('brings a version-3 index to one copy of each text: derived rows go (read again from the vault), notes stay', () => {
		const old = new sql.Database();
		migrate(old, MIGRATIONS.slice(0, 3));
		old.run(`INSERT INTO checkpoints (path, name, scope, conversation, id, session, host_session, ts, agent, task, follows,
			auto, auto_closed, handoff, git_commit, flat, empty, copy_of, mtime, size, problems, record)
			VALUES ('sessions/kestrel/a.md', 'a.md', 'kestrel', 'a', 'a', 'a', '', 1, 'claude', 't', '', 0, 0, '', '', 1, 0, NULL, 1, 1, '[]', '{}')`);
		old.run("INSERT INTO rulings (path, ord, scope, text, review_key) VALUES ('sessions/kestrel/a.md', 0, 'kestrel', 'x', 'x')");
		old.run("INSERT INTO sessions (id, project, agent, started) VALUES ('20261116-091204-claude', 'kestrel', 'claude', 100)");
		old.run("INSERT INTO session_notes (session, text, ts, own) VALUES ('20261116-091204-claude', 'my own note', 100, 1)");
		const opened = openIndexBytes(sql, old.export());
		old.close();
		if (!opened.ok) throw new Error(opened.detail);
		expect(opened.migratedFrom).toBe(3);
		const store = new IndexStore(opened.db);
		expect(store.stats()).toMatchObject({ checkpoints: 0, rulings: 0, decisions: 0, notes: 1, own: 1 });
		expect(store.reconcile([{ path: 'sessions/kestrel/a.md', mtime: 1, size: 1 }]).changed).toEqual(['sessions/kestrel/a.md']);
		store.close();
	});

	it('brings a version-5 index to the smaller file: checkpoint rows go (read again from the vault), the person\'s notes stay', () => {
		const old = new sql.Database();
		migrate(old, MIGRATIONS.slice(0, 5));
		old.run(`INSERT INTO checkpoints (rid, path, name, scope, conversation, id, session, host_session, ts, agent, task, follows,
			auto, auto_closed, handoff, git_commit, flat, empty, copy_of, mtime, size, problems, record, digest, lines, stamp)
			VALUES (1, 'sessions/kestrel/a.md', 'a.md', 'kestrel', 'a', 'a', 'a', '', 1, 'claude', 't', '', 0, 0, '', '', 1, 0, NULL, 1, 1, '[]', '{}', '', x'', 7)`);
		old.run("INSERT INTO rulings (checkpoint, ord, review_key) VALUES (1, 0, 'x')");
		old.run("INSERT INTO sessions (id, project, agent, started) VALUES ('20261116-091204-obsidian', 'kestrel', 'obsidian', 100)");
		old.run("INSERT INTO session_notes (session, text, ts, own, unflushed) VALUES ('20261116-091204-obsidian', 'mine', 100, 1, 1)");
		const opened = openIndexBytes(sql, old.export());
		old.close();
		if (!opened.ok) throw new Error(opened.detail);
		expect(opened.migratedFrom).toBe(5);
		const store = new IndexStore(opened.db);
		expect(store.stats()).toMatchObject({ checkpoints: 0, rulings: 0, decisions: 0, own: 1 });
		expect(store.pendingOwnNotes().map((n) => n.text)).toEqual(['mine']);
		// Written again, the row answers as before: its ruling and decision from the record.
		store.upsertCheckpoint(record('20261116-091204-claude', { checkpoint: { failed: ['the cache'], decisions: ['keep it'] } }), 1, 1);
		expect(store.rulingsOfScope('kestrel').map((r) => [r.text, r.key])).toEqual([['the cache', 'the cache']]);
		expect(store.decisionsOfScope('kestrel').map((d) => d.key)).toEqual(['keep it']);
		store.close();
	});

	it('brings a version-9 index to names cut at a stored offset: rows stay, in name order, with their first sight', () => {
		const old = new sql.Database();
		migrate(old, MIGRATIONS.slice(0, 9));
		// Rows as step 9 wrote them (its code is gone: plain SQL); the folder of the newer is longer and not ASCII.
		const row = (rid: number, path: string, seen: number) => old.run(`INSERT INTO checkpoints (rid, path, scope, conversation, id_own, session, host_session_own, ts, agent, task,
			follows, auto, auto_closed, handoff, git_commit, flat, empty, copy_of, mtime, size, problems, record, digest, lines, stamp, first_seen)
			VALUES (?, ?, 'kestrel', 'c', NULL, ?, NULL, 1, 'claude', '', '', 0, 0, '', '', 0, 0, NULL, 1, 10, '[]', '{}', 'd', x'00', 7, ?)`, [rid, path, String(rid), seen]);
		row(1, 'sessions/kestrel/a/20261116-090000-claude.md', 0);
		row(2, 'sessions/kestrel/😀ü-long/20261116-100000-claude.md', 500);
		old.run("INSERT INTO stamp_total (id, n, total) VALUES (1, 2, 14) ON CONFLICT (id) DO UPDATE SET n = 2, total = 14");
		const opened = openIndexBytes(sql, old.export());
		old.close();
		if (!opened.ok) throw new Error(opened.detail);
		expect(opened.migratedFrom).toBe(9);
		const store = new IndexStore(opened.db);
		expect(store.checkpointsOfScope('kestrel').map((r) => r.name)).toEqual(['20261116-100000-claude.md', '20261116-090000-claude.md']);
		expect(store.newsOfScope('kestrel', 100).checkpoints).toBe(1);
		// Nothing to read again: the rows and their stamps are as they were.
		expect(store.reconcile([
			{ path: 'sessions/kestrel/a/20261116-090000-claude.md', mtime: 1, size: 10 },
			{ path: 'sessions/kestrel/😀ü-long/20261116-100000-claude.md', mtime: 1, size: 10 },
		]).changed).toHaveLength(0);
		store.close();
	});

	it('leaves a database at its last complete version when a step fails', () => {
		const db = new sql.Database();
		const failing = [...MIGRATIONS.slice(0, 1), () => { throw new Error('step failed'); }];
		expect(() => migrate(db, failing)).toThrow('step failed');
		expect(userVersion(db)).toBe(1);
		expect(db.exec("SELECT name FROM sqlite_master WHERE name = 'sessions'")).toHaveLength(1);
		db.close();
	});

	it('refuses a version newer than it knows', () => {
		const db = createIndexDb(sql);
		db.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
		const opened = openIndexBytes(sql, db.export());
		db.close();
		expect(opened).toMatchObject({ ok: false, reason: 'foreignVersion' });
	});

	it('does nothing to an index already current', () => {
		const db = createIndexDb(sql);
		expect(migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
		db.close();
	});
});
