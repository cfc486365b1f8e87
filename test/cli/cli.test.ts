/**
 * The headless CLI end to end: the real bundle, run as a person or a script would run it,
 * over our own fixture vault (and the shared reference vault when it is there).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli } from '../helpers/build-cli';
import { describeIf, sharedPath } from '../helpers/reference';

const ROOT = path.join(__dirname, '..', '..');
const OWN = path.join(ROOT, 'test', 'fixtures', 'vault-own');
const REF = sharedPath('fixtures', 'vault-basic');
const expected = JSON.parse(fs.readFileSync(path.join(OWN, 'expected.json'), 'utf8'));
const NOW = '1796068800'; // 2026-11-30T12:00:00-08:00

let cli: string;
beforeAll(async () => {
	cli = await buildCli();
});

function run(args: string[]): { status: number; stdout: string; stderr: string } {
	const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
	return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function json(args: string[]): any {
	const out = execFileSync(process.execPath, [cli, ...args, '--json', '--now', NOW], { encoding: 'utf8' });
	return JSON.parse(out);
}

function copyVault(src: string): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-vault-'));
	fs.cpSync(src, dir, { recursive: true });
	return dir;
}

describe('reading our own fixture vault', () => {
	it('lists every scope with its latest checkpoint', () => {
		const { scopes } = json(['scopes', '--vault', OWN]);
		expect(scopes.map((s: any) => s.scope)).toEqual(expected.scopes);
		for (const s of scopes) expect(s.latest).toBe(expected.latest[s.scope] ?? null);
	});

	it('gives each scope its history newest first, with files passed over', () => {
		for (const scope of expected.scopes) {
			const h = json(['history', '--vault', OWN, '--scope', scope]);
			expect(h.checkpoints.map((c: any) => c.session)).toEqual(expected.history[scope]);
			expect(h.skippedAhead).toEqual(expected.skippedAhead[scope]);
			for (const c of h.checkpoints) {
				expect(c.follows).toBe(expected.follows[c.session]);
				expect(c.ts).toBe(expected.ts[c.session]);
			}
		}
	});

	it('honours --limit', () => {
		const h = json(['history', '--vault', OWN, '--scope', 'alpha', '--limit', '2']);
		expect(h.checkpoints.map((c: any) => c.session)).toEqual(expected.history.alpha.slice(0, 2));
	});

	it('lists a project\'s conversations, worktree included, most recently active first', () => {
		for (const project of expected.projects) {
			const { conversations } = json(['conversations', '--vault', OWN, '--scope', project]);
			const got = conversations.map((c: any) => ({ id: c.id, scope: c.scope, chain: c.chain, flat: c.flat }));
			expect(got).toEqual(expected.conversations[project]);
		}
	});

	it('reports every damaged file as a problem and still answers', () => {
		const problems: { kind: string; path: string }[] = [];
		for (const scope of expected.scopes) {
			const r = run(['history', '--vault', OWN, '--scope', scope, '--json']);
			expect(r.status).toBe(0);
			problems.push(...JSON.parse(r.stdout).problems.map((p: any) => ({ kind: p.kind, path: p.path })));
		}
		for (const p of expected.problems.filter((x: any) => x.path !== null && x.kind !== 'dangling' && x.kind !== 'cycle' && x.kind !== 'fork')) {
			expect(problems).toContainEqual({ kind: p.kind, path: p.path });
		}
	});

	it('gives each ruling copy the verdict that covers it', () => {
		for (const scope of new Set<string>(expected.rulings.map((r: any) => r.scope))) {
			const { rulings } = json(['rulings', '--vault', OWN, '--scope', scope]);
			const got = rulings.map((r: any) => ({ text: r.text, session: r.session, verdict: r.verdict }));
			const want = expected.rulings.filter((r: any) => r.scope === scope).map((r: any) => ({ text: r.text, session: r.session, verdict: r.verdict }));
			expect(got).toEqual(expect.arrayContaining(want));
			expect(got).toHaveLength(want.length);
		}
	});

	it('walks a follows chain back and forward and reports the cycle without hanging', () => {
		const c = json(['chain', '--vault', OWN, '--session', expected.history.alpha[0]]);
		expect(c.back[0]).toBe(expected.follows[expected.history.alpha[0]]);
		const g = json(['chain', '--vault', OWN, '--session', expected.history.gamma[0]]);
		expect(g.problems.some((p: any) => p.kind === 'cycle')).toBe(true);
	});

	it('reads commits as text, never as numbers', () => {
		const h = json(['history', '--vault', OWN, '--scope', 'beta']);
		const byId = new Map(h.checkpoints.map((c: any) => [c.session, c.path]));
		for (const [session, commit] of Object.entries(expected.commits)) {
			const parsed = json(['parse', path.join(OWN, byId.get(session) as string)]);
			expect(parsed.git.commit).toBe(commit);
		}
	});
});

describe('a command loads only its own file', () => {
	it('scopes and continuity answer with only the entry and their file beside it', () => {
		const lone = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-cli-lone-'));
		try {
			for (const f of ['cli.cjs', 'cli-summary.cjs', 'cli-yaml.cjs']) fs.copyFileSync(path.join(path.dirname(cli), f), path.join(lone, f));
			for (const args of [['scopes'], ['continuity'], ['scopes', '--json']]) {
				const full = spawnSync(process.execPath, [cli, ...args, '--vault', OWN, '--now', NOW], { encoding: 'utf8' });
				const alone = spawnSync(process.execPath, [path.join(lone, 'cli.cjs'), ...args, '--vault', OWN, '--now', NOW], { encoding: 'utf8' });
				expect(alone.stderr).toBe('');
				expect(alone.status).toBe(0);
				expect(alone.stdout).toBe(full.stdout);
			}
			// Any other command needs the file that holds it.
			expect(spawnSync(process.execPath, [path.join(lone, 'cli.cjs'), 'history', '--scope', 'alpha', '--vault', OWN], { encoding: 'utf8' }).status).not.toBe(0);
		} finally {
			fs.rmSync(lone, { recursive: true, force: true });
		}
	});

	it('resume answers with only the entry and its file beside it, markdown and JSON', () => {
		const lone = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-cli-lone-'));
		try {
			for (const f of ['cli.cjs', 'cli-resume.cjs', 'cli-yaml.cjs']) fs.copyFileSync(path.join(path.dirname(cli), f), path.join(lone, f));
			for (const scope of ['alpha', 'beta', 'gamma']) {
				for (const extra of [[], ['--json'], ['--markdown']]) {
					const args = ['resume', '--scope', scope, ...extra, '--vault', OWN, '--now', NOW];
					const full = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
					const alone = spawnSync(process.execPath, [path.join(lone, 'cli.cjs'), ...args], { encoding: 'utf8' });
					expect(alone.stderr).toBe(full.stderr);
					expect(alone.status).toBe(full.status);
					expect(alone.stdout).toBe(full.stdout);
				}
			}
			expect(spawnSync(process.execPath, [path.join(lone, 'cli.cjs'), 'rulings', '--scope', 'alpha', '--vault', OWN], { encoding: 'utf8' }).status).not.toBe(0);
		} finally {
			fs.rmSync(lone, { recursive: true, force: true });
		}
	});
});

describe('errors a person can act on', () => {
	it('a missing vault exits non-zero with one line', () => {
		const r = run(['scopes', '--vault', path.join(os.tmpdir(), 'no-such-vault-here')]);
		expect(r.status).toBe(2);
		expect(r.stderr.trim().split('\n')).toHaveLength(1);
		expect(r.stderr).toMatch(/no vault folder/);
	});
	it('an unknown scope exits non-zero and names the scopes there are', () => {
		const r = run(['history', '--vault', OWN, '--scope', 'nope']);
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/no scope "nope".*alpha/);
	});
	it('bad arguments exit non-zero', () => {
		expect(run(['history', '--vault', OWN]).status).toBe(2);
		expect(run(['history', '--vault', OWN, '--scope', 'alpha', '--limit', 'x']).status).toBe(2);
		expect(run(['frobnicate']).status).toBe(2);
		expect(run(['scopes', '--bogus']).status).toBe(2);
	});
});

describe('--now outside what a clock can hold', () => {
	it.each(['99999999999999999999', '8640000000001', '9007199254740993', '-5', '1.5', '1e9', '', ' 1', '1\n2', '0x10'])('%j is a usage error: one line, exit 2, nothing written', (now) => {
		const vault = copyVault(OWN);
		const before = fs.readFileSync(path.join(vault, 'sessions', 'alpha', 'uncommitted.md'), 'utf8');
		for (const args of [['continuity'], ['resume', '--scope', 'alpha'], ['note', '--scope', 'alpha', 'a note'], ['scopes', '--json']]) {
			const r = run([...args, '--vault', vault, `--now=${now}`]);
			expect({ args, status: r.status, stdout: r.stdout }).toEqual({ args, status: 2, stdout: '' });
			expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
			expect(r.stderr).toMatch(/--now takes unix seconds/);
		}
		expect(fs.readFileSync(path.join(vault, 'sessions', 'alpha', 'uncommitted.md'), 'utf8')).toBe(before);
	});

	it('takes 0 and the last second a date can hold', () => {
		for (const now of ['0', '8640000000000']) {
			for (const args of [['continuity'], ['resume', '--scope', 'alpha'], ['resume', '--scope', 'alpha', '--markdown'], ['rulings', '--scope', 'alpha'], ['scopes']]) {
				const r = run([...args, '--vault', OWN, '--now', now]);
				expect({ args, now, status: r.status, stderr: r.stderr }).toEqual({ args, now, status: 0, stderr: '' });
			}
		}
	});
});

describe('parse reads only a regular file', () => {
	let dir: string;
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-parse-'));
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	it('refuses a FIFO without waiting for a writer', () => {
		const fifo = path.join(dir, '20261102-091500-claude.md');
		execFileSync('mkfifo', [fifo]);
		const r = spawnSync(process.execPath, [cli, 'parse', fifo], { encoding: 'utf8', timeout: 20_000 });
		expect(r.signal).toBeNull();
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/named pipe \(FIFO\)/);
	});

	it.each([['a device', '/dev/zero', /a device/], ['a folder', '.', /a folder/]])('refuses %s', (_what, file, why) => {
		const r = spawnSync(process.execPath, [cli, 'parse', file === '.' ? dir : file], { encoding: 'utf8', timeout: 20_000 });
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(why);
		expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
	});

	it('refuses a file over 64 MB and reads an ordinary one', () => {
		const big = path.join(dir, 'big.md');
		fs.writeFileSync(big, '');
		fs.truncateSync(big, 64 * 1024 * 1024 + 1);
		const r = run(['parse', big]);
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/64 MB/);
		const ok = path.join(dir, 'ok.md');
		fs.writeFileSync(ok, '---\nsession: 20261102-091500-claude\n---\n\n## Task\n\nt\n');
		const parsed = json(['parse', ok]);
		expect(parsed.session).toBe('20261102-091500-claude');
	});
});

describe('bidi controls in text output', () => {
	it('a folder named with a right-to-left override is printed without it', () => {
		const vault = copyVault(OWN);
		const name = 'evil\u202eredli\u2066f\u2069\u200f\u061c';
		fs.cpSync(path.join(vault, 'sessions', 'alpha'), path.join(vault, 'sessions', name), { recursive: true });
		const text = run(['scopes', '--vault', vault, '--now', NOW]);
		expect(text.status).toBe(0);
		expect(text.stdout).toContain('evilredlif');
		expect(text.stdout).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
		const raw = run(['scopes', '--vault', vault, '--now', NOW, '--json']);
		expect(raw.stdout).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
		expect(JSON.parse(raw.stdout).scopes.map((s: any) => s.scope)).toContain(name);
	});
});

describe('writing', () => {
	const retiredText = (): string => expected.rulings.find((r: any) => r.scope === 'alpha' && r.session !== null && r.verdict === 'none').text;

	it('review appends exactly one well-formed verdict line and the verdict shows at once', () => {
		const vault = copyVault(OWN);
		const file = path.join(vault, 'sessions/alpha/reviewed.md');
		const before = fs.readFileSync(file, 'utf8');
		const text = retiredText();
		const r = run(['review', '--vault', vault, '--scope', 'alpha', '--retire', text.toUpperCase(), '--now', NOW]);
		expect(r.status).toBe(0);
		const after = fs.readFileSync(file, 'utf8');
		expect(after.startsWith(before)).toBe(true);
		const added = after.slice(before.length + (before.endsWith('\n') ? 0 : 1));
		expect(added).toBe(`- retired: ${text} <!-- ts=${NOW} -->\n`);
		const { rulings } = json(['rulings', '--vault', vault, '--scope', 'alpha']);
		expect(rulings.filter((x: any) => x.text === text).every((x: any) => x.verdict === 'retired')).toBe(true);
	});

	it('reconfirm takes a commit; a bad commit, an unknown ruling or an unknown scope write nothing', () => {
		const vault = copyVault(OWN);
		const file = path.join(vault, 'sessions/alpha/reviewed.md');
		const before = fs.readFileSync(file, 'utf8');
		expect(run(['review', '--vault', vault, '--scope', 'alpha', '--reconfirm', retiredText(), '--commit', 'xyz']).status).toBe(2);
		expect(run(['review', '--vault', vault, '--scope', 'alpha', '--retire', 'an approach nobody ever wrote down']).status).toBe(2);
		expect(run(['review', '--vault', vault, '--scope', '../alpha', '--retire', retiredText()]).status).toBe(2);
		expect(fs.readFileSync(file, 'utf8')).toBe(before);
		const ok = run(['review', '--vault', vault, '--scope', 'alpha', '--reconfirm', retiredText(), '--commit', 'ABC1234', '--now', NOW]);
		expect(ok.status).toBe(0);
		expect(fs.readFileSync(file, 'utf8')).toBe(`${before}- reconfirmed at abc1234: ${retiredText()} <!-- ts=${NOW} -->\n`);
	});

	it('undo appends the verdict that was in effect before the last one, and refuses a text without a verdict', () => {
		const vault = copyVault(OWN);
		const file = path.join(vault, 'sessions/alpha/reviewed.md');
		const before = fs.readFileSync(file, 'utf8');
		const syncMap = 'a sync.Map of buckets — lock contention doubled p99 latency under load';
		// Its last line is "reconfirmed at 5b8e0f3"; the one before, "retired", comes back with its own time.
		const r = run(['review', '--vault', vault, '--scope', 'alpha', '--undo', syncMap.toUpperCase(), '--now', NOW]);
		expect(r.status).toBe(0);
		expect(fs.readFileSync(file, 'utf8')).toBe(`${before}- retired: ${syncMap} <!-- ts=1794081600 -->\n`);
		const { rulings } = json(['rulings', '--vault', vault, '--scope', 'alpha']);
		expect(rulings.filter((x: any) => x.text === syncMap).map((x: any) => x.verdict)).toContain('retired');
		const after = fs.readFileSync(file, 'utf8');
		const none = run(['review', '--vault', vault, '--scope', 'alpha', '--undo', 'an approach nobody ever gave a verdict on']);
		expect(none.status).toBe(2);
		expect(none.stderr).toContain('nothing to undo');
		expect(run(['review', '--vault', vault, '--scope', 'alpha', '--undo', syncMap, '--retire', syncMap]).status).toBe(2);
		expect(fs.readFileSync(file, 'utf8')).toBe(after);
	});

	it('undo of a first verdict writes an undo line; every answer reads the ruling as live again, in one vocabulary', () => {
		const vault = copyVault(OWN);
		const file = path.join(vault, 'sessions/alpha/reviewed.md');
		// One copy, no verdict yet.
		const text = 'per-route flags in the load balancer — the LB has no per-route flags';
		const words = (): string => run(['rulings', '--vault', vault, '--scope', 'alpha']).stdout.split('\n').filter((l) => l.includes(`] ${text} (`)).map((l) => l.slice(0, l.indexOf(']') + 1)).join(' ');
		expect(words()).toBe('[live]');
		expect(run(['review', '--vault', vault, '--scope', 'alpha', '--retire', text, '--now', NOW]).status).toBe(0);
		expect(words()).toMatch(/^\[retired \d{4}-\d{2}-\d{2}\]$/);
		const before = fs.readFileSync(file, 'utf8');
		expect(run(['review', '--vault', vault, '--scope', 'alpha', '--undo', text, '--now', String(Number(NOW) + 5)]).status).toBe(0);
		expect(fs.readFileSync(file, 'utf8')).toBe(`${before}- reconfirmed: ${text} <!-- ts=${Number(NOW) + 5} undo -->\n`);
		expect(words()).toBe('[live]');
		const { rulings } = json(['rulings', '--vault', vault, '--scope', 'alpha']);
		expect(rulings.filter((x: any) => x.text === text).map((x: any) => x.verdict)).toEqual(['none']);
	});

	it('review creates reviewed.md with its header when the scope has none', () => {
		const vault = copyVault(OWN);
		const ruling = expected.rulings.find((r: any) => !fs.existsSync(path.join(vault, 'sessions', r.scope, 'reviewed.md')));
		expect(ruling).toBeDefined();
		const file = path.join(vault, 'sessions', ruling.scope, 'reviewed.md');
		expect(run(['review', '--vault', vault, '--scope', ruling.scope, '--retire', ruling.text, '--now', NOW]).status).toBe(0);
		const body = fs.readFileSync(file, 'utf8');
		expect(body.startsWith(`# reviewed — ${ruling.scope}\n`)).toBe(true);
		expect(body.endsWith(`\n\n- retired: ${ruling.text} <!-- ts=${NOW} -->\n`)).toBe(true);
	});

	it('note appends one masked working note in logos\'s format', () => {
		const vault = copyVault(OWN);
		const file = path.join(vault, 'sessions/alpha/uncommitted.md');
		const before = fs.readFileSync(file, 'utf8');
		const r = run(['note', '--vault', vault, '--scope', 'alpha', '--agent', 'Dana Q', '--now', NOW, 'token', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'works\tnow']);
		expect(r.status).toBe(0);
		const after = fs.readFileSync(file, 'utf8');
		expect(after).toBe(`${before}- token [REDACTED] works now <!-- ts=${NOW} agent=dana-q -->\n`);
		const { notes } = { notes: json(['resume', '--vault', vault, '--scope', 'alpha']).uncommitted };
		expect(notes[notes.length - 1]).toEqual({ text: 'token [REDACTED] works now', agent: 'dana-q', ts: Number(NOW) });
	});

	it('note creates uncommitted.md with logos\'s header in a scope that has none', () => {
		const vault = copyVault(OWN);
		const file = path.join(vault, 'sessions/gamma/uncommitted.md');
		expect(run(['note', '--vault', vault, '--scope', 'gamma', '--now', NOW, 'first note']).status).toBe(0);
		const body = fs.readFileSync(file, 'utf8');
		expect(body.startsWith('# uncommitted — gamma\n\nWorking notes from sessions')).toBe(true);
		expect(body.endsWith(`\n\n- first note <!-- ts=${NOW} agent=obsidian -->\n`)).toBe(true);
	});
});

describe('resume', () => {
	it('hands over no retired ruling in markdown, but keeps it marked in JSON', () => {
		const r = json(['resume', '--vault', OWN, '--scope', 'alpha']);
		const retired = r.rulings.filter((x: any) => x.verdict === 'retired');
		expect(retired.length).toBeGreaterThan(0);
		const md = execFileSync(process.execPath, [cli, 'resume', '--vault', OWN, '--scope', 'alpha', '--markdown', '--now', NOW], { encoding: 'utf8' });
		const live = new Set(r.rulings.filter((x: any) => x.verdict !== 'retired').map((x: any) => x.text));
		for (const x of retired) if (!live.has(x.text)) expect(md).not.toContain(x.text);
		expect(md).toContain(r.latest.next.trim());
	});
});

const describeRef = describeIf(fs.existsSync(REF));

describeRef('the shared reference vault (vault-basic)', () => {
	it('answers latest, history and follows as its README lists', () => {
		const { scopes } = json(['scopes', '--vault', REF]);
		expect(Object.fromEntries(scopes.map((s: any) => [s.scope, s.latest]))).toEqual({
			heron: '20261123-121955-codex',
			kestrel: '20261119-113005-codex',
			'kestrel/billing-v2': '20261120-151102-claude',
		});
		const k = json(['history', '--vault', REF, '--scope', 'kestrel']);
		expect(k.checkpoints.map((c: any) => c.session)).toEqual([
			'20261119-113005-codex', '20261118-160840-claude-code', '20261117-101517-claude', '20261116-142233-claude', '20261116-091204-claude',
		]);
		expect(k.checkpoints.map((c: any) => c.follows)).toEqual([
			'20261118-160840-claude-code', '20261117-101517-claude', '20261116-142233-claude', '20261116-091204-claude', null,
		]);
		const w = json(['history', '--vault', REF, '--scope', 'kestrel/billing-v2']);
		expect(w.skippedAhead).toEqual(['sessions/kestrel/billing-v2/_convos/3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48/20261120-181203-claude.md']);
		expect(json(['history', '--vault', REF, '--scope', 'heron']).checkpoints).toHaveLength(4);
	});

	it('lists kestrel\'s conversations with the worktree one first', () => {
		const { conversations } = json(['conversations', '--vault', REF, '--scope', 'kestrel']);
		expect(conversations.map((c: any) => [c.id, c.chain.length, c.flat])).toEqual([
			['3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48', 2, false],
			['20261119-113005-codex', 1, false],
			['d41f8e2c-95ab-47c8-9d0e-3f61a2b7c904', 1, false],
			['7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6', 3, false],
		]);
		const heron = json(['conversations', '--vault', REF, '--scope', 'heron']).conversations;
		expect(heron.find((c: any) => c.id === '20261012-154233-claude').flat).toBe(true);
	});

	it('reads the working notes and the verdicts', () => {
		const r = json(['resume', '--vault', REF, '--scope', 'kestrel']);
		expect(r.uncommitted.map((n: any) => n.ts)).toEqual([1795629731, 1795630180, 1795630503, 1795630907]);
		const { rulings } = json(['rulings', '--vault', REF, '--scope', 'kestrel']);
		const verdictOf = (start: string): string => rulings.find((x: any) => x.text.startsWith(start)).verdict;
		expect(verdictOf('computing proration client-side')).toBe('reconfirmed');
		expect(rulings.find((x: any) => x.text.startsWith('computing proration client-side')).commit).toBe('d2c7a15');
		expect(verdictOf("calling Stripe's upcoming-invoice endpoint")).toBe('retired');
		expect(rulings.filter((x: any) => x.session === null).map((x: any) => x.text)).toEqual([
			expect.stringMatching(/^route: caching previews per coupon/),
		]);
		expect(r.latest.session).toBe('20261119-113005-codex');
		expect(r.latest.handoffTo).toBe('claude');
	});
});

describe('the answer and its warnings reach a pipe whole', () => {
	it('a history of 1,500 checkpoints (far past a pipe\'s buffer) and the warning before it, though the process exits once they are written', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-pipe-'));
		try {
			const scope = path.join(dir, 'sessions', 'alpha');
			fs.mkdirSync(scope, { recursive: true });
			for (let i = 0; i < 1500; i++) {
				const stem = `202611${String(10 + (i % 20)).padStart(2, '0')}-${String(100000 + i)}-claude`;
				fs.writeFileSync(path.join(scope, `${stem}.md`), `---\nagent: claude\nsession: ${stem}\n---\n\n## Task\n\n${'a task worth a long line '.repeat(8)}${i}\n\n## Next\n\nnext\n`);
			}
			const notIndex = path.join(dir, 'not-an-index.db');
			fs.writeFileSync(notIndex, 'not sqlite');
			const r = run(['history', '--vault', dir, '--scope', 'alpha', '--json', '--now', NOW, '--db', notIndex]);
			expect(r.status).toBe(0);
			expect(r.stdout.length).toBeGreaterThan(256 * 1024);
			expect(JSON.parse(r.stdout).checkpoints).toHaveLength(1500);
			expect(r.stderr).toMatch(/is not a usable index .*answered from the files/);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
