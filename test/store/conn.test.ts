/**
 * The thin layer over sql.js: rows a caller keeps stay as they were read, while a walk over
 * many rows hands each over in one object, refilled; text bound as bytes is stored as the
 * same text a string gives.
 */
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { Conn, type Row, TextParams } from '../../src/store/conn';
import { loadSql } from '../helpers/store';

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

function table(): Conn {
	const c = new Conn(new sql.Database());
	c.db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, data BLOB)');
	for (const [id, name] of [[1, 'one'], [2, 'two'], [3, 'three']] as const) c.run('INSERT INTO t VALUES (?, ?, ?)', [id, name, new Uint8Array([id])]);
	return c;
}

describe('rows', () => {
	it('that a caller keeps (all) are each its own, with its own values', () => {
		const rows = table().all('SELECT id, name, data FROM t ORDER BY id');
		expect(rows.map((r) => [r.id, r.name, Array.from(r.data as Uint8Array)])).toEqual([[1, 'one', [1]], [2, 'two', [2]], [3, 'three', [3]]]);
		expect(new Set(rows).size).toBe(3);
	});

	it('walked (each) come one at a time in one object, each read whole when handed over', () => {
		const seen: Readonly<Row>[] = [];
		const read: unknown[][] = [];
		table().each('SELECT id, name FROM t WHERE id >= ? ORDER BY id', [2], (row) => {
			seen.push(row);
			read.push([row.id, row.name]);
		});
		expect(read).toEqual([[2, 'two'], [3, 'three']]);
		expect(seen[0]).toBe(seen[1]);
	});
});

describe('text bound as bytes', () => {
	// Lone surrogates (which the runtime's encoder would write as U+FFFD), NUL, text beyond the
	// BMP, and text longer than the buffer, which must leave the values already made intact.
	const text = fc.oneof(
		fc.string({ unit: 'binary', maxLength: 40 }),
		fc.string({ unit: 'grapheme', maxLength: 40 }),
		fc.constantFrom('', 'a\u0000b', '\ud800', 'x\udfffy', '\udbff\udfff', '𝔘𝔫𝔦', '\ufffd', 'é'.repeat(3000)),
	);

	it('stores the text a string does, so a lookup by the string finds it, for any text', () => {
		const c = new Conn(new sql.Database());
		c.db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT)');
		const params = new TextParams();
		fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
			c.db.run('DELETE FROM t');
			const t = params.row();
			// One row's values are all made before any is bound, as a statement's are.
			const bytes = texts.map((s) => t.text(s));
			texts.forEach((s, i) => c.run('INSERT INTO t (id, a, b) VALUES (?, CAST(? AS TEXT), ?)', [i, bytes[i], s]));
			const rows = c.all('SELECT id, typeof(a) AS ta, hex(a) = hex(b) AS same, a FROM t ORDER BY id');
			expect(rows.map((r) => [r.ta, r.same])).toEqual(texts.map(() => ['text', 1]));
			texts.forEach((s, i) => expect(c.all('SELECT id FROM t WHERE a = ?', [s]).map((r) => r.id)).toContain(i));
		}), { numRuns: 300 });
	});

	it('is no text at all for none', () => {
		const c = new Conn(new sql.Database());
		c.db.run('CREATE TABLE t (a TEXT)');
		c.run('INSERT INTO t VALUES (CAST(? AS TEXT))', [new TextParams().row().text(null)]);
		expect(c.all('SELECT typeof(a) AS ta FROM t')).toEqual([{ ta: 'null' }]);
	});
});
