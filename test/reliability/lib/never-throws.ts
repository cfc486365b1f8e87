/**
 * Never throws: every reader of vault text, fed generated and mutated input (random bytes
 * decoded as text, NUL, very long lines, deep nesting, headings forged inside fields),
 * and whole random vaults through the scan, the model and the resume. Also render → parse
 * → render for what logos and the plugin write: notes, verdicts, checkpoints.
 *
 * Properties never fail inside fast-check: every input is counted, and what goes wrong is
 * counted and kept as an example, so the same code serves jest and the figures script.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { back, forward } from '../../../src/core';
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core';
import { continuityOf } from '../../../src/core';
import { conversations } from '../../../src/core';
import { history } from '../../../src/core';
import { appendNoteLine, isDeadEnd, parseRoute, parseUncommitted, renderNoteLine, renderUncommitted } from '../../../src/core';
import { buildResume, rulingsOf, UnknownScope } from '../../../src/core';
import { renderResumeMarkdown } from '../../../src/core';
import { appendLine, parseReviewed, renderVerdict } from '../../../src/core';
import { maskSecrets } from '../../../src/core';
import { safeName } from '../../../src/core';
import { collapseSpace } from '../../../src/core';
import type { Checkpoint, VaultFile, VaultSnapshot, Verdict, WorkingNote } from '../../../src/core';
import { buildVaultModel, projectOf } from '../../../src/core';
import { readFrontmatter } from '../../../src/core';
import { ROOT } from './env';
import { errorText, type CheckResult, Tally } from './report';

/** Every text file of our fixture vaults: the bases that mutations start from. */
function fixtureTexts(): { checkpoints: string[]; notes: string[]; reviewed: string[] } {
	const out = { checkpoints: [] as string[], notes: [] as string[], reviewed: [] as string[] };
	const walk = (dir: string): void => {
		if (!fs.existsSync(dir)) return;
		for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
			const abs = path.join(dir, e.name);
			if (e.isDirectory()) walk(abs);
			else if (e.isFile() && e.name.endsWith('.md') && e.name !== 'README.md') {
				const text = fs.readFileSync(abs, 'utf8');
				if (e.name === 'uncommitted.md') out.notes.push(text);
				else if (e.name === 'reviewed.md') out.reviewed.push(text);
				else out.checkpoints.push(text);
			}
		}
	};
	for (const v of ['vault-own', 'vault-hostile']) walk(path.join(ROOT, 'test', 'fixtures', v, 'sessions'));
	if (out.checkpoints.length === 0) out.checkpoints.push(renderCheckpoint({ ...emptyCheckpoint(), session: '20261101-090000-claude', project: 'p', task: 't' }, ''));
	if (out.notes.length === 0) out.notes.push(renderUncommitted('p', [{ scope: 'p', text: 'x', ts: 1, agent: 'a', line: 0 }]));
	if (out.reviewed.length === 0) out.reviewed.push('- retired: x <!-- ts=1 -->\n');
	return out;
}

// ---------------------------------------------------------------- hostile text

const TRICKY = [
	'\u0000', '\u001b[31m', '\u001b]0;title\u0007', '\u009b2J', '\r', '\r\n', '\t', '\ufeff', '\u2028', '\u0085', '\u00a0', '\u200b',
	'\ud800', '\udfff', '😀', '日本', 'é', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '[[', ']]', '```', '---', '## Task',
	'## Next', "## Didn't work", '\\## Task', ': ', '- ', '* ', '&a ', '*a', '!!binary ', '|-\n', '>-\n', '{', '}', '[', ']', '"', "'", '#',
	'<!-- ts=1 agent=x -->', '<!-- ts=99999999999999999999 -->', ' | ', 'route: ', 'observation: ', 'retired: ', 'reconfirmed at abcd: ',
];
const tricky = fc.constantFrom(...TRICKY);
const unit = fc.oneof({ weight: 3, arbitrary: tricky }, { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) }, { weight: 3, arbitrary: fc.constantFrom(' ', '\n', 'a', 'x', '0', '9') });

/** Random bytes read the way a vault reader reads them: as UTF-8, bad sequences replaced. */
const decodedBytes = fc.uint8Array({ maxLength: 600 }).map((b) => new TextDecoder('utf-8').decode(b));
const longLine = fc.tuple(fc.constantFrom('x', 'é', '\u0000', '#', '- ', '[', '😀'), fc.integer({ min: 10_000, max: 200_000 })).map(([c, n]) => c.repeat(Math.ceil(n / c.length)));

