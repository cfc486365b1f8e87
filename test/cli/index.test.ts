/**
 * `cli index` and `cli stats`: the real bundle over a copy of our fixture vault
 * (index-same-rows.test.ts holds the plugin to the same rows).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli } from '../helpers/build-cli';

const OWN = path.join(__dirname, '..', 'fixtures', 'vault-own');

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
		const stats = json('stats', '--db', db);
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
		fs.writeFileSync(db, 'definitely not sqlite');
		expect(run('stats', '--db', db)).toMatchObject({ status: 2 });
		const built = json('index', '--vault', path.join(dir, 'vault'), '--db', db);
		expect(String(built.rebuilt)).toMatch(/^(corrupt|truncated)/);
		expect(run('stats', '--db', db).status).toBe(0);
	});

	test('bad arguments exit 2 with one line', () => {
		expect(run('index', '--vault', path.join(dir, 'vault'))).toMatchObject({ status: 2, stderr: 'logos-continuity: --db FILE is required\n' });
		expect(run('stats', '--db', path.join(dir, 'none.db')).status).toBe(2);
	});
});
