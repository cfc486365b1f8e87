import type { SqlJsStatic } from 'sql.js';
import { withChecksum } from '../../src/store/checksum';
import { createIndexDb, openIndexBytes } from '../../src/store/open';
import { IndexStore } from '../../src/store/index-store';
import { loadSql, record } from './helpers';

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
