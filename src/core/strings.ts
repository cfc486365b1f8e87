/**
 * Whitespace and length measured the way logos measures them, so text the plugin
 * reads, keys and writes lines up with what logos reads, keys and writes.
 */
import { oneLine } from './go/go-text';

// Trimming and collapsing follow Go's unicode.IsSpace; one implementation serves the core.
export { goTrimSpace as trimSpace, goFields as fields, oneLine as collapseSpace } from './go/go-text';

/** Lower-cased with whitespace folded: how logos compares a task or a ruling. */
export function foldKey(s: string): string {
	return oneLine(s).toLowerCase();
}

const NOT_ASCII = /[\u0080-\uffff]/;

/** Length in UTF-8 bytes, the unit logos's limits are written in. */
export function utf8Length(s: string): number {
	// ASCII text (nearly every note and bullet) is one byte a unit: told by one pattern, without
	// a step per character (a resume asks this of every working note, before anything is compiled).
	if (!NOT_ASCII.test(s)) return s.length;
	let n = 0;
	for (const ch of s) {
		const cp = ch.codePointAt(0) as number;
		n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
	}
	return n;
}

/** The longest prefix of `s` that fits in `max` UTF-8 bytes, cut on a character boundary. */
export function cutToBytes(s: string, max: number): string {
	let n = 0;
	let end = 0;
	for (const ch of s) {
		const cp = ch.codePointAt(0) as number;
		const w = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		if (n + w > max) break;
		n += w;
		end += ch.length;
	}
	return s.slice(0, end);
}

/**
 * The full file text after appending one line: `header` first when the file is new
 * (missing or 0 bytes), an LF first when the existing text lacks its final one.
 * Existing text is never changed, only extended.
 */
export function appendWithHeader(existing: string | null, line: string, header: string): string {
	const one = line.replace(/[\r\n]+/g, ' ').trimEnd();
	if (existing === null || existing === '') return header + one + '\n';
	return existing + (existing.endsWith('\n') ? '' : '\n') + one + '\n';
}

/**
 * A short fingerprint of a text (two 32-bit FNV-1a variants and the length), so two
 * files can be compared for identical bytes after their texts are gone.
 */
export function textDigest(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x01000193 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193);
		b = Math.imul(b ^ c, 0x5bd1e995);
		b ^= b >>> 15;
	}
	return `${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}-${text.length}`;
}
