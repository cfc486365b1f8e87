import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../src/store/store';
import { openIndexBytes } from '../../src/store/open';
import type { Conn } from '../../src/store/conn';
import { STAMP_MODULUS, stampHash, stampTotal } from '../../src/store/checkpoint-rows';
import { damagedInUse, loadSql, note, record } from '../helpers/store';

let sql: SqlJsStatic;
let store: IndexStore;
beforeAll(async () => {
	sql = await loadSql();
});
beforeEach(() => {
	store = IndexStore.create(sql);
});
afterEach(() => store.close());

const A = record('20261116-091204-claude', { conversation: '7c0e4f1a', checkpoint: { ts: 1000, failed: ["Retrying   the Webhook didn't help", 'none this session'], decisions: ['Decision: Keep the ledger append-only.'], git: { ...record('x').checkpoint.git, commit: '50721e8' } } });
const B = record('20261116-142233-claude', { conversation: '7c0e4f1a', checkpoint: { ts: 2000, follows: '20261116-091204-claude', failed: ["retrying the webhook didn't help"], decisions: ['keep the ledger append-only'] } });
const FLAT = record('20261012-154233-codex', { checkpoint: { ts: 500 } });

describe('checkpoints', () => {
	it('lists a scope newest first by file name, whatever the folder', () => {
		store.upsertCheckpoint(A, 1, 10);
		store.upsertCheckpoint(FLAT, 2, 20);
		store.upsertCheckpoint(B, 3, 30);
		store.upsertCheckpoint(record('20261201-000000-claude', { scope: 'heron' }), 4, 40);
		expect(store.checkpointsOfScope('kestrel').map((r) => r.name)).toEqual([B.name, A.name, FLAT.name]);
		expect(store.scopes()).toEqual(['heron', 'kestrel']);
	});

	it('orders by file name whatever characters the folders hold, and after a move into such a folder', () => {
		// Folder names of astral, two-byte and plain characters, longer and shorter than the other's:
		// the name must be cut where it starts, counted as SQLite counts characters (schema.ts, step 10).
		const at = (folder: string, stem: string) => ({ ...record(stem), path: `sessions/kestrel/${folder}/${stem}.md`, conversation: folder });
		const older = at('😀😀😀-ü', '20261116-090000-claude');
		const newer = at('a', '20261116-100000-claude');
		const newest = at('b', '20261116-110000-claude');
		store.upsertCheckpoint(older, 1, 10);
		store.upsertCheckpoint(newer, 1, 10);
		store.upsertCheckpoint(newest, 1, 10);
		expect(store.checkpointsOfScope('kestrel').map((r) => r.stem)).toEqual(['20261116-110000-claude', '20261116-100000-claude', '20261116-090000-claude']);
		store.renamePath('sessions/kestrel/b', 'sessions/kestrel/\u{1F600}\u{1F600}ü\uD800x');
		store.renamePath(older.path, 'sessions/kestrel/z/20261116-090000-claude.md');
		expect(store.checkpointsOfScope('kestrel').map((r) => r.stem)).toEqual(['20261116-110000-claude', '20261116-100000-claude', '20261116-090000-claude']);
		// Paged along the (scope, name) index: every row once, in name order.
		const page = store.storedRowsPage('kestrel', null, 2);
		expect(page.rows.map((r) => r.record.stem)).toEqual(['20261116-090000-claude', '20261116-100000-claude']);
		expect(store.storedRowsPage('kestrel', page.last, 2).rows.map((r) => r.record.stem)).toEqual(['20261116-110000-claude']);
	});

	it('gives a scope\'s rows page by page, each once, a name in two folders and rows written out of order included', () => {
		// Names written out of order, each in a conversation folder and flat: pages end inside a name.
		const stems = Array.from({ length: 40 }, (_, i) => `202611${String(1 + ((i * 7) % 28)).padStart(2, '0')}-0900${String(i).padStart(2, '0')}-claude`);
		for (const stem of stems) {
			store.upsertCheckpoint(record(stem, { conversation: 'c1' }), 1, 10);
			store.upsertCheckpoint(record(stem), 1, 10);
		}
		store.upsertCheckpoint(record('20261130-000000-codex', { scope: 'heron' }), 1, 10);
		const whole = store.storedRows('kestrel');
		const paged: typeof whole = [];
		let after = null;
		let pages = 0;
		for (;;) {
			const page = store.storedRowsPage('kestrel', after, 7);
			pages++;
			expect(page.rows.length).toBeLessThanOrEqual(7);
			paged.push(...page.rows);
			if (page.last === null) break;
			after = page.last;
		}
		expect(whole).toHaveLength(80);
		expect(pages).toBeGreaterThanOrEqual(12);
		const byPath = (rows: typeof whole) => [...rows].sort((a, b) => (a.record.path < b.record.path ? -1 : 1));
		expect(byPath(paged)).toEqual(byPath(whole));
	});

	it('gives the record back as it was stored', () => {
		store.upsertCheckpoint(A, 1, 10);
		expect(store.checkpointAt(A.path)).toEqual(A);
		expect(store.checkpointAt('sessions/kestrel/nothing.md')).toBeNull();
	});

	it('replaces a file\'s rows on a second upsert', () => {
		store.upsertCheckpoint(A, 1, 10);
		const edited = { ...A, checkpoint: { ...A.checkpoint, failed: ['the queue stalls under load'] } };
		store.upsertCheckpoint(edited, 2, 11);
		expect(store.rulingsOfScope('kestrel').map((r) => r.text)).toEqual(['the queue stalls under load']);
		expect(store.fileStamp(A.path)).toEqual({ mtime: 2, size: 11 });
	});

	it('keys rulings like reviewed.md matches them, leaving placeholders out', () => {
		store.upsertCheckpoint(A, 1, 10);
		store.upsertCheckpoint(B, 1, 10);
		const rulings = store.rulingsOfScope('kestrel');
		expect(rulings.map((r) => [r.session, r.key, r.ord])).toEqual([
			[B.id, "retrying the webhook didn't help", 0],
			[A.id, "retrying the webhook didn't help", 0],
		]);
		expect(rulings[1]).toMatchObject({ ts: 1000, commit: '50721e8', path: A.path });
	});

	it('keys decisions by decisionKey', () => {
		store.upsertCheckpoint(A, 1, 10);
		store.upsertCheckpoint(B, 1, 10);
		expect(store.decisionsOfScope('kestrel').map((d) => d.key)).toEqual(['keep the ledger append-only', 'keep the ledger append-only']);
		expect(store.decisionsOfScope('kestrel', 1).map((d) => d.session)).toEqual([B.id]);
	});

	it('never doubles a ruling or a decision through a conflict copy', () => {
		store.upsertCheckpoint(A, 1, 10);
		const copy = { ...A, path: A.path.replace('.md', ' (conflicted copy).md'), name: `${A.stem} (conflicted copy).md`, copyOf: A.id };
		store.upsertCheckpoint(copy, 1, 10);
		expect(store.checkpointsOfScope('kestrel')).toHaveLength(2);
		expect(store.rulingsOfScope('kestrel')).toHaveLength(1);
		expect(store.decisionsOfScope('kestrel')).toHaveLength(1);
	});

	it('forgets a removed file, or every file of a removed folder', () => {
		store.upsertCheckpoint(A, 1, 10);
		store.upsertCheckpoint(B, 1, 10);
		store.upsertCheckpoint(FLAT, 1, 10);
		expect(store.removePath(FLAT.path)).toBe(true);
		expect(store.fileStamp(FLAT.path)).toBeNull();
		expect(store.removePath('sessions/kestrel/_convos/7c0e4f1a')).toBe(true);
		expect(store.checkpointsOfScope('kestrel')).toEqual([]);
		expect(store.rulingsOfScope('kestrel')).toEqual([]);
		expect(store.removePath('sessions/kestrel/unknown.md')).toBe(false);
	});

	it('inside one batch, a replaced, deleted or moved checkpoint leaves exactly the rulings and decisions a read expects', () => {
		const edited = { ...A, checkpoint: { ...A.checkpoint, failed: ['the queue stalls under load'], decisions: [] } };
		store.batch(() => {
			store.upsertCheckpoint(A, 1, 10);
			store.upsertCheckpoint(B, 1, 10);
			store.upsertCheckpoint(edited, 2, 11);
			// A read in the same batch sees what was written before it.
			expect(store.rulingsOfScope('kestrel').map((r) => r.text)).toEqual(["retrying the webhook didn't help", 'the queue stalls under load']);
			store.upsertCheckpoint(A, 3, 12);
			store.removePath(B.path);
			store.renamePath(A.path, 'sessions/kestrel/_convos/0199/20261116-091204-claude.md');
		});
		expect(store.rulingsOfScope('kestrel').map((r) => [r.text, r.path])).toEqual([["Retrying   the Webhook didn't help", 'sessions/kestrel/_convos/0199/20261116-091204-claude.md']]);
		expect(store.decisionsOfScope('kestrel').map((d) => d.text)).toEqual(['Decision: Keep the ledger append-only.']);
		expect(store.stats()).toMatchObject({ checkpoints: 1, rulings: 1, decisions: 1 });
	});

	it('a batch that fails leaves no ruling or decision of it behind, now or in a later write', () => {
		expect(() => store.batch(() => {
			store.upsertCheckpoint(A, 1, 10);
			throw new Error('interrupted');
		})).toThrow('interrupted');
		expect(store.stats()).toMatchObject({ checkpoints: 0, rulings: 0, decisions: 0 });
		store.upsertCheckpoint(FLAT, 1, 10);
		expect(store.stats()).toMatchObject({ checkpoints: 1, rulings: 0, decisions: 0 });
	});

	it('follows a renamed file and a renamed folder', () => {
		store.upsertCheckpoint(A, 1, 10);
		store.upsertCheckpoint(FLAT, 1, 10);
		expect(store.renamePath(FLAT.path, 'sessions/kestrel/_convos/_unattached/20261012-154233-codex.md')).toBe(true);
		expect(store.fileStamp(FLAT.path)).toBeNull();
		expect(store.checkpointAt('sessions/kestrel/_convos/_unattached/20261012-154233-codex.md')?.name).toBe(FLAT.name);
		store.renamePath('sessions/kestrel/_convos/7c0e4f1a', 'sessions/kestrel/_convos/0199');
		const moved = store.checkpointAt('sessions/kestrel/_convos/0199/20261116-091204-claude.md');
		expect(moved?.path).toBe('sessions/kestrel/_convos/0199/20261116-091204-claude.md');
		expect(store.rulingsOfScope('kestrel')[0].path).toBe(moved?.path);
	});
});

