/**
 * Saves that write only the pages changed since the index was written whole (src/store/pages.ts,
 * persist.ts IndexWriter; docs/decisions.md, "Bytes written per change"): what a synced plugin
 * folder receives after one change, and that the index is never put together wrong.
 */
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../src/store/store';
import { IndexWriter, loadIndex, newCopy, oldCopy, pagesFile, type SaveReport } from '../../src/store/persist';
import { openIndexStore, storeSaver } from '../../src/store';
import { Crash, loadSql, ManualTimers, MemoryDisk, record } from '../helpers/store';

const PATH = '.obsidian/plugins/logos-continuity/index.db';
const stemOf = (i: number): string => `202611${String(10 + (i % 20)).padStart(2, '0')}-09${String(Math.floor(i / 60) % 60).padStart(2, '0')}${String(i % 60).padStart(2, '0')}-claude`;

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

/**
 * A store of `n` checkpoints (a few hundred make an index of many pages), written whole by the
 * plugin's saver; `writer.save()` saves what changed since, as the saver's timer would.
 */
async function savedStore(disk: MemoryDisk, n: number): Promise<{ store: IndexStore; writer: { save: () => Promise<SaveReport> } }> {
	const { store, saved } = await openIndexStore(sql, disk, PATH);
	let last: SaveReport | null = null;
	const saver = storeSaver(store, disk, PATH, { saved, timers: new ManualTimers(), onSaved: (r) => (last = r) });
	for (let i = 0; i < n; i++) store.upsertCheckpoint(record(stemOf(i), { checkpoint: { state: `state of checkpoint ${i} `.repeat(20) } }), i, 1000 + i);
	const save = async (): Promise<SaveReport> => {
		last = null;
		await saver.flush();
		if (last === null) throw new Error('nothing was saved');
		return last;
	};
	expect((await save()).kind).toBe('whole');
	return { store, writer: { save } };
}

/** What a start finds: the stamp of one checkpoint, how many there are, the person's pending notes. */
async function afterStart(disk: MemoryDisk, path = stemOf(0)): Promise<{ rebuilt: boolean; count: number; stamp: unknown; notes: string[] }> {
	const { store, load } = await openIndexStore(sql, disk, PATH);
	const out = {
		rebuilt: load.rebuilt, count: store.stats().checkpoints, stamp: store.fileStamp(`sessions/kestrel/${path}.md`),
		notes: store.pendingOwnNotes().map((n) => n.text),
	};
	store.close();
	return out;
}

