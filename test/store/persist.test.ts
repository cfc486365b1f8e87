import type { Database, SqlJsStatic } from 'sql.js';
import { SCHEMA_VERSION } from '../../src/store/migrations';
import { IndexStore } from '../../src/store/store';
import { createIndexDb } from '../../src/store/open';
import { loadIndex, newCopy, oldCopy, saveIndex } from '../../src/store/persist';
import { openIndexStore, storeSaver } from '../../src/store';
import { Crash, loadSql, ManualTimers, MemoryDisk, record, settle } from '../helpers/store';

const PATH = '.obsidian/plugins/logos-continuity/index.db';

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

/** An index holding `n` checkpoints, as bytes. */
function indexWith(n: number): Uint8Array {
	const store = IndexStore.create(sql);
	for (let i = 0; i < n; i++) store.upsertCheckpoint(record(`20261116-0900${String(i).padStart(2, '0')}-claude`), i, i);
	const bytes = store.export();
	store.close();
	return bytes;
}

async function countAfterLoad(disk: MemoryDisk): Promise<{ rebuilt: boolean; count: number }> {
	const loaded = await loadIndex(sql, disk, PATH);
	const store = new IndexStore(loaded.db);
	const count = store.checkpointsOfScope('kestrel').length;
	store.close();
	return { rebuilt: loaded.rebuilt, count };
}

describe('saveIndex', () => {
	it('leaves only the index file after a complete save, and replaces it on the next', async () => {
		const disk = new MemoryDisk();
		await saveIndex(disk, PATH, indexWith(1));
		await saveIndex(disk, PATH, indexWith(2));
		expect([...disk.files.keys()]).toEqual([PATH]);
		expect(await countAfterLoad(disk)).toEqual({ rebuilt: false, count: 2 });
	});

	it('never renames onto a file that exists', async () => {
		// MemoryDisk throws on such a rename; a save over leftovers of every kind must not hit it.
		const disk = new MemoryDisk();
		disk.files.set(PATH, indexWith(1));
		disk.files.set(oldCopy(PATH), indexWith(1));
		disk.files.set(newCopy(PATH), new Uint8Array([1, 2, 3]));
		await saveIndex(disk, PATH, indexWith(3));
		expect(await countAfterLoad(disk)).toEqual({ rebuilt: false, count: 3 });
	});

	// Count the steps of a save over an existing index, then crash at each one.
	const STEPS = 4; // write .new, current → .old, .new → current, remove .old
	it.each(Array.from({ length: STEPS }, (_, i) => i))('a crash at step %p leaves a loadable index, old or new', async (step) => {
		const disk = new MemoryDisk();
		await saveIndex(disk, PATH, indexWith(1));
		disk.dieAfter(step);
		await expect(saveIndex(disk, PATH, indexWith(2))).rejects.toBeInstanceOf(Crash);
		disk.revive();
		const after = await countAfterLoad(disk);
		expect(after.rebuilt).toBe(false);
		expect([1, 2]).toContain(after.count);
	});

	it('has exactly the steps the crash test walks through', async () => {
		const disk = new MemoryDisk();
		await saveIndex(disk, PATH, indexWith(1));
		disk.log.length = 0;
		await saveIndex(disk, PATH, indexWith(2));
		expect(disk.log).toHaveLength(STEPS);
	});

	it('survives a crash during the save that follows a crash', async () => {
		for (let first = 0; first < STEPS; first++) {
			for (let second = 0; second < STEPS + 1; second++) {
				const disk = new MemoryDisk();
				await saveIndex(disk, PATH, indexWith(1));
				await saveIndex(disk.dieAfter(first), PATH, indexWith(2)).catch(() => undefined);
				disk.revive();
				const mid = await countAfterLoad(disk);
				await saveIndex(disk.dieAfter(second), PATH, indexWith(3)).catch(() => undefined);
				disk.revive();
				const after = await countAfterLoad(disk);
				expect(after.rebuilt).toBe(false);
				expect([mid.count, 3]).toContain(after.count);
			}
		}
	});

	it('a crash during the very first save leaves nothing worse than a first run', async () => {
		const disk = new MemoryDisk().dieAfter(0);
		await expect(saveIndex(disk, PATH, indexWith(1))).rejects.toBeInstanceOf(Crash);
		disk.revive();
		const loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: true, reason: 'missing' });
		loaded.db.close();
	});
});