describe('reconcile', () => {
	it('reports only files new or changed by mtime or size, and drops files gone', () => {
		store.upsertCheckpoint(A, 100, 10);
		store.upsertCheckpoint(B, 200, 20);
		store.upsertCheckpoint(FLAT, 300, 30);
		store.importNotes('kestrel', [note('n', 1)], { file: { path: 'sessions/kestrel/uncommitted.md', mtime: 50, size: 5 } });
		const next = record('20261117-080000-claude');
		const result = store.reconcile([
			{ path: A.path, mtime: 100, size: 10 },
			{ path: B.path, mtime: 201, size: 20 },
			{ path: next.path, mtime: 1, size: 1 },
			{ path: 'sessions/kestrel/uncommitted.md', mtime: 50, size: 5 },
		]);
		expect(result).toEqual({ changed: [B.path, next.path], removed: [FLAT.path] });
		expect(store.fileStamp(FLAT.path)).toBeNull();
		expect(store.fileStamp(A.path)).toEqual({ mtime: 100, size: 10 });
	});

	it('knows an unchanged listing after rows were written, replaced, moved, removed and cleared (the stamps\' sum follows every change)', () => {
		const listing = (): { path: string; mtime: number; size: number }[] => {
			const out: { path: string; mtime: number; size: number }[] = [];
			for (const s of store.scopes()) for (const r of store.checkpointsOfScope(s)) out.push({ path: r.path, ...(store.fileStamp(r.path) as { mtime: number; size: number }) });
			return out;
		};
		// The kept count and sum, against one worked out from the rows: a wrong sum would only
		// send reconcile the slow way, with the same answer, so it is checked itself.
		const conn = (store as unknown as { conn: Conn }).conn;
		const settled = (): void => {
			const files = listing();
			const sum = files.reduce((acc, f) => acc + stampHash(f.path, f.mtime, f.size), 0) % STAMP_MODULUS;
			expect(stampTotal(conn)).toEqual({ count: files.length, sum });
			expect(store.reconcile(files)).toEqual({ changed: [], removed: [] });
		};
		store.upsertCheckpoint(A, 100, 10);
		store.upsertCheckpoint(B, 200, 20);
		settled();
		store.upsertCheckpoint(A, 101, 11);
		settled();
		store.renamePath(B.path, 'sessions/kestrel/20261118-080000-claude.md');
		settled();
		// A listing that differs in one stamp only is seen as changed.
		expect(store.reconcile(listing().map((f, i) => (i === 0 ? { ...f, mtime: f.mtime + 1 } : f))).changed).toHaveLength(1);
		store.removePath(A.path);
		settled();
		store.clearDerived();
		settled();
		store.upsertCheckpoint(FLAT, 300, 30);
		settled();
	});

	it('compares in steps as in one go, and drops the rows of files gone only in its last step', () => {
		const NOTES = { path: 'sessions/kestrel/uncommitted.md', mtime: 50, size: 5 };
		const fill = (s: IndexStore): void => {
			s.upsertCheckpoint(A, 100, 10);
			s.upsertCheckpoint(B, 200, 20);
			s.upsertCheckpoint(FLAT, 300, 30);
			s.importNotes('kestrel', [note('n', 1)], { file: NOTES });
		};
		const next = record('20261117-080000-claude');
		const same = [{ path: A.path, mtime: 100, size: 10 }, { path: B.path, mtime: 200, size: 20 }, { path: FLAT.path, mtime: 300, size: 30 }, NOTES];
		// B changed, FLAT and the notes file gone, one new: the comparison's slow way.
		const moved = [{ path: A.path, mtime: 100, size: 10 }, { path: B.path, mtime: 201, size: 20 }, { path: next.path, mtime: 1, size: 1 }];
		for (const listing of [same, moved]) {
			const whole = IndexStore.create(sql);
			fill(whole);
			const want = whole.reconcile(listing);
			whole.close();
			fill(store);
			const steps = store.reconcileSteps(listing, {}, 1);
			let yields = 0;
			let r = steps.next();
			for (; !r.done; r = steps.next()) {
				yields++;
				// Until the last step, the index still holds what it read.
				expect(store.fileStamp(FLAT.path)).toEqual({ mtime: 300, size: 30 });
				expect(store.uncommittedCount('kestrel')).toBe(1);
			}
			expect(r.value).toEqual(want);
			expect(yields).toBeGreaterThanOrEqual(listing.length - 1);
			expect(store.fileStamp(FLAT.path)).toEqual(listing === same ? { mtime: 300, size: 30 } : null);
			store.close();
			store = IndexStore.create(sql);
		}
	});

	it('sees a size change with the same mtime', () => {
		store.upsertCheckpoint(A, 100, 10);
		expect(store.reconcile([{ path: A.path, mtime: 100, size: 11 }]).changed).toEqual([A.path]);
	});

	it('marks the notes of a vanished uncommitted.md absent, without deleting them', () => {
		const path = 'sessions/kestrel/uncommitted.md';
		store.importNotes('kestrel', [note('one', 1), note('two', 2)], { file: { path, mtime: 1, size: 1 } });
		expect(store.reconcile([])).toEqual({ changed: [], removed: [path] });
		expect(store.uncommittedCount('kestrel')).toBe(0);
		// The rows are still there: the same lines coming back add nothing.
		expect(store.importNotes('kestrel', [note('one', 1)]).added).toBe(0);
		expect(store.uncommittedCount('kestrel')).toBe(1);
	});

	it('knows an unchanged listing from the sum of stamps, and sees any one stamp or path differ', () => {
		const notes = { path: 'sessions/kestrel/uncommitted.md', mtime: 50, size: 5 };
		const listing = [{ path: A.path, mtime: 100, size: 10 }, { path: B.path, mtime: 200, size: 20 }, notes];
		store.upsertCheckpoint(A, 100, 10);
		store.upsertCheckpoint(B, 200, 20);
		store.importNotes('kestrel', [note('n', 1)], { file: notes });
		expect(store.reconcile(listing)).toEqual({ changed: [], removed: [] });
		// Stamps swapped between two files, a path renamed, a note file touched: each is seen.
		expect(store.reconcile([{ ...listing[0], mtime: 200, size: 20 }, { ...listing[1], mtime: 100, size: 10 }, notes]).changed).toEqual([A.path, B.path]);
		expect(store.reconcile([listing[0], { ...listing[1], path: `${B.path}.x` }, notes]).changed).toEqual([`${B.path}.x`]);
		store.upsertCheckpoint(B, 200, 20);
		expect(store.reconcile([listing[0], listing[1], { ...notes, mtime: 51 }]).changed).toEqual([notes.path]);
	});

	it('keeps the sum of stamps right through moves, replacements and removals', () => {
		store.upsertCheckpoint(A, 100, 10);
		store.upsertCheckpoint(A, 101, 10);
		store.upsertCheckpoint(FLAT, 300, 30);
		store.renamePath(FLAT.path, 'sessions/kestrel/_convos/_unattached/20261012-154233-codex.md');
		store.upsertCheckpoint(B, 200, 20);
		store.removePath(B.path);
		const opened = openIndexBytes(sql, store.export());
		if (!opened.ok) throw new Error(opened.detail);
		const again = new IndexStore(opened.db);
		expect(again.reconcile([
			{ path: A.path, mtime: 101, size: 10 },
			{ path: 'sessions/kestrel/_convos/_unattached/20261012-154233-codex.md', mtime: 300, size: 30 },
		])).toEqual({ changed: [], removed: [] });
		again.close();
	});
});

