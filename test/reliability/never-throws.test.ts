/**
 * Never throws, and stays fast: the property run at jest size, plus the cases it found
 * (a ruling starting with U+FEFF; quadratic time on long runs of spaces or letters; YAML
 * nested deep enough to exhaust the stack).
 */
import fc from 'fast-check';
import { parseCheckpoint } from '../../src/core';
import { parseUncommitted } from '../../src/core';
import { parseReviewed, renderVerdict, effectiveVerdict } from '../../src/core';
import { maskSecrets } from '../../src/core';
import { readFrontmatter } from '../../src/core';
import { neverThrows } from './lib/never-throws';

it('no reader throws and every round trip is stable over generated and mutated input', () => {
	const r = neverThrows(120, 7);
	expect(r.failures).toEqual([]);
	expect(r.figures).toMatchObject({ exceptions: 0, 'unstable round trips': 0, 'lines lost by an append': 0, 'inconsistent vault readings': 0 });
	expect(r.figures['inputs tried']).toBeGreaterThan(1000);
});

describe('found by the properties', () => {
	it('a verdict on a ruling that starts with U+FEFF reads back with it, so it still applies', () => {
		const ruling = '\ufeffthe BOM ruling';
		const line = renderVerdict({ kind: 'retired', text: ruling, commit: '', ts: 100, line: 0 });
		const [v] = parseReviewed(line);
		expect(v.text).toBe(ruling);
		expect(renderVerdict(v)).toBe(line);
		expect(effectiveVerdict([v], ruling, 50)?.kind).toBe('retired');
	});

	it.each([
		['reviewed.md, spaces inside a ruling', () => parseReviewed(`- retired: a${' '.repeat(200_000)}b <!-- ts=1 -->`)],
		['reviewed.md, spaces and no comment', () => parseReviewed(`- retired: a${' \u2028'.repeat(100_000)}b`)],
		['uncommitted.md, spaces inside a note', () => parseUncommitted(`- a${' '.repeat(200_000)}b <!-- ts=1 agent=x -->`, 's')],
		['uncommitted.md, spaces and no comment', () => parseUncommitted(`- a${' '.repeat(200_000)}<!-- ts=1 agent=x --> b`, 's')],
		['masking a 200 kB token', () => maskSecrets('x'.repeat(200_000))],
		['masking a 200 kB run of scheme characters', () => maskSecrets(`${'a-'.repeat(100_000)} b://`)],
		['frontmatter nested 20,000 deep', () => readFrontmatter(`touched: ${'['.repeat(20_000)}${']'.repeat(20_000)}`)],
		['block frontmatter nested 5,000 deep', () => readFrontmatter(Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}- `).join('\n'))],
		['compact sequences nested 5,000 deep', () => readFrontmatter(`x: ${'- '.repeat(5000)}y`)],
	// Inputs of 100,000s of characters: quadratic work would take minutes, so finishing is the check.
	])('%s finishes', (_name, run) => {
		expect(run).not.toThrow();
	});

	it('deep frontmatter is a problem on the checkpoint; its body still reads', () => {
		const c = parseCheckpoint(`---\nproject: p\ntouched: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\n\n## Task\n\nstill here\n`);
		expect(c.task).toBe('still here');
		expect(c.problems.join(' ')).toMatch(/nests deeper than/);
		expect(readFrontmatter('project: p\nrelations:\n  - { pred: follows, obj: "[[x]]" }').broken).toBe(false);
	});
});

/**
 * The line readers were regular expressions; they now read the trailing comment from the
 * right. The old expressions are the oracle: on any short line both answer the same.
 */
describe('linear line readers answer as the expressions they replace', () => {
	const NOTE = /^-[\t\n\f\r ]+([^\n]*?)[\t\n\f\r ]*<!--[\t\n\f\r ]*ts=([0-9]+)[\t\n\f\r ]+agent=([^\t\n\f\r ]*)[\t\n\f\r ]*-->[\t\n\f\r ]*$/;
	const S = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
	const VERDICT = new RegExp(`^[-*+]${S}*(retired?|re-?confirm(?:ed)?)${S}*(?:at${S}+([0-9a-f]{4,40})${S}*)?:${S}*([^\\n]*?)${S}*(?:<!--${S}*ts${S}*=${S}*([0-9]+)(?:${S}(?:(?!-->|<!--)[^\\n])*?)?${S}*-->)?$`, 'i');
	const words = fc.array(fc.constantFrom('x', 'word', ' ', '  ', '\t', '\u00a0', '\u2028', '\ufeff', '<!--', '-->', 'ts=1', 'agent=x', '<!-- ts=3 agent=y -->', '<!-- ts=4 -->', ':', '=', '<', '>'), { maxLength: 6 }).map((p) => p.join(''));
	const one = (...xs: string[]): fc.Arbitrary<string> => fc.constantFrom(...xs);
	/** Lines in the shape of a note line, each part sometimes wrong. */
	const noteLine = fc
		.tuple(one('- ', '- ', '- ', '-\t', '-  ', '-', '* ', ' - '), words, one('', ' ', ' ', '\t', '\u00a0'), one('<!--', '<!-- ', '<!-- ', '<!-- ', '<!--\t', '<-- '), one('ts=', 'ts=', 'ts=', 'ts =', 'TS='),
			one('1', '12', '12', '', '99999999999999999999'), one(' ', ' ', ' ', '', '  ', '\u00a0', '\t'), one('agent=', 'agent=', 'agent=', 'agent'), one('', 'x', 'x', 'a-b', '<!--', '-->', 'x-->'),
			one('', ' ', ' ', '\t', '\u00a0'), one('-->', '-->', '-->', '--', ' -->', '-->x'), one('', '', ' ', '\u00a0', '\r'))
		.map((p) => p.join(''));
	/** Lines in the shape of a verdict line, each part sometimes wrong. */
	const verdictLine = fc
		.tuple(one('- ', '* ', '+', '-', '-\u00a0', '• '), one('retired', 'retire', 'Reconfirmed', 're-confirm', 'reconfirmd', 'RETIRED'), one('', ' ', '\u2028'),
			one('', 'at abcd', 'at  deadbeef ', 'at xyz', 'at abc'), one(':', ': ', ' :', ''), words, one('', ' ', '\u00a0', '\ufeff'),
			one('', '<!-- ts=5 -->', '<!--ts=5-->', '<!-- TS = 7 -->', '<!-- ts= -->', '<!-- ts=5', 'ts=5 -->', '<!-- ts=99999999999999999999 -->', '<!-- ts=5 undo -->', '<!-- ts=5 undo later -->', '<!-- ts=5undo -->'), one('', ' ', '\ufeff'))
		.map((p) => p.join(''));
	const goTrim = (s: string): string => s.replace(new RegExp(`^${S}+|${S}+$`, 'g'), '');

	it('notes', () => {
		fc.assert(
			fc.property(noteLine, (l) => {
				const m = NOTE.exec(goTrim(l));
				const want = m && goTrim(m[1]) !== '' && Number.isSafeInteger(Number(m[2])) ? [{ text: goTrim(m[1]), ts: Number(m[2]), agent: m[3] === '' ? 'agent' : m[3] }] : [];
				expect(parseUncommitted(l, 's').map(({ text, ts, agent }) => ({ text, ts, agent }))).toEqual(want);
			}),
			{ numRuns: 3000 },
		);
	});

	it('verdicts', () => {
		fc.assert(
			fc.property(verdictLine, (l) => {
				const m = VERDICT.exec(goTrim(l));
				const text = m ? goTrim(m[3].replace(new RegExp(`${S}+`, 'g'), ' ')) : '';
				const got = parseReviewed(l).map(({ kind, text: t, ts }) => ({ kind, text: t, ts }));
				if (!m || text === '' || (m[4] !== undefined && !Number.isSafeInteger(Number(m[4])))) return expect(got).toEqual([]);
				expect(got).toEqual([{ kind: m[1].toLowerCase().startsWith('retire') ? 'retired' : 'reconfirmed', text, ts: m[4] === undefined ? null : Number(m[4]) }]);
			}),
			{ numRuns: 3000 },
		);
	});
});
