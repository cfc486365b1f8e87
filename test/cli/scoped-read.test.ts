/**
 * A question about one scope reads that scope's files (and the scopes its answer needs),
 * and answers exactly as a full scan does: every command, every scope, every fixture vault,
 * once reading what it needs and once reading every file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMANDS, type CommandContext, UsageError } from '../../src/cli/commands';
import { buildResume, buildVaultModel, renderResumeMarkdown } from '../../src/core';
import { loadSnapshot } from '../../src/vault/node-fs';

const ROOT = path.join(__dirname, '..', '..');
const NOW = 1796068800;

const VAULTS: Record<string, string> = {
	'vault-own': path.join(ROOT, 'test', 'fixtures', 'vault-own'),
	'vault-hostile': path.join(ROOT, 'test', 'fixtures', 'vault-hostile'),
	'demo-vault': path.join(ROOT, 'demo-vault'),
};

interface Run {
	out: string;
	reads: string[];
	/** Folders whose names were listed. */
	lists: string[];
}

async function run(vaultDir: string, name: string, values: Record<string, string | boolean>, read: 'needed' | 'all', json = true, args: string[] = []): Promise<Run> {
	const reads: string[] = [];
	const lists: string[] = [];
	const ctx: CommandContext = { vaultDir, sessionsRel: 'sessions', values, args, now: NOW, json, read, onRead: (p) => reads.push(p), onList: (p) => lists.push(p) };
	try {
		const out = await COMMANDS[name].run(ctx);
		return { out: json ? JSON.stringify(out) : String(out), reads, lists };
	} catch (e) {
		if (e instanceof UsageError) return { out: `usage: ${e.message}`, reads, lists };
		throw e;
	}
}

/** Both ways; the answers must be the same. Returns the scoped run. */
async function same(vaultDir: string, name: string, values: Record<string, string | boolean>, json = true): Promise<Run> {
	const scoped = await run(vaultDir, name, values, 'needed', json);
	const full = await run(vaultDir, name, values, 'all', json);
	expect(scoped.out).toEqual(full.out);
	return scoped;
}

function scopesOf(dir: string): string[] {
	const ctx: CommandContext = { vaultDir: dir, sessionsRel: 'sessions', values: {}, args: [], now: NOW, json: true, read: 'all' };
	return (COMMANDS.scopes.run(ctx) as { scopes: { scope: string }[] }).scopes.map((s) => s.scope);
}

function json<T>(dir: string, name: string, values: Record<string, string>): T {
	const ctx: CommandContext = { vaultDir: dir, sessionsRel: 'sessions', values, args: [], now: NOW, json: true, read: 'all' };
	return COMMANDS[name].run(ctx) as T;
}

for (const [vault, dir] of Object.entries(VAULTS)) {
	describe(`${vault}: scoped answers are the full scan's`, () => {
		it('scopes and continuity', async () => {
			await same(dir, 'scopes', {});
			await same(dir, 'continuity', {});
			await same(dir, 'continuity', {}, false);
		});

		it('an unknown scope is refused with the same message', async () => {
			for (const name of ['history', 'conversations', 'resume', 'rulings']) {
				const r = await same(dir, name, { scope: 'no-such-scope' });
				expect(r.out).toMatch(/^usage: no scope "no-such-scope"/);
				expect(r.reads).toEqual([]);
			}
		});

		it('the resume\'s markdown, made without line maps, is the one a model with every line renders', async () => {
			const m = buildVaultModel(loadSnapshot(dir));
			for (const scope of scopesOf(dir)) {
				const want = renderResumeMarkdown(buildResume(m, scope, { conversation: null, now: NOW }));
				expect((await run(dir, 'resume', { scope }, 'needed', false)).out).toEqual(want);
				expect((await run(dir, 'resume', { scope, markdown: true }, 'needed', true)).out).toEqual(JSON.stringify({ markdown: want }));
			}
		});

		for (const scope of scopesOf(dir)) {
			it(`${scope}: history, conversations, rulings, resume, chain`, async () => {
				for (const json of [true, false]) {
					await same(dir, 'history', { scope }, json);
					await same(dir, 'history', { scope, limit: '2' }, json);
					await same(dir, 'conversations', { scope }, json);
					await same(dir, 'rulings', { scope }, json);
					await same(dir, 'resume', { scope }, json);
					await same(dir, 'resume', { scope, markdown: true }, json);
				}
				const convs = json<{ conversations: { id: string }[] }>(dir, 'conversations', { scope }).conversations;
				for (const c of convs) await same(dir, 'resume', { scope, conversation: c.id });
				await same(dir, 'resume', { scope, conversation: 'no-such-conversation' });
				const sessions = json<{ checkpoints: { session: string }[] }>(dir, 'history', { scope }).checkpoints.map((c) => c.session);
				for (const session of sessions) {
					await same(dir, 'chain', { scope, session });
					await same(dir, 'chain', { session });
				}
			});
		}
	});
}

