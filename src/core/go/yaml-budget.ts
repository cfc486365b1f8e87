/**
 * The work the full YAML reader may spend on one frontmatter, counted in operations
 * rather than time. Building a document costs far more per token than reading tokens,
 * and some shapes cost more still (an error per comma, an alias per item), so the text
 * is first counted with the YAML library's lexer, which stops as soon as the budget is
 * spent; only then is it parsed into a syntax tree, whose nesting and aliases are
 * counted before anything is built from it (docs/decisions.md, "A frontmatter's cost").
 */

import { Lexer, Parser } from 'yaml';
import type { CST } from 'yaml';

/** Tokens a frontmatter may hold: logos writes a few hundred at most (its `touched` list is capped at 20). */
export const MAX_TOKENS = 10_000;
/** Far deeper than any frontmatter logos writes (three levels), far shallower than what exhausts the stack of the recursive YAML composer. */
export const MAX_NESTING = 200;
/** go-yaml refuses heavy aliasing; so does this reader, before building anything. */
export const MAX_ALIASES = 1000;

export const TOO_COMPLEX = `The frontmatter is too complex to read (more than ${MAX_TOKENS} YAML tokens); none of its values are read.`;
export const TOO_DEEP = `The frontmatter nests deeper than ${MAX_NESTING} levels; it is not read.`;
export const TOO_MANY_ALIASES = 'The frontmatter uses too many YAML aliases; logos reads none of its values.';

export type Measured = { ok: true; tokens: CST.Token[] } | { ok: false; problem: string };

/** Counts lexer tokens, stopping at the first one over the budget. */
export function tokenCount(yamlText: string, limit = MAX_TOKENS): number {
	let n = 0;
	const tokens = new Lexer().lex(yamlText);
	while (n <= limit && !tokens.next().done) n++;
	return n;
}

/**
 * An upper bound on how deep the YAML nests, read from the text alone: open flow
 * brackets, or indentation plus compact `- ` / `? ` entries on one line (each level takes
 * at least one column; a tab separates as a space does).
 */
export function nestingBound(yamlText: string): number {
	const blank = (c: string | undefined): boolean => c === ' ' || c === '\t';
	let flow = 0;
	let deepest = 0;
	for (const line of yamlText.split('\n')) {
		let col = 0;
		while (col < line.length && blank(line[col])) col++;
		let block = col;
		for (let i = col; i + 1 < line.length && (line[i] === '-' || line[i] === '?') && blank(line[i + 1]); ) {
			block += 2;
			i += 2;
			while (blank(line[i])) i++;
		}
		if (block > deepest) deepest = block;
		for (let i = col; i < line.length; i++) {
			const c = line[i];
			if (c === '[' || c === '{') deepest = Math.max(deepest, ++flow);
			else if ((c === ']' || c === '}') && flow > 0) flow--;
		}
		if (deepest > MAX_NESTING) break;
	}
	return deepest;
}

/** How deep the syntax tree nests and how many aliases it holds, without recursion. */
function shape(tokens: CST.Token[]): { depth: number; aliases: number } {
	let depth = 0;
	let aliases = 0;
	const stack: [CST.Token, number][] = tokens.map((t) => [t, 1]);
	for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
		const [t, d] = top;
		if (d > depth) depth = d;
		if (t.type === 'alias') aliases++;
		if (t.type === 'document' && t.value) stack.push([t.value, d + 1]);
		if (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection') {
			for (const item of t.items) {
				if (item.key) stack.push([item.key, d + 1]);
				if (item.value) stack.push([item.value, d + 1]);
			}
		}
	}
	return { depth, aliases };
}

/**
 * The frontmatter's syntax tree when it fits the budget, else the problem to report.
 * At most MAX_TOKENS tokens are lexed before a refusal; a tree is built only under it.
 */
export function measureYaml(yamlText: string): Measured {
	if (nestingBound(yamlText) > MAX_NESTING) return { ok: false, problem: TOO_DEEP };
	if (tokenCount(yamlText) > MAX_TOKENS) return { ok: false, problem: TOO_COMPLEX };
	const tokens = Array.from(new Parser().parse(yamlText));
	const { depth, aliases } = shape(tokens);
	// Document → value: the top-level mapping is level 2.
	if (depth - 1 > MAX_NESTING) return { ok: false, problem: TOO_DEEP };
	if (aliases > MAX_ALIASES) return { ok: false, problem: TOO_MANY_ALIASES };
	return { ok: true, tokens };
}
