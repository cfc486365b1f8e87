/**
 * A frontmatter that would cost the YAML reader more than its budget (tokens, nesting,
 * aliases) is a problem on the note, and the rest of the note is still read. Each input
 * here took the old reader 40–50 seconds or exhausted its stack; now they finish.
 */
import { parseCheckpoint } from '../../../src/core/format/checkpoint';
import { readFrontmatter } from '../../../src/core/go/yaml-frontmatter';
import { MAX_ALIASES, MAX_NESTING, MAX_TOKENS, measureYaml, tokenCount } from '../../../src/core/go/yaml-budget';

const BODY = "\n## Task\n\nstill read\n\n## Didn't work\n\n- the first way\n";

function checkpointWith(yaml: string): ReturnType<typeof parseCheckpoint> {
	return parseCheckpoint(`---\n${yaml}\n---\n${BODY}`);
}

describe('a frontmatter over the work budget', () => {
	it.each([
		['150 kB of empty flow items (an error each)', `x: [${','.repeat(150_000)}]`, /too complex to read/],
		['200 kB of `-` and tab', '-\t'.repeat(100_000), /nests deeper than 200 levels/],
		['200,000 aliases of one anchor (600 kB)', `a: &a x\nb: [${Array(200_000).fill('*a').join(',')}]`, /too complex to read/],
		['200,000 alias items in a block list', `a: &a x\nb:\n${'- *a\n'.repeat(200_000)}`, /too complex to read/],
		['explicit keys nested 4,900 deep on one line', `x: ${'? '.repeat(4900)}`, /nests deeper than 200 levels/],
		['sequences after tabs nested 4,000 deep', `x:\n${'-\t'.repeat(4000)}a`, /nests deeper than 200 levels/],
	])('%s is a problem on the note and its body is read', (_name, yaml, problem) => {
		const c = checkpointWith(`project: p\n${yaml}`);
		expect(c.problems.join(' ')).toMatch(problem);
		expect(c.task).toBe('still read');
		expect(c.failed).toEqual(['the first way']);
		// Like any unreadable frontmatter: none of its values are taken.
		expect(c.project).toBe('');
	});

	it('counts at most one token past the budget, however long the text', () => {
		expect(tokenCount(`x: [${','.repeat(1_000_000)}]`)).toBe(MAX_TOKENS + 1);
		expect(tokenCount('project: p\nagent: a\n')).toBeLessThan(20);
	});

	it('builds no tree for a text over the budget', () => {
		expect(measureYaml(`x: [${','.repeat(MAX_TOKENS)}]`)).toEqual({ ok: false, problem: expect.stringMatching(/too complex/) });
		expect(measureYaml(`x: [${Array(MAX_ALIASES + 1).fill('*a').join(',')}]`)).toEqual({ ok: false, problem: expect.stringMatching(/too many YAML aliases/) });
	});

	it('still reads what fits: a syntax error keeps its line, aliases still resolve', () => {
		expect(readFrontmatter('project: p\nx: [a,,b]\n').problems).toEqual([
			'The frontmatter is not valid YAML (frontmatter line 2): Unexpected , in flow sequence. logos reads none of its values.',
		]);
		const r = readFrontmatter(`# a comment\nbase: &b main\nbranch: *b\ntouched: &t [a, b]\nagain: *t\nlast: &b other\nlate: *b\n`);
		expect(r.problems).toEqual([]);
		const values = Object.fromEntries(r.entries.map((e) => [e.key, e.value]));
		expect(values.branch).toEqual({ kind: 'scalar', text: 'main', typed: true });
		expect(values.again).toEqual({ kind: 'list', items: [{ kind: 'scalar', text: 'a', typed: true }, { kind: 'scalar', text: 'b', typed: true }] });
		// The last anchor before the alias wins.
		expect(values.late).toEqual({ kind: 'scalar', text: 'other', typed: true });
		expect(readFrontmatter('a: *nope\n').problems[0]).toMatch(/unknown YAML anchor `\*nope`/);
		// Nesting right at the bound is still read.
		expect(readFrontmatter(`x: ${'['.repeat(MAX_NESTING - 2)}${']'.repeat(MAX_NESTING - 2)}\n# c`).broken).toBe(false);
	});
});
