/**
 * `cli index` and `cli stats`: the real bundle over a copy of our fixture vault
 * (index-same-rows.test.ts holds the plugin to the same rows), quiet scopes included.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ScopeActivity } from '../../src/store';
import { buildCli } from '../helpers/build-cli';

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
		fs.writeFileSync(db, 'definitely not sqlite');
		expect(run('stats', '--db', db)).toMatchObject({ status: 2 });
		const built = json('index', '--vault', path.join(dir, 'vault'), '--db', db);
		expect(String(built.rebuilt)).toMatch(/^(corrupt|truncated)/);
		expect(run('stats', '--db', db).status).toBe(0);
	});

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
