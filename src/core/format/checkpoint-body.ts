/**
 * The body of a checkpoint note: `## ` sections with exact headings (docs/format.md §2.4, §3.3),
 * prose with its heading escape, and bullet lists.
 */

import { goTrimSpace, leadingIndent } from '../go/go-text';

/** The headings logos writes and reads, exact and case-sensitive, in write order. */
export const HEADING = {
	task: 'Task',
	intent: 'Intent',
	state: 'State',
	decisions: 'Decisions',
	failed: "Didn't work",
	verified: 'Verified',
	blockers: 'Blockers',
	commands: 'Commands run',
	questions: 'Open questions',
	files: 'Files',
	next: 'Next',
	inferredVerified: 'Inferred from the transcript: verified',
	inferredFailed: "Inferred from the transcript: didn't work",
	inferredDecided: 'Inferred from the transcript: decided',
} as const;

const KNOWN: ReadonlySet<string> = new Set(Object.values(HEADING));

export function isKnownHeading(heading: string): boolean {
	return KNOWN.has(heading);
}

export interface RawSection {
	/** The heading line's text after `## `, trimmed ('' for a bare `## `). */
	heading: string;
	/** The lines up to the next heading, joined and trimmed. */
	text: string;
	/** 0-based line of the heading within the body. */
	line: number;
}

export interface SplitBody {
	/** Text before the first heading, trimmed: logos discards it. */
	preamble: string;
	sections: RawSection[];
}

/**
 * Splits a body at lines that begin exactly with `## `. Each part is cut from the body by
 * its offsets (the same text as its lines joined again), as every checkpoint of a full
 * pass is split. Heading lines are found by the engine's own search for `\n## ` and the
 * lines before each counted by their line feeds alone, not every line tested in a loop of
 * ours (docs/decisions.md "What a CLI command reads").
 */
export function splitSections(body: string): SplitBody {
	// Start offset of every heading line, its line number, and where each line ends.
	const starts: number[] = [];
	const lineOf: number[] = [];
	const ends: number[] = [];
	let line = 0;
	// Line feeds before `counted` are in `line`.
	let counted = 0;
	for (let at = body.startsWith('## ') ? 0 : headingAfter(body, 0); at >= 0; ) {
		for (let nl = body.indexOf('\n', counted); nl >= 0 && nl < at; nl = body.indexOf('\n', nl + 1)) line++;
		counted = at;
		const eol = body.indexOf('\n', at);
		starts.push(at);
		lineOf.push(line);
		ends.push(eol < 0 ? body.length : eol);
		at = eol < 0 ? -1 : headingAfter(body, eol);
	}
	// The lines after a heading up to the next one (or the end), joined: one slice of the body.
	const textOf = (from: number, to: number): string => (to > from ? goTrimSpace(body.slice(from, to)) : '');
	const sections = starts.map((at, k) => ({
		heading: goTrimSpace(body.slice(at + 3, ends[k])),
		text: textOf(ends[k] + 1, k + 1 < starts.length ? starts[k + 1] - 1 : body.length),
		line: lineOf[k],
	}));
	return { preamble: textOf(0, starts.length > 0 ? starts[0] - 1 : body.length), sections };
}

/** The start of the first heading line whose line feed is at or after `from`, or -1. */
function headingAfter(body: string, from: number): number {
	const nl = body.indexOf('\n## ', from);
	return nl < 0 ? -1 : nl + 1;
}

/** Length of the run of backslashes at the start of `s`. */
function backslashes(s: string): number {
	let n = 0;
	while (n < s.length && s[n] === '\\') n++;
	return n;
}

/**
 * Prose written into a section: a line whose first character after indentation and any
 * backslashes is `#` gets one more backslash, so field text can never forge a heading.
 */
export function escapeHeadings(text: string): string {
	return text
		.split('\n')
		.map((line) => {
			const indent = leadingIndent(line);
			const rest = line.slice(indent);
			return rest[backslashes(rest)] === '#' ? line.slice(0, indent) + '\\' + rest : line;
		})
		.join('\n');
}

/** The inverse of escapeHeadings: one backslash less where at least one stands before `#`. */
export function unescapeHeadings(text: string): string {
	// Without a backslash no line changes (nearly every section): the text as it is.
	if (!text.includes('\\')) return text;
	return text
		.split('\n')
		.map((line) => {
			const indent = leadingIndent(line);
			const rest = line.slice(indent);
			const n = backslashes(rest);
			return n > 0 && rest[n] === '#' ? line.slice(0, indent) + rest.slice(1) : line;
		})
		.join('\n');
}

/** Bullet items: trimmed lines starting `- `, `* ` or `+ `. Every other line is ignored. */
export function parseBullets(text: string): string[] {
	const out: string[] = [];
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const raw = lines[i];
		const first = raw.charCodeAt(0);
		// A line that starts with its marker and a space (nearly every bullet) is trimmed once:
		// its item is what stands after them, when anything does.
		if ((first === 45 || first === 42 || first === 43) && raw.charCodeAt(1) === 32) {
			const item = goTrimSpace(raw.slice(2));
			if (item !== '') out.push(item);
			continue;
		}
		const line = goTrimSpace(raw);
		const marker = line[0];
		if ((marker === '-' || marker === '*' || marker === '+') && line[1] === ' ') out.push(goTrimSpace(line.slice(2)));
	}
	return out;
}
