/**
 * File-name rules of a logos vault: which names are checkpoints, transcripts or
 * sync-client conflict copies, how logos sanitizes names, and how it orders them.
 * Pure string work; safe on Obsidian mobile (no lookbehind).
 */

/** docs/format.md §1.2: the name is the test — 8 ASCII digits, `-`, anything, `.md`. */
export function isCheckpointFile(name: string): boolean {
	return isCheckpointNameAt(name, 0);
}

/**
 * The rule as one pattern, matched from a given place (sticky): a listing asks it of every one
 * of 10,000 names, mostly before the engine has compiled a loop of ours (docs/decisions.md
 * "What a CLI command reads").
 */
const CHECKPOINT_NAME = /[0-9]{8}-[^]*\.md$/y;

/** isCheckpointFile for the name that starts at `start` in a path, without cutting it out. */
export function isCheckpointNameAt(path: string, start: number): boolean {
	if (start < 0) return false;
	CHECKPOINT_NAME.lastIndex = start;
	return CHECKPOINT_NAME.test(path);
}

/** A base name's stem: the name without its final `.md`. */
export function stemOf(name: string): string {
	return name.endsWith('.md') ? name.slice(0, -3) : name;
}

/**
 * docs/format.md §1.1: the archived transcript is `transcript.<ext>`; a `.partial` file is an
 * in-flight copy and a `.tmp` file a write in progress, neither is the transcript.
 */
export function isTranscriptFile(name: string): boolean {
	const dot = name.indexOf('.');
	if (dot < 0 || name.slice(0, dot) !== 'transcript' || dot === name.length - 1) return false;
	return !name.endsWith('.partial') && !name.endsWith('.tmp');
}

/** Files logos or a sync client is still writing, and hidden files: never read. */
export function isIgnoredName(name: string): boolean {
	return name.startsWith('.') || name.endsWith('.tmp') || name.endsWith('.partial');
}

/**
 * Order of names as logos sorts them (Go string order = UTF-8 bytes). Comparing code
 * points gives the same order; plain `<` on UTF-16 units would not for astral characters.
 */
export function compareBytes(a: string, b: string): number {
	// Fast path: below the surrogates, UTF-16 units order as code points do, so the first
	// differing unit decides unless it is a surrogate or beyond (then the walk below does).
	const n = Math.min(a.length, b.length);
	let j = 0;
	while (j < n && a.charCodeAt(j) === b.charCodeAt(j)) j++;
	if (j === n) return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
	const u = a.charCodeAt(j);
	const v = b.charCodeAt(j);
	if (u < 0xd800 && v < 0xd800) return u < v ? -1 : 1;
	let i = 0;
	while (i < a.length && i < b.length) {
		const x = a.codePointAt(i) as number;
		const y = b.codePointAt(i) as number;
		if (x !== y) return x < y ? -1 : 1;
		i += x > 0xffff ? 2 : 1;
	}
	if (a.length === b.length) return 0;
	return a.length < b.length ? -1 : 1;
}

/** A surrogate (half of a character beyond the BMP): where the engine's string order and compareBytes may part. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * `items` in the order `cmp` gives, found by sorting their keys with the engine's own string
 * sort, no call of ours per comparison (a full pass sorts thousands of records, mostly before
 * anything is compiled). `key` must order as `cmp` does under compareBytes (`descending`: the
 * other way round) and tell every item apart. Without surrogates UTF-16 order is code point
 * order, which is compareBytes's; a key holding a surrogate, a null key, or two items with the
 * same key, and `cmp` sorts them all.
 */
export function sortedByKey<T>(items: readonly T[], key: (item: T) => string | null, cmp: (a: T, b: T) => number, descending = false): T[] {
	const byKey = new Map<string, T>();
	const keys: string[] = [];
	for (let i = 0; i < items.length; i++) {
		const k = key(items[i]);
		if (k === null || byKey.has(k) || SURROGATE.test(k)) return items.slice().sort(cmp);
		byKey.set(k, items[i]);
		keys.push(k);
	}
	keys.sort();
	if (descending) keys.reverse();
	return keys.map((k) => byKey.get(k) as T);
}

const KEEP = /^[\p{L}\p{N}]$/u;
const SEPARATORS = new Set(['-', '_', ' ', '/', '.']);
/** docs/decisions.md §11: a segment may be a whole file name, so up to 255 bytes survive. */
const MAX_SEGMENT_BYTES = 255;

function utf8Length(codePoint: number): number {
	if (codePoint < 0x80) return 1;
	if (codePoint < 0x800) return 2;
	if (codePoint < 0x10000) return 3;
	return 4;
}

/** What safeName leaves unchanged in ASCII: lower-case letters and digits, single inner dashes. */
const ALREADY_SAFE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function trimDashes(s: string): string {
	let start = 0;
	let end = s.length;
	while (start < end && s[start] === '-') start++;
	while (end > start && s[end - 1] === '-') end--;
	return s.slice(start, end);
}

