/**
 * The thin layer over sql.js: rows a caller keeps stay as they were read, while a walk over
 * many rows hands each over in one object, refilled.
 */
import type { SqlJsStatic } from 'sql.js';
import { Conn, type Row } from '../../src/store/conn';
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
