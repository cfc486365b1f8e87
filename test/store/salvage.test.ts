/**
 * The person's own notes read out of index files that cannot be used (docs/decisions.md §6): the one
 * part of the index the vault cannot give back.
 */
import type { SqlJsStatic } from 'sql.js';
import { withChecksum } from '../../src/store/checksum';
import { IndexStore } from '../../src/store/store';
import { salvageOwnNotes } from '../../src/store/salvage';
import { loadSql, record } from '../helpers/store';

let sql: SqlJsStatic;
let saved: Uint8Array;
beforeAll(async () => {
	sql = await loadSql();
	const store = IndexStore.create(sql);
	for (let i = 0; i < 30; i++) store.upsertCheckpoint(record(`20261116-0900${String(i).padStart(2, '0')}-claude`), i, i);
	store.addOwnNote('kestrel', 'obsidian', 'written and kept', 1795600000);
	store.markFlushed(store.ownNotes('kestrel')[0].id);
	store.addOwnNote('kestrel', 'obsidian', 'not written yet', 1795600100);
	const dismissed = store.addOwnNote('heron', 'me', 'let go', 1795600200);
	store.dismissOwnNote(dismissed);
	store.importNotes('kestrel', [{ scope: 'kestrel', text: 'an agent\'s note', ts: 1795600300, agent: 'claude', line: 0 }]);
	saved = withChecksum(store.export());
	store.close();
});

describe('salvageOwnNotes', () => {
	it('reads every own note, written or not, dismissed or not, from a file whose checksum no longer matches', () => {
		const damaged = saved.slice();
		damaged[saved.length - 1] ^= 0xff;
		expect(salvageOwnNotes(sql, damaged)).toEqual([
			{ scope: 'kestrel', agent: 'obsidian', text: 'written and kept', ts: 1795600000, unflushed: false, dismissed: false },
			{ scope: 'kestrel', agent: 'obsidian', text: 'not written yet', ts: 1795600100, unflushed: true, dismissed: false },
			{ scope: 'heron', agent: 'me', text: 'let go', ts: 1795600200, unflushed: true, dismissed: true },
		]);
	});

	it('reads them out of a file cut short at a page boundary, past the pages that hold them', () => {
		const cut = saved.slice(0, saved.length - 16 - 8192);
		expect(salvageOwnNotes(sql, cut).map((n) => n.text)).toEqual(['written and kept', 'not written yet', 'let go']);
	});

	it('finds nothing, and throws nothing, in another program\'s database, random bytes, a torn header or no file', () => {
		const other = new sql.Database();
		other.run('CREATE TABLE sessions (id TEXT PRIMARY KEY, project TEXT, agent TEXT)');
		other.run('CREATE TABLE session_notes (id INTEGER PRIMARY KEY, session TEXT, text TEXT, ts INTEGER, own INTEGER, unflushed INTEGER, dismissed INTEGER)');
		other.run("INSERT INTO sessions VALUES ('s', 'kestrel', 'me')");
		other.run("INSERT INTO session_notes VALUES (1, 's', 'theirs', 1, 1, 0, 0)");
		expect(salvageOwnNotes(sql, other.export())).toEqual([]);
		other.close();
		expect(salvageOwnNotes(sql, new Uint8Array(9000).fill(7))).toEqual([]);
		expect(salvageOwnNotes(sql, saved.slice(0, 50))).toEqual([]);
		expect(salvageOwnNotes(sql, null)).toEqual([]);
	});

	it('never throws whatever page of the file is overwritten, and what it returns is what was written', () => {
		const page = 8192;
		const known = new Set(['written and kept', 'not written yet', 'let go']);
		for (let p = 0; p * page < saved.length - 16; p++) {
			const bytes = saved.slice();
			for (let i = 0; i < page && p * page + i < bytes.length - 16; i++) bytes[p * page + i] = (i * 131 + p) & 0xff;
			const got = salvageOwnNotes(sql, bytes);
			for (const n of got) expect(known.has(n.text)).toBe(true);
		}
	});
});