describe('loadIndex', () => {
	it('prefers the index file, then the copy set aside, then a complete new copy', async () => {
		const disk = new MemoryDisk();
		disk.files.set(oldCopy(PATH), indexWith(2));
		disk.files.set(newCopy(PATH), indexWith(3));
		let loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: false, source: 'old' });
		loaded.db.close();
		disk.files.delete(oldCopy(PATH));
		loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: false, source: 'new' });
		loaded.db.close();
	});

	it('passes over a torn new copy', async () => {
		const disk = new MemoryDisk();
		const bytes = indexWith(3);
		disk.files.set(newCopy(PATH), bytes.slice(0, bytes.length - 512));
		const loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: true, reason: 'missing' });
		loaded.db.close();
	});

	it.each([
		['empty', new Uint8Array(0)],
		['truncated', 'cut'],
		['corrupt', 'noise'],
	])('rebuilds when the index file is %s, and says why', async (reason, kind) => {
		const disk = new MemoryDisk();
		const bytes = indexWith(2);
		const bad = kind === 'cut' ? bytes.slice(0, 3000) : kind === 'noise' ? bytes.map((b, i) => (b * 31 + i) & 255) : (kind as Uint8Array);
		disk.files.set(PATH, bad);
		const loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: true, reason });
		// The fresh index is usable at once.
		const store = new IndexStore(loaded.db);
		store.upsertCheckpoint(record('20261116-091204-claude'), 1, 1);
		expect(store.checkpointsOfScope('kestrel')).toHaveLength(1);
		store.close();
	});

	it('rebuilds a saved index with one page copied over another, with the person\'s notes it still holds back in the fresh one', async () => {
		const store = IndexStore.create(sql);
		for (let i = 0; i < 40; i++) store.upsertCheckpoint(record(`202611${String(10 + (i % 20)).padStart(2, '0')}-0900${String(i).padStart(2, '0')}-claude`), i, i);
		store.addOwnNote('kestrel', 'obsidian', 'not written yet', 1795600000);
		const disk = new MemoryDisk();
		await saveIndex(disk, PATH, store.export());
		store.close();
		const bytes = disk.files.get(PATH) as Uint8Array;
		// The checkpoints' page over the one before it: SQLite's quick_check finds nothing wrong.
		const saved = new sql.Database(bytes);
		const root = Number(saved.exec("SELECT rootpage FROM sqlite_master WHERE name = 'checkpoints'")[0].values[0][0]);
		saved.close();
		bytes.copyWithin((root - 2) * 8192, (root - 1) * 8192, root * 8192);
		const { store: opened, load } = await openIndexStore(sql, disk, PATH);
		expect(load).toMatchObject({ rebuilt: true, reason: 'corrupt', salvaged: 1 });
		expect(opened.checkpointsOfScope('kestrel')).toEqual([]);
		expect(opened.pendingOwnNotes().map((n) => [n.text, n.ts, n.agent])).toEqual([['not written yet', 1795600000, 'obsidian']]);
		opened.close();
	});

	it('rebuilds an index written by a newer plugin', async () => {
		const db = createIndexDb(sql);
		db.run('PRAGMA user_version = 99');
		const disk = new MemoryDisk();
		disk.files.set(PATH, db.export());
		db.close();
		const loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: true, reason: 'foreignVersion' });
		loaded.db.close();
	});

	it('treats a read that fails as unusable, not as a crash of the plugin', async () => {
		const disk = new MemoryDisk();
		disk.read = async () => {
			throw new Error('EIO');
		};
		const loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: true, reason: 'unreadable' });
		loaded.db.close();
	});

	it('round-trips the store through openIndexStore and a saver', async () => {
		const disk = new MemoryDisk();
		const first = await openIndexStore(sql, disk, PATH);
		expect(first.load).toMatchObject({ rebuilt: true, reason: 'missing' });
		const saver = storeSaver(first.store, disk, PATH, { timers: new ManualTimers() });
		first.store.upsertCheckpoint(record('20261116-091204-claude'), 5, 6);
		first.store.addOwnNote('kestrel', 'obsidian', 'check the retry path', 100);
		await saver.flush();
		saver.detach();
		first.store.close();
		const second = await openIndexStore(sql, disk, PATH);
		expect(second.load).toEqual({ rebuilt: false, source: 'current', migratedFrom: expect.any(Number) });
		expect(second.store.fileStamp('sessions/kestrel/20261116-091204-claude.md')).toEqual({ mtime: 5, size: 6 });
		expect(second.store.pendingOwnNotes().map((n) => n.text)).toEqual(['check the retry path']);
		second.store.close();
	});
});