/**
 * docs/format.md §8 `safe`: letters and digits of any script kept, each run of `- _ space / .`
 * becomes one `-`, every other character dropped, lower-cased, `-` trimmed, cut to
 * 255 bytes on a character boundary.
 */
export function safeName(s: string): string {
	// Already safe (ids, UUIDs, agent names): returned as is, without the per-character walk.
	if (s.length <= MAX_SEGMENT_BYTES && ALREADY_SAFE.test(s)) return s;
	let out = '';
	for (const ch of s.trim().toLowerCase()) {
		if (KEEP.test(ch)) out += ch;
		else if (SEPARATORS.has(ch) && out !== '' && !out.endsWith('-')) out += '-';
	}
	out = trimDashes(out);
	let bytes = 0;
	let cut = 0;
	for (const ch of out) {
		const n = utf8Length(ch.codePointAt(0) as number);
		if (bytes + n > MAX_SEGMENT_BYTES) break;
		bytes += n;
		cut += ch.length;
	}
	return cut === out.length ? out : trimDashes(out.slice(0, cut));
}

/** docs/format.md §8 `safeScope`: `safe` per `/` segment, empty segments dropped. */
export function safeScope(s: string): string {
	return s
		.split('/')
		.map(safeName)
		.filter((seg) => seg !== '')
		.join('/');
}

/* eslint-disable no-control-regex -- removing control characters is the point */
/** Characters that end a line in some reader: LF, CR, VT, FF, NEL, U+2028, U+2029, and tab. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Other controls, bidi controls and the BOM: invisible, or they reorder what is shown. */
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex -- only the patterns above */
/** An HTML comment's opening or closing marker (`--!>` closes one too). */
const COMMENT_MARKER = /<!--|--!?>/g;

/**
 * A scope folder's name as it may stand in a header line (`# reviewed — <scope>`): line
 * breaks become spaces, controls and bidi controls are dropped, and comment markers are
 * removed until none is left (removing one can join the halves of another). A folder logos
 * made (safeScope) is unchanged, so the header is byte-identical to logos's; a hostile
 * name can add no line and open or close no comment (docs/decisions.md, "Scope names in headers").
 */
export function headerName(folder: string): string {
	let s = String(folder).replace(LINE_BREAKS, ' ').replace(INVISIBLE, '');
	while (s.includes('<!--') || s.includes('-->') || s.includes('--!>')) s = s.replace(COMMENT_MARKER, '');
	return s.trim();
}

export type ConflictKind = 'dropbox' | 'syncthing' | 'icloud';

export interface ConflictCopy {
	kind: ConflictKind;
	/** The base name the sync client copied. */
	original: string;
}

const SYNCTHING = /^(.+)\.sync-conflict-[0-9]{8}-[0-9]{6}-[A-Za-z0-9]{7}\.md$/;
const ICLOUD = /^(.+) ([0-9]+)\.md$/;

/**
 * ` (… conflict …).md`: Dropbox's ` (conflicted copy)`, ` (Dana's conflicted copy
 * 2026-11-16)`, ` (Case Conflict)`, and clients that copy its shape. The parentheses
 * are matched by hand so a nested `(1)` inside the marker still counts.
 */
function parenthesisedConflict(name: string): string | null {
	if (!name.endsWith(').md')) return null;
	let depth = 0;
	for (let i = name.length - 4; i >= 0; i--) {
		const c = name[i];
		if (c === ')') depth++;
		else if (c === '(') {
			depth--;
			if (depth > 0) continue;
			if (i < 1 || name[i - 1] !== ' ') return null;
			const marker = name.slice(i + 1, name.length - 4).toLowerCase();
			return marker.includes('conflict') ? name.slice(0, i - 1) + '.md' : null;
		}
	}
	return null;
}

/**
 * docs/decisions.md §5: is this base name a sync client's conflict copy, and of which name?
 * logos never writes spaces or parentheses in a name, so a marker is always foreign.
 * iCloud's ` 2` is only a copy when `siblingExists` confirms the original is there.
 */
export function conflictCopyOf(name: string, siblingExists: (name: string) => boolean): ConflictCopy | null {
	// Every marker below holds a space or `.sync-conflict-`: a name logos wrote has neither.
	if (!name.includes(' ') && !name.includes('.sync-conflict-')) return null;
	const dropbox = parenthesisedConflict(name);
	if (dropbox !== null) return { kind: 'dropbox', original: dropbox };
	const sync = SYNCTHING.exec(name);
	if (sync) return { kind: 'syncthing', original: sync[1] + '.md' };
	const icloud = ICLOUD.exec(name);
	if (icloud && Number(icloud[2]) >= 2) {
		const original = icloud[1] + '.md';
		if (siblingExists(original)) return { kind: 'icloud', original };
	}
	return null;
}
