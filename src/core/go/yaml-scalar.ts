/**
 * Writing a string value the way logos does: go-yaml v3's `yaml.Marshal(s)` with the
 * trailing newlines removed. logos writes every string in frontmatter this way, so a
 * byte-identical checkpoint needs the same choice of style (plain, 'single', "double",
 * literal block) and the same escapes. Pinned by test/fixtures/yaml-quote-corpus.json,
 * generated from go-yaml itself (test/oracle/yaml-quote).
 */

import { readsAsPlainString } from './go-yaml-resolve';

/** go-yaml's indentation for a top-level block scalar. */
const INDENT = 4;

const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;
const BOM = 0xfeff;

/** Code points of `s`; a lone surrogate becomes U+FFFD, as it does once written as UTF-8. */
function codePoints(s: string): number[] {
	const out: number[] = [];
	for (const ch of s) {
		const cp = ch.codePointAt(0) ?? 0xfffd;
		out.push(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
	}
	return out;
}

/** Characters YAML may carry unescaped (4-byte UTF-8 never is, in go-yaml). */
function isPrintable(cp: number): boolean {
	return (
		cp === LF ||
		(cp >= 0x20 && cp <= 0x7e) ||
		(cp >= 0xa0 && cp <= 0xd7ff) ||
		(cp >= 0xe000 && cp <= 0xfffd && cp !== BOM)
	);
}

const isBreak = (cp: number): boolean => cp === LF || cp === 0x0d || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
const isBlank = (cp: number | undefined): boolean => cp === SPACE || cp === TAB;

interface Allowed {
	plain: boolean;
	single: boolean;
	block: boolean;
}

/** Which styles go-yaml's emitter allows for this text at the top level of a document. */
function analyze(cps: number[]): Allowed {
	const ch = (i: number): string => String.fromCodePoint(cps[i]);
	let indicators = cps.length >= 3 && /^(---|\.\.\.)$/.test(ch(0) + ch(1) + ch(2));
	let lineBreaks = false;
	let special = false;
	let tabs = false;
	let spaceBreak = false;
	let breakSpace = false;
	let prevSpace = false;
	let prevBreak = false;
	let precededByWhitespace = true;
	for (let i = 0; i < cps.length; i++) {
		const c = cps[i];
		const followedByWhitespace = i + 1 >= cps.length || isBlank(cps[i + 1]);
		if (i === 0) {
			if ('#,[]{}&*!|>\'"%@`'.includes(ch(0))) indicators = true;
			else if ((c === 0x3f || c === 0x3a || c === 0x2d) && followedByWhitespace) indicators = true; // ? : -
		} else if ((c === 0x3a && followedByWhitespace) || (c === 0x23 && precededByWhitespace)) {
			indicators = true; // ": " and " #"
		}
		if (c === TAB) tabs = true;
		else if (!isPrintable(c)) special = true;
		if (c === SPACE) {
			if (prevBreak) breakSpace = true;
			prevSpace = true;
			prevBreak = false;
		} else if (isBreak(c)) {
			lineBreaks = true;
			if (prevSpace) spaceBreak = true;
			prevSpace = false;
			prevBreak = true;
		} else {
			prevSpace = prevBreak = false;
		}
		precededByWhitespace = isBlank(c) || isBreak(c) || c === 0;
	}
	const first = cps[0];
	const last = cps[cps.length - 1];
	const edgeSpace = first === SPACE || isBreak(first) || last === SPACE || isBreak(last);
	const quotedOnly = spaceBreak || tabs || special;
	return {
		plain: !(edgeSpace || breakSpace || quotedOnly || lineBreaks || indicators),
		single: !(breakSpace || quotedOnly),
		block: !(last === SPACE || spaceBreak || special),
	};
}

/** The emitter's output buffer, with the column bookkeeping its indentation relies on. */
class Out {
	text = '';
	column = 0;
	whitespace = true;
	indention = true;

	put(s: string): void {
		this.text += s;
		this.column += [...s].length;
	}

	write(cp: number): void {
		this.put(String.fromCodePoint(cp));
	}

	newline(): void {
		this.text += '\n';
		this.column = 0;
		this.indention = true;
	}

	/** A line break from the value itself: LF is re-emitted, other breaks are copied. */
	writeBreak(cp: number): void {
		if (cp === LF) {
			this.newline();
			return;
		}
		this.write(cp);
		this.column = 0;
		this.indention = true;
	}

	/** The opening indicator of a scalar, at the very start of the document. */
	opening(s: string): void {
		this.put(s);
		this.whitespace = false;
		this.indention = false;
	}

	indent(): void {
		if (!this.indention || this.column > INDENT || (this.column === INDENT && !this.whitespace)) this.newline();
		while (this.column < INDENT) this.put(' ');
		this.whitespace = true;
	}
}

function singleQuoted(cps: number[]): string {
	const out = new Out();
	out.opening("'");
	let breaks = false;
	for (const c of cps) {
		if (c === SPACE) {
			out.write(c);
		} else if (isBreak(c)) {
			// Only U+2028/U+2029 get here: LF goes to a block, CR and NEL to double quotes.
			out.writeBreak(c);
			breaks = true;
		} else {
			if (breaks) out.indent();
			if (c === 0x27) out.put("'");
			out.write(c);
			out.indention = false;
			breaks = false;
		}
	}
	out.put("'");
	return out.text;
}

const ESCAPES: Record<number, string> = {
	0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r',
	0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

function escape(cp: number): string {
	const named = ESCAPES[cp];
	if (named !== undefined) return '\\' + named;
	const hex = cp.toString(16).toUpperCase();
	if (cp <= 0xff) return '\\x' + hex.padStart(2, '0');
	if (cp <= 0xffff) return '\\u' + hex.padStart(4, '0');
	return '\\U' + hex.padStart(8, '0');
}

function doubleQuoted(cps: number[]): string {
	// go-yaml checks for a byte order mark at the start of the value, not at each
	// character, so a value starting with one has every character escaped.
	const escapeAll = cps[0] === BOM;
	let s = '"';
	for (const c of cps) {
		const plainChar = isPrintable(c) && !isBreak(c) && c !== 0x22 && c !== 0x5c;
		s += escapeAll || !plainChar ? escape(c) : String.fromCodePoint(c);
	}
	return s + '"';
}

function literalBlock(cps: number[]): string {
	const out = new Out();
	// Indentation hint when the text starts with a space or break; chomping hint by its end.
	let header = '|';
	if (cps[0] === SPACE || isBreak(cps[0])) header += String(INDENT);
	const last = cps[cps.length - 1];
	if (!isBreak(last)) header += '-';
	else if (cps.length === 1 || isBreak(cps[cps.length - 2])) header += '+';
	out.opening(header);
	out.whitespace = true;
	let breaks = true;
	for (const c of cps) {
		if (isBreak(c)) {
			out.writeBreak(c);
			breaks = true;
			continue;
		}
		if (breaks) out.indent();
		out.write(c);
		out.indention = false;
		breaks = false;
	}
	return out.text;
}

type Style = 'plain' | 'single' | 'double' | 'literal';

function chooseStyle(s: string, cps: number[]): Style {
	if (s === '') return 'double';
	const allowed = analyze(cps);
	if (s.includes('\n')) return allowed.block ? 'literal' : 'double';
	if (readsAsPlainString(s) && allowed.plain) return 'plain';
	if (readsAsPlainString(s) && allowed.single) return 'single';
	return 'double';
}

/** A string value exactly as go-yaml v3's `yaml.Marshal` writes it, without trailing newlines. */
export function quoteScalar(value: string): string {
	const cps = codePoints(value);
	const s = cps.map((cp) => String.fromCodePoint(cp)).join('');
	let text: string;
	switch (chooseStyle(s, cps)) {
		case 'plain':
			text = s;
			break;
		case 'single':
			text = singleQuoted(cps);
			break;
		case 'double':
			text = doubleQuoted(cps);
			break;
		case 'literal':
			text = literalBlock(cps);
			break;
	}
	return text.replace(/\n+$/, '');
}