/**
 * A save in steps (docs/decisions.md, "A save in tasks"): the plugin's saver gives the main
 * thread back after the export and between the steps of hashing and copying it.
 */
describe('a load that pauses', () => {
	it('checks a big index file a step at a time before it opens it, and opens the same index', async () => {
		// About 3 MB: checkpoints with a long state each.
		const store = IndexStore.create(sql);
		const state = 'a long state of the work '.repeat(60);
		store.batch(() => {
			for (let i = 0; i < 2000; i++) store.upsertCheckpoint(record(`20261116-${String(100000 + i)}-claude`, { checkpoint: { state: `${i} ${state}` } }), i, i);
		});
		const disk = new MemoryDisk();
		await saveIndex(disk, PATH, store.export());
		store.close();
		expect(disk.files.get(PATH)?.length).toBeGreaterThan(3 << 20);
		let pauses = 0;
		const loaded = await loadIndex(sql, disk, PATH, () => (pauses++, Promise.resolve()));
		expect(loaded.rebuilt).toBe(false);
		// A step per megabyte of the checksum, each followed by a pause.
		expect(pauses).toBeGreaterThanOrEqual(3);
		const reopened = new IndexStore(loaded.db);
		expect(reopened.checkpointsOfScope('kestrel')).toHaveLength(2000);
		reopened.close();
	});
});

describe('a first start that pauses', () => {
	it('makes the new index a schema version at a time, the same index as in one go', async () => {
		let pauses = 0;
		const loaded = await loadIndex(sql, new MemoryDisk(), PATH, () => (pauses++, Promise.resolve()));
		expect(loaded.rebuilt).toBe(true);
		// Between the schema's versions, and before the vacuum.
		expect(pauses).toBeGreaterThanOrEqual(SCHEMA_VERSION);
		const schema = (db: Database): unknown => [db.exec('SELECT type, name, sql FROM sqlite_master ORDER BY name')[0]?.values, db.exec('PRAGMA user_version')[0]?.values, db.exec('PRAGMA page_size')[0]?.values];
		const whole = createIndexDb(sql);
		expect(schema(loaded.db)).toEqual(schema(whole));
		whole.close();
		loaded.db.close();
	});
});

