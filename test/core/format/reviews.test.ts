import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import {
	appendLine,
	effectiveVerdict,
	lastVerdict,
	parseReviewed,
	renderVerdict,
	reviewedHeader,
	reviewKey,
	undoVerdict,
} from '../../../src/core/format/reviews';
import { collapseSpace } from '../../../src/core/strings';
import { describeIf, sharedPath } from '../../helpers/reference';
import type { Verdict } from '../../../src/core/types';

const FIXTURE = sharedPath('fixtures', 'vault-basic', 'sessions', 'kestrel', 'reviewed.md');
const describeFixture = describeIf(fs.existsSync(path.dirname(FIXTURE)));

const R1 = 'computing proration client-side in PricingTable — totals drifted from the Stripe invoice by up to 3 cents';
const R2 = "calling Stripe's upcoming-invoice endpoint on every toggle — rate-limited at 25 req/s in test mode";
const R3 = 'caching previews in localStorage — stale after a coupon changes, showed last week\'s price';
/** Checkpoint times of the copies (fixture README, parsed values). */
const A1 = 1794851921;
const A2 = 1794872409;
const A3 = 1794942176;

/** The fixture's `reviewed.md`, byte for byte. */
const KESTREL = [
	'# reviewed — kestrel',
	'',
	"Verdicts `logos review --stale` recorded on rulings in this project's checkpoints.",
	'Append-only: the last line about a ruling wins.',
	'',
	`- reconfirmed at d2c7a15: ${R1} <!-- ts=1795398000 -->`,
	`- reconfirmed at d2c7a15: ${R2} <!-- ts=1795398000 -->`,
	`- retired: ${R2} <!-- ts=1795540350 -->`,
	'',
].join('\n');

function checkKestrel(text: string): void {
	const verdicts = parseReviewed(text);
	expect(verdicts).toEqual([
		{ kind: 'reconfirmed', text: R1, commit: 'd2c7a15', ts: 1795398000, line: 5 },
		{ kind: 'reconfirmed', text: R2, commit: 'd2c7a15', ts: 1795398000, line: 6 },
		{ kind: 'retired', text: R2, commit: '', ts: 1795540350, line: 7 },
	]);
	expect(effectiveVerdict(verdicts, R1, A1)).toMatchObject({ kind: 'reconfirmed', commit: 'd2c7a15', ts: 1795398000 });
	expect(effectiveVerdict(verdicts, R2, A2)).toMatchObject({ kind: 'retired', ts: 1795540350 });
	expect(effectiveVerdict(verdicts, R3, A3)).toBeNull();
}

describe('reviewed.md, the fixture cases', () => {
	it('R1 reconfirmed at d2c7a15, R2 retired (last line wins), R3 without verdict', () => {
		checkKestrel(KESTREL);
	});

	it('a restatement after the verdict is a new, live finding', () => {
		const verdicts = parseReviewed(KESTREL);
		expect(effectiveVerdict(verdicts, R2, 1795540350)).toMatchObject({ kind: 'retired' });
		expect(effectiveVerdict(verdicts, R2, 1795540351)).toBeNull();
		expect(effectiveVerdict(verdicts, R1, 1795398001)).toBeNull();
	});

	it('re-confirming a ruling retired by mistake brings it back', () => {
		const text = appendLine(KESTREL, renderVerdict({ kind: 'reconfirmed', text: R2, commit: '4e1b9c0', ts: 1795600000, line: -1 }), 'kestrel');
		expect(effectiveVerdict(parseReviewed(text), R2, A2)).toMatchObject({ kind: 'reconfirmed', commit: '4e1b9c0', ts: 1795600000 });
	});

	it('matches a ruling whatever its case and spacing', () => {
		const verdicts = parseReviewed(KESTREL);
		expect(effectiveVerdict(verdicts, `  ${R2.toUpperCase().replace(/ /g, '\t ')} `, A2)).toMatchObject({ kind: 'retired' });
		expect(reviewKey('  Calling\n STRIPE  ')).toBe('calling stripe');
	});
});

