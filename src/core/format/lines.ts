/**
 * Where a checkpoint's bullets sit in its file, so every line a view shows can open the note
 * at that line. Follows the reader's section rules (docs/format.md §3.3): the last section with a
 * heading wins, and only `- `, `* `, `+ ` lines are items.
 */
import { pushAll } from '../arrays';

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

/** What String.prototype.trim removes (\s in a pattern): ASCII first, the rest by the pattern. */
function isTrimSpace(c: number): boolean {
	if (c < 128) return c === 32 || (c >= 9 && c <= 13);
	return SPACE.test(String.fromCharCode(c));
}
const SPACE = /\s/;

/** Whether the line raw[from, to) trimmed starts with a bullet marker and its space (`- `, `* `, `+ `). */
function isItemLine(raw: string, from: number, to: number): boolean {
	let j = from;
	while (j < to && isTrimSpace(raw.charCodeAt(j))) j++;
	const c = raw.charCodeAt(j);
	if (j + 2 >= to || (c !== 45 && c !== 42 && c !== 43) || raw.charCodeAt(j + 1) !== 32) return false;
	// The trim takes trailing space too: something must stand after the marker's space.
	for (let k = to - 1; k > j + 1; k--) if (!isTrimSpace(raw.charCodeAt(k))) return true;
	return false;
}

/** Whether the line raw[from, to) is `---` once trailing space is trimmed. */
function isFence(raw: string, from: number, to: number): boolean {
	if (to - from < 3 || !raw.startsWith('---', from)) return false;
	for (let k = from + 3; k < to; k++) if (!isTrimSpace(raw.charCodeAt(k))) return false;
	return true;
}

/**
 * Taken for every file a full pass reads, so it walks the text by offsets: only keys and
 * headings are cut out as strings. The same map as splitting the text into lines gives:
 * the frontmatter closes at the first line that is `---` once trailing space is trimmed
 * (frontmatterKeyLine's rule), while the body starts after the first line that is exactly
 * `---` when the first line is too (sectionLines's rule).
 */
export function lineMap(raw: string): LineMap {
	const keys: [string, number][] = [];
	const sections = new Map<string, (string | number)[]>();
	let eol = raw.indexOf('\n');
	const exact = eol === 3 || (eol < 0 && raw.length === 3) ? raw.startsWith('---') : false;
	// Line number and start offset of the body; 0 when there is no exact frontmatter.
	let bodyLine = 0;
	let bodyAt = 0;
	if (exact || isFence(raw, 0, eol < 0 ? raw.length : eol)) {
		const seenKeys = new Set<string>();
		// Kept only when the frontmatter closes: an unclosed one has no keys.
		const found: [string, number][] = [];
		let closed = false;
		for (let i = 1, at = eol + 1; eol >= 0; i++, at = eol + 1) {
			eol = raw.indexOf('\n', at);
			const end = eol < 0 ? raw.length : eol;
			if (!closed && isFence(raw, at, end)) {
				closed = true;
				pushAll(keys, found);
			} else if (!closed) {
				const colon = raw.indexOf(':', at);
				const c = raw.charCodeAt(at);
				if (colon > at && colon < end && c !== 35 && !isTrimSpace(c)) {
					const key = raw.slice(at, colon);
					if (!seenKeys.has(key)) {
						seenKeys.add(key);
						found.push([key, i]);
					}
				}
			}
			if (exact && end - at === 3 && raw.startsWith('---', at)) {
				bodyLine = i + 1;
				bodyAt = end + 1;
				break;
			}
			if (closed && !exact) break;
		}
	}
	let current: (string | number)[] | null = null;
	for (let i = bodyLine, at = bodyAt; at <= raw.length; i++) {
		let end = raw.indexOf('\n', at);
		if (end < 0) end = raw.length;
		if (raw.startsWith('## ', at)) {
			current = [raw.slice(at + 3, end).trim(), i];
			sections.delete(current[0] as string);
			sections.set(current[0] as string, current);
		} else if (current && isItemLine(raw, at, end)) current.push(i);
		at = end + 1;
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
