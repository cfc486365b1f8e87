import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
	appendNoteLine,
	FAILURE_MARKERS,
	isDeadEnd,
	maskNoteText,
	parseRoute,
	parseUncommitted,
	parseUncommittedPlain,
	renderNoteLine,
	renderUncommitted,
	tallyUncommitted,
	uncommittedHeader,
} from '../../../src/core/format/notes';
import { safeName } from '../../../src/core/format/names';
import { collapseSpace } from '../../../src/core/strings';
import { describeIf, sharedPath } from '../../helpers/reference';
import type { WorkingNote } from '../../../src/core/types';

const FIXTURE = sharedPath('fixtures', 'vault-basic', 'sessions', 'kestrel', 'uncommitted.md');
const describeFixture = describeIf(fs.existsSync(path.dirname(FIXTURE)));

/** The fixture's `uncommitted.md`, byte for byte, so the cases hold without the shared folder. */
const KESTREL = [
	'# uncommitted — kestrel',
	'',
	'Working notes from sessions that have not been checkpointed yet.',
	'`logos checkpoint kestrel` folds these into a permanent record and',
	'empties this file. Until then they live here, so a rebuilt index does not',
	'lose them.',
	'',
	'- PricingTable renders the annual price from /api/preview now; the monthly path is untouched <!-- ts=1795629731 agent=claude -->',
	'- proration_test.go: TestAnnualCoupon passes after rounding once at the end <!-- ts=1795630180 agent=codex -->',
	'- route: caching previews per coupon in the CDN | observation: Vary on the session cookie made every request a miss | layer: environment | scope: local <!-- ts=1795630503 agent=claude -->',
	"- the worker's preview call needs Authorization: [REDACTED] from the vault secret <!-- ts=1795630907 agent=codex -->",
	'',
].join('\n');

const EXPECTED: Omit<WorkingNote, 'scope'>[] = [
	{ ts: 1795629731, agent: 'claude', line: 7, text: 'PricingTable renders the annual price from /api/preview now; the monthly path is untouched' },
	{ ts: 1795630180, agent: 'codex', line: 8, text: 'proration_test.go: TestAnnualCoupon passes after rounding once at the end' },
	{
		ts: 1795630503,
		agent: 'claude',
		line: 9,
		text: 'route: caching previews per coupon in the CDN | observation: Vary on the session cookie made every request a miss | layer: environment | scope: local',
	},
	{ ts: 1795630907, agent: 'codex', line: 10, text: "the worker's preview call needs Authorization: [REDACTED] from the vault secret" },
];

function checkKestrel(text: string): void {
	const notes = parseUncommitted(text, 'kestrel');
	expect(notes).toEqual(EXPECTED.map((n) => ({ scope: 'kestrel', ...n })));
	expect(notes.filter((n) => isDeadEnd(n.text)).map((n) => n.ts)).toEqual([1795630503]);
	expect(renderUncommitted('kestrel', notes)).toBe(text);
}

describe('uncommitted.md, the fixture cases', () => {
	it('reads 4 notes oldest first, keeps line numbers, and only the route note is a dead end; rendering gives the same bytes', () => {
		checkKestrel(KESTREL);
	});
});

describeFixture('uncommitted.md, the shared fixture file', () => {
	it('reads the same 4 notes from vault-basic', () => {
		checkKestrel(fs.readFileSync(FIXTURE, 'utf8'));
	});
});