/** A fresh copy of a fixture vault, so writes can be compared. */
function copyOf(dir: string): string {
	const to = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-scoped-'));
	fs.cpSync(dir, to, { recursive: true });
	return to;
}

function filesOf(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (rel: string): void => {
		for (const ent of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
			const child = rel === '' ? ent.name : `${rel}/${ent.name}`;
			if (ent.isDirectory()) walk(child);
			else out[child] = fs.readFileSync(path.join(dir, child), 'utf8');
		}
	};
	walk('');
	return out;
}

describe('writes through a scoped read', () => {
	it('review and note write the same lines to the same files as after a full scan', async () => {
		const own = VAULTS['vault-own'];
		const rulings = json<{ rulings: { text: string }[] }>(own, 'rulings', { scope: 'alpha' }).rulings;
		expect(rulings.length).toBeGreaterThan(0);
		const steps: [string, Record<string, string>, string[]][] = [
			['review', { scope: 'alpha', retire: rulings[0].text }, []],
			['review', { scope: 'alpha', undo: rulings[0].text }, []],
			['review', { scope: 'alpha', reconfirm: rulings[rulings.length - 1].text, commit: 'abc1234' }, []],
			['review', { scope: 'alpha', retire: 'a ruling nobody recorded' }, []],
			['note', { scope: 'alpha' }, ['try', 'the', 'other', 'cache']],
			['note', { scope: 'no-such-scope' }, ['lost']],
		];
		const a = copyOf(own);
		const b = copyOf(own);
		try {
			for (const [name, values, args] of steps) {
				const scoped = await run(a, name, values, 'needed', true, args);
				const full = await run(b, name, values, 'all', true, args);
				expect(scoped.out).toEqual(full.out);
				expect(scoped.reads.every((p) => p.startsWith('sessions/alpha/'))).toBe(true);
			}
			expect(filesOf(a)).toEqual(filesOf(b));
		} finally {
			fs.rmSync(a, { recursive: true, force: true });
			fs.rmSync(b, { recursive: true, force: true });
		}
	});
});

/** A checkpoint file of a generated vault. */
function checkpoint(session: string, project: string, follows: string): string {
	return [
		'---', 'type: checkpoint', `project: ${project}`, 'agent: claude', `session: ${session}`,
		...(follows ? ['relations:', `  - { pred: follows, obj: "[[${follows}]]", conf: 1.0, src: stated }`] : []), 'checkpointed: 2026-11-14T09:00:00Z', '---', '',
		'## Task', '', `work on ${project}`, '', '## Next', '', `after ${session}`, '',
	].join('\n');
}

