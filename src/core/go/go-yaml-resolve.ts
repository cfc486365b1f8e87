/**
 * What go-yaml v3 (the library logos is built with) makes of an unquoted scalar:
 * null, bool, int, float, timestamp or plain text. The writer needs it to know when a
 * string must be quoted; the reader needs it to convert values as logos does.
 */

import { isYamlTimestamp } from './go-time';

export type Resolved =
	| { kind: 'null' }
	| { kind: 'bool'; value: boolean }
	| { kind: 'int'; value: bigint }
	| { kind: 'float'; value: number }
	| { kind: 'timestamp' }
	| { kind: 'str' };

const NULL: Resolved = { kind: 'null' };
const STR: Resolved = { kind: 'str' };

const WORDS = new Map<string, Resolved>();
for (const w of ['true', 'True', 'TRUE']) WORDS.set(w, { kind: 'bool', value: true });
for (const w of ['false', 'False', 'FALSE']) WORDS.set(w, { kind: 'bool', value: false });
for (const w of ['', '~', 'null', 'Null', 'NULL']) WORDS.set(w, NULL);
for (const w of ['.nan', '.NaN', '.NAN']) WORDS.set(w, { kind: 'float', value: NaN });
for (const w of ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']) WORDS.set(w, { kind: 'float', value: Infinity });
for (const w of ['-.inf', '-.Inf', '-.INF']) WORDS.set(w, { kind: 'float', value: -Infinity });

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** go-yaml looks a scalar up only when its first byte hints at a non-string. */
function hint(s: string): string {
	if (s === '') return 'N';
	const c = s[0];
	if (c === '+' || c === '-') return 'S';
	if (c >= '0' && c <= '9') return 'D';
	if ('yYnNtTfFoO~'.includes(c)) return 'M';
	if (c === '.') return '.';
	return '';
}

const DIGITS: Record<number, RegExp> = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ };
const PREFIX: Record<number, string> = { 2: '0b', 8: '0o', 10: '', 16: '0x' };

/** Go's `strconv.ParseUint(s, base, 64)` without underscores (go-yaml strips them first). */
function parseUint(s: string, base: number): bigint | null {
	let digits = s;
	if (base === 0) {
		base = 10;
		if (s[0] === '0') {
			const p = s.length >= 3 ? s[1].toLowerCase() : '';
			base = p === 'b' ? 2 : p === 'o' ? 8 : p === 'x' ? 16 : 8;
			digits = p === 'b' || p === 'o' || p === 'x' ? s.slice(2) : s.slice(1);
			// A lone "0" is octal zero with no digits left.
			if (digits === '') return 0n;
		}
	}
	if (!DIGITS[base].test(digits)) return null;
	const n = BigInt(PREFIX[base] + digits);
	return n <= UINT64_MAX ? n : null;
}

/** Go's `strconv.ParseInt(s, base, 64)`. */
function parseInt64(s: string, base: number): bigint | null {
	if (s === '') return null;
	const negative = s[0] === '-';
	const body = s[0] === '+' || s[0] === '-' ? s.slice(1) : s;
	if (body === '') return null;
	const u = parseUint(body, base);
	if (u === null) return null;
	const n = negative ? -u : u;
	return n >= INT64_MIN && n <= INT64_MAX ? n : null;
}

/** Go's underscore rule for number literals: only between digits. */
function underscoresOk(s: string): boolean {
	let saw = '^';
	const body = s[0] === '+' || s[0] === '-' ? s.slice(1) : s;
	for (const c of body) {
		if (c >= '0' && c <= '9') saw = '0';
		else if (c === '_') {
			if (saw !== '0') return false;
			saw = '_';
		} else {
			if (saw === '_') return false;
			saw = '!';
		}
	}
	return saw !== '_';
}

const GO_DECIMAL = /^[+-]?([0-9_]*)(?:\.([0-9_]*))?(?:[eE]([+-]?)([0-9][0-9_]*))?$/;

/** Go's `strconv.ParseFloat(s, 64)` for decimal text: the value, or null on syntax or range error. */
function parseFloat64(s: string): number | null {
	const m = GO_DECIMAL.exec(s);
	if (!m) return null;
	const [, whole, frac = '', expSign, exp] = m;
	if (!/[0-9]/.test(whole + frac)) return null;
	if (s.includes('_') && !underscoresOk(s)) return null;
	// Go stops growing the exponent past 10000; the capped value decides overflow.
	let e = 0;
	for (const c of (exp ?? '').replace(/_/g, '')) if (e < 10000) e = e * 10 + Number(c);
	const sign = s[0] === '-' ? '-' : '';
	const text = `${sign}${whole.replace(/_/g, '') || '0'}.${frac.replace(/_/g, '') || '0'}e${expSign === '-' ? -e : e}`;
	const n = Number(text);
	return Number.isFinite(n) ? n : null;
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** go-yaml's explicit binary/octal fallbacks, tried after Go's own prefixes failed. */
function prefixedInt(plain: string): bigint | null {
	const tries: Array<[string, number, boolean]> = [
		['0b', 2, false],
		['-0b', 2, true],
		['0o', 8, false],
		['-0o', 8, true],
	];
	for (const [prefix, base, negative] of tries) {
		if (!plain.startsWith(prefix)) continue;
		const rest = plain.slice(prefix.length);
		const n = parseInt64(negative ? '-' + rest : rest, base);
		if (n !== null) return n;
		return negative ? null : parseUint(rest, base);
	}
	return null;
}

function resolveNumber(s: string): Resolved {
	if (isYamlTimestamp(s)) return { kind: 'timestamp' };
	const plain = s.replace(/_/g, '');
	const i = parseInt64(plain, 0) ?? parseUint(plain, 0);
	if (i !== null) return { kind: 'int', value: i };
	if (YAML_STYLE_FLOAT.test(plain)) {
		const f = parseFloat64(plain);
		if (f !== null) return { kind: 'float', value: f };
	}
	const p = prefixedInt(plain);
	return p === null ? STR : { kind: 'int', value: p };
}

/** The type go-yaml v3 gives an unquoted, untagged scalar. */
export function resolvePlain(s: string): Resolved {
	const h = hint(s);
	if (h === '') return STR;
	const word = WORDS.get(s);
	if (word) return word;
	if (h === '.') {
		const f = parseFloat64(s);
		return f === null ? STR : { kind: 'float', value: f };
	}
	if (h === 'S' || h === 'D') return resolveNumber(s);
	return STR;
}

const OLD_BOOLS = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF']);
const BASE60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/**
 * Whether go-yaml writes this string unquoted as far as typing goes: it must read back
 * as a string, and not look like a YAML 1.1 bool or sexagesimal number either.
 */
export function readsAsPlainString(s: string): boolean {
	if (resolvePlain(s).kind !== 'str') return false;
	return !OLD_BOOLS.has(s) && !BASE60.test(s);
}

/** YAML 1.1 words go-yaml accepts for a bool field when the value is a string. */
export function oldBool(s: string): boolean | null {
	if (!OLD_BOOLS.has(s)) return null;
	return ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'].includes(s);
}