describeFixture('reviewed.md, the shared fixture file', () => {
	it('reads the same verdicts from vault-basic', () => {
		checkKestrel(fs.readFileSync(FIXTURE, 'utf8'));
	});
});

describe('parseReviewed, lenient reading', () => {
	it.each([
		['* Retired : the cache', { kind: 'retired', text: 'the cache', commit: '', ts: null }],
		['+ RE-CONFIRMED AT ABCDEF12: the cache <!--ts=5-->', { kind: 'reconfirmed', text: 'the cache', commit: 'abcdef12', ts: 5 }],
		['-reconfirm:the cache', { kind: 'reconfirmed', text: 'the cache', commit: '', ts: null }],
		['  - retire:   the   cache   <!--  ts = 9  -->  ', { kind: 'retired', text: 'the cache', commit: '', ts: 9 }],
		['- reconfirmed   at   d2c7: the cache', { kind: 'reconfirmed', text: 'the cache', commit: 'd2c7', ts: null }],
		[`- reconfirmed at ${'a'.repeat(40)}: the cache`, { kind: 'reconfirmed', text: 'the cache', commit: 'a'.repeat(40), ts: null }],
		['- retired at d2c7a15: the cache', { kind: 'retired', text: 'the cache', commit: '', ts: null }],
	])('reads %j', (line, want) => {
		expect(parseReviewed(line)).toEqual([{ ...want, line: 0 }]);
	});

	it.each([
		'# reviewed — kestrel',
		'Append-only: the last line about a ruling wins.',
		'- retired:',
		'- retired: <!-- ts=4 -->',
		'- reconfirmed at abc: commit too short',
		`- reconfirmed at ${'a'.repeat(41)}: commit too long`,
		'- reconfirmed at zzzz: not hex',
		'- retirement: not a verdict',
		'- retired the cache (no colon)',
		'1. retired: numbered',
		'- retired: huge time <!-- ts=99999999999999999999 -->',
	])('ignores %j', (line) => {
		expect(parseReviewed(line)).toEqual([]);
	});
});

describe('writing verdicts', () => {
	it('writes the adopted format, whitespace collapsed, no trailing LF', () => {
		expect(renderVerdict({ kind: 'retired', text: ' the\n cache ', commit: '', ts: 7, line: 0 })).toBe('- retired: the cache <!-- ts=7 -->');
		expect(renderVerdict({ kind: 'reconfirmed', text: 'x', commit: 'd2c7a15', ts: 7, line: 0 })).toBe('- reconfirmed at d2c7a15: x <!-- ts=7 -->');
		expect(renderVerdict({ kind: 'reconfirmed', text: 'x', commit: '', ts: null, line: 0 })).toBe('- reconfirmed: x');
	});

	it('refuses a verdict that could not be read back', () => {
		expect(() => renderVerdict({ kind: 'retired', text: '  ', commit: '', ts: 1, line: 0 })).toThrow(RangeError);
		expect(() => renderVerdict({ kind: 'reconfirmed', text: 'x', commit: 'HEAD', ts: 1, line: 0 })).toThrow(RangeError);
		expect(() => renderVerdict({ kind: 'reconfirmed', text: 'x', commit: '', ts: -3, line: 0 })).toThrow(RangeError);
	});

	it('writes the header of docs/decisions.md §2', () => {
		expect(reviewedHeader('kestrel')).toBe(
			"# reviewed — kestrel\n\nVerdicts on rulings recorded in this scope's checkpoints.\nAppend-only: the last line about a ruling wins.\n\n",
		);
	});

	it('appends: header only when creating, an LF when the file lacks one, existing text untouched', () => {
		const line = '- retired: x <!-- ts=1 -->';
		expect(appendLine(null, line, 'k')).toBe(reviewedHeader('k') + line + '\n');
		expect(appendLine('- retired: y', line, 'k')).toBe('- retired: y\n' + line + '\n');
		expect(appendLine(KESTREL, line, 'k')).toBe(KESTREL + line + '\n');
		expect(parseReviewed(appendLine(null, line, 'k'))).toHaveLength(1);
	});
});