describe('what a scoped question reads', () => {
	let dir: string;
	beforeAll(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-scoped-'));
		const put = (rel: string, text: string): void => {
			fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
			fs.writeFileSync(path.join(dir, rel), text);
		};
		// Three projects of 40 checkpoints, each a chain; `far`'s latest follows one of `near`'s.
		for (const project of ['alpha', 'beta', 'gamma']) {
			for (let i = 0; i < 40; i++) {
				const id = `202611${String(10 + (i % 20)).padStart(2, '0')}-${String(100000 + i)}-${project}`;
				const prev = i === 0 ? '' : `202611${String(10 + ((i - 1) % 20)).padStart(2, '0')}-${String(100000 + i - 1)}-${project}`;
				put(`sessions/${project}/${id}.md`, checkpoint(id, project, prev));
			}
			put(`sessions/${project}/uncommitted.md`, '');
		}
		put('sessions/alpha/wt/20261201-090000-claude.md', checkpoint('20261201-090000-claude', 'alpha/wt', ''));
		put('sessions/far/20261202-090000-claude.md', checkpoint('20261202-090000-claude', 'far', '20261129-100039-beta'));
	});
	afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

	const scopeOfRead = (p: string): string => p.split('/').slice(1, -1).join('/');

	it('history and rulings read only their scope', async () => {
		for (const name of ['history', 'rulings']) {
			const r = await same(dir, name, { scope: 'beta' });
			expect(new Set(r.reads.map(scopeOfRead))).toEqual(new Set(['beta']));
			expect(r.reads).toHaveLength(41);
		}
	});

	it('resume and conversations read their project: the scope and its worktrees', async () => {
		for (const name of ['resume', 'conversations']) {
			const r = await same(dir, name, { scope: 'alpha' });
			expect(new Set(r.reads.map(scopeOfRead))).toEqual(new Set(['alpha', 'alpha/wt']));
		}
		const wt = await same(dir, 'resume', { scope: 'alpha/wt' });
		expect(new Set(wt.reads.map(scopeOfRead))).toEqual(new Set(['alpha', 'alpha/wt']));
	});

	it('scopes and continuity read each scope\'s newest checkpoint and its uncommitted.md, no older one', async () => {
		const newest = [
			'sessions/alpha/20261129-100039-alpha.md', 'sessions/alpha/wt/20261201-090000-claude.md', 'sessions/beta/20261129-100039-beta.md',
			'sessions/far/20261202-090000-claude.md', 'sessions/gamma/20261129-100039-gamma.md',
		];
		const notes = ['sessions/alpha/uncommitted.md', 'sessions/beta/uncommitted.md', 'sessions/gamma/uncommitted.md'];
		for (const name of ['scopes', 'continuity']) {
			const r = await same(dir, name, {});
			expect([...r.reads].sort()).toEqual([...newest, ...notes].sort());
		}
		const counts = JSON.parse((await same(dir, 'scopes', {})).out) as { scopes: { scope: string; checkpoints: number }[] };
		expect(counts.scopes.map((s) => [s.scope, s.checkpoints])).toEqual([['alpha', 40], ['alpha/wt', 1], ['beta', 40], ['far', 1], ['gamma', 40]]);
	});

	it('a question about one project lists that project\'s folders alone, the vault\'s only when it must', async () => {
		const projectOfList = (p: string): string => p.split('/')[1] ?? '';
		for (const name of ['history', 'rulings', 'resume', 'conversations']) {
			const r = await same(dir, name, { scope: 'alpha/wt' });
			expect(new Set(r.lists.map(projectOfList))).toEqual(new Set(['', 'alpha']));
		}
		// An unknown scope is named with every scope there is; a chain that leaves its project is followed.
		const unknown = await same(dir, 'history', { scope: 'alpha/nope' });
		expect(unknown.out).toMatch(/scopes: alpha, alpha\/wt, beta, far, gamma/);
		expect(new Set(unknown.lists.map(projectOfList))).toEqual(new Set(['', 'alpha', 'beta', 'far', 'gamma']));
		const far = await same(dir, 'resume', { scope: 'far' });
		expect(new Set(far.lists.map(projectOfList))).toEqual(new Set(['', 'alpha', 'beta', 'far', 'gamma']));
	});

	it('a resume whose chain leaves its scope reads the vault, and follows it there', async () => {
		const r = await same(dir, 'resume', { scope: 'far' });
		expect(new Set(r.reads.map(scopeOfRead))).toEqual(new Set(['alpha', 'alpha/wt', 'beta', 'gamma', 'far']));
		const chain = await same(dir, 'chain', { scope: 'far', session: '20261202-090000-claude' });
		expect(JSON.parse(chain.out).back[0]).toBe('20261129-100039-beta');
	});
});

