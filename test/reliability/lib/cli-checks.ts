/**
 * The built CLI over the hostile vault: every read answers with exit 0, lists the damaged
 * files as problems and still shows the rest of the scope; no command prints a control
 * character from agent text; no write leaves the vault or follows a link out of it.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildHostileVault, changedOutside, FIXTURE, type HostileVault } from './hostile-vault';
import { ROOT } from './env';
import { type CheckResult, Tally } from './report';

const NOW = '1796587200'; // 2026-12-06T12:00:00-08:00

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

interface Run {
	status: number;
	stdout: string;
	stderr: string;
	ms: number;
}

interface Expected {
	scopes: string[];
	latest: Record<string, string>;
	history: Record<string, string[]>;
	follows: Record<string, string | null>;
	ts: Record<string, number>;
	skippedAhead: Record<string, string[]>;
	problems: Record<string, { kind: string; path: string }[]>;
	conversations: Record<string, { id: string; chain: string[]; flat: boolean }[]>;
	chainBack: Record<string, string[]>;
	notes: Record<string, number[]>;
	rulings: Record<string, { startsWith: string; session: string | null; verdict: string }[]>;
	notScopes: string[];
	visibleText: string[];
}

function show(x: unknown): string {
	return JSON.stringify(x).slice(0, 400);
}

/** Copies of a folder tree as path → bytes, links as their targets, to find what changed. */
function treeOf(dir: string): Map<string, string> {
	const out = new Map<string, string>();
	const walk = (rel: string): void => {
		for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
			const r = rel === '' ? e.name : `${rel}/${e.name}`;
			const abs = path.join(dir, r);
			if (e.isSymbolicLink()) out.set(r, `-> ${fs.readlinkSync(abs)}`);
			else if (e.isDirectory()) walk(r);
			else if (e.isFile()) out.set(r, fs.readFileSync(abs).toString('base64'));
			else out.set(r, '(special)');
		}
	};
	walk('');
	return out;
}

function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
	const keys = new Set([...before.keys(), ...after.keys()]);
	return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

export async function cliChecks(cli: string): Promise<CheckResult> {
	const t = new Tally();
	t.zero('hostile vault wrong answers', 'control sequences printed', 'writes outside the allowed folders', 'cli failures', 'unmasked secrets written');
	const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8')) as Expected;
	const vault = buildHostileVault();
	try {
		await readChecks(cli, vault, expected, t);
		writeChecks(cli, vault, t);
		frontmatterProjectCheck(cli, t);
		await closedPipeCheck(cli, vault, t);
	} finally {
		vault.dispose();
	}
	return t.result();
}

function runner(cli: string, t: Tally): (args: string[]) => Run {
	return (args) => {
		const started = Date.now();
		const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
		t.add('cli runs');
		return { status: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms: Date.now() - started };
	};
}

