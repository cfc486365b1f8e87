/**
 * A damaged index file never leaves the plugin unusable: truncated, random, bit-flipped,
 * wrong-version and foreign files are rebuilt (or an older copy is used), a disk that
 * refuses writes leaves the plugin running from memory, and a crash at any step of any
 * save leaves the next start with the last saved index or the one being saved.
 *
 * test/store covers single cases (each unusable reason, a crash at each step of one save,
 * two saves in a row); this runs them over many generated files and save histories.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { IndexStore } from '../../../src/store/index-store';
import { migrate, MIGRATIONS } from '../../../src/store/migrations';
import { createIndexDb } from '../../../src/store/open';
import { type BytesPort, loadIndex, newCopy, oldCopy, saveIndex } from '../../../src/store/persist';
import { openIndexStore, storeSaver } from '../../../src/store';
import { MemoryDisk, record } from '../../store/helpers';
import { errorText, type CheckResult, Tally } from './report';
import { Rng } from './rng';

const PATH = '.obsidian/plugins/logos-continuity/index.db';

/** An index holding `n` checkpoints and one own note whose text names the generation. */
function indexBytes(sql: SqlJsStatic, generation: number, n = 3): Uint8Array {
	const store = IndexStore.create(sql);
	for (let i = 0; i < n; i++) store.upsertCheckpoint(record(`20261116-0900${String(i).padStart(2, '0')}-claude`), i, i);
	store.addOwnNote('kestrel', 'obsidian', `generation ${generation}`, 1795600000 + generation);
	const bytes = store.export();
	store.close();
	return bytes;
}

/** Which generation the loaded index holds (-1 for a fresh one), after using it the way the plugin does. */
function useLoaded(db: ReturnType<typeof createIndexDb>): number {
	const store = new IndexStore(db);
	try {
		const own = store.ownNotes('kestrel');
		store.checkpointsOfScope('kestrel');
		store.upsertCheckpoint(record('20261201-090000-claude'), 1, 1);
		store.addOwnNote('kestrel', 'obsidian', 'written after the start', 1796000000);
		if (store.checkpointsOfScope('kestrel').every((r) => r.id !== '20261201-090000-claude')) throw new Error('a write to the loaded index did not read back');
		store.export();
		const gen = own.map((n) => /^generation (\d+)$/.exec(n.text)).find((m) => m !== null);
		return gen ? Number(gen[1]) : -1;
	} finally {
		store.close();
	}
}

/** Loads as the plugin starts: never throws, always usable. Returns the generation or null on failure. */
async function start(sql: SqlJsStatic, port: BytesPort, t: Tally, what: string): Promise<{ gen: number; rebuilt: boolean } | null> {
	t.add('index starts tried');
	let loaded;
	try {
		loaded = await loadIndex(sql, port, PATH);
	} catch (e) {
		t.fail('crashes on damaged index files', `${what}: loadIndex threw ${errorText(e)}`);
		return null;
	}
	try {
		return { gen: useLoaded(loaded.db), rebuilt: loaded.rebuilt };
	} catch (e) {
		t.fail('indexes unusable on the next start', `${what}: ${errorText(e)}`);
		return null;
	}
}

function damage(rng: Rng, good: Uint8Array): { bytes: Uint8Array; how: string } {
	const r = rng.int(6);
	if (r === 0) return { bytes: rng.bytes(rng.int(20000)), how: 'random bytes' };
	if (r === 1) return { bytes: good.slice(0, rng.int(good.length)), how: 'truncated' };
	if (r === 2) {
		const b = good.slice();
		for (let k = 1 + rng.int(8); k > 0; k--) b[rng.int(b.length)] ^= 1 << rng.int(8);
		return { bytes: b, how: 'bits flipped' };
	}
	if (r === 3) {
		const b = good.slice();
		const page = 4096 * rng.int(Math.max(1, Math.floor(b.length / 4096)));
		b.set(rng.bytes(Math.min(4096, b.length - page)), page);
		return { bytes: b, how: 'a page overwritten' };
	}
	if (r === 4) {
		const b = new Uint8Array(good.length + 1 + rng.int(5000));
		b.set(good);
		b.set(rng.bytes(b.length - good.length), good.length);
		return { bytes: b, how: 'garbage appended' };
	}
	const b = good.slice(0, 100);
	return { bytes: b, how: 'header only' };
}

/** Files a newer or older plugin, or another program, could leave at the index path. */
function otherVersions(sql: SqlJsStatic): { bytes: Uint8Array; how: string }[] {
	const out: { bytes: Uint8Array; how: string }[] = [];
	const make = (how: string, f: (db: ReturnType<typeof createIndexDb>) => void): void => {
		const db = new sql.Database();
		f(db);
		out.push({ bytes: db.export(), how });
		db.close();
	};
	make('written by a newer plugin', (db) => {
		migrate(db);
		db.run('PRAGMA user_version = 99');
	});
	make('version says current, tables missing', (db) => {
		migrate(db, MIGRATIONS.slice(0, 1));
		db.run(`PRAGMA user_version = ${MIGRATIONS.length}`);
	});
	make('an older plugin\'s index', (db) => migrate(db, MIGRATIONS.slice(0, 1)));
	make('negative version', (db) => {
		migrate(db);
		db.run('PRAGMA user_version = -3');
	});
	make('another application\'s id', (db) => {
		migrate(db);
		db.run('PRAGMA application_id = 7');
	});
	make('logos\'s own cache', (db) => db.run('CREATE TABLE sessions (id TEXT PRIMARY KEY, project TEXT NOT NULL)'));
	make('an empty database', () => undefined);
	return out;
}