/** Nesting a recursive reader would follow: YAML flow and block collections, bullets, quotes. */
const deepNesting = fc.tuple(fc.constantFrom('flow', 'seq', 'map', 'bullets', 'quote', 'brackets'), fc.integer({ min: 50, max: 3000 })).map(([kind, n]) => {
	switch (kind) {
		case 'flow':
			return `---\ntouched: ${'['.repeat(n)}${']'.repeat(n)}\nproject: p\n---\n\n## Task\n\nstill read\n`;
		case 'seq':
			return `---\ntouched:\n${Array.from({ length: Math.min(n, 800) }, (_, i) => `${' '.repeat(i)}- `).join('\n')}x\n---\n\n## Task\n\nt\n`;
		case 'map':
			return `---\nproject:\n${Array.from({ length: Math.min(n, 800) }, (_, i) => `${' '.repeat(i + 1)}k${i}:`).join('\n')} v\n---\n`;
		case 'bullets':
			return `## Decisions\n\n${Array.from({ length: n }, (_, i) => `${'  '.repeat(i % 200)}- d${i}`).join('\n')}\n`;
		case 'quote':
			return `## State\n\n${'> '.repeat(n)}deep\n`;
		default:
			return `${'{'.repeat(n)}route: x${'}'.repeat(n)} | observation: ${'('.repeat(n)}`;
	}
});

const anyText = fc.oneof(
	{ weight: 4, arbitrary: fc.string({ unit, maxLength: 200 }) },
	{ weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
	{ weight: 2, arbitrary: decodedBytes },
	{ weight: 1, arbitrary: longLine },
	{ weight: 1, arbitrary: deepNesting },
);

/** A base text with a few random cuts and insertions. */
function mutated(bases: string[]): fc.Arbitrary<string> {
	return fc
		.tuple(fc.constantFrom(...bases), fc.array(fc.tuple(fc.nat(), fc.nat(40), fc.string({ unit, maxLength: 12 })), { minLength: 1, maxLength: 6 }))
		.map(([base, edits]) => edits.reduce((s, [at, cut, insert]) => {
			const i = s.length === 0 ? 0 : at % (s.length + 1);
			return s.slice(0, i) + insert + s.slice(i + cut);
		}, base));
}

// ---------------------------------------------------------------- what logos could write

/** One-line frontmatter text with the hostile characters a field may hold. */
const fieldText = fc.string({ unit, maxLength: 30 }).map((s) => s.replace(/[\n\u2028\u2029]/g, ' '));
const prose = fc.array(fc.oneof(fc.string({ unit, maxLength: 40 }), fc.constantFrom('## Task', '## Next', "## Didn't work", '# x', '---', '- item', '')), { maxLength: 4 }).map((l) => l.join('\n'));
const bullets = fc.array(fc.string({ unit, maxLength: 30 }), { maxLength: 3 });
const ids = fc.tuple(fc.constantFrom('20261101-090000', '20261102-100000', '20261103-110000', '20261104-120000'), fc.constantFrom('claude', 'codex', 'x'))
	.map(([s, a]) => `${s}-${a}`);

const checkpointArb: fc.Arbitrary<Checkpoint> = fc
	.record({ session: ids, project: fc.constantFrom('alpha', 'alpha/spike', '../../.obsidian'), agent: fieldText, task: prose, intent: prose, state: prose, next: prose, failed: bullets, decisions: bullets, verified: bullets, handoffTo: fieldText, commit: fc.constantFrom('', '1234567', '12e4567', 'abc') })
	.map(({ commit, ...r }) => {
		const c = { ...emptyCheckpoint(), ...r };
		c.git.branch = commit === '' ? '' : 'main';
		c.git.commit = commit;
		c.checkpointed = '2026-11-16T09:58:41-08:00';
		return c;
	});

/** Well-formed UTF-16: what survives a trip through a UTF-8 file. */
const stored = (s: string): string => Buffer.from(s, 'utf8').toString('utf8');

const noteArb = fc.record({
	text: fc.string({ unit, minLength: 1, maxLength: 80 }),
	ts: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
	agent: fc.oneof(fc.constantFrom('claude', 'Claude Code', 'team/Dana', 'obsidian'), fc.string({ unit, maxLength: 12 })),
});

const verdictArb = fc.record({
	kind: fc.constantFrom<Verdict['kind']>('retired', 'reconfirmed'),
	text: fc.string({ unit, minLength: 1, maxLength: 80 }),
	commit: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9a-f]{4,40}$/)),
	ts: fc.nat(),
});