/** Text output of a command must carry no control character; JSON must escape them all. */
function clean(t: Tally, what: string, r: Run): void {
	for (const [stream, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
		const m = CONTROL.exec(text);
		if (m) t.fail('control sequences printed', `${what} ${stream}: U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} near ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 20))}`);
	}
}

async function readChecks(cli: string, vault: HostileVault, expected: Expected, t: Tally): Promise<void> {
	const run = runner(cli, t);
	const wrong = (what: string, got: unknown, want: unknown): void => {
		if (show(got) !== show(want)) t.fail('hostile vault wrong answers', `${what}: got ${show(got)}, want ${show(want)}`);
	};
	const json = (args: string[]): Record<string, unknown> | null => {
		const r = run([...args, '--vault', vault.dir, '--json', '--now', NOW]);
		clean(t, `${args[0]} --json`, r);
		if (r.status !== 0) {
			t.fail('cli failures', `${args.join(' ')} --json exited ${r.status}: ${r.stderr.slice(0, 300)}`);
			return null;
		}
		if (r.ms > 20_000) t.fail('cli failures', `${args.join(' ')} took ${r.ms} ms`);
		return JSON.parse(r.stdout) as Record<string, unknown>;
	};

	const scopes = json(['scopes']);
	if (scopes) {
		const rows = scopes.scopes as { scope: string; latest: string | null }[];
		wrong('scopes', rows.map((s) => s.scope), expected.scopes);
		for (const s of rows) wrong(`latest of ${s.scope}`, s.latest, expected.latest[s.scope] ?? null);
	}
	for (const scope of expected.scopes) {
		const h = json(['history', '--scope', scope]);
		if (h) {
			const rows = h.checkpoints as { session: string; follows: string | null; ts: number }[];
			wrong(`history of ${scope}`, rows.map((c) => c.session), expected.history[scope]);
			for (const c of rows) {
				wrong(`follows of ${c.session}`, c.follows, expected.follows[c.session]);
				wrong(`ts of ${c.session}`, c.ts, expected.ts[c.session]);
			}
			const skipped = (h.skippedAhead as string[]).filter((p) => vault.fifo || !p.includes('20261209'));
			wrong(`skippedAhead of ${scope}`, skipped, expected.skippedAhead[scope].filter((p) => vault.fifo || !p.includes('20261209')));
			const problems = (h.problems as { kind: string; path: string }[]).map((p) => `${p.kind} ${p.path}`);
			const resume = json(['resume', '--scope', scope]);
			const all = new Set([...problems, ...((resume?.problems ?? []) as { kind: string; path: string }[]).map((p) => `${p.kind} ${p.path}`)]);
			for (const p of expected.problems[scope]) {
				if (!vault.fifo && p.path.includes('20261209')) continue;
				if (!all.has(`${p.kind} ${p.path}`)) t.fail('hostile vault wrong answers', `${scope}: problem not listed: ${p.kind} ${p.path}`);
			}
			if (resume) {
				wrong(`resume latest of ${scope}`, (resume.latest as { session: string } | null)?.session ?? null, expected.latest[scope]);
				wrong(`notes of ${scope}`, (resume.uncommitted as { ts: number }[]).map((n) => n.ts), expected.notes[scope]);
			}
		}
	}
	const conv = json(['conversations', '--scope', 'delta']);
	if (conv) wrong('conversations of delta', (conv.conversations as { id: string; chain: string[]; flat: boolean }[]).map((c) => ({ id: c.id, chain: c.chain, flat: c.flat })), expected.conversations.delta);
	for (const [session, back] of Object.entries(expected.chainBack)) {
		const c = json(['chain', '--session', session]);
		if (c) wrong(`chain back from ${session}`, c.back, back);
	}
	const rulings = json(['rulings', '--scope', 'delta']);
	if (rulings) {
		const rows = rulings.rulings as { text: string; session: string | null; verdict: string }[];
		wrong('ruling count of delta', rows.length, expected.rulings.delta.length);
		for (const want of expected.rulings.delta) {
			const got = rows.find((r) => r.text.startsWith(want.startsWith) && r.session === want.session);
			if (!got || got.verdict !== want.verdict) t.fail('hostile vault wrong answers', `ruling ${JSON.stringify(want.startsWith)}: got ${show(got)}`);
		}
	}
	for (const scope of expected.notScopes) {
		const r = run(['history', '--vault', vault.dir, '--scope', scope]);
		if (r.status !== 2) t.fail('hostile vault wrong answers', `${scope} should not be a scope (exit ${r.status})`);
	}

	// Text output: every command, over the scope whose agents wrote escape sequences.
	const d3 = path.join(vault.dir, 'sessions/delta/_convos/d0000000-0000-4000-8000-00000000d002/20261204-090000-codex.md');
	const texts: string[][] = [
		['scopes'], ['history', '--scope', 'delta'], ['conversations', '--scope', 'delta'], ['chain', '--session', '20261204-090000-codex'],
		['resume', '--scope', 'delta'], ['resume', '--scope', 'delta', '--markdown'], ['resume', '--scope', 'delta', '--conversation', 'd0000000-0000-4000-8000-00000000d002'],
		['rulings', '--scope', 'delta'], ['continuity'], ['history', '--scope', 'epsilon'],
	];
	let seen = '';
	for (const args of texts) {
		const r = run([...args, '--vault', vault.dir, '--now', NOW]);
		if (r.status !== 0) t.fail('cli failures', `${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
		clean(t, args.join(' '), r);
		seen += r.stdout;
	}
	const parsed = run(['parse', d3]);
	clean(t, 'parse', parsed);
	seen += parsed.stdout;
	for (const want of expected.visibleText) if (!seen.includes(want)) t.fail('hostile vault wrong answers', `text output lost readable text ${JSON.stringify(want)}`);
	// An unknown scope named with escape sequences: the error line is cleaned too.
	clean(t, 'error line', run(['history', '--vault', vault.dir, '--scope', '\u001b]0;pwned\u0007\u001b[2J']));
	const big = run(['resume', '--vault', vault.dir, '--scope', 'delta', '--json', '--now', NOW]);
	if (big.status !== 0 || big.ms > 20_000) t.fail('cli failures', `resume over the 5 MB checkpoint: exit ${big.status} in ${big.ms} ms`);
}

function writeChecks(cli: string, vault: HostileVault, t: Tally): void {
	const run = runner(cli, t);
	const before = treeOf(vault.dir);
	const refused: [string[], string][] = [
		[['note', '--scope', 'epsilon', 'into a link'], 'note through a linked uncommitted.md'],
		[['review', '--scope', 'epsilon', '--retire', 'exporting through the ORM timed out'], 'verdict through a linked reviewed.md'],
		[['note', '--scope', 'zeta', 'into a linked scope'], 'note into a linked scope folder'],
		[['note', '--scope', '../..', 'x'], 'note with a .. scope'],
		[['note', '--scope', 'delta/../epsilon', 'x'], 'note with .. inside a scope'],
		[['note', '--scope', '/etc', 'x'], 'note with an absolute scope'],
	];
	for (const [args, what] of refused) {
		const r = run([...args, '--vault', vault.dir, '--now', NOW]);
		t.add('write attempts');
		if (r.status !== 2) t.fail('cli failures', `${what}: exit ${r.status} (want 2, refused): ${r.stderr.slice(0, 200)}`);
		clean(t, what, r);
	}
	const outside = changedOutside(vault);
	for (const p of outside) t.fail('writes outside the allowed folders', `changed outside the vault: ${p}`);
	const inVault = changedPaths(before, treeOf(vault.dir));
	for (const p of inVault) t.fail('writes outside the allowed folders', `a refused write changed ${p}`);

	// Allowed writes land exactly where they should, masked.
	const token = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
	const ok = run(['note', '--scope', 'delta', '--vault', vault.dir, '--now', NOW, `the key is ${token}`]);
	const rev = run(['review', '--scope', 'delta', '--retire', 'loading the whole file in memory ran out at 2 GB', '--vault', vault.dir, '--now', NOW]);
	t.add('write attempts', 2);
	if (ok.status !== 0 || rev.status !== 0) t.fail('cli failures', `allowed writes: note exit ${ok.status}, review exit ${rev.status}: ${ok.stderr}${rev.stderr}`);
	const changed = changedPaths(before, treeOf(vault.dir));
	const allowed = ['sessions/delta/uncommitted.md', 'sessions/delta/reviewed.md'];
	for (const p of changed) if (!allowed.includes(p)) t.fail('writes outside the allowed folders', `an allowed write changed ${p}`);
	if (fs.readFileSync(path.join(vault.dir, 'sessions/delta/uncommitted.md'), 'utf8').includes(token)) t.fail('unmasked secrets written', 'CLI note');
	for (const p of changedOutside(vault)) t.fail('writes outside the allowed folders', `changed outside the vault: ${p}`);
}

/** vault-own's b8 says `project: ../../.obsidian`: a note to its scope goes to the folder, nowhere else. */
function frontmatterProjectCheck(cli: string, t: Tally): void {
	const run = runner(cli, t);
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-own-'));
	const dir = path.join(base, 'vault');
	try {
		fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'vault-own'), dir, { recursive: true });
		fs.mkdirSync(path.join(dir, '.obsidian'));
		const before = treeOf(base);
		const r = run(['note', '--scope', 'beta', '--vault', dir, '--now', NOW, 'a note for beta']);
		const bad = run(['note', '--scope', '../../.obsidian', '--vault', dir, '--now', NOW, 'x']);
		t.add('write attempts', 2);
		if (r.status !== 0 || bad.status !== 2) t.fail('cli failures', `note beta exit ${r.status}; note ../../.obsidian exit ${bad.status}`);
		for (const p of changedPaths(before, treeOf(base))) {
			if (p !== 'vault/sessions/beta/uncommitted.md') t.fail('writes outside the allowed folders', `note to beta changed ${p}`);
		}
	} finally {
		fs.rmSync(base, { recursive: true, force: true });
	}
}

/** `… | head`: the reader closes the pipe early; the CLI ends quietly, no stack trace. */
function closedPipeCheck(cli: string, vault: HostileVault, t: Tally): Promise<void> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [cli, 'resume', '--vault', vault.dir, '--scope', 'delta', '--json', '--now', NOW], { stdio: ['ignore', 'pipe', 'pipe'] });
		let err = '';
		child.stderr.on('data', (d: Buffer) => (err += d.toString()));
		child.stdout.once('data', () => child.stdout.destroy());
		child.on('close', (code) => {
			t.add('cli runs');
			if (code !== 0 || err !== '') t.fail('cli failures', `output closed early: exit ${code}, stderr ${JSON.stringify(err.slice(0, 200))}`);
			resolve();
		});
	});
}