describe('parseUncommitted', () => {
	const one = (line: string): WorkingNote[] => parseUncommitted(line, 's');

	it('reads an empty agent as "agent"', () => {
		expect(one('- x <!-- ts=5 agent= -->')).toEqual([{ scope: 's', text: 'x', ts: 5, agent: 'agent', line: 0 }]);
	});

	it('accepts any spacing logos accepts, indentation and a CR line end', () => {
		expect(one('   -   spaced   out  <!--ts=7   agent=dana-->  \r')).toEqual([
			{ scope: 's', text: 'spaced   out', ts: 7, agent: 'dana', line: 0 },
		]);
	});

	it('ignores header, prose, bullets without the comment, other bullet marks and a comment not at the end', () => {
		const text = [
			'# uncommitted — s',
			'- a hand-written bullet',
			'* starred <!-- ts=1 agent=a -->',
			'-glued <!-- ts=1 agent=a -->',
			'- trailing words <!-- ts=1 agent=a --> after',
			'- no agent key <!-- ts=1 -->',
			'- spaces in agent <!-- ts=1 agent=dana m -->',
			'- negative <!-- ts=-1 agent=a -->',
		].join('\n');
		expect(one(text)).toEqual([]);
	});

	it('gives back every text exactly, whatever its characters: a leading U+FEFF, a lone surrogate, accents, an emoji pair', () => {
		const texts = ['\ufeffstarts with a BOM', 'lone \ud800 high', 'é and 😀 and — dash', 'plain'];
		// A lone surrogate anywhere in the file, or none: the texts come back the same either way.
		expect(one(texts.map((t, i) => `- ${t} <!-- ts=${i + 1} agent=a -->`).join('\n')).map((n) => n.text)).toEqual(texts);
		const clean = texts.filter((t) => !t.includes('\ud800'));
		expect(one(clean.map((t, i) => `- ${t} <!-- ts=${i + 1} agent=a -->`).join('\n')).map((n) => n.text)).toEqual(clean);
	});

	it('takes the last comment as the note and keeps earlier ones in the text', () => {
		expect(one('- a <!-- ts=1 agent=x --> b <!-- ts=2 agent=y -->')[0]).toMatchObject({ text: 'a <!-- ts=1 agent=x --> b', ts: 2, agent: 'y' });
	});

	it('keeps the first of each (text, ts), however texts and times repeat among the lines', () => {
		const line = fc.record({ text: fc.constantFrom('a', 'b', 'c', 'a b'), ts: fc.constantFrom(1, 2, 3), agent: fc.constantFrom('x', 'y') });
		fc.assert(fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
			const got = parseUncommitted(lines.map((l) => `- ${l.text} <!-- ts=${l.ts} agent=${l.agent} -->`).join('\n'), 's');
			const want = lines
				.map((l, line) => ({ scope: 's', text: l.text, ts: l.ts, agent: l.agent, line }))
				.filter((n, i, all) => all.findIndex((m) => m.text === n.text && m.ts === n.ts) === i);
			expect(got).toEqual(want);
		}), { numRuns: 300 });
	});

	it('counts a repeated (text, ts) once and skips blank text and times past 2^53', () => {
		const text = ['- same <!-- ts=3 agent=a -->', '- same <!-- ts=3 agent=b -->', '- same <!-- ts=4 agent=a -->', '-   <!-- ts=9 agent=a -->', '- big <!-- ts=99999999999999999999 agent=a -->'].join('\n');
		expect(one(text).map((n) => [n.ts, n.agent, n.line])).toEqual([
			[3, 'a', 0],
			[4, 'a', 2],
		]);
	});
});