describe('revision', () => {
	it('grows with every change and tells listeners', () => {
		let told = 0;
		store.onChange(() => told++);
		const seen = [store.revision];
		store.upsertCheckpoint(A, 1, 1);
		seen.push(store.revision);
		store.importNotes('kestrel', [note('one', 1)]);
		seen.push(store.revision);
		store.renamePath(A.path, 'sessions/kestrel/x/20261116-091204-claude.md');
		seen.push(store.revision);
		store.removePath('sessions/kestrel/x/20261116-091204-claude.md');
		seen.push(store.revision);
		const id = store.addOwnNote('kestrel', 'obsidian', 'mine', 5);
		seen.push(store.revision);
		store.markFlushed(id);
		seen.push(store.revision);
		store.dismissOwnNote(id);
		seen.push(store.revision);
		store.clearDerived();
		seen.push(store.revision);
		expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
		expect(told).toBe(8);
	});

	it('stays put when nothing changed', () => {
		store.importNotes('kestrel', [note('one', 1)]);
		const r = store.revision;
		store.importNotes('kestrel', [note('one', 1)]);
		store.removePath('sessions/kestrel/none.md');
		store.markFlushed(12345);
		store.reconcile([]);
		expect(store.revision).toBe(r);
	});
});

describe('export', () => {
	it('exports bytes that open as the same index', () => {
		store.upsertCheckpoint(A, 1, 10);
		store.importNotes('kestrel', [note('one', 1)]);
		const opened = openIndexBytes(sql, store.export());
		if (!opened.ok) throw new Error(opened.detail);
		const again = new IndexStore(opened.db);
		expect(again.checkpointAt(A.path)).toEqual(A);
		expect(again.notesOfScope('kestrel').map((n) => n.text)).toEqual(['one']);
		again.close();
		// The store keeps working after an export (sql.js reopens the database to export).
		store.upsertCheckpoint(B, 1, 10);
		expect(store.checkpointsOfScope('kestrel')).toHaveLength(2);
	});
});

