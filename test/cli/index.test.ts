/**
 * `cli index` and `cli stats`: the real bundle over a copy of our fixture vault
 * (index-same-rows.test.ts holds the plugin to the same rows), quiet scopes included.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ScopeActivity } from '../../src/store';
import { withChecksum } from '../../src/store/checksum';
import { IndexStore } from '../../src/store/store';
import { buildCli } from '../helpers/build-cli';
import { damagedInUse, loadSql, record } from '../helpers/store';

const OWN = path.join(__dirname, '..', 'fixtures', 'vault-own');
const DAY = 24 * 60 * 60;

let cli: string;
let dir: string;
let db: string;

beforeAll(async () => {
	cli = await buildCli();
});
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-cli-index-'));
	fs.cpSync(OWN, path.join(dir, 'vault'), { recursive: true });
	db = path.join(dir, 'index.db');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { status: number; stdout: string; stderr: string } {
	const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
	return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function json(...args: string[]): Record<string, unknown> {
	const r = run(...args, '--json');
	if (r.status !== 0) throw new Error(r.stderr);
	return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('cli index and stats', () => {
	test('index builds the index; stats prints what it holds', () => {
		const vault = path.join(dir, 'vault');
		const built = json('index', '--vault', vault, '--db', db);
		expect(built).toMatchObject({ rebuilt: null, removed: 0 });
		expect(built.checkpoints).toBeGreaterThan(20);
		expect(built.read).toBe((built.checkpoints as number) + (built.noteFiles as number));
		const { now: _n, quiet: _q, ...stats } = json('stats', '--db', db);
		const { read: _r, removed: _x, rebuilt: _b, ...counts } = built;
		expect(stats).toEqual(counts);
		expect(run('stats', '--db', db).stdout).toMatch(/^index .*index\.db \(schema \d+\)\ncheckpoints +\d+ in \d+ scopes/);
	});

	test('a second run reads only what changed', () => {
		const vault = path.join(dir, 'vault');
		json('index', '--vault', vault, '--db', db);
		expect(json('index', '--vault', vault, '--db', db).read).toBe(0);
		fs.appendFileSync(path.join(vault, 'sessions/gamma/20261121-090000-claude.md'), '\n## Next\n\ncheck it\n');
		expect(json('index', '--vault', vault, '--db', db).read).toBe(1);
	});

	test('a damaged index is rebuilt by index and refused by stats', () => {
		json('index', '--vault', path.join(dir, 'vault'), '--db', db);
		const bytes = fs.readFileSync(db);
		fs.writeFileSync(db, bytes.subarray(0, 3 * 8192 + 100));
		expect(run('stats', '--db', db)).toMatchObject({ status: 2 });
		const built = json('index', '--vault', path.join(dir, 'vault'), '--db', db);
		expect(String(built.rebuilt)).toMatch(/^(corrupt|truncated)/);
		expect(run('stats', '--db', db).status).toBe(0);
	});

	test('an index with one page copied over another is rebuilt, keeping the person\'s notes it held, and stays sound', async () => {
		const sql = await loadSql();
		const store = IndexStore.create(sql);
		store.addOwnNote('alpha', 'obsidian', 'mine, never written', 1795600000);
		for (let i = 0; i < 40; i++) store.upsertCheckpoint(record(`202611${String(10 + (i % 20)).padStart(2, '0')}-0900${String(i).padStart(2, '0')}-claude`, { scope: 'alpha' }), i, i);
		const exported = store.export();
		const saved = withChecksum(exported);
		store.close();
		// The checkpoints' page over the one before it: SQLite's own checks pass this one.
		const probe = new sql.Database(exported);
		const root = Number(probe.exec("SELECT rootpage FROM sqlite_master WHERE name = 'checkpoints'")[0].values[0][0]);
		probe.close();
		saved.copyWithin((root - 2) * 8192, (root - 1) * 8192, root * 8192);
		fs.writeFileSync(db, saved);
		const vault = path.join(dir, 'vault');
		const first = json('index', '--vault', vault, '--db', db);
		expect(String(first.rebuilt)).toMatch(/^corrupt/);
		expect(first).toMatchObject({ own: 1, unflushed: 1 });
		const second = json('index', '--vault', vault, '--db', db);
		expect(second).toMatchObject({ rebuilt: null, read: 0, own: 1, unflushed: 1 });
		expect(run('stats', '--db', db).status).toBe(0);
	});

	test('damage that shows only while the index is in use (a file saved before checksums) is rebuilt, not a failure', async () => {
		const sql = await loadSql();
		fs.writeFileSync(db, damagedInUse(sql).bytes);
		const vault = path.join(dir, 'vault');
		const first = json('index', '--vault', vault, '--db', db);
		expect(String(first.rebuilt)).toMatch(/^corrupt/);
		expect(first).toMatchObject({ own: 1 });
		expect(json('index', '--vault', vault, '--db', db)).toMatchObject({ rebuilt: null, read: 0, own: 1 });
	});
});

describe('what index --db may write', () => {
	const vault = (): string => path.join(dir, 'vault');
	const oneLine = (r: { status: number; stderr: string; stdout: string }): void => {
		expect(r.status).toBe(2);
		expect(r.stdout).toBe('');
		expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
	};
	const snapshot = (root: string): string[] => fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()
		.map((f) => `${f}:${fs.statSync(path.join(root, f)).isFile() ? fs.readFileSync(path.join(root, f)).toString('base64') : 'dir'}`);

	test('a checkpoint, or any path in the sessions folder or the vault, is refused and left as it was', () => {
		const before = snapshot(vault());
		const cp = path.join(vault(), 'sessions', 'alpha', fs.readdirSync(path.join(vault(), 'sessions', 'alpha')).find((f) => f.endsWith('.md')) as string);
		for (const target of [cp, path.join(vault(), 'sessions', 'alpha', 'index.db'), path.join(vault(), 'index.db')]) {
			const r = run('index', '--vault', vault(), '--db', target);
			oneLine(r);
			expect(r.stderr).toMatch(/inside the (sessions folder|vault)/);
		}
		expect(snapshot(vault())).toEqual(before);
		expect(json('index', '--vault', vault(), '--db', path.join(vault(), '.obsidian', 'plugins', 'logos-continuity', 'index.db')).rebuilt).toBeNull();
	});

	test('another program\'s database, logos\'s own index.db and a text file are refused and left as they were', async () => {
		const sql = await loadSql();
		const other = new sql.Database();
		other.run('CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)');
		other.run("INSERT INTO accounts (name) VALUES ('kept')");
		fs.writeFileSync(path.join(dir, 'other.db'), other.export());
		other.close();
		const logos = new sql.Database();
		logos.run('CREATE TABLE sessions (id TEXT PRIMARY KEY, project TEXT NOT NULL)');
		logos.run('CREATE TABLE session_notes (id INTEGER PRIMARY KEY, session TEXT, text TEXT, ts INTEGER, unflushed INTEGER)');
		logos.run("INSERT INTO session_notes (session, text, ts, unflushed) VALUES ('s', 'an unflushed note', 1, 1)");
		fs.writeFileSync(path.join(dir, 'logos.db'), logos.export());
		logos.close();
		fs.writeFileSync(path.join(dir, 'notes.txt'), 'my notes');
		const before = snapshot(dir);
		for (const [name, why] of [['other.db', /another program's SQLite database/], ['logos.db', /another program's SQLite database/], ['notes.txt', /not an index of this plugin/]] as const) {
			const r = run('index', '--vault', vault(), '--db', path.join(dir, name));
			oneLine(r);
			expect(r.stderr).toMatch(why);
		}
		expect(snapshot(dir)).toEqual(before);
	});

	test('a folder is refused and stays where it is; PATH.old and PATH.new of others are never touched', () => {
		fs.mkdirSync(path.join(dir, 'folder.db'));
		fs.writeFileSync(path.join(dir, 'folder.db', 'inside'), 'x');
		const r = run('index', '--vault', vault(), '--db', path.join(dir, 'folder.db'));
		oneLine(r);
		expect(r.stderr).toMatch(/is a folder/);
		expect(fs.readFileSync(path.join(dir, 'folder.db', 'inside'), 'utf8')).toBe('x');
		expect(fs.existsSync(path.join(dir, 'folder.db.old'))).toBe(false);
		fs.writeFileSync(`${db}.old`, 'an old file of mine');
		fs.writeFileSync(`${db}.new`, 'a new file of mine');
		json('index', '--vault', vault(), '--db', db);
		json('index', '--vault', vault(), '--db', db);
		expect(fs.readFileSync(`${db}.old`, 'utf8')).toBe('an old file of mine');
		expect(fs.readFileSync(`${db}.new`, 'utf8')).toBe('a new file of mine');
		expect(fs.readdirSync(dir).sort()).toEqual(['folder.db', 'index.db', 'index.db.new', 'index.db.old', 'vault']);
	});

	test('six runs at once on one database all finish, one after another, and leave a sound index', async () => {
		const runs = await Promise.all(Array.from({ length: 6 }, () => new Promise<{ status: number; stderr: string }>((resolve) => {
			const child = spawn(process.execPath, [cli, 'index', '--vault', vault(), '--db', db, '--json'], { stdio: ['ignore', 'ignore', 'pipe'] });
			let stderr = '';
			child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
			child.on('close', (code) => resolve({ status: code ?? -1, stderr }));
		})));
		expect(runs).toEqual(Array.from({ length: 6 }, () => ({ status: 0, stderr: '' })));
		expect(json('index', '--vault', vault(), '--db', db)).toMatchObject({ rebuilt: null, read: 0 });
		expect(fs.readdirSync(dir).sort()).toEqual(['index.db', 'vault']);
	}, 60_000);
});

describe('cli index and stats, arguments', () => {

	test('stats lists the quiet scopes at --now from the index alone, as continuity does from the vault', () => {
		const vault = path.join(dir, 'vault');
		json('index', '--vault', vault, '--db', db);
		// g3, the fixture's newest checkpoint, is 2026-11-22 11:00 local.
		const soon = String(1795374000 + DAY);
		const later = String(1795374000 + 30 * DAY);
		const fromVault = (now: string): string[] => (json('continuity', '--vault', vault, '--now', now).projects as { scope: string; quiet: boolean }[]).filter((p) => p.quiet).map((p) => p.scope);
		const expected = { soon: fromVault(soon), later: fromVault(later) };
		expect(expected).toEqual({ soon: ['alpha/spike'], later: ['alpha', 'alpha/spike', 'beta', 'gamma'] });
		// Nothing of the vault is read: it is gone.
		fs.rmSync(vault, { recursive: true });

		const quiet = (now: string): ScopeActivity[] => json('stats', '--db', db, '--now', now).quiet as ScopeActivity[];
		expect(quiet(soon)).toEqual([{ scope: 'alpha/spike', checkpoints: 2, lastCheckpoint: 1794177000, latest: '20261108-143000-claude', lastAgent: 'claude', quiet: true }]);
		expect(quiet(later).map((q) => q.scope)).toEqual(expected.later);
		expect(json('stats', '--db', db, '--now', soon).now).toBe(Number(soon));

		const text = run('stats', '--db', db, '--now', soon);
		expect(text.status).toBe(0);
		expect(text.stdout.trimEnd().split('\n').filter((l) => l.startsWith('quiet:'))).toEqual(['quiet: alpha/spike (last checkpoint 2026-11-08)']);
		expect(run('stats', '--db', db, '--now', later).stdout.trimEnd().split('\n').filter((l) => l.startsWith('quiet:'))).toEqual([
			'quiet: alpha (last checkpoint 2026-11-11)',
			'quiet: alpha/spike (last checkpoint 2026-11-08)',
			'quiet: beta (last checkpoint 2026-11-20)',
			'quiet: gamma (last checkpoint 2026-11-22)',
		]);
		expect(run('stats', '--db', db, '--now', 'yesterday')).toMatchObject({ status: 2 });
	});

	test('bad arguments exit 2 with one line', () => {
		expect(run('index', '--vault', path.join(dir, 'vault'))).toMatchObject({ status: 2, stderr: 'logos-continuity: --db FILE is required\n' });
		expect(run('stats', '--db', path.join(dir, 'none.db')).status).toBe(2);
	});
});