describe('parseUncommitted, the line logos writes read in place', () => {
	// Pieces that move a line in and out of the written shape: spacing of every kind (ASCII,
	// Go's, a CR), the comment's parts alone and whole, digits, other comments, line breaks.
	const PIECE = ['- ', '-', ' ', '  ', '\t', '\r', '\u00a0', '\u0085', '\u2028', '\ufeff', 'x', 'note text', '<!--', '-->', ' -->', 'ts=', 'agent=',
		'agent=codex', '12', '1780686314', '9007199254740993', ' <!-- ts=', ' <!-- ts=5 agent=a -->', '<!-- x -->', '\n', '\n', '=', '>', '\ud83d\ude00'];
	const written = fc.record({
		lead: fc.constantFrom('', ' ', '\t', '\u00a0'),
		text: fc.string({ maxLength: 12 }),
		gap: fc.constantFrom(' ', '  ', '\t', ''),
		ts: fc.constantFrom('1', '0', '1780686314', '', '9007199254740993', 'x1'),
		agent: fc.constantFrom('codex', '', 'a=b', 'x y', 'agent=q'),
		end: fc.constantFrom('', ' ', '\r', '\u00a0', ' x'),
	}).map(({ lead, text, gap, ts, agent, end }) => `${lead}- ${text}${gap}<!-- ts=${ts} agent=${agent} -->${end}`);
	const line = fc.oneof(written, fc.array(fc.constantFrom(...PIECE), { maxLength: 12 }).map((p) => p.join('')));

	it('gives what reading every line the plain way gives, notes, lines and repeats alike', () => {
		fc.assert(fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
			const text = lines.join(eol);
			expect(parseUncommitted(text, 's')).toEqual(parseUncommittedPlain(text, 's'));
		}), { numRuns: 3000 });
	});

	it('reads the lines logos writes, a header above them, as the plain way does', () => {
		const text = renderUncommitted('proj', [
			{ scope: 'proj', text: 'first note', ts: 10, agent: 'codex', line: 0 },
			{ scope: 'proj', text: 'a note <!-- with a comment --> inside', ts: 11, agent: 'cursor', line: 0 },
			{ scope: 'proj', text: 'first note', ts: 10, agent: 'claude', line: 0 },
		]);
		const got = parseUncommitted(text, 'proj');
		expect(got.map((n) => [n.text, n.ts, n.agent])).toEqual([['first note', 10, 'codex'], ['a note <!-- with a comment --> inside', 11, 'cursor']]);
		expect(got).toEqual(parseUncommittedPlain(text, 'proj'));
	});
});

describe('tallyUncommitted, what `scopes` and `continuity` print of the notes', () => {
	/** The tally made from the notes the plain reading keeps. */
	const tallyOfPlain = (text: string) => {
		const notes = parseUncommittedPlain(text, 's');
		const lastByAgent = new Map<string, number>();
		for (const n of notes) lastByAgent.set(n.agent, Math.max(lastByAgent.get(n.agent) ?? -Infinity, n.ts));
		return { count: notes.length, lastByAgent };
	};

	it('counts the notes the plain reading keeps and gives each agent its newest time', () => {
		const line = fc.oneof(
			fc.record({ text: fc.constantFrom('same', 'other', '', 'x y'), ts: fc.constantFrom('1', '2', '3', '99999999999999999999'), agent: fc.constantFrom('a', 'b', '') })
				.map(({ text, ts, agent }) => `- ${text} <!-- ts=${ts} agent=${agent} -->`),
			fc.constantFrom('# uncommitted — s', '', 'prose', ' - late <!-- ts=7 agent=c -->', '- spaced  <!-- ts=5   agent=b -->\r'),
		);
		fc.assert(fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
			const text = lines.join('\n');
			expect(tallyUncommitted(text)).toEqual(tallyOfPlain(text));
		}), { numRuns: 2000 });
	});

	it('drops a repeat named by another agent, so that agent has no time of its own', () => {
		const text = ['- same <!-- ts=3 agent=a -->', '- same <!-- ts=3 agent=b -->', '- later <!-- ts=8 agent=a -->'].join('\n');
		expect(tallyUncommitted(text)).toEqual({ count: 2, lastByAgent: new Map([['a', 8]]) });
	});
});

describe('isDeadEnd, every marker looked for in one search', () => {
	// Pieces of the markers (their escapes-worthy `'`, `.` and spaces among them), case changes and other text.
	const piece = fc.oneof(fc.constantFrom(...FAILURE_MARKERS), fc.constantFrom("didn'", 'fails', 'FAILED', 'Dead-End', 'cannot', "can't", 'route: x', ' | ', '.', ' ', 'x'));
	const text = fc.array(piece, { maxLength: 5 }).map((p) => p.join(''));

	it('says what looking for each marker in turn says', () => {
		fc.assert(fc.property(text, (t) => {
			const low = t.toLowerCase();
			expect(isDeadEnd(t)).toBe(FAILURE_MARKERS.some((m) => low.includes(m)) || parseRoute(t) !== null);
		}), { numRuns: 3000 });
	});
});

