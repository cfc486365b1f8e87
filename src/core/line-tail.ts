/**
 * The trailing comments of note and verdict lines, read from the right in time linear in
 * the line. The regular expressions this replaces (a lazy capture, then optional spacing,
 * then the comment) rescanned a run of spaces once per character: a line with 40,000
 * spaces took seconds, enough to freeze a view on a damaged file. The answers are the
 * same: the comment's shape fixes where it starts, so reading from the end finds it.
 */

export type SpaceTest = (c: string) => boolean;

/** logos's `\s` in Go's regexp: ASCII only. */
export const asciiSpace: SpaceTest = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';

/** Go's unicode.IsSpace, the class collapseSpace trims. */
export const goSpace: SpaceTest = (c) => {
	const n = c.charCodeAt(0);
	return (n >= 0x09 && n <= 0x0d) || n === 0x20 || n === 0x85 || n === 0xa0 || n === 0x1680 || (n >= 0x2000 && n <= 0x200a) ||
		n === 0x2028 || n === 0x2029 || n === 0x202f || n === 0x205f || n === 0x3000;
};

const isDigit: SpaceTest = (c) => c >= '0' && c <= '9';

/** The start of the run of `test` characters that ends at `end`. */
function runStart(s: string, end: number, test: SpaceTest): number {
	let i = end;
	while (i > 0 && test(s[i - 1])) i--;
	return i;
}

function endsWithAt(s: string, end: number, word: string, ignoreCase = false): boolean {
	if (end < word.length) return false;
	const got = s.slice(end - word.length, end);
	return ignoreCase ? got.toLowerCase() === word : got === word;
}

export interface NoteTail {
	/** Where the comment's `<!--` starts. */
	at: number;
	ts: string;
	agent: string;
}

/**
 * spec §4.4: `<!--` spaces `ts=` digits spaces `agent=` non-spaces spaces `-->` at the end
 * of the line (logos's ASCII spacing), or null.
 */
export function noteTail(line: string): NoteTail | null {
	let end = runStart(line, line.length, asciiSpace);
	if (!endsWithAt(line, end, '-->')) return null;
	end = runStart(line, end - 3, asciiSpace);
	const word = runStart(line, end, (c) => !asciiSpace(c));
	if (!line.startsWith('agent=', word)) return null;
	const agent = line.slice(word + 6, end);
	end = runStart(line, word, asciiSpace);
	if (end === word) return null;
	const digits = runStart(line, end, isDigit);
	if (digits === end || !endsWithAt(line, digits, 'ts=')) return null;
	const open = runStart(line, digits - 3, asciiSpace);
	if (!endsWithAt(line, open, '<!--')) return null;
	return { at: open - 4, ts: line.slice(digits, end), agent };
}

export interface VerdictTail {
	/** Where the ruling ends: before the comment and the spacing in front of it. */
	textEnd: number;
	/** The time's digits, or null when the line has no comment. */
	ts: string | null;
}

/** decisions §2: an optional `<!-- ts=N -->` (any spacing, any case of `ts`) ending the line. */
export function verdictTail(line: string): VerdictTail {
	const bare = runStart(line, line.length, goSpace);
	const none: VerdictTail = { textEnd: bare, ts: null };
	if (!endsWithAt(line, bare, '-->')) return none;
	let end = runStart(line, bare - 3, goSpace);
	const digits = runStart(line, end, isDigit);
	if (digits === end) return none;
	const ts = line.slice(digits, end);
	end = runStart(line, digits, goSpace);
	if (!endsWithAt(line, end, '=')) return none;
	end = runStart(line, end - 1, goSpace);
	if (!endsWithAt(line, end, 'ts', true)) return none;
	end = runStart(line, end - 2, goSpace);
	if (!endsWithAt(line, end, '<!--')) return none;
	return { textEnd: runStart(line, end - 4, goSpace), ts };
}
