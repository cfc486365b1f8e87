/**
 * Where a checkpoint's bullets sit in its file, so every line a view shows can open the note
 * at that line. Follows the reader's section rules (docs/format.md §3.3): the last section with a
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

/**
 * Where every section's bullets and every frontmatter key sit in one file, taken once when
 * the file is read, so lines can be located later without its text (the index keeps it).
 * Compact on purpose: `s` holds [heading, headingLine, ...itemLines] per section (the last
 * section of a name wins, as in sectionLines), `k` holds [key, line] (the first wins).
 */
export interface LineMap {
	s: (string | number)[][];
	k: [string, number][];
}

/** The frontmatter's closing line, or -1 when the file has none (frontmatterKeyLine's rule). */
function frontmatterEnd(lines: string[]): number {
	if (lines[0]?.trimEnd() !== '---') return -1;
	for (let i = 1; i < lines.length; i++) if (lines[i].trimEnd() === '---') return i;
	return -1;
}

export function lineMap(raw: string): LineMap {
	const lines = raw.split('\n');
	const keys: [string, number][] = [];
	const seenKeys = new Set<string>();
	const end = frontmatterEnd(lines);
	for (let i = 1; i < end; i++) {
		const m = /^([^\s:#][^:]*):/.exec(lines[i]);
		if (m && !seenKeys.has(m[1])) {
			seenKeys.add(m[1]);
			keys.push([m[1], i]);
		}
	}
	const sections = new Map<string, (string | number)[]>();
	let current: (string | number)[] | null = null;
	for (let i = bodyStart(lines); i < lines.length; i++) {
		const line = lines[i];
		if (line.startsWith('## ')) {
			current = [line.slice(3).trim(), i];
			sections.delete(current[0] as string);
			sections.set(current[0] as string, current);
			continue;
		}
		if (!current) continue;
		const t = line.trim();
		if (t.startsWith('- ') || t.startsWith('* ') || t.startsWith('+ ')) current.push(i);
	}
	return { s: [...sections.values()], k: keys };
}

/** bulletLine over a LineMap: the k-th bullet under `heading`, or the heading's line, or -1. */
export function bulletLineIn(map: LineMap | undefined, heading: string, k: number): number {
	const s = map?.s.find((x) => x[0] === heading);
	if (!s) return -1;
	const item = k >= 0 ? s[2 + k] : undefined;
	return typeof item === 'number' ? item : (s[1] as number);
}

/** 0-based line of `key:` inside the leading frontmatter, -1 when absent. */
export function keyLineIn(map: LineMap | undefined, key: string): number {
	return map?.k.find((x) => x[0] === key)?.[1] ?? -1;
}

/** Where lines of files sit, whichever way they were read: whole texts, or maps from the index. */
export interface LineSource {
	bullet(path: string, heading: string, k: number): number;
	key(path: string, key: string): number;
}

export function linesFromMaps(maps: { get(path: string): LineMap | undefined }): LineSource {
	return {
		bullet: (path, heading, k) => bulletLineIn(maps.get(path), heading, k),
		key: (path, key) => keyLineIn(maps.get(path), key),
	};
}

/** Maps made on first use: a full read of the vault has every text at hand. */
export function linesFromTexts(texts: ReadonlyMap<string, string>): LineSource {
	const made = new Map<string, LineMap>();
	return linesFromMaps({
		get(path) {
			let m = made.get(path);
			if (!m) {
				const t = texts.get(path);
				if (t === undefined) return undefined;
				made.set(path, (m = lineMap(t)));
			}
			return m;
		},
	});
}
