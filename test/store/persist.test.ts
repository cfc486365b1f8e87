import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../src/store/store';
import { createIndexDb } from '../../src/store/open';
import { loadIndex, newCopy, oldCopy, saveIndex } from '../../src/store/persist';
import { openIndexStore, storeSaver } from '../../src/store';
import { Crash, loadSql, ManualTimers, MemoryDisk, record } from '../helpers/store';

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
		// The last checkpoint page over the one before it: SQLite's quick_check finds nothing wrong.
		const last = Math.floor(bytes.length / 8192) - 1;
		bytes.copyWithin((last - 1) * 8192, last * 8192, (last + 1) * 8192);
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