// ---------------------------------------------------------------- random vaults

const stamp = fc.constantFrom('20261101-090000', '20261101-090000', '20261102-100000', '20261103-110000', '20991231-235959', '00000000-000000');
const agentName = fc.constantFrom('claude', 'codex', 'claude-code', '日本', '');
const anId = fc.tuple(stamp, agentName).map(([s, a]) => `${s}-${a}`);
const fileName = fc.oneof(
	{ weight: 6, arbitrary: anId.map((i) => `${i}.md`) },
	{ weight: 1, arbitrary: anId.map((i) => `${i} (conflicted copy).md`) },
	{ weight: 1, arbitrary: anId.map((i) => `${i}.sync-conflict-20261120-101010-ABCDEF1.md`) },
	{ weight: 1, arbitrary: anId.map((i) => `${i} 2.md`) },
	{ weight: 2, arbitrary: fc.constantFrom('uncommitted.md', 'reviewed.md', 'transcript.jsonl', 'transcript.jsonl.partial', 'notes.txt', '.DS_Store', 'x.md.tmp', 'ledger.md') },
	{ weight: 1, arbitrary: fc.string({ unit, minLength: 1, maxLength: 20 }) },
);
const seg = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom('alpha', 'beta', 'alpha', 'spike') },
	{ weight: 2, arbitrary: fc.constantFrom('_convos', '_unattached', 'plans', '.obsidian', '..', '.', '', 'Ünï', 'a b', 'c1', 'c2') },
	{ weight: 1, arbitrary: fc.string({ unit, maxLength: 10 }) },
);
const folder = fc.oneof(
	fc.tuple(seg).map((a) => a),
	fc.tuple(seg, fc.constant('_convos'), fc.constantFrom('c1', 'c2', '_unattached')).map((a) => a),
	fc.tuple(seg, seg, fc.constant('_convos'), fc.constantFrom('c1', 'c2')).map((a) => a),
	fc.array(seg, { minLength: 0, maxLength: 12 }),
);

const vaultContent = (pool: string[]): fc.Arbitrary<string | null> =>
	fc.oneof(
		{ weight: 1, arbitrary: fc.constant(null) },
		{ weight: 1, arbitrary: fc.constant('') },
		{
			weight: 6,
			arbitrary: fc.tuple(checkpointArb, fc.oneof(fc.constant(''), anId, fc.constant('20200101-000000-gone')), fc.constantFrom('', 'c1', 'c2')).map(([c, follows, host]) => {
				c.hostSession = host;
				return renderCheckpoint(c, follows);
			}),
		},
		{ weight: 2, arbitrary: mutated(pool) },
		{ weight: 1, arbitrary: anyText },
	);

function vaultArb(pool: string[]): fc.Arbitrary<VaultSnapshot> {
	const file = fc.record({ dir: folder, name: fileName, text: vaultContent(pool) });
	return fc.record({
		root: fc.constantFrom('sessions', 'sessions', 'logos/sessions', '', '/sessions/'),
		files: fc.array(file, { maxLength: 14 }),
		extraDirs: fc.array(folder, { maxLength: 3 }),
	}).map(({ root, files, extraDirs }) => {
		const prefix = root.replace(/^\/+|\/+$/g, '');
		const join = (parts: string[]): string => [prefix, ...parts].filter((p, i) => i > 0 || p !== '').join('/');
		const out: VaultFile[] = files.map((f) => ({
			path: join([...f.dir, f.name]),
			text: f.text,
			mtime: 0,
			size: f.text === null ? 0 : f.text.length,
			...(f.text === null ? { error: 'cannot read (EACCES)' } : {}),
		}));
		const dirs = new Set<string>();
		for (const d of [...files.map((f) => f.dir), ...extraDirs]) for (let i = 1; i <= d.length; i++) dirs.add(join(d.slice(0, i)));
		return { root, files: out, dirs: [...dirs] };
	});
}