describe('rendering notes', () => {
	it('writes the exact header', () => {
		expect(uncommittedHeader('kestrel/billing-v2')).toBe(
			'# uncommitted — kestrel/billing-v2\n\nWorking notes from sessions that have not been checkpointed yet.\n' +
				'`logos checkpoint kestrel/billing-v2` folds these into a permanent record and\n' +
				'empties this file. Until then they live here, so a rebuilt index does not\nlose them.\n\n',
		);
	});

	it('collapses whitespace, sanitizes the agent and refuses a note it could not read back', () => {
		expect(renderNoteLine({ text: ' two\n\tlines  here ', ts: 12, agent: 'Dana M.' })).toBe('- two lines here <!-- ts=12 agent=dana-m -->');
		expect(() => renderNoteLine({ text: ' \n ', ts: 1, agent: 'a' })).toThrow(RangeError);
		expect(() => renderNoteLine({ text: 'x', ts: 1.5, agent: 'a' })).toThrow(RangeError);
		expect(() => renderNoteLine({ text: 'x', ts: -1, agent: 'a' })).toThrow(RangeError);
	});

	it('orders by ts, then by the order given, and leaves out blank notes', () => {
		const n = (text: string, ts: number): WorkingNote => ({ scope: 's', text, ts, agent: 'a', line: 0 });
		const out = renderUncommitted('s', [n('late', 9), n('first of two', 5), n('  ', 1), n('second of two', 5)]);
		expect(out.slice(uncommittedHeader('s').length).split('\n')).toEqual([
			'- first of two <!-- ts=5 agent=a -->',
			'- second of two <!-- ts=5 agent=a -->',
			'- late <!-- ts=9 agent=a -->',
			'',
		]);
	});

	it('appends a line: header when the file is new, an LF first when the file lacks it', () => {
		const line = '- x <!-- ts=1 agent=obsidian -->';
		expect(appendNoteLine(null, line, 's')).toBe(uncommittedHeader('s') + line + '\n');
		expect(appendNoteLine('', line, 's')).toBe(uncommittedHeader('s') + line + '\n');
		expect(appendNoteLine('# mine\n- y', line, 's')).toBe('# mine\n- y\n' + line + '\n');
		expect(appendNoteLine('# mine\n', line, 's')).toBe('# mine\n' + line + '\n');
	});
});

describe('dead ends in working notes', () => {
	it.each([
		'the CDN cache did not work for logged-in users',
		'Stripe VETOED the annual coupon stacking',
		"can't reach the sandbox from CI",
		'rolled back the migration after the deploy',
		'the fake clock fails. every time',
		'switching to float64 made it worse',
	])('reads "%s" as a ruling', (text) => {
		expect(isDeadEnd(text)).toBe(true);
	});

	it.each([
		'TestAnnualCoupon passes after rounding once at the end',
		'the build fails', // "fails" needs a following space or full stop
		'cant decide yet',
		'route: ',
		'routes: the api has three',
	])('does not read "%s" as a ruling', (text) => {
		expect(isDeadEnd(text)).toBe(false);
	});

	it('reads a typed route record as a ruling even without a failure word', () => {
		expect(isDeadEnd('route: per-coupon CDN cache | observation: every request a miss')).toBe(true);
		expect(isDeadEnd('Route: only a route')).toBe(true);
	});
});

