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

/** asciiSpace on a UTF-16 unit. */
function isAsciiSpaceCode(n: number): boolean {
	return n === 0x20 || n === 0x09 || n === 0x0a || n === 0x0c || n === 0x0d;
}

/** The start of the run of ASCII spaces (else of non-spaces) that ends at `end`. */
function spaceRunStart(s: string, end: number, spaces = true): number {
	let i = end;
	while (i > 0 && isAsciiSpaceCode(s.charCodeAt(i - 1)) === spaces) i--;
	return i;
}

/**
 * docs/format.md §4.4: `<!--` spaces `ts=` digits spaces `agent=` non-spaces spaces `-->` at the end
 * of the line (logos's ASCII spacing), or null. Read with character codes, no callback per
 * character: an `uncommitted.md` of thousands of notes is read by every `scopes` run, mostly
 * before the engine has compiled this.
 */
export function noteTail(line: string): NoteTail | null {
	let end = spaceRunStart(line, line.length);
	if (!endsWithAt(line, end, '-->')) return null;
	end = spaceRunStart(line, end - 3);
	const word = spaceRunStart(line, end, false);
	if (!line.startsWith('agent=', word)) return null;
	const agent = line.slice(word + 6, end);
	end = spaceRunStart(line, word);
	if (end === word) return null;
	let digits = end;
	while (digits > 0 && line.charCodeAt(digits - 1) >= 0x30 && line.charCodeAt(digits - 1) <= 0x39) digits--;
	if (digits === end || !endsWithAt(line, digits, 'ts=')) return null;
	const open = spaceRunStart(line, digits - 3);
	if (!endsWithAt(line, open, '<!--')) return null;
	return { at: open - 4, ts: line.slice(digits, end), agent };
}

export interface VerdictTail {
	/** Where the ruling ends: before the comment and the spacing in front of it. */
	textEnd: number;
	/** The time's digits, or null when the line has no comment. */
	ts: string | null;
	/** Words after the time inside the comment (`undo`, or ones a later version adds). */
	words: string[];
}

/** `ts` `=` digits at the start of a comment's inside, any spacing, any case of `ts`. */
const TIME_HEAD = verdictTimeHead();

function verdictTimeHead(): RegExp {
	const s = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
	return new RegExp(`^${s}*ts${s}*=${s}*([0-9]+)`, 'i');
}

/**
 * docs/decisions.md §2: an optional `<!-- ts=N -->` (any spacing, any case of `ts`) ending the line;
 * words after the time (`<!-- ts=N undo -->`) are read and returned, never a reason to
 * drop the time. The last `<!--` is the comment, as reading from the right found it.
 */
export function verdictTail(line: string): VerdictTail {
	const bare = runStart(line, line.length, goSpace);
	const none: VerdictTail = { textEnd: bare, ts: null, words: [] };
	if (!endsWithAt(line, bare, '-->')) return none;
	const open = line.lastIndexOf('<!--', bare - 3);
	if (open < 0) return none;
	const inside = line.slice(open + 4, bare - 3);
	// A comment ends at its first `-->`: one inside it means the line ends in text, not a comment.
	if (inside.includes('-->')) return none;
	const head = TIME_HEAD.exec(inside);
	if (!head) return none;
	const rest = inside.slice(head[0].length);
	if (rest !== '' && !goSpace(rest[0])) return none;
	const words = splitGoSpace(rest);
	return { textEnd: runStart(line, open, goSpace), ts: head[1], words };
}

function splitGoSpace(s: string): string[] {
	const out: string[] = [];
	let word = '';
	for (const c of s) {
		if (goSpace(c)) {
			if (word !== '') out.push(word);
			word = '';
		} else word += c;
	}
	if (word !== '') out.push(word);
	return out;
}
