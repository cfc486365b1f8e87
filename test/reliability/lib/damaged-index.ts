/**
 * A damaged index file never leaves the plugin unusable: truncated, random, bit-flipped,
 * wrong-version and foreign files are rebuilt (or an older copy is used), a disk that
 * refuses writes leaves the plugin running from memory, and a crash at any step of any
 * save leaves the next start with the last saved index or the one being saved. Page-wise
 * damage (a page copied over another, two swapped, one zeroed, the file cut at a page) is
 * rebuilt on the first start, keeping the person's notes the file still holds, and the
 * second start is clean. `index --db` writes only this plugin's index, and runs at once
 * on one database all finish.
 *
 * test/store covers single cases (each unusable reason, a crash at each step of one save,
 * two saves in a row); this runs them over many generated files and save histories.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { withChecksum } from '../../../src/store/checksum';
import { IndexStore } from '../../../src/store/store';
import { migrate, MIGRATIONS } from '../../../src/store/migrations';
import { createIndexDb } from '../../../src/store/open';
import { type BytesPort, loadIndex, newCopy, oldCopy, saveIndex } from '../../../src/store/persist';
import { openIndexStore, storeSaver } from '../../../src/store';
import { MemoryDisk, record } from '../../helpers/store';
import { ROOT } from './env';
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

const pageSizeOf = (bytes: Uint8Array): number => {
	const raw = (bytes[16] << 8) | bytes[17];
	return raw === 1 ? 65536 : raw;
};

/** A page-wise damage of a saved index: copied, swapped, zeroed or cut at a page boundary. */
function pageDamage(rng: Rng, saved: Uint8Array): { bytes: Uint8Array; how: string } | null {
	const size = pageSizeOf(saved);
	const pages = Math.floor(saved.length / size);
	const a = rng.int(pages);
	let b = rng.int(pages - 1);
	if (b >= a) b++;
	const page = (p: number): Uint8Array => saved.subarray(p * size, (p + 1) * size);
	const out = saved.slice();
	const r = rng.int(4);
	if (r === 0) out.set(page(a), b * size);
	else if (r === 1) {
		out.set(page(a), b * size);
		out.set(page(b), a * size);
	} else if (r === 2) out.fill(0, a * size, (a + 1) * size);
	else return { bytes: saved.slice(0, Math.max(1, a) * size), how: `cut after page ${Math.max(1, a) - 1} of ${pages}` };
	if (out.every((x, i) => x === saved[i])) return null; // pages alike: nothing changed
	return { bytes: out, how: ['page copied onto another', 'two pages swapped', 'a page zeroed'][r] + ` (${a}, ${b} of ${pages})` };
}

/** What the plugin and the CLI do with an opened index, reading every table. */
function useStore(store: IndexStore): void {
	store.stats();
	store.storedRows();
	for (const scope of store.scopes()) {
		store.checkpointsOfScope(scope);
		store.notesOfScope(scope);
		store.rulingsOfScope(scope);
		store.decisionsOfScope(scope);
	}
	store.upsertCheckpoint(record('20261201-090000-claude'), 1, 1);
	store.addOwnNote('kestrel', 'obsidian', 'written after the start', 1796000000);
}

/**
 * Each of `runs` page-wise damages, to a saved index or to one saved before checksums: the
 * first start opens, uses (starting afresh when a query finds damage, as the plugin and
 * the CLI do) and saves; the second start must open the saved file without a rebuild and
 * use it without an error.
 */