/** A BytesPort on a real folder, as the CLI would have it. */
export function nodeBytesPort(dir: string): BytesPort {
	const abs = (p: string): string => path.join(dir, ...p.split('/'));
	return {
		async read(p) {
			try {
				return new Uint8Array(await fs.promises.readFile(abs(p)));
			} catch (e) {
				if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
				throw e;
			}
		},
		async write(p, bytes) {
			await fs.promises.mkdir(path.dirname(abs(p)), { recursive: true });
			await fs.promises.writeFile(abs(p), bytes);
		},
		rename: (a, b) => fs.promises.rename(abs(a), abs(b)),
		remove: (p) => fs.promises.rm(abs(p), { force: true }),
		exists: async (p) => fs.existsSync(abs(p)),
	};
}

/** A disk whose every write is refused (read-only, full, no permission). */
class RefusingDisk extends MemoryDisk {
	override async write(): Promise<void> {
		throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
	}
}

export async function damagedIndex(sql: SqlJsStatic, runs: number, seed: number): Promise<CheckResult> {
	const t = new Tally();
	t.zero('crashes on damaged index files', 'indexes unusable on the next start', 'saved indexes lost');
	const rng = new Rng(seed);
	const good = indexBytes(sql, 1);

	// Damaged files in each place a save may leave one.
	for (let i = 0; i < runs; i++) {
		const disk = new MemoryDisk();
		const d = damage(rng, good);
		const where = rng.pick([PATH, oldCopy(PATH), newCopy(PATH)]);
		disk.files.set(where, d.bytes);
		// Sometimes a sound copy sits beside the damaged one: it must be the one used.
		const spare = rng.chance(0.3) && where !== oldCopy(PATH);
		if (spare) disk.files.set(oldCopy(PATH), indexBytes(sql, 2));
		const got = await start(sql, disk, t, `${d.how} at ${where} (seed ${seed}, run ${i})`);
		if (got && spare && got.gen !== 2 && got.gen !== 1) t.fail('saved indexes lost', `${d.how} at ${where}: the sound copy beside it was not used`);
	}
	for (const v of otherVersions(sql)) {
		const disk = new MemoryDisk();
		disk.files.set(PATH, v.bytes);
		await start(sql, disk, t, v.how);
	}

	// Save histories with a crash at a random step of some saves; every start in between is usable
	// and holds the last completed save or the one that was cut short.
	for (let i = 0; i < Math.max(4, Math.floor(runs / 4)); i++) {
		const disk = new MemoryDisk();
		let completed = 0;
		for (let gen = 1; gen <= 6; gen++) {
			const crashAt = rng.chance(0.5) ? rng.int(5) : Infinity;
			if (crashAt !== Infinity) disk.dieAfter(crashAt);
			try {
				await saveIndex(disk, PATH, indexBytes(sql, gen, 1));
				completed = gen;
			} catch {
				// the crash; the disk comes back for the next start
			}
			disk.revive();
			const got = await start(sql, disk, t, `save history run ${i} generation ${gen}`);
			if (!got) continue;
			if (completed > 0 && got.gen !== completed && got.gen !== gen) {
				t.fail('saved indexes lost', `run ${i}: generation ${got.gen} loaded after ${completed} was saved (seed ${seed})`);
			}
			// A save cut short after its new copy took the index's place did its work.
			if (got.gen === gen) completed = gen;
		}
	}

	// A disk that refuses every write: the plugin keeps running from memory, and the next
	// start still has the index saved before the disk went bad.
	{
		const disk = new RefusingDisk();
		disk.files.set(PATH, indexBytes(sql, 5));
		const { store } = await openIndexStore(sql, disk, PATH);
		const timers = { setTimeout: () => 0, clearTimeout: () => undefined };
		const saver = storeSaver(store, disk, PATH, { timers });
		store.addOwnNote('kestrel', 'obsidian', 'while the disk refuses', 1796000100);
		let refused = false;
		await saver.flush().catch(() => (refused = true));
		t.add('index starts tried');
		if (!refused) t.fail('crashes on damaged index files', 'a refused save was reported as done');
		if (!saver.pending) t.fail('saved indexes lost', 'a refused save was forgotten (not pending for the next try)');
		try {
			if (!store.ownNotes('kestrel').some((n) => n.text === 'while the disk refuses')) throw new Error('the note was not kept in memory');
		} catch (e) {
			t.fail('indexes unusable on the next start', `running from memory: ${errorText(e)}`);
		}
		saver.detach();
		store.close();
		const got = await start(sql, disk, t, 'after refused writes');
		if (got && got.gen !== 5) t.fail('saved indexes lost', 'the index saved before the disk refused writes was not loaded');
	}

	// The same on a real folder: a folder sits where the new copy would be written.
	{
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-index-'));
		try {
			const port = nodeBytesPort(dir);
			await saveIndex(port, PATH, indexBytes(sql, 7));
			fs.mkdirSync(path.join(dir, ...newCopy(PATH).split('/')), { recursive: true });
			let refused = false;
			await saveIndex(port, PATH, indexBytes(sql, 8)).catch(() => (refused = true));
			if (!refused) t.fail('crashes on damaged index files', 'a save onto a folder was reported as done');
			const got = await start(sql, port, t, 'real folder, .new blocked');
			if (got && got.gen !== 7) t.fail('saved indexes lost', `real folder: generation ${got.gen} loaded instead of 7`);
			fs.writeFileSync(path.join(dir, ...PATH.split('/')), good.slice(0, 3000));
			await start(sql, port, t, 'real folder, truncated file');
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}
	return t.result();
}