describe('parseRoute', () => {
	it('reads the fixture record', () => {
		expect(parseRoute(EXPECTED[2].text)).toEqual({
			route: 'caching previews per coupon in the CDN',
			observation: 'Vary on the session cookie made every request a miss',
			layer: 'environment',
			scope: 'local',
			degree: '',
			action: '',
			alternative: '',
			raw: EXPECTED[2].text,
			truncated: false,
		});
	});

	it('takes keys in any order and case, drops values logos does not know, last repeat wins', () => {
		const r = parseRoute('Degree: partial | alternative: cache per plan | LAYER: physics | route: a | action: narrow-scope | scope: version-bound | route: b');
		expect(r).toMatchObject({ route: 'b', degree: 'partial', alternative: 'cache per plan', layer: '', action: 'narrow-scope', scope: 'version-bound' });
	});

	it('is null for prose and for an empty route', () => {
		expect(parseRoute('computing proration client-side — totals drifted')).toBeNull();
		expect(parseRoute('route:  | observation: x')).toBeNull();
		expect(parseRoute('observation: x | layer: design')).toBeNull();
	});

	it('cuts a record past 1200 bytes and says so', () => {
		const r = parseRoute(`route: ${'é'.repeat(700)} | observation: lost`);
		expect(r?.truncated).toBe(true);
		expect(r?.observation).toBe('');
		expect(new TextEncoder().encode(r?.raw ?? '').length).toBeLessThanOrEqual(1200);
	});
});

describe('properties', () => {
	const mutate = (base: string): fc.Arbitrary<string> =>
		fc.array(fc.tuple(fc.nat(base.length), fc.nat(20), fc.string({ unit: 'binary' })), { maxLength: 8 }).map((edits) =>
			edits.reduce((s, [at, drop, insert]) => s.slice(0, at) + insert + s.slice(at + drop), base),
		);

	it('parseUncommitted never throws and returns only readable notes, on arbitrary and mutated input', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string({ unit: 'binary' }), mutate(KESTREL)), (text) => {
				for (const n of parseUncommitted(text, 's')) {
					expect(n.text).not.toBe('');
					expect(Number.isSafeInteger(n.ts)).toBe(true);
				}
				isDeadEnd(text);
				parseRoute(text);
			}),
		);
	});

	it('renderUncommitted → parseUncommitted gives the notes back, oldest first', () => {
		const note = fc.record({
			text: fc.string({ unit: 'binary', minLength: 1 }).filter((t) => collapseSpace(t) !== ''),
			ts: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
			agent: fc.oneof(fc.constantFrom('claude', 'codex', 'Claude Code', '', 'team/Dana'), fc.string()),
		});
		fc.assert(
			fc.property(fc.array(note, { maxLength: 12 }), (input) => {
				const notes = input.map((n) => ({ ...n, scope: 's', line: 0 }));
				const seen = new Set<string>();
				const expected = notes
					.map((n, i) => ({ n, i }))
					.sort((a, b) => a.n.ts - b.n.ts || a.i - b.i)
					.map(({ n }) => ({ text: collapseSpace(n.text), ts: n.ts, agent: safeName(n.agent) || 'agent' }))
					.filter((n) => !seen.has(`${n.text}\u0000${n.ts}`) && seen.add(`${n.text}\u0000${n.ts}`) !== undefined);
				const back = parseUncommitted(renderUncommitted('s', notes), 's').map(({ text, ts, agent }) => ({ text, ts, agent }));
				expect(back).toEqual(expected);
			}),
		);
	});
});

describe('maskNoteText: the note as its line will hold it', () => {
	it('folds the note to one line before masking, so a shape split over lines is masked', () => {
		const token = ['Q7', 'abcdefghijklmnop123'].join('');
		expect(maskNoteText(`see Authorization:\nBearer ${token}`)).toEqual({ text: 'see Authorization: [REDACTED]', redactions: [{ reason: 'Authorization header' }] });
		expect(maskNoteText(`mysql -u root\u2028-p${token} shop`).text).toBe('mysql -u root -p[REDACTED] shop');
	});

	it('leaves an ordinary note as its one line', () => {
		expect(maskNoteText('  the monthly\n\tpath is  untouched ')).toEqual({ text: 'the monthly path is untouched', redactions: [] });
	});

	it('masks a masked note to itself, so a stored note and its written line agree', () => {
		fc.assert(
			fc.property(fc.string(), (text) => {
				const once = maskNoteText(text).text;
				expect(maskNoteText(once)).toEqual({ text: once, redactions: [] });
				expect(collapseSpace(once)).toBe(once);
			}),
		);
	});
});