describe('a save that pauses between its steps', () => {
	const stem = (i: number): string => `202611${String(10 + (i % 20)).padStart(2, '0')}-09${String(Math.floor(i / 60) % 60).padStart(2, '0')}${String(i % 60).padStart(2, '0')}-claude`;
	const path = (i: number): string => `sessions/kestrel/${stem(i)}.md`;
	// Indexes of a few megabytes, saved several times a test: slow on a busy machine, never waiting on a clock.
	jest.setTimeout(60_000);
	/** Checkpoints enough for an index of more than one step (steps.ts STEP_BYTES, 1 MB). */
	const N = 600;
	/** Fills the store with N checkpoints. */
	const fill = (store: IndexStore, n: number): void => {
		store.batch(() => {
			for (let i = 0; i < n; i++) store.upsertCheckpoint(record(stem(i), { checkpoint: { state: `state of checkpoint ${i} `.repeat(100) } }), i, 1000 + i);
		});
	};

	/** A pause the test opens: pauses after the first `free` wait until `open()`; `reached` counts them. */
	class Gate {
		reached = 0;
		private waiting: (() => void)[] = [];
		private opened = false;
		constructor(private readonly free = 0) {}
		readonly pause = (): Promise<void> => {
			this.reached++;
			if (this.opened || this.reached <= this.free) return settle();
			return new Promise((ok) => this.waiting.push(ok));
		};
		open(): void {
			this.opened = true;
			for (const ok of this.waiting.splice(0)) ok();
		}
	}

	/** Byte for byte, without a deep comparison of megabytes. */
	const same = (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean => a !== undefined && b !== undefined && Buffer.compare(a, b) === 0;

	async function started(disk: MemoryDisk): Promise<{ rebuilt: boolean; stamp: unknown; count: number }> {
		const { store, load } = await openIndexStore(sql, disk, PATH);
		const out = { rebuilt: load.rebuilt, stamp: store.fileStamp(path(3)), count: store.stats().checkpoints };
		store.close();
		return out;
	}

	it('writes the same files as a save that runs through, whole and then as pages', async () => {
		const paused = new MemoryDisk();
		const through = new MemoryDisk();
		const pauses: number[] = [];
		const a = await openIndexStore(sql, paused, PATH);
		const b = await openIndexStore(sql, through, PATH);
		let count = 0;
		const saverA = storeSaver(a.store, paused, PATH, { saved: a.saved, timers: new ManualTimers(), pauses: () => () => (count++, settle()) });
		const saverB = storeSaver(b.store, through, PATH, { saved: b.saved, timers: new ManualTimers() });
		for (const s of [a.store, b.store]) fill(s, N);
		await saverA.flush();
		await saverB.flush();
		pauses.push(count);
		for (const s of [a.store, b.store]) s.upsertCheckpoint(record(stem(3), { checkpoint: { next: 'a new next step' } }), 99, 2000);
		count = 0;
		await saverA.flush();
		await saverB.flush();
		pauses.push(count);
		// Whole: the export, its copy and its pages' sums in steps; pages: the export and its pages' sums.
		expect(pauses[0]).toBeGreaterThan(3);
		expect(pauses[1]).toBeGreaterThan(2);
		expect([...paused.files.keys()].sort()).toEqual([PATH, `${PATH}.pages`]);
		expect([...through.files.keys()].sort()).toEqual([...paused.files.keys()].sort());
		for (const [name, bytes] of through.files) expect(same(paused.files.get(name), bytes)).toBe(true);
		expect(await started(paused)).toEqual({ rebuilt: false, stamp: { mtime: 99, size: 2000 }, count: N });
		for (const s of [a.store, b.store]) s.close();
	});

	it.each([false, true])('after a start, the first save of a change writes only the changed pages (the loaded pages hashed ahead: %s)', async (ahead) => {
		const disk = new MemoryDisk();
		const first = await openIndexStore(sql, disk, PATH);
		const firstSaver = storeSaver(first.store, disk, PATH, { saved: first.saved, timers: new ManualTimers() });
		fill(first.store, N);
		await firstSaver.flush();
		first.store.close();
		const whole = disk.files.get(PATH)?.length ?? 0;

		const { store, saved } = await openIndexStore(sql, disk, PATH);
		const reports: { kind: string; bytes: number }[] = [];
		const saver = storeSaver(store, disk, PATH, { saved, timers: new ManualTimers(), onSaved: (r) => reports.push(r) });
		if (ahead) saver.prepare();
		store.upsertCheckpoint(record(stem(3), { checkpoint: { next: 'a new next step' } }), 99, 2000);
		await saver.flush();
		expect(reports.map((r) => r.kind)).toEqual(['pages']);
		expect(reports[0].bytes).toBeLessThan(whole / 8);
		store.close();
		expect(await started(disk)).toEqual({ rebuilt: false, stamp: { mtime: 99, size: 2000 }, count: N });
	});

	it.each(['whole', 'pages'] as const)('writes the index as it was exported when it changes during a %s save, and saves the change next', async (kind) => {
		const disk = new MemoryDisk();
		const { store, saved } = await openIndexStore(sql, disk, PATH);
		const gate = new Gate();
		const timers = new ManualTimers();
		let ungated = true;
		const reports: string[] = [];
		const saver = storeSaver(store, disk, PATH, { saved, timers, pauses: () => (ungated ? settle : gate.pause), onSaved: (r) => reports.push(r.kind) });
		fill(store, N);
		// A pages save needs the index written whole once before it.
		if (kind === 'pages') await saver.flush();
		store.upsertCheckpoint(record(stem(3), { checkpoint: { next: 'before the save' } }), 50, 500);
		ungated = false;
		reports.length = 0;
		timers.fire();
		await settle();
		expect(gate.reached).toBe(1);
		const before = new Map(disk.files);
		// The change comes while the save is paused after the export.
		store.upsertCheckpoint(record(stem(3), { checkpoint: { next: 'during the save' } }), 60, 600);
		expect(saver.pending).toBe(true);
		gate.open();
		while (reports.length === 0) await settle();
		expect(reports).toEqual([kind]);
		expect([...disk.files.keys()].some((name) => !same(disk.files.get(name), before.get(name)))).toBe(true);
		// The save that was paused wrote the index of its export, whole and loadable: not the change.
		expect(await started(disk)).toEqual({ rebuilt: false, stamp: { mtime: 50, size: 500 }, count: N });
		// The change is still to be saved, and is, by the next save the saver has scheduled.
		expect(saver.pending).toBe(true);
		expect(timers.due.size).toBe(1);
		timers.fire();
		while (reports.length === 1) await settle();
		expect(saver.pending).toBe(false);
		expect(await started(disk)).toEqual({ rebuilt: false, stamp: { mtime: 60, size: 600 }, count: N });
		store.close();
	});

	it('saves a change made while a save is paused when the plugin unloads then (flush)', async () => {
		const disk = new MemoryDisk();
		const { store, saved } = await openIndexStore(sql, disk, PATH);
		const gate = new Gate();
		const timers = new ManualTimers();
		const saver = storeSaver(store, disk, PATH, { saved, timers, pauses: () => gate.pause });
		fill(store, N);
		timers.fire();
		await settle();
		expect(gate.reached).toBe(1);
		store.upsertCheckpoint(record(stem(3), { checkpoint: { next: 'during the save' } }), 60, 600);
		const flushed = saver.flush();
		gate.open();
		await flushed;
		expect(saver.pending).toBe(false);
		expect(await started(disk)).toEqual({ rebuilt: false, stamp: { mtime: 60, size: 600 }, count: N });
		store.close();
	});

	it.each(['whole', 'pages'] as const)('leaves a complete index when the app stops during a paused %s save', async (kind) => {
		const disk = new MemoryDisk();
		const { store, saved } = await openIndexStore(sql, disk, PATH);
		// Held in the middle of hashing the export (the export, then two steps of it, pass).
		const gate = new Gate(3);
		let ungated = true;
		const saver = storeSaver(store, disk, PATH, { saved, timers: new ManualTimers(), pauses: () => (ungated ? settle : gate.pause) });
		fill(store, N);
		await saver.flush();
		if (kind === 'whole') store.batch(() => {
			// Most pages changed: the next save writes the index whole.
			for (let i = 0; i < N; i++) store.upsertCheckpoint(record(stem(i), { checkpoint: { state: `changed ${i} `.repeat(100) } }), 7000 + i, 1);
		});
		else store.upsertCheckpoint(record(stem(3), { checkpoint: { next: 'during the save' } }), 60, 600);
		ungated = false;
		void saver.flush();
		while (gate.reached < 4) await settle();
		// Never resumed: what is on disk is the last save's, whole and loadable.
		expect(await started(disk)).toEqual({ rebuilt: false, stamp: { mtime: 3, size: 1003 }, count: N });
		store.close();
	});
});