describe('effective verdict', () => {
	const v = (kind: Verdict['kind'], text: string, ts: number | null, line: number): Verdict => ({ kind, text, commit: '', ts, line });

	it('a verdict without a time covers every copy, older and newer', () => {
		const verdicts = [v('retired', 'x', null, 0)];
		expect(effectiveVerdict(verdicts, 'x', 1)).toMatchObject({ kind: 'retired' });
		expect(effectiveVerdict(verdicts, 'x', 4e9)).toMatchObject({ kind: 'retired' });
	});

	it('only the last line counts, even when an earlier one would cover the copy', () => {
		const verdicts = [v('retired', 'x', 100, 0), v('reconfirmed', 'x', 50, 1)];
		expect(effectiveVerdict(verdicts, 'x', 80)).toBeNull();
		expect(lastVerdict(verdicts, 'X')).toBe(verdicts[1]);
	});
});

describe('undo', () => {
	it('restores the line before the undone one, with its own time', () => {
		const verdicts = parseReviewed(KESTREL);
		const line = undoVerdict(verdicts, verdicts[2], 1795700000);
		expect(line).toBe(`- reconfirmed at d2c7a15: ${R2} <!-- ts=1795398000 -->`);
		const after = parseReviewed(appendLine(KESTREL, line, 'kestrel'));
		const seen = (vs: Verdict[], copy: number): unknown => {
			const e = effectiveVerdict(vs, R2, copy);
			return e && { kind: e.kind, commit: e.commit, ts: e.ts };
		};
		for (const copy of [A2, 1795398000, 1795398001, 1795540350]) {
			expect(seen(after, copy)).toEqual(seen(verdicts.slice(0, 2), copy));
		}
		expect(seen(after, A2)).toEqual({ kind: 'reconfirmed', commit: 'd2c7a15', ts: 1795398000 });
		expect(seen(after, 1795398001)).toBeNull();
	});

	it('gives a ruling that had no verdict a reconfirmation without commit, which reads as live', () => {
		const text = appendLine(KESTREL, renderVerdict({ kind: 'retired', text: R3, commit: '', ts: 1795700000, line: -1 }), 'kestrel');
		const verdicts = parseReviewed(text);
		const line = undoVerdict(verdicts, verdicts[3], 1795700100);
		expect(line).toBe(`- reconfirmed: ${R3} <!-- ts=1795700100 undo -->`);
		// The undo line restores "no verdict": the copy is live, as it was before the retirement.
		expect(effectiveVerdict(parseReviewed(appendLine(text, line, 'kestrel')), R3, A3)).toBeNull();
		// A person's own reconfirmation without a commit is a verdict, and reads as one.
		const own = renderVerdict({ kind: 'reconfirmed', text: R3, commit: '', ts: 1795700100, line: -1 });
		expect(effectiveVerdict(parseReviewed(appendLine(text, own, 'kestrel')), R3, A3)).toMatchObject({ kind: 'reconfirmed', commit: '' });
	});

	it('undoing a verdict given after an undo restores the undo line, still live', () => {
		let text = appendLine(KESTREL, renderVerdict({ kind: 'retired', text: R3, commit: '', ts: 1795700000, line: -1 }), 'kestrel');
		text = appendLine(text, undoVerdict(parseReviewed(text), parseReviewed(text)[3], 1795700100), 'kestrel');
		text = appendLine(text, renderVerdict({ kind: 'retired', text: R3, commit: '', ts: 1795700200, line: -1 }), 'kestrel');
		const verdicts = parseReviewed(text);
		const line = undoVerdict(verdicts, verdicts[verdicts.length - 1], 1795700300);
		expect(line).toBe(`- reconfirmed: ${R3} <!-- ts=1795700100 undo -->`);
		expect(effectiveVerdict(parseReviewed(appendLine(text, line, 'kestrel')), R3, A3)).toBeNull();
	});

	it('reads words after the time: `undo` marks the line, unknown words are ignored', () => {
		const [undo, later, word, retired] = parseReviewed(
			[`- reconfirmed: a <!-- ts=5 undo -->`, `- reconfirmed: b <!-- ts=6 undo by-hand -->`, `- reconfirmed: c <!-- ts=7 reviewed -->`, `- retired: d <!-- ts=8 undo -->`].join('\n'),
		);
		expect(undo).toMatchObject({ text: 'a', ts: 5, undo: true });
		expect(later).toMatchObject({ text: 'b', ts: 6, undo: true });
		expect(word).toEqual({ kind: 'reconfirmed', text: 'c', commit: '', ts: 7, line: 2 });
		// Only a reconfirmation without a commit restores "no verdict"; a retirement stays one.
		expect(retired).toEqual({ kind: 'retired', text: 'd', commit: '', ts: 8, line: 3 });
		// A time run into a word is not a time comment: the line is read as text, as before.
		expect(parseReviewed('- retired: e <!-- ts=9undo -->')).toEqual([{ kind: 'retired', text: 'e <!-- ts=9undo -->', commit: '', ts: null, line: 0 }]);
	});

	it('writes `undo` only on a timed reconfirmation without a commit', () => {
		expect(renderVerdict({ kind: 'reconfirmed', text: 'a', commit: '', ts: 5, line: 0, undo: true })).toBe('- reconfirmed: a <!-- ts=5 undo -->');
		expect(() => renderVerdict({ kind: 'retired', text: 'a', commit: '', ts: 5, line: 0, undo: true })).toThrow(RangeError);
		expect(() => renderVerdict({ kind: 'reconfirmed', text: 'a', commit: 'abcd', ts: 5, line: 0, undo: true })).toThrow(RangeError);
	});

	it('treats a verdict not yet in the file as coming after every parsed line', () => {
		const verdicts = parseReviewed(KESTREL);
		const pending: Verdict = { kind: 'retired', text: R1, commit: '', ts: 1795700000, line: -1 };
		expect(undoVerdict(verdicts, pending, 1795700100)).toBe(`- reconfirmed at d2c7a15: ${R1} <!-- ts=1795398000 -->`);
	});
});