describe('damage found while in use', () => {
	it('after "database disk image is malformed", carries on with a fresh index holding the person\'s notes', () => {
		const { bytes, fails } = damagedInUse(sql);
		const opened = openIndexBytes(sql, bytes);
		if (!opened.ok) throw new Error(opened.detail);
		const damaged = new IndexStore(opened.db, { sql });
		let seen = 0;
		damaged.onChange(() => seen++);
		let err: unknown = null;
		try {
			fails(damaged);
		} catch (e) {
			err = e;
		}
		expect(String(err)).toMatch(/malformed/);
		expect(damaged.replaceIfDamaged(err)).toBe(true);
		expect(seen).toBeGreaterThan(0);
		expect(damaged.ownNotes().map((n) => n.text)).toEqual(['mine']);
		expect(damaged.checkpointsOfScope('kestrel')).toEqual([]);
		fails(damaged); // the same work goes through now
		expect(damaged.checkpointsOfScope('kestrel')).toHaveLength(1);
		damaged.close();
	});

	it('leaves the index alone after an error that says nothing of damage', () => {
		store.upsertCheckpoint(A, 1, 10);
		expect(store.replaceIfDamaged(new Error('UNIQUE constraint failed'))).toBe(false);
		expect(store.replaceIfDamaged('malformed')).toBe(false);
		expect(store.checkpointsOfScope('kestrel')).toHaveLength(1);
	});
});