async function pageFuzz(sql: SqlJsStatic, t: Tally, rng: Rng, runs: number, seed: number): Promise<void> {
	const base = IndexStore.create(sql);
	for (let i = 0; i < 120; i++) {
		const scope = ['kestrel', 'heron', 'ibis'][i % 3];
		base.upsertCheckpoint(record(`202611${String(10 + (i % 20)).padStart(2, '0')}-09${String(i).padStart(4, '0')}-claude`, { scope, checkpoint: { failed: [`tried ${i}`], decisions: [`decided ${i}`] } }), i, i);
	}
	base.importNotes('kestrel', Array.from({ length: 60 }, (_, i) => ({ scope: 'kestrel', text: `agent note ${i}`, ts: 1795500000 + i, agent: 'claude', line: i })));
	base.addOwnNote('kestrel', 'obsidian', 'the person\'s own note', 1795600000);
	const plain = base.export();
	base.close();
	const saved = withChecksum(plain);
	for (let i = 0; i < runs; i++) {
		const legacy = rng.chance(0.25);
		const d = pageDamage(rng, legacy ? plain : saved);
		if (!d) continue;
		const what = `${d.how}${legacy ? ', saved before checksums' : ''} (seed ${seed}, run ${i})`;
		t.add('page-wise damaged indexes');
		const disk = new MemoryDisk();
		disk.files.set(PATH, d.bytes);
		t.add('index starts tried');
		let first;
		try {
			first = await openIndexStore(sql, disk, PATH);
		} catch (e) {
			t.fail('crashes on damaged index files', `${what}: openIndexStore threw ${errorText(e)}`);
			continue;
		}
		const { store } = first;
		try {
			try {
				useStore(store);
			} catch (e) {
				if (!store.replaceIfDamaged(e)) throw e;
				t.add('damage found in use and rebuilt');
				useStore(store);
			}
			if (first.load.rebuilt) t.add('damaged indexes rebuilt on opening');
			if (store.ownNotes('kestrel').some((n) => n.text === 'the person\'s own note')) t.add('own notes read back from damaged indexes');
			await saveIndex(disk, PATH, store.export());
		} catch (e) {
			// Nothing saved: the second start finds the same file.
			t.fail('indexes unusable on the next start', `${what}: ${errorText(e)}`);
		} finally {
			store.close();
		}
		t.add('index starts tried');
		try {
			const second = await openIndexStore(sql, disk, PATH);
			try {
				if (second.load.rebuilt) throw new Error(`rebuilt again (${second.load.reason}: ${second.load.detail})`);
				useStore(second.store);
			} finally {
				second.store.close();
			}
		} catch (e) {
			t.fail('indexes stuck', `${what}: the second start ${errorText(e)}`);
		}
	}
}

export async function damagedIndex(sql: SqlJsStatic, runs: number, seed: number): Promise<CheckResult> {
	const t = new Tally();
	t.zero('crashes on damaged index files', 'indexes unusable on the next start', 'saved indexes lost', 'indexes stuck');
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

	await pageFuzz(sql, t, rng, runs, seed);
	return t.result();
}

interface Ran {
	status: number;
	stderr: string;
}

function runCli(cli: string, args: string[]): Promise<Ran> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
		let stderr = '';
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
		child.on('close', (code) => resolve({ status: code ?? -1, stderr }));
	});
}

/** Every file and folder under `root` with its bytes, to tell whether anything changed. */
function snapshot(root: string): Map<string, string> {
	const out = new Map<string, string>();
	for (const f of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
		const p = path.join(root, f);
		const st = fs.lstatSync(p);
		out.set(f, st.isFile() ? fs.readFileSync(p).toString('base64') : st.isDirectory() ? 'folder' : 'other');
	}
	return out;
}

/**
 * `index --db` over files that are not this plugin's index (each left exactly as it was,
 * with a refusal), and `rounds` of six runs at once on one database (none crashes, and
 * the index is sound after).
 */
