/**
 * Where a checkpoint's bullets sit in its file, so every line a view shows can open the note
 * at that line. Follows the reader's section rules (spec §3.3): the last section with a
 * heading wins, and only `- `, `* `, `+ ` lines are items.
 */

export interface SectionLines {
	/** 0-based line of the `## ` heading. */
	heading: number;
	/** 0-based lines of the bullet items, in order. */
	items: number[];
}

function bodyStart(lines: string[]): number {
	if (lines[0] !== '---') return 0;
	for (let i = 1; i < lines.length; i++) if (lines[i] === '---') return i + 1;
	return 0;
}

export function sectionLines(raw: string, heading: string): SectionLines | null {
	const lines = raw.split('\n');
	let found: SectionLines | null = null;
	let current: SectionLines | null = null;
	for (let i = bodyStart(lines); i < lines.length; i++) {
		const line = lines[i];
		if (line.startsWith('## ')) {
			current = line.slice(3).trim() === heading ? { heading: i, items: [] } : null;
			if (current) found = current;
			continue;
		}
		if (!current) continue;
		const t = line.trim();
		if (t.startsWith('- ') || t.startsWith('* ') || t.startsWith('+ ')) current.items.push(i);
	}
	return found;
}

/** Line of the k-th bullet under `heading`, or the heading's line, or -1. */
export function bulletLine(raw: string | undefined, heading: string, k: number): number {
	if (raw === undefined) return -1;
	const s = sectionLines(raw, heading);
	if (!s) return -1;
	return s.items[k] ?? s.heading;
}
