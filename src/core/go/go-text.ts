/**
 * Whitespace rules exactly as logos applies them. logos trims and splits with Go's
 * `unicode.IsSpace`, which differs from JavaScript's `trim()`: Go counts U+0085 (NEL)
 * as space and does not count U+FEFF. Byte-identical rendering depends on the difference.
 */

/** Go's `unicode.IsSpace`. */
export function isGoSpace(cp: number): boolean {
	if (cp <= 0xff) {
		return (cp >= 0x09 && cp <= 0x0d) || cp === 0x20 || cp === 0x85 || cp === 0xa0;
	}
	return (
		cp === 0x1680 ||
		(cp >= 0x2000 && cp <= 0x200a) ||
		cp === 0x2028 ||
		cp === 0x2029 ||
		cp === 0x202f ||
		cp === 0x205f ||
		cp === 0x3000
	);
}

/** Go's `strings.TrimSpace`. */
export function goTrimSpace(s: string): string {
	let start = 0;
	let end = s.length;
	// Every Go space is a single UTF-16 unit, so unit-wise scanning is exact.
	while (start < end && isGoSpace(s.charCodeAt(start))) start++;
	while (end > start && isGoSpace(s.charCodeAt(end - 1))) end--;
	return s.slice(start, end);
}

/** Go's `strings.TrimLeft(s, " \t")`: the indentation of a line. */
export function leadingIndent(s: string): number {
	let i = 0;
	while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
	return i;
}

/** Go's `strings.Fields`: the non-space runs of a string. */
export function goFields(s: string): string[] {
	const out: string[] = [];
	let start = -1;
	for (let i = 0; i < s.length; i++) {
		if (isGoSpace(s.charCodeAt(i))) {
			if (start >= 0) out.push(s.slice(start, i));
			start = -1;
		} else if (start < 0) {
			start = i;
		}
	}
	if (start >= 0) out.push(s.slice(start));
	return out;
}

/** All whitespace runs collapsed to one space, ends trimmed: one line of text. */
export function oneLine(s: string): string {
	// Most text is one line already: single ASCII spaces between words, none at the ends. Told
	// by one pattern rather than a loop over the characters: every bullet of a resume comes
	// through here, mostly before the engine has compiled any loop of ours.
	return s.length > 0 && !NOT_ONE_LINE.test(s) ? s : goFields(s).join(' ');
}

/** A space at either end, two in a row, or any other of Go's spaces (isGoSpace). */
const NOT_ONE_LINE = /^ | $| {2}|[\t\n\v\f\r\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Number of characters (code points, Go's runes) in a string. */
export function runeCount(s: string): number {
	let n = 0;
	for (let i = 0; i < s.length; i++) {
		const c = s.charCodeAt(i);
		// A high surrogate followed by a low one is one rune.
		if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
			const d = s.charCodeAt(i + 1);
			if (d >= 0xdc00 && d <= 0xdfff) i++;
		}
		n++;
	}
	return n;
}

/** The first `n` runes of a string. */
export function firstRunes(s: string, n: number): string {
	let count = 0;
	let i = 0;
	while (i < s.length && count < n) {
		const c = s.charCodeAt(i);
		const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length;
		const d = pair ? s.charCodeAt(i + 1) : 0;
		i += pair && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
		count++;
	}
	return s.slice(0, i);
}