describe('scopes and continuity past damaged and copied files', () => {
	let dir: string;
	const put = (rel: string, text: string): void => {
		fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
		fs.writeFileSync(path.join(dir, rel), text);
	};
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-scoped-'));
		put('sessions/alpha/20261110-090000-claude.md', checkpoint('20261110-090000-claude', 'alpha', ''));
		put('sessions/alpha/20261111-090000-claude.md', checkpoint('20261111-090000-claude', 'alpha', '20261110-090000-claude'));
		put('sessions/alpha/20261112-090000-claude.md', checkpoint('20261112-090000-claude', 'alpha', '20261111-090000-claude'));
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	const scopesRun = async (): Promise<Run> => {
		const r = await same(dir, 'scopes', {});
		await same(dir, 'continuity', {});
		await same(dir, 'continuity', {}, false);
		return r;
	};
	const latestOf = (r: Run): string | null => (JSON.parse(r.out) as { scopes: { latest: string | null }[] }).scopes[0].latest;

	it('an older file that cannot be parsed is never read', async () => {
		put('sessions/alpha/20261101-090000-claude.md', '---\nsession: [unclosed\nproject: {\n---\n## Task\n\n\u0000\n');
		const r = await scopesRun();
		expect(r.reads).toEqual(['sessions/alpha/20261112-090000-claude.md']);
		expect(latestOf(r)).toBe('20261112-090000-claude');
	});

	it('a torn newest file is passed over for the next one, and counted among the files', async () => {
		put('sessions/alpha/20261113-090000-claude.md', '---\nsession: 20261113-090000-claude\nagent: claude\n');
		const r = await scopesRun();
		expect(r.reads).toEqual(['sessions/alpha/20261113-090000-claude.md', 'sessions/alpha/20261112-090000-claude.md']);
		expect(JSON.parse(r.out)).toEqual({ scopes: [{ scope: 'alpha', checkpoints: 4, uncommitted: 0, latest: '20261112-090000-claude' }] });
	});

	it('six torn files ahead of the newest whole one are read in name order, then it', async () => {
		for (let i = 0; i < 6; i++) put(`sessions/alpha/2026112${i}-090000-claude.md`, '');
		const r = await scopesRun();
		expect(r.reads).toEqual([5, 4, 3, 2, 1, 0].map((i) => `sessions/alpha/2026112${i}-090000-claude.md`).concat('sessions/alpha/20261112-090000-claude.md'));
		expect(JSON.parse(r.out)).toEqual({ scopes: [{ scope: 'alpha', checkpoints: 9, uncommitted: 0, latest: '20261112-090000-claude' }] });
	});

	it('a file moved into its conversation and left behind too is one checkpoint, the one in its folder', async () => {
		const moved = checkpoint('20261112-090000-claude', 'alpha', '20261111-090000-claude').replace('agent: claude', 'agent: claude\nhost_session: c1');
		put('sessions/alpha/20261112-090000-claude.md', moved);
		put('sessions/alpha/_convos/c1/20261112-090000-claude.md', moved.replace('after 20261112', 'moved 20261112'));
		const r = await scopesRun();
		expect(JSON.parse(r.out)).toEqual({ scopes: [{ scope: 'alpha', checkpoints: 3, uncommitted: 0, latest: '20261112-090000-claude' }] });
		expect([...r.reads].sort()).toEqual(['sessions/alpha/20261112-090000-claude.md', 'sessions/alpha/_convos/c1/20261112-090000-claude.md']);
	});

	it('a sync-conflict copy is neither counted nor the newest', async () => {
		put('sessions/alpha/20261112-090000-claude (conflicted copy).md', checkpoint('20261112-090000-claude', 'alpha', ''));
		const r = await scopesRun();
		expect(JSON.parse(r.out)).toEqual({ scopes: [{ scope: 'alpha', checkpoints: 3, uncommitted: 0, latest: '20261112-090000-claude' }] });
	});

	it('a newest file naming another session in its frontmatter: the scope is read whole, the answer the same', async () => {
		put('sessions/alpha/20261113-090000-claude.md', checkpoint('20261110-090000-claude', 'alpha', ''));
		const r = await scopesRun();
		// The newest first, then every file of the scope: any of them may name that session too.
		expect(r.reads[0]).toBe('sessions/alpha/20261113-090000-claude.md');
		expect(new Set(r.reads.slice(1)).size).toBe(4);
		// It claims the session of 20261110-090000-claude.md, whose own file outranks it.
		expect(latestOf(r)).toBe('20261112-090000-claude');
	});
});
