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

/** Splits a body at lines that begin exactly with `## `. */
export function splitSections(body: string): SplitBody {
	const lines = body.split('\n');
	const starts: number[] = [];
	for (let i = 0; i < lines.length; i++) if (lines[i].startsWith('## ')) starts.push(i);
	const textOf = (from: number, to: number): string => goTrimSpace(lines.slice(from, to).join('\n'));
	const sections = starts.map((line, k) => ({
		heading: goTrimSpace(lines[line].slice(3)),
		text: textOf(line + 1, k + 1 < starts.length ? starts[k + 1] : lines.length),
		line,
	}));
	return { preamble: textOf(0, starts.length > 0 ? starts[0] : lines.length), sections };
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

const MARKERS = ['- ', '* ', '+ '];

/** Bullet items: trimmed lines starting `- `, `* ` or `+ `. Every other line is ignored. */
export function parseBullets(text: string): string[] {
	const out: string[] = [];
	for (const raw of text.split('\n')) {
		const line = goTrimSpace(raw);
		const marker = MARKERS.find((m) => line.startsWith(m));
		if (marker) out.push(goTrimSpace(line.slice(marker.length)));
	}
	return out;
}
