/**
 * Damaged index files, at jest size, and the two cases the run found: a first save cut
 * short after writing its new copy, then another cut short (the index was lost), and a
 * stored CREATE statement with a flipped byte (the index opened, then every query failed).
 */
import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../src/store/store';
import { openIndexBytes } from '../../src/store/open';
import { loadIndex, newCopy, saveIndex } from '../../src/store/persist';
import { MemoryDisk, record } from '../helpers/store';
import { buildCliBundle } from './lib/bundle';
import { damagedIndex, indexDbTargets } from './lib/damaged-index';
import { loadSql } from './lib/env';

const PATH = '.obsidian/plugins/logos-continuity/index.db';
let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

function withNote(text: string): Uint8Array {
	const store = IndexStore.create(sql);
	store.upsertCheckpoint(record('20261116-090000-claude'), 1, 1);
	store.addOwnNote('kestrel', 'obsidian', text, 1795600000);
	const bytes = store.export();
	store.close();
	return bytes;
}

it('random, truncated, flipped, foreign and wrong-version files, refused writes and crash histories never leave the index unusable', async () => {
	const r = await damagedIndex(sql, 60, 5);
	expect(r.failures).toEqual([]);
	expect(r.figures).toMatchObject({ 'crashes on damaged index files': 0, 'indexes unusable on the next start': 0, 'saved indexes lost': 0, 'indexes stuck': 0 });
	expect(r.figures['page-wise damaged indexes']).toBeGreaterThan(30);
}, 60_000);

it('index --db leaves every file that is not this plugin\'s index as it was, and six runs at once all finish', async () => {
	const r = await indexDbTargets(await buildCliBundle(), sql, 1);
	expect(r.failures).toEqual([]);
	expect(r.figures).toMatchObject({ 'foreign files overwritten by index --db': 0, 'concurrent index runs crashed': 0, 'concurrent index runs': 6, 'index --db runs refused': 8 });
}, 120_000);

it('a first save cut short after writing .new, then the next save cut short too, keeps the first index', async () => {
	const disk = new MemoryDisk();
	// write .new goes through, the rename to the index's place does not
	await saveIndex(disk.dieAfter(1), PATH, withNote('first')).catch(() => undefined);
	disk.revive();
	expect([...disk.files.keys()]).toEqual([newCopy(PATH)]);
	// the next save dies while writing (a torn .new)
	await saveIndex(disk.dieAfter(1), PATH, withNote('second')).catch(() => undefined);
	disk.revive();
	const loaded = await loadIndex(sql, disk, PATH);
	expect(loaded.rebuilt).toBe(false);
	const store = new IndexStore(loaded.db);
	expect(store.ownNotes('kestrel').map((n) => n.text)).toEqual(['first']);
	store.close();
});

it('an index whose stored schema lost a column is rebuilt, not opened', () => {
	const bytes = withNote('x');
	// Flip one letter of a column name inside the stored CREATE TABLE text.
	const text = Buffer.from(bytes).toString('latin1');
	const at = text.indexOf('copy_of TEXT');
	expect(at).toBeGreaterThan(0);
	const bad = bytes.slice();
	bad[at] ^= 0x01;
	expect(openIndexBytes(sql, bad)).toMatchObject({ ok: false, reason: 'corrupt' });
	expect(openIndexBytes(sql, bytes).ok).toBe(true);
});