describe('a save after a change', () => {
	it('writes the changed pages beside the index, not the index, and the next start has the change', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		const whole = (disk.files.get(PATH) as Uint8Array).slice();
		store.upsertCheckpoint(record(stemOf(7), { checkpoint: { next: 'a new next step' } }), 99, 2000);
		const r = await writer.save();
		expect(r.kind).toBe('pages');
		expect(r.bytes).toBeLessThan(whole.length / 10);
		// The index file itself is untouched: a sync client has only the small file to send.
		expect(disk.files.get(PATH)).toEqual(whole);
		expect(disk.files.has(pagesFile(PATH))).toBe(true);
		expect(await afterStart(disk, stemOf(7))).toEqual({ rebuilt: false, count: 300, stamp: { mtime: 99, size: 2000 }, notes: [] });
		store.close();
	});

	it('writes the index whole again once the changed pages come to an eighth of it, and drops the pages file', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		const kinds: SaveReport['kind'][] = [];
		for (let i = 0; i < 300 && !kinds.includes('whole'); i += 7) {
			store.upsertCheckpoint(record(stemOf(i), { checkpoint: { next: `step ${i}` } }), 5000 + i, 3000 + i);
			kinds.push((await writer.save()).kind);
		}
		expect(kinds[0]).toBe('pages');
		expect(kinds.at(-1)).toBe('whole');
		expect(disk.files.has(pagesFile(PATH))).toBe(false);
		expect((await afterStart(disk, stemOf(0))).stamp).toEqual({ mtime: 5000, size: 3000 });
		store.close();
	});

	it('leaves the index as written whole when the pages file is damaged', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		store.upsertCheckpoint(record(stemOf(7)), 99, 2000);
		await writer.save();
		const pages = disk.files.get(pagesFile(PATH)) as Uint8Array;
		pages[Math.floor(pages.length / 2)] ^= 0x40;
		expect(await afterStart(disk, stemOf(7))).toMatchObject({ rebuilt: false, count: 300, stamp: { mtime: 7, size: 1007 } });
		store.close();
	});

	it('loads the index, with or without its pages, whatever damage the pages file takes', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		store.upsertCheckpoint(record(stemOf(7)), 99, 2000);
		await writer.save();
		store.close();
		const pages = (disk.files.get(pagesFile(PATH)) as Uint8Array).slice();
		const damage = fc.oneof(
			fc.record({ kind: fc.constant('flip' as const), at: fc.nat({ max: pages.length - 1 }), bit: fc.integer({ min: 0, max: 7 }) }),
			fc.record({ kind: fc.constant('cut' as const), at: fc.nat({ max: pages.length - 1 }), bit: fc.constant(0) }),
			fc.record({ kind: fc.constant('noise' as const), at: fc.nat({ max: pages.length - 1 }), bit: fc.integer({ min: 1, max: 255 }) }),
		);
		await fc.assert(fc.asyncProperty(damage, async ({ kind, at, bit }) => {
			const bad = kind === 'cut' ? pages.slice(0, at) : pages.slice();
			if (kind === 'flip') bad[at] ^= 1 << bit;
			if (kind === 'noise') bad.fill(bit, at, Math.min(pages.length, at + 64));
			disk.files.set(pagesFile(PATH), bad);
			const after = await afterStart(disk, stemOf(7));
			expect(after).toMatchObject({ rebuilt: false, count: 300 });
			// The change, or the index as written whole before it: never anything else.
			expect([{ mtime: 7, size: 1007 }, { mtime: 99, size: 2000 }]).toContainEqual(after.stamp);
		}), { numRuns: 40, seed: 20261201 });
	});

	// With no pages file yet: write .pages.new, rename it. With one: write .pages.new, .pages → .old,
	// .new → .pages, remove .old.
	const crashes = [...[0, 1].map((step) => [false, step] as const), ...[0, 1, 2, 3].map((step) => [true, step] as const)];
	it.each(crashes)('a crash (pages file before: %p) at step %p leaves the change or the state before it', async (before, step) => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		if (before) {
			store.upsertCheckpoint(record(stemOf(7)), 98, 1998);
			await writer.save();
		}
		store.upsertCheckpoint(record(stemOf(7)), 99, 1999);
		disk.dieAfter(step);
		await expect(writer.save()).rejects.toBeInstanceOf(Crash);
		disk.revive();
		const after = await afterStart(disk, stemOf(7));
		expect(after.rebuilt).toBe(false);
		expect(before ? [{ mtime: 98, size: 1998 }, { mtime: 99, size: 1999 }] : [{ mtime: 7, size: 1007 }, { mtime: 99, size: 1999 }]).toContainEqual(after.stamp);
		store.close();
	});
});

describe('a start over an index and its pages', () => {
	it('checks the index with its pages applied a step at a time before it opens it', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 6000);
		store.upsertCheckpoint(record(stemOf(7)), 99, 2000);
		expect((await writer.save()).kind).toBe('pages');
		const count = store.stats().checkpoints;
		store.close();
		expect(disk.files.get(PATH)?.length).toBeGreaterThan(3 << 20);
		let pauses = 0;
		const loaded = await loadIndex(sql, disk, PATH, () => (pauses++, Promise.resolve()));
		expect(loaded).toMatchObject({ rebuilt: false, pages: true });
		// A step per megabyte of the checksum, each followed by a pause.
		expect(pauses).toBeGreaterThanOrEqual(3);
		expect(new IndexStore(loaded.db).stats().checkpoints).toBe(count);
		loaded.db.close();
	});
});

