import { readFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core/format/checkpoint';
import type { Checkpoint } from '../../../src/core/types';

/** Characters that stress YAML quoting, headings, bullets and trimming. */
const tricky = fc.constantFrom(
	' ', '  ', '\t', ':', ': ', ' #', '#', '-', '- ', '*', '+', "'", '"', '\\', '[', ']', '{', '}', '&', '!', '|', '>',
	'%', '@', '`', '~', '?', ',', '.', '0', '7', 'e', 'x', 'y', 'n', 'é', '—', '…', '😀', '\u00a0', '\u0085', '\r',
	'\u0000', '\u001b', '\ufeff', '\u3000', '\u200b', 'true', 'null', '1234567', '12e4567', '2026-11-16',
);
const char = fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));

/**
 * One-line frontmatter text. logos writes line breaks in such values as a block whose
 * leading newline go-yaml itself loses, and YAML 1.2 readers do not break lines at
 * U+2028/U+2029, so neither can survive a round trip; both are left out.
 */
const lineText = fc.string({ unit: char, maxLength: 24 }).map((s) => s.replace(/[\n\u2028\u2029]/g, ' '));
const optional = (arb: fc.Arbitrary<string>) => fc.oneof(fc.constant(''), arb);

const seg = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')), minLength: 1, maxLength: 10 });
const scope = fc.oneof(seg, fc.tuple(seg, seg).map(([a, b]) => `${a}/${b}`));
const stamp = fc.tuple(fc.integer({ min: 10000000, max: 99999999 }), fc.integer({ min: 100000, max: 999999 }), seg);
const sessionId = stamp.map(([d, t, agent]) => `${d}-${t}-${agent}`);

/** Prose lines, with the ones that look like structure over-represented. */
const proseLine = fc.oneof(
	fc.string({ unit: char, maxLength: 30 }),
	fc.constantFrom('## Task', '## Next', '\\## Task', '\\\\# x', '# TODO', '  ## y', '\t#', '---', '- item', '', '   '),
);
const prose = fc.array(proseLine, { maxLength: 5 }).map((lines) => lines.join('\n'));
const bullets = fc.array(fc.oneof(prose, fc.string({ unit: char, maxLength: 20 })), { maxLength: 4 });
const count = fc.integer({ min: -2, max: 40 });

const rfc3339 = fc.constantFrom('2026-11-16T09:58:41-08:00', '2026-11-19T18:05:12Z', '2026-01-01T01:01:01+05:30');
const times = fc.oneof(
	fc.record({ firstSeen: fc.constant(''), checkpointed: fc.constant(''), ts: fc.integer({ min: 0, max: 4102444800 }) }),
	fc.record({ firstSeen: optional(fc.constantFrom('2026-11-16', '2026-10-12')), checkpointed: optional(rfc3339), ts: fc.constant(0) }),
	fc.record({ firstSeen: optional(lineText), checkpointed: optional(lineText), ts: fc.constant(0) }),
);

const git = fc.record({
	branch: optional(lineText),
	commit: optional(fc.oneof(lineText, fc.stringMatching(/^[0-9a-f]{7}$/), fc.constantFrom('1234567', '50721e8', '12e4567'))),
	commitSubject: optional(lineText),
	uncommitted: count,
	uncommittedUnreadable: fc.boolean(),
	worktree: optional(lineText),
	remote: optional(lineText),
	repoRoot: optional(lineText),
	touched: fc.array(lineText, { maxLength: 3 }),
});

const inference = fc.record({
	by: lineText,
	at: fc.oneof(fc.constant(''), rfc3339, lineText),
	turns: count,
	verified: bullets,
	failed: bullets,
	decided: bullets,
});

/** Any checkpoint logos could write. */
const checkpoint: fc.Arbitrary<Checkpoint> = fc
	.record({
		session: sessionId,
		hostSession: optional(lineText),
		project: scope,
		agent: lineText,
		task: prose,
		intent: prose,
		state: prose,
		decisions: bullets,
		failed: bullets,
		verified: bullets,
		blockers: bullets,
		commands: bullets,
		questions: bullets,
		files: bullets,
		next: prose,
		handoffTo: optional(lineText),
		auto: fc.boolean(),
		autoClosed: fc.boolean(),
		transcriptTurns: count,
		times,
		git,
		inferred: fc.option(inference, { nil: null }),
	})
	.map(({ times: t, ...rest }) => ({ ...emptyCheckpoint(), ...rest, ...t }));