// ---------------------------------------------------------------- the properties

type Body<T> = (input: T) => void;

/** Runs `body` on `runs` inputs; a throw is an exception, a returned complaint is `failName`. */
function check<T>(t: Tally, name: string, arb: fc.Arbitrary<T>, runs: number, seed: number, body: Body<T>): void {
	fc.assert(
		fc.property(arb, (input) => {
			t.add('inputs tried');
			try {
				body(input);
			} catch (e) {
				t.fail('exceptions', `${name} (seed ${seed}): ${errorText(e)} on ${JSON.stringify(input).slice(0, 300)}`);
			}
		}),
		{ numRuns: runs, seed },
	);
}

const NOW = 1796068800;

function wellFormed(c: Checkpoint): string {
	if (!Array.isArray(c.decisions) || !Array.isArray(c.failed) || !Array.isArray(c.git.touched) || !Array.isArray(c.problems)) return 'a list is not an array';
	if (!Number.isFinite(c.ts)) return `ts is ${c.ts}`;
	if (typeof c.task !== 'string' || typeof c.follows !== 'string') return 'a text field is not a string';
	return '';
}

function exerciseVault(snap: VaultSnapshot, t: Tally, seed: number): void {
	const model = buildVaultModel(snap);
	const paths = new Set(snap.files.map((f) => f.path));
	for (const r of model.scan.records) if (!paths.has(r.path)) t.fail('inconsistent vault readings', `seed ${seed}: a record for a path not in the vault: ${r.path}`);
	for (const p of model.problems) if (p.path !== null && !paths.has(p.path) && !snap.dirs.includes(p.path)) t.fail('inconsistent vault readings', `seed ${seed}: a problem on an unknown path ${p.path}`);
	for (const scope of model.scopes) {
		const h = history(model.scan, scope);
		if (h.entries.some((e) => e.copyOf !== null || e.empty)) t.fail('inconsistent vault readings', `seed ${seed}: history of ${scope} holds a copy or an empty file`);
		const r = buildResume(model, scope, { now: NOW, conversation: null });
		if ((r.latest?.record ?? null) !== (h.entries[0] ?? null)) t.fail('inconsistent vault readings', `seed ${seed}: resume latest is not history's newest in ${scope}`);
		renderResumeMarkdown(r);
		rulingsOf(model, scope);
		for (const c of conversations(model.scan, projectOf(scope)).filter((x) => x.scope === scope)) {
			try {
				renderResumeMarkdown(buildResume(model, scope, { now: NOW, conversation: c.id }));
			} catch (e) {
				// An id that matches several conversations is refused with a readable error.
				if (!(e instanceof UnknownScope)) throw e;
			}
		}
	}
	for (const rec of model.scan.records) {
		back(model.scan, rec.id, rec.scope);
		forward(model.scan, rec.id, rec.scope);
		back(model.scan, rec.id);
	}
	continuityOf(model, NOW);
}

