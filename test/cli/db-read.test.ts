/**
 * `--db FILE` on the read commands: the answer comes from the index, read-only, with the
 * files changed since it was saved read again, and it is the answer the files give.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMANDS, type CommandContext, UsageError } from '../../src/cli/commands';

const ROOT = path.join(__dirname, '..', '..');
const NOW = 1796068800;

const VAULTS: Record<string, string> = {
	'vault-own': path.join(ROOT, 'test', 'fixtures', 'vault-own'),
	'vault-hostile': path.join(ROOT, 'test', 'fixtures', 'vault-hostile'),
	'demo-vault': path.join(ROOT, 'demo-vault'),
};

async function run(vaultDir: string, name: string, values: Record<string, string | boolean>, json = true, warnings: string[] = []): Promise<string> {
	const ctx: CommandContext = { vaultDir, sessionsRel: 'sessions', values, args: [], now: NOW, json, read: 'all', warn: (m) => warnings.push(m) };
	try {
		const out = await COMMANDS[name].run(ctx);
		return json ? JSON.stringify(out) : String(out);
	} catch (e) {
		if (e instanceof UsageError) return `usage: ${e.message}`;
		throw e;
	}
}

jest.setTimeout(180_000);

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'logos-db-read-'));

/** Every read command over every scope and session, with and without the index. */
async function expectSameAnswers(vault: string, db: string): Promise<void> {
	const asked: [string, Record<string, string | boolean>][] = [['scopes', {}], ['continuity', {}], ['history', { scope: 'no-such-scope' }]];
	const scopes = (JSON.parse(await run(vault, 'scopes', {})) as { scopes: { scope: string }[] }).scopes.map((s) => s.scope);
	for (const scope of scopes) {
		for (const name of ['history', 'conversations', 'rulings', 'resume']) asked.push([name, { scope }]);
		asked.push(['resume', { scope, markdown: true }]);
		const sessions = (JSON.parse(await run(vault, 'history', { scope })) as { checkpoints: { session: string }[] }).checkpoints.map((c) => c.session);
		for (const session of sessions) asked.push(['chain', { scope, session }]);
	}
	for (const [name, values] of asked) {
		for (const json of [true, false]) {
			const warnings: string[] = [];
			expect(`${name} ${JSON.stringify(values)}: ${await run(vault, name, { ...values, db }, json, warnings)}`)
				.toEqual(`${name} ${JSON.stringify(values)}: ${await run(vault, name, values, json)}`);
			expect(warnings).toEqual([]);
		}
	}
}

for (const [name, vault] of Object.entries(VAULTS)) {
	it(`${name}: every read command answers from the index as from the files, and the index is left as it was`, async () => {
		const dir = tmp();
		try {
			const db = path.join(dir, 'index.db');
			await run(vault, 'index', { db });
			const before = fs.readFileSync(db);
			const stamp = fs.statSync(db).mtimeMs;
			await expectSameAnswers(vault, db);
			expect(fs.readFileSync(db).equals(before)).toBe(true);
			expect(fs.statSync(db).mtimeMs).toBe(stamp);
			expect(fs.readdirSync(dir)).toEqual(['index.db']);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
}

it('files changed since the index was saved are read again: added, edited and removed', async () => {
	const dir = tmp();
	try {
		const vault = path.join(dir, 'vault');
		fs.cpSync(VAULTS['vault-own'], vault, { recursive: true });
		const db = path.join(dir, 'index.db');
		await run(vault, 'index', { db });
		const alpha = path.join(vault, 'sessions', 'alpha');
		const newest = fs.readdirSync(alpha).filter((f) => f.endsWith('.md') && /^\d/.test(f)).sort().pop() as string;
		const text = fs.readFileSync(path.join(alpha, newest), 'utf8');
		fs.writeFileSync(path.join(alpha, '20261230-120000-claude.md'), text.replace(/session: .*/, 'session: 20261230-120000-claude').replace('## Next', '## Next\n\nthe step after the index was saved\n'));
		fs.appendFileSync(path.join(alpha, 'uncommitted.md'), '- 2026-11-30T10:00:00Z claude: a note written after the index\n');
		fs.rmSync(path.join(vault, 'sessions', 'beta', '20261114-090000-codex.md'));
		const before = fs.readFileSync(db);
		await expectSameAnswers(vault, db);
		const resume = JSON.parse(await run(vault, 'resume', { scope: 'alpha', db })) as { latest: { session: string } };
		expect(resume.latest.session).toBe('20261230-120000-claude');
		expect(fs.readFileSync(db).equals(before)).toBe(true);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

it('a file that is not a usable index: said on stderr, answered from the files, left as it is', async () => {
	const dir = tmp();
	try {
		const db = path.join(dir, 'index.db');
		fs.writeFileSync(db, 'not an index at all, but long enough to be looked at closely by the opener'.repeat(3));
		const before = fs.readFileSync(db);
		const warnings: string[] = [];
		const got = await run(VAULTS['demo-vault'], 'scopes', { db }, true, warnings);
		expect(got).toEqual(await run(VAULTS['demo-vault'], 'scopes', {}));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(/is not a usable index .*answered from the files/);
		expect(fs.readFileSync(db).equals(before)).toBe(true);
		expect(await run(VAULTS['demo-vault'], 'scopes', { db: path.join(dir, 'none.db') })).toMatch(/^usage: no index at /);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

it('with an index up to date, no checkpoint file is read', async () => {
	const dir = tmp();
	try {
		const vault = VAULTS['demo-vault'];
		const db = path.join(dir, 'index.db');
		await run(vault, 'index', { db });
		// The module object itself (the sources reach it through it), not this file's namespace copy.
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const spy = jest.spyOn(require('node:fs') as typeof fs, 'readFileSync');
		try {
			const answer = await run(vault, 'resume', { scope: 'kestrel', db });
			const read = spy.mock.calls.map((c) => String(c[0])).filter((p) => p.includes(`${path.sep}sessions${path.sep}`) && !/(uncommitted|reviewed)\.md$/.test(p));
			expect(answer).toEqual(await run(vault, 'resume', { scope: 'kestrel' }));
			expect(read).toEqual([]);
		} finally {
			spy.mockRestore();
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});