const follows = fc.oneof(fc.constant(''), sessionId);

/** Text as it is once written as UTF-8: a lone surrogate becomes U+FFFD. */
const wellFormedText = (s: string): string =>
	s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

describe('render → parse → render', () => {
	it('is stable for any checkpoint logos could write', () => {
		fc.assert(
			fc.property(checkpoint, follows, (c, f) => {
				const first = renderCheckpoint(c, f);
				const back = parseCheckpoint(first);
				expect(back.problems).toEqual([]);
				expect(back.follows).toBe(f);
				expect(renderCheckpoint(back, back.follows)).toBe(first);
			}),
			{ numRuns: 400 },
		);
	});

	it('gives back the values written', () => {
		fc.assert(
			fc.property(checkpoint, (c) => {
				const back = parseCheckpoint(renderCheckpoint(c, ''));
				expect([back.session, back.project, back.auto, back.autoClosed]).toEqual([c.session, c.project, c.auto, c.autoClosed]);
				expect(back.git.commit).toBe(c.git.branch === '' && c.git.commit === '' ? '' : wellFormedText(c.git.commit));
			}),
			{ numRuns: 200 },
		);
	});
});

describe('parseCheckpoint never throws', () => {
	const wellFormed = (c: Checkpoint): void => {
		expect(Array.isArray(c.decisions) && Array.isArray(c.git.touched) && Array.isArray(c.problems)).toBe(true);
		expect(Number.isFinite(c.ts)).toBe(true);
		expect(typeof renderCheckpoint(c, c.follows)).toBe('string');
	};

	it('on arbitrary text', () => {
		fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => wellFormed(parseCheckpoint(s))), { numRuns: 300 });
	});

	const pieces = fc.constantFrom(
		'---\n', '---', '\n---\n', '## Task\n', '## ', '- ', '\n', ': ', 'key: ', '"', "'", '[[', ']]', '{ ', ' }', '&a ', '*a', '|-\n',
		'  - ', 'pred: follows, obj: "[[', '\t', '\r\n', '\ufeff', '\u0000', 'commit: 12e4567\n', 'uncommitted: many\n', '? ', '!!int ',
		'touched:\n', 'relations:\n', 'x', '日本', '😀',
	);
	it('on text built from structure', () => {
		fc.assert(fc.property(fc.array(pieces, { maxLength: 60 }), (xs) => wellFormed(parseCheckpoint(xs.join('')))), { numRuns: 500 });
	});

	const example = readFileSync(join(__dirname, '../../fixtures/spec-examples/20261118-160840-claude-code.md'), 'utf8');
	const edit = fc.tuple(fc.nat(example.length), fc.nat(8), fc.string({ unit: fc.oneof(char, pieces), maxLength: 6 }));
	it('on mutations of a real checkpoint', () => {
		fc.assert(
			fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
				let s = example;
				for (const [at, cut, insert] of edits) s = s.slice(0, at) + insert + s.slice(at + cut);
				wellFormed(parseCheckpoint(s));
			}),
			{ numRuns: 400 },
		);
	});

	// Megabytes of input: a quadratic reader would run for minutes, so finishing is the check.
	it('on huge lines, NUL bytes and unclosed relations', () => {
		wellFormed(parseCheckpoint('---\ntitle: ' + 'x'.repeat(2_000_000) + '\n---\n## Task\n\n' + 'y'.repeat(2_000_000)));
		wellFormed(parseCheckpoint('pred: follows, obj: "[[a'.repeat(200_000)));
		wellFormed(parseCheckpoint('\u0000'.repeat(100_000)));
		wellFormed(parseCheckpoint('## Task\n'.repeat(100_000)));
	});

	it('on non-string input from careless callers', () => {
		wellFormed(parseCheckpoint(undefined as unknown as string));
		wellFormed(parseCheckpoint(null as unknown as string));
	});

	it('on YAML that expands aliases exponentially', () => {
		const bomb = ['a: &a [x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b]', 'touched: [*c, *c, *c, *c]'];
		const c = parseCheckpoint(`---\n${bomb.join('\n')}\n---\n## Task\n\nx\n`);
		wellFormed(c);
		expect(c.git.touched).toEqual([]);
	});
});