/** `runs` inputs per property (the heavy whole-vault property gets a share of them). */
export function neverThrows(runs: number, seed: number): CheckResult {
	const t = new Tally();
	t.zero('exceptions', 'unstable round trips', 'lines lost by an append', 'inconsistent vault readings', 'inputs tried');
	const base = fixtureTexts();
	const cpText = fc.oneof(anyText, mutated(base.checkpoints), checkpointArb.map((c) => renderCheckpoint(c, '')));

	check(t, 'parseCheckpoint', cpText, runs, seed, (raw) => {
		const c = parseCheckpoint(raw);
		const bad = wellFormed(c);
		if (bad !== '') throw new Error(bad);
		renderCheckpoint(c, c.follows);
	});

	check(t, 'readFrontmatter', fc.oneof(anyText, mutated(base.checkpoints).map((s) => s.split('\n---\n')[0].replace(/^---\n/, ''))), runs, seed, (y) => {
		const r = readFrontmatter(y);
		if (!Array.isArray(r.entries) || !Array.isArray(r.problems)) throw new Error('not a reading');
	});

	check(t, 'parseUncommitted / parseRoute / isDeadEnd', fc.oneof(anyText, mutated(base.notes)), runs, seed, (text) => {
		for (const n of parseUncommitted(text, 'alpha')) {
			if (n.text === '' || !Number.isSafeInteger(n.ts)) throw new Error(`unreadable note read: ${JSON.stringify(n)}`);
			parseRoute(n.text);
			isDeadEnd(n.text);
		}
		parseRoute(text);
		isDeadEnd(text);
		maskSecrets(text);
	});

	check(t, 'parseReviewed', fc.oneof(anyText, mutated(base.reviewed)), runs, seed, (text) => {
		for (const v of parseReviewed(text)) if (v.text === '') throw new Error('a verdict without ruling');
	});

	// render → parse → render: the second rendering is the first, byte for byte.
	check(t, 'checkpoint round trip', fc.tuple(checkpointArb, fc.oneof(fc.constant(''), ids)), runs, seed, ([c, follows]) => {
		const first = stored(renderCheckpoint(c, follows));
		const again = renderCheckpoint(parseCheckpoint(first), follows);
		if (again !== first) t.fail('unstable round trips', `checkpoint (seed ${seed}): ${JSON.stringify(first).slice(0, 300)}`);
	});

	check(t, 'uncommitted.md round trip', fc.uniqueArray(noteArb, { maxLength: 8, selector: (n) => `${collapseSpace(stored(n.text))}\u0000${n.ts}` }), runs, seed, (input) => {
		const notes: WorkingNote[] = input
			.map((n) => ({ scope: 'alpha', text: stored(n.text), ts: n.ts, agent: safeName(n.agent) === '' ? 'agent' : n.agent, line: 0 }))
			.filter((n) => collapseSpace(n.text) !== '');
		const first = renderUncommitted('alpha', notes);
		const back = parseUncommitted(first, 'alpha');
		if (back.length !== notes.length || renderUncommitted('alpha', back) !== first) {
			t.fail('unstable round trips', `uncommitted.md (seed ${seed}): ${JSON.stringify(first).slice(0, 300)}`);
		}
	});

	check(t, 'verdict round trip', verdictArb, runs, seed, (v) => {
		const text = stored(v.text);
		if (collapseSpace(text) === '') return;
		const first = renderVerdict({ ...v, text, line: 0 });
		const back = parseReviewed(first);
		if (back.length !== 1 || renderVerdict(back[0]) !== first) t.fail('unstable round trips', `verdict (seed ${seed}): ${JSON.stringify(first)}`);
	});

	// An append never loses what the file held, and adds exactly the new line.
	check(t, 'append to uncommitted.md', fc.tuple(fc.oneof(anyText, mutated(base.notes)), noteArb), runs, seed, ([existing, n]) => {
		const text = stored(n.text);
		if (collapseSpace(text) === '') return;
		const line = renderNoteLine({ text, ts: n.ts, agent: n.agent });
		const before = parseUncommitted(existing, 'alpha');
		const after = parseUncommitted(appendNoteLine(existing, line, 'alpha'), 'alpha');
		const has = (list: WorkingNote[], x: { text: string; ts: number }): boolean => list.some((y) => y.text === x.text && y.ts === x.ts);
		const lost = before.filter((b) => !has(after, b));
		if (lost.length > 0 || !has(after, { text: collapseSpace(text), ts: n.ts })) {
			t.fail('lines lost by an append', `seed ${seed}: ${JSON.stringify(existing).slice(0, 200)} + ${JSON.stringify(line)}`);
		}
	});

	check(t, 'append to reviewed.md', fc.tuple(fc.oneof(anyText, mutated(base.reviewed)), verdictArb), runs, seed, ([existing, v]) => {
		const text = stored(v.text);
		if (collapseSpace(text) === '') return;
		const line = renderVerdict({ ...v, text, line: 0 });
		const before = parseReviewed(existing).map((x) => renderVerdict(x));
		const after = parseReviewed(appendLine(existing, line, 'alpha')).map((x) => renderVerdict(x));
		if (after.length !== before.length + 1 || after[after.length - 1] !== line || before.some((b, i) => after[i] !== b)) {
			t.fail('lines lost by an append', `reviewed.md (seed ${seed}): ${JSON.stringify(existing).slice(0, 200)} + ${JSON.stringify(line)}`);
		}
	});

	check(t, 'scan, model and resume of a random vault', vaultArb(base.checkpoints), Math.max(10, Math.floor(runs / 2)), seed, (snap) => exerciseVault(snap, t, seed));
	return t.result();
}