describe('properties', () => {
	const mutate = (base: string): fc.Arbitrary<string> =>
		fc.array(fc.tuple(fc.nat(base.length), fc.nat(20), fc.string({ unit: 'binary' })), { maxLength: 8 }).map((edits) =>
			edits.reduce((s, [at, drop, insert]) => s.slice(0, at) + insert + s.slice(at + drop), base),
		);

	it('parseReviewed never throws, on arbitrary and mutated input', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string({ unit: 'binary' }), mutate(KESTREL)), (text) => {
				for (const v of parseReviewed(text)) {
					expect(v.text).not.toBe('');
					expect(v.commit === '' || /^[0-9a-f]{4,40}$/.test(v.commit)).toBe(true);
				}
			}),
		);
	});

	it('renderVerdict → parseReviewed gives the verdict back', () => {
		const verdict = fc.record({
			kind: fc.constantFrom<Verdict['kind']>('retired', 'reconfirmed'),
			text: fc.string({ unit: 'binary', minLength: 1 }).filter((t) => collapseSpace(t) !== ''),
			commit: fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9a-fA-F]{4,40}$/)),
			ts: fc.oneof(fc.constant(null), fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
		});
		fc.assert(
			fc.property(verdict, (v) => {
				// Without a time, a ruling that itself ends in a time comment cannot be told apart.
				fc.pre(v.ts !== null || !/<!--/.test(v.text));
				const line = renderVerdict({ ...v, line: 0 });
				expect(line).not.toContain('\n');
				expect(parseReviewed(line)).toEqual([
					{
						kind: v.kind,
						text: collapseSpace(v.text),
						commit: v.kind === 'retired' ? '' : v.commit.toLowerCase(),
						ts: v.ts,
						line: 0,
					},
				]);
			}),
		);
	});
});