export async function indexDbTargets(cli: string, sql: SqlJsStatic, rounds: number): Promise<CheckResult> {
	const t = new Tally();
	t.zero('foreign files overwritten by index --db', 'concurrent index runs crashed');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-index-db-'));
	try {
		const vault = path.join(dir, 'vault');
		fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'vault-own'), vault, { recursive: true });
		const other = path.join(dir, 'other');
		fs.mkdirSync(other);
		const sqlite = (file: string, statements: string[]): void => {
			const db = new sql.Database();
			for (const s of statements) db.run(s);
			fs.writeFileSync(path.join(other, file), db.export());
			db.close();
		};
		sqlite('app.db', ['CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)', "INSERT INTO accounts (name) VALUES ('kept')"]);
		sqlite('index.db', ['CREATE TABLE session_notes (id INTEGER PRIMARY KEY, text TEXT, unflushed INTEGER)', "INSERT INTO session_notes (text, unflushed) VALUES ('an unflushed note', 1)"]);
		fs.writeFileSync(path.join(other, 'notes.txt'), 'my notes');
		fs.mkdirSync(path.join(other, 'folder.db'));
		fs.writeFileSync(path.join(other, 'folder.db', 'inside'), 'x');
		fs.writeFileSync(path.join(other, 'mine.db.old'), 'an older file of mine');
		fs.writeFileSync(path.join(other, 'mine.db.new'), 'a newer file of mine');
		fs.writeFileSync(path.join(other, 'locked.db.lock'), 'not a lock');
		const checkpoint = fs.readdirSync(path.join(vault, 'sessions', 'alpha')).find((f) => f.endsWith('.md')) as string;
		const targets = [
			path.join(vault, 'sessions', 'alpha', checkpoint), path.join(vault, 'sessions', 'alpha', 'index.db'), path.join(vault, 'index.db'),
			...['app.db', 'index.db', 'notes.txt', 'folder.db', 'locked.db'].map((f) => path.join(other, f)),
		];
		const before = { vault: snapshot(vault), other: snapshot(other) };
		for (const target of targets) {
			const r = await runCli(cli, ['index', '--vault', vault, '--db', target]);
			t.add('index --db runs');
			if (r.status === 2 && r.stderr.trimEnd().split('\n').length === 1) t.add('index --db runs refused');
			else t.fail('foreign files overwritten by index --db', `${target}: exit ${r.status}, ${r.stderr.slice(0, 200)}`);
		}
		// A new index beside an old and a new file of the same names: those stay.
		const mine = await runCli(cli, ['index', '--vault', vault, '--db', path.join(other, 'mine.db')]);
		if (mine.status !== 0) t.fail('foreign files overwritten by index --db', `a new index beside .old and .new: exit ${mine.status}, ${mine.stderr.slice(0, 200)}`);
		fs.rmSync(path.join(other, 'mine.db'));
		for (const [where, was] of [[vault, before.vault], [other, before.other]] as const) {
			const now = snapshot(where);
			for (const [f, bytes] of was) if (now.get(f) !== bytes) t.fail('foreign files overwritten by index --db', `${path.join(where, f)} changed or went`);
			for (const f of now.keys()) if (!was.has(f)) t.fail('foreign files overwritten by index --db', `${path.join(where, f)} appeared`);
		}

		for (let round = 0; round < rounds; round++) {
			const db = path.join(dir, `concurrent-${round}.db`);
			const runs = await Promise.all(Array.from({ length: 6 }, () => runCli(cli, ['index', '--vault', vault, '--db', db])));
			for (const r of runs) {
				t.add('concurrent index runs');
				// Waiting for another run and then refusing is allowed; anything else is a crash.
				if (r.status !== 0 && !(r.status === 2 && /another index run/.test(r.stderr))) {
					t.fail('concurrent index runs crashed', `round ${round}: exit ${r.status}, ${r.stderr.slice(0, 300)}`);
				}
			}
			const after = await runCli(cli, ['stats', '--db', db]);
			if (after.status !== 0) t.fail('concurrent index runs crashed', `round ${round}: the index after six runs is not usable: ${after.stderr.slice(0, 300)}`);
			const left = fs.readdirSync(dir).filter((f) => f.startsWith(`concurrent-${round}.db`) && f !== `concurrent-${round}.db`);
			if (left.length > 0) t.fail('concurrent index runs crashed', `round ${round}: left behind ${left.join(', ')}`);
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	return t.result();
}
