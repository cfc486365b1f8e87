import type { SqlJsStatic } from 'sql.js';
import { withChecksum } from '../../src/store/checksum';
import { createIndexDb, fileKind, openIndexBytes, openIndexBytesSteps } from '../../src/store/open';
import { IndexStore } from '../../src/store/store';
import { loadSql, record } from '../helpers/store';

let sql: SqlJsStatic;
let good: Uint8Array;
beforeAll(async () => {
	sql = await loadSql();
	const store = IndexStore.create(sql);
	for (let i = 0; i < 40; i++) store.upsertCheckpoint(record(`202611${String(10 + (i % 20)).padStart(2, '0')}-0900${String(i).padStart(2, '0')}-claude`), 1, 1);
	good = store.export();
	store.close();
});

/** Deterministic noise: the same "random" bytes on every run. */
function noise(n: number, seed = 7): Uint8Array {
	const out = new Uint8Array(n);
	let x = seed;
	for (let i = 0; i < n; i++) {
		x = (x * 1103515245 + 12345) >>> 0;
		out[i] = x >>> 24;
	}
	return out;
}

describe('openIndexBytes', () => {
	it('opens a sound index', () => {
		const opened = openIndexBytes(sql, good);
		expect(opened.ok).toBe(true);
		if (opened.ok) {
			expect(new IndexStore(opened.db).checkpointsOfScope('kestrel')).toHaveLength(40);
			opened.db.close();
		}
	});

	it('opens in steps as in one go: sql.js taking the bytes in, the first query and the rest are steps apart', () => {
		const foreign = (() => {
			const db = new sql.Database();
			db.run('CREATE TABLE t (x)');
			const bytes = db.export();
			db.close();
			return bytes;
		})();
		for (const [bytes, steps] of [[withChecksum(good), 2], [good, 2], [foreign, 1], [noise(8192), 0]] as const) {
			const run = openIndexBytesSteps(sql, bytes);
			let yields = 0;
			let r = run.next();
			for (; !r.done; r = run.next()) yields++;
			const once = openIndexBytes(sql, bytes);
			expect(yields).toBe(steps);
			expect(r.value.ok).toBe(once.ok);
			if (r.value.ok && once.ok) {
				expect(new IndexStore(r.value.db).checkpointsOfScope('kestrel')).toEqual(new IndexStore(once.db).checkpointsOfScope('kestrel'));
				r.value.db.close();
				once.db.close();
			} else expect(r.value).toEqual(once);
		}
	});

	it('closes the database of an opening left between its steps, and only then', () => {
		const close = jest.spyOn(sql.Database.prototype, 'close');
		const left = openIndexBytesSteps(sql, withChecksum(good));
		left.next();
		expect(close).not.toHaveBeenCalled();
		left.return({ ok: false, reason: 'missing', detail: 'left' });
		expect(close).toHaveBeenCalledTimes(1);
		const opened = openIndexBytes(sql, withChecksum(good));
		expect([opened.ok, close.mock.calls.length]).toEqual([true, 1]);
		if (opened.ok) opened.db.close();
		close.mockRestore();
	});

	it.each([
		['missing', null, 'missing'],
		['empty', new Uint8Array(0), 'empty'],
		['a few bytes', new Uint8Array([83, 81, 76]), 'truncated'],
		['random bytes', noise(8192), 'corrupt'],
	])('reports a %s file as unusable', (_label, bytes, reason) => {
		expect(openIndexBytes(sql, bytes)).toMatchObject({ ok: false, reason });
	});

	it.each([1, 4096, 0.5])('reports a file cut short (%p) as truncated, even by one byte', (cut) => {
		const keep = cut < 1 ? Math.floor(good.length * cut) : good.length - cut;
		expect(openIndexBytes(sql, good.slice(0, keep))).toMatchObject({ ok: false, reason: 'truncated' });
	});

	it('reports a damaged page as corrupt', () => {
		const bad = good.slice();
		bad.set(noise(4096, 3), 4096);
		expect(openIndexBytes(sql, bad)).toMatchObject({ ok: false });
	});

	it('checks a saved file whose checksum no longer matches as it checks any other', () => {
		const saved = withChecksum(good);
		const sound = openIndexBytes(sql, saved);
		expect(sound.ok).toBe(true);
		if (sound.ok) sound.db.close();
		const bad = saved.slice();
		// The second page's type byte: a b-tree page no reader can walk.
		bad[8192] = 0xff;
		expect(openIndexBytes(sql, bad)).toMatchObject({ ok: false, reason: 'corrupt' });
	});

	it('reports a saved file with any page copied over another, two pages swapped or a page zeroed as corrupt, though SQLite\'s own checks pass some of them', () => {
		const saved = withChecksum(good);
		const page = new DataView(good.buffer, good.byteOffset).getUint16(16);
		const pages = good.length / page;
		expect(pages).toBeGreaterThan(4);
		const accepted: string[] = [];
		const at = (p: number): [number, number] => [p * page, (p + 1) * page];
		// Empty tables' root pages are alike: copying one onto another changes nothing.
		const alike = (a: number, b: number): boolean => saved.subarray(...at(a)).every((x, i) => x === saved[b * page + i]);
		for (let from = 0; from < pages; from++) {
			for (let to = 1; to < pages; to++) {
				if (alike(from, to)) continue;
				const copied = saved.slice();
				copied.copyWithin(to * page, ...at(from));
				const swapped = saved.slice();
				swapped.set(saved.subarray(...at(from)), to * page);
				swapped.set(saved.subarray(...at(to)), from * page);
				for (const [how, bytes] of [['copied', copied], ['swapped', swapped]] as const) {
					const opened = openIndexBytes(sql, bytes);
					if (opened.ok) {
						accepted.push(`page ${from} ${how} onto ${to}`);
						opened.db.close();
					}
				}
			}
			const zeroed = saved.slice();
			zeroed.fill(0, ...at(from));
			if (openIndexBytes(sql, zeroed).ok) accepted.push(`page ${from} zeroed`);
		}
		expect(accepted).toEqual([]);
	});

	it('tells this plugin\'s index, another program\'s database and anything else apart by the first bytes alone', () => {
		expect(fileKind(good)).toBe('index');
		expect(fileKind(good.slice(0, 100))).toBe('index');
		const other = new sql.Database();
		other.run('CREATE TABLE t (x)');
		expect(fileKind(other.export())).toBe('sqlite');
		other.close();
		expect(fileKind(new Uint8Array(0))).toBe('empty');
		expect(fileKind(new TextEncoder().encode('---\nsession: x\n---\n'.repeat(10)))).toBe('other');
		expect(fileKind(good.slice(0, 99))).toBe('other');
	});

	it('reports another program\'s SQLite file (logos\'s own cache, say) as foreign', () => {
		const other = new sql.Database();
		other.run('CREATE TABLE sessions (id TEXT PRIMARY KEY)');
		other.run('PRAGMA user_version = 1');
		expect(openIndexBytes(sql, other.export())).toMatchObject({ ok: false, reason: 'foreign' });
		other.close();
	});

	it('creates a fresh index that opens again', () => {
		const db = createIndexDb(sql);
		expect(openIndexBytes(sql, db.export()).ok).toBe(true);
		db.close();
	});
});