describe('another device\'s index in this one\'s place', () => {
	it('is used as it is on a start: pages written for the index it replaced are not applied to it', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		store.upsertCheckpoint(record(stemOf(7)), 99, 2000);
		await writer.save();
		const other = await savedStore(new MemoryDisk(), 5);
		disk.replace(PATH, await exportWhole(other.store));
		const loaded = await loadIndex(sql, disk, PATH);
		expect(loaded).toMatchObject({ rebuilt: false, source: 'current', pages: false });
		loaded.db.close();
		expect(await afterStart(disk, stemOf(7))).toMatchObject({ rebuilt: false, count: 5 });
		store.close();
		other.store.close();
	});

	it('is seen by its stamp while running: the next save keeps the person\'s notes it holds and writes the index whole', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		// The laptop's copy of the same index, with a note of the person's this device never saw.
		const laptop = await openIndexStore(sql, disk, PATH);
		laptop.store.addOwnNote('kestrel', 'obsidian', 'written on the laptop', 1795600000);
		disk.replace(PATH, await exportWhole(laptop.store));
		laptop.store.close();
		store.upsertCheckpoint(record(stemOf(7)), 99, 2000);
		const r = await writer.save();
		expect(r).toMatchObject({ kind: 'whole', replaced: true });
		expect(await afterStart(disk, stemOf(7))).toEqual({ rebuilt: false, count: 300, stamp: { mtime: 99, size: 2000 }, notes: ['written on the laptop'] });
		// Known again: the save after is pages.
		store.upsertCheckpoint(record(stemOf(8)), 100, 2001);
		expect((await writer.save()).kind).toBe('pages');
		store.close();
	});
});

describe('the index file touched, not replaced', () => {
	it('keeps saving pages when a sync client writes the same bytes back', async () => {
		const disk = new MemoryDisk();
		const { store, writer } = await savedStore(disk, 300);
		disk.replace(PATH, disk.files.get(PATH) as Uint8Array);
		store.upsertCheckpoint(record(stemOf(7)), 99, 2000);
		expect(await writer.save()).toMatchObject({ kind: 'pages', replaced: false });
		expect((await afterStart(disk, stemOf(7))).stamp).toEqual({ mtime: 99, size: 2000 });
		store.close();
	});
});

describe('sync-conflict copies beside the index', () => {
	const COPIES = [
		'.obsidian/plugins/logos-continuity/index (conflict 2026-11-16 091204).db',
		'.obsidian/plugins/logos-continuity/index.sync-conflict-20261116-091204-ABCDEFG.db',
		'.obsidian/plugins/logos-continuity/index (conflicted copy).db',
		'.obsidian/plugins/logos-continuity/index 2.db',
		'.obsidian/plugins/logos-continuity/index.db.pages.sync-conflict-20261116-091204-ABCDEFG',
	];

	it('are never read: not in place of the index, not beside it', async () => {
		const disk = new MemoryDisk();
		const copy = await savedStore(new MemoryDisk(), 5);
		const bytes = await exportWhole(copy.store);
		copy.store.close();
		for (const name of COPIES) disk.files.set(name, bytes);
		const read: string[] = [];
		const reading = Object.assign(Object.create(disk) as MemoryDisk, { read: (p: string) => (read.push(p), disk.read(p)) });
		const first = await loadIndex(sql, reading, PATH);
		expect(first).toMatchObject({ rebuilt: true, reason: 'missing' });
		first.db.close();
		const { store, writer } = await savedStore(disk, 300);
		store.upsertCheckpoint(record(stemOf(1)), 99, 2000);
		expect((await writer.save()).kind).toBe('pages');
		store.close();
		const second = await loadIndex(sql, reading, PATH);
		expect(second).toMatchObject({ rebuilt: false, source: 'current' });
		expect(new IndexStore(second.db).stats().checkpoints).toBe(300);
		second.db.close();
		const ours = [PATH, oldCopy(PATH), newCopy(PATH), pagesFile(PATH), oldCopy(pagesFile(PATH)), newCopy(pagesFile(PATH))];
		expect(read.filter((p) => !ours.includes(p))).toEqual([]);
	});
});

/** The store's bytes as a whole save writes them (checksum after), by a writer of their own. */
async function exportWhole(store: IndexStore): Promise<Uint8Array> {
	const disk = new MemoryDisk();
	await new IndexWriter(disk, PATH, { base: null, stat: null }).save(() => store.export());
	return disk.files.get(PATH) as Uint8Array;
}
