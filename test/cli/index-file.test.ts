/**
 * Where `index --db` may write: only this plugin's index, an empty file or nothing; one run
 * at a time per database; the new file put in place under a name of the run's own.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { checkIndexTarget, IndexFileRefused, lockIndex, lockPath, writeIndexFile } from '../../src/cli/index-file';
import { IndexStore } from '../../src/store/store';
import { loadSql } from '../helpers/store';

let sql: SqlJsStatic;
let dir: string;
let places: { vaultDir: string; sessionsDir: string };
beforeAll(async () => {
	sql = await loadSql();
});
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-index-file-'));
	places = { vaultDir: path.join(dir, 'vault'), sessionsDir: path.join(dir, 'vault', 'sessions') };
	fs.mkdirSync(path.join(places.sessionsDir, 'kestrel'), { recursive: true });
	fs.mkdirSync(path.join(places.vaultDir, '.obsidian', 'plugins', 'logos-continuity'), { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function indexBytes(): Uint8Array {
	const store = IndexStore.create(sql);
	const bytes = store.export();
	store.close();
	return bytes;
}

const refusal = (db: string): string => {
	try {
		checkIndexTarget(db, places);
		return 'allowed';
	} catch (e) {
		if (!(e instanceof IndexFileRefused)) throw e;
		return e.message;
	}
};

describe('checkIndexTarget', () => {
	it('allows a new file outside the vault or in its configuration folder, this plugin\'s index, and an empty file', () => {
		expect(refusal(path.join(dir, 'new.db'))).toBe('allowed');
		expect(refusal(path.join(dir, 'deeper', 'still', 'new.db'))).toBe('allowed');
		expect(refusal(path.join(places.vaultDir, '.obsidian', 'plugins', 'logos-continuity', 'index.db'))).toBe('allowed');
		fs.writeFileSync(path.join(dir, 'ours.db'), indexBytes());
		expect(refusal(path.join(dir, 'ours.db'))).toBe('allowed');
		fs.writeFileSync(path.join(dir, 'empty.db'), '');
		expect(refusal(path.join(dir, 'empty.db'))).toBe('allowed');
	});

	it('refuses the sessions folder and the rest of the vault, even through a symbolic link', () => {
		const cp = path.join(places.sessionsDir, 'kestrel', '20261116-090000-claude.md');
		fs.writeFileSync(cp, '---\nsession: x\n---\n');
		expect(refusal(cp)).toMatch(/inside the sessions folder/);
		expect(refusal(path.join(places.sessionsDir, 'kestrel', 'new.db'))).toMatch(/inside the sessions folder/);
		expect(refusal(path.join(places.vaultDir, 'notes.db'))).toMatch(/inside the vault/);
		expect(refusal(path.join(places.vaultDir, '.obsidian'))).toMatch(/inside the vault/);
		fs.symlinkSync(places.vaultDir, path.join(dir, 'link'));
		expect(refusal(path.join(dir, 'link', 'sessions', 'new.db'))).toMatch(/inside the sessions folder/);
	});

	it('refuses a folder, a symbolic link, another program\'s database and any other file', () => {
		fs.mkdirSync(path.join(dir, 'folder.db'));
		expect(refusal(path.join(dir, 'folder.db'))).toMatch(/is a folder/);
		fs.writeFileSync(path.join(dir, 'ours.db'), indexBytes());
		fs.symlinkSync(path.join(dir, 'ours.db'), path.join(dir, 'link.db'));
		expect(refusal(path.join(dir, 'link.db'))).toMatch(/symbolic link/);
		const other = new sql.Database();
		other.run('CREATE TABLE sessions (id TEXT PRIMARY KEY)');
		fs.writeFileSync(path.join(dir, 'other.db'), other.export());
		other.close();
		expect(refusal(path.join(dir, 'other.db'))).toMatch(/another program's SQLite database/);
		fs.writeFileSync(path.join(dir, 'text.db'), 'my notes');
		expect(refusal(path.join(dir, 'text.db'))).toMatch(/not an index of this plugin/);
	});
});

describe('lockIndex', () => {
	const db = (): string => path.join(dir, 'index.db');
	const noSleep = (): Promise<void> => Promise.resolve();

	it('holds the lock until released, and removes only its own', async () => {
		const release = await lockIndex(db());
		expect(fs.readFileSync(lockPath(db()), 'utf8')).toContain(`pid ${process.pid}`);
		release();
		expect(fs.existsSync(lockPath(db()))).toBe(false);
	});

	it('waits for a run that holds the lock, then refuses with one line', async () => {
		fs.writeFileSync(lockPath(db()), 'logos-continuity index lock\npid 424242\n');
		let slept = 0;
		await expect(lockIndex(db(), { alive: () => true, waitMs: 500, pollMs: 100, sleep: () => Promise.resolve(void slept++) }))
			.rejects.toThrow(/another index run \(pid 424242\) is updating/);
		expect(slept).toBe(5);
		expect(fs.readFileSync(lockPath(db()), 'utf8')).toContain('pid 424242');
	});

	it('goes ahead once the other run releases the lock', async () => {
		fs.writeFileSync(lockPath(db()), 'logos-continuity index lock\npid 424242\n');
		let polls = 0;
		const release = await lockIndex(db(), {
			alive: () => true,
			sleep: () => {
				if (++polls === 3) fs.rmSync(lockPath(db()));
				return Promise.resolve();
			},
		});
		expect(polls).toBe(3);
		expect(fs.readFileSync(lockPath(db()), 'utf8')).toContain(`pid ${process.pid}`);
		release();
	});

	it('takes over the lock of a run that no longer exists', async () => {
		fs.writeFileSync(lockPath(db()), 'logos-continuity index lock\npid 424242\n');
		const release = await lockIndex(db(), { alive: (pid) => pid !== 424242, sleep: noSleep });
		expect(fs.readFileSync(lockPath(db()), 'utf8')).toContain(`pid ${process.pid}`);
		release();
	});

	it('never removes a file at the lock\'s name that is not a lock', async () => {
		fs.writeFileSync(lockPath(db()), 'somebody\'s file');
		await expect(lockIndex(db(), { sleep: noSleep })).rejects.toThrow(/is not a lock of this plugin/);
		expect(fs.readFileSync(lockPath(db()), 'utf8')).toBe('somebody\'s file');
	});
});

describe('writeIndexFile', () => {
	it('replaces the file in one step and leaves nothing else behind, .old and .new of others included', () => {
		const db = path.join(dir, 'index.db');
		fs.writeFileSync(db, 'before');
		fs.writeFileSync(`${db}.old`, 'someone else\'s');
		fs.writeFileSync(`${db}.new`, 'someone else\'s too');
		writeIndexFile(db, new Uint8Array([1, 2, 3]));
		expect([...fs.readFileSync(db)]).toEqual([1, 2, 3]);
		expect(fs.readdirSync(dir).sort()).toEqual(['index.db', 'index.db.new', 'index.db.old', 'vault']);
		expect(fs.readFileSync(`${db}.old`, 'utf8')).toBe('someone else\'s');
	});
});
