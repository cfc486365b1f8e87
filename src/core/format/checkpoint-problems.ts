/**
 * What a person should be told about a checkpoint file that logos reads differently
 * from how it looks: a frontmatter block logos cannot see, a heading it does not know.
 * Only words; the reading itself never changes because of these.
 */

import { HEADING } from './checkpoint-body';
import type { RawSection } from './checkpoint-body';

const LOST = 'so logos reads no frontmatter from it';

/** Why a file that looks like it has frontmatter has none for logos, or '' when nothing is off. */
function missingFrontmatter(raw: string): string {
	if (raw.startsWith('\ufeff')) return `The file starts with a byte order mark (BOM), ${LOST}.`;
	if (raw.startsWith('---\r\n')) return `The file has Windows line endings (CRLF), ${LOST}.`;
	if (raw.startsWith('---\n')) {
		return "The frontmatter has no closing `---` line followed by a line break, so logos reads none of it.";
	}
	if (raw.startsWith('---')) return `The first line is not exactly \`---\`, ${LOST}.`;
	if (raw.trim() !== '') return 'The file has no frontmatter.';
	return '';
}

export function frontmatterProblems(raw: string, found: boolean): string[] {
	const missing = found ? '' : missingFrontmatter(raw);
	return missing === '' ? [] : [missing];
}

/** A heading folded so near misses (case, curly apostrophe, spacing) meet the real one. */
function fold(heading: string): string {
	return heading.toLowerCase().replace(/[\u2018\u2019\u02bc`]/g, "'").replace(/\s+/g, ' ').replace(/:$/, '').trim();
}

const NEAR = new Map<string, string>(Object.values(HEADING).map((h) => [fold(h), h]));
// Names people reach for that logos never reads.
NEAR.set('failed', HEADING.failed);
NEAR.set('dead ends', HEADING.failed);
NEAR.set('commands', HEADING.commands);
NEAR.set('questions', HEADING.questions);
NEAR.set('next step', HEADING.next);

/** Near-miss and repeated headings, with their line in the file (1-based, as editors count). */
export function headingProblems(sections: RawSection[], lastOf: Map<string, RawSection>, bodyLine: number): string[] {
	const problems: string[] = [];
	for (const s of sections) {
		const last = lastOf.get(s.heading);
		if (last === s) continue;
		const at = `line ${bodyLine + s.line + 1}`;
		if (last) {
			problems.push(`\`## ${s.heading}\` (${at}) appears again later; logos keeps only the last one.`);
			continue;
		}
		const meant = NEAR.get(fold(s.heading));
		if (s.heading === '') problems.push(`An empty \`##\` heading (${at}) starts a section logos ignores.`);
		else if (meant) problems.push(`\`## ${s.heading}\` (${at}) is not a heading logos reads; it reads \`## ${meant}\` exactly.`);
	}
	return problems;
}
