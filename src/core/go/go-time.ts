/**
 * Time stamps read the way logos (Go's `time.Parse`) reads them. Only the few layouts
 * logos and go-yaml use are supported, but each with Go's leniencies: one-digit fields
 * where the layout allows them, optional fractional seconds, day-of-month validation.
 */

type Field = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

type Token =
	| { kind: 'lit'; text: string }
	| { kind: 'year' }
	| { kind: 'num'; field: Exclude<Field, 'year'>; fixed: boolean }
	| { kind: 'frac' }
	| { kind: 'zone' };

const lit = (text: string): Token => ({ kind: 'lit', text });
const num = (field: Exclude<Field, 'year'>, fixed: boolean): Token => ({ kind: 'num', field, fixed });
const YEAR: Token = { kind: 'year' };
const FRAC: Token = { kind: 'frac' };
const ZONE: Token = { kind: 'zone' };

/** `time.RFC3339`: 2006-01-02T15:04:05Z07:00 (the hour may have one digit, as in Go). */
const RFC3339: Token[] = [
	YEAR, lit('-'), num('month', true), lit('-'), num('day', true), lit('T'),
	num('hour', false), lit(':'), num('minute', true), lit(':'), num('second', true), ZONE,
];

/** 2006-01-02 */
const DATE: Token[] = [YEAR, lit('-'), num('month', true), lit('-'), num('day', true)];

/** The layouts go-yaml tries for an unquoted timestamp. */
const yamlDate = [YEAR, lit('-'), num('month', false), lit('-'), num('day', false)];
const yamlClock = [num('hour', false), lit(':'), num('minute', false), lit(':'), num('second', false), FRAC];
const YAML_TIMESTAMPS: Token[][] = [
	[...yamlDate, lit('T'), ...yamlClock, ZONE],
	[...yamlDate, lit('t'), ...yamlClock, ZONE],
	[...yamlDate, lit(' '), ...yamlClock],
	yamlDate,
];

const isDigit = (s: string, i: number): boolean => i < s.length && s[i] >= '0' && s[i] <= '9';

interface Parts {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	offset: number;
}

/** Go's `atoi`: optional sign, digits, nothing else. '' reads as 0, as in Go. */
function goAtoi(s: string): number | null {
	const negative = s.startsWith('-');
	const digits = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s;
	if (!/^[0-9]*$/.test(digits)) return null;
	const n = Number(digits || '0');
	return negative ? -n : n;
}

/** Go's `getnum`: one or two digits (exactly two when fixed). */
function getnum(v: string, fixed: boolean): [number, string] | null {
	if (!isDigit(v, 0)) return null;
	if (!isDigit(v, 1)) return fixed ? null : [Number(v[0]), v.slice(1)];
	return [Number(v.slice(0, 2)), v.slice(2)];
}

/** Go's `skip`: a literal, where a space matches one or more spaces. */
function skip(v: string, text: string): string | null {
	let p = text;
	while (p.length > 0) {
		if (p[0] === ' ') {
			if (v.length > 0 && v[0] !== ' ') return null;
			p = p.replace(/^ +/, '');
			v = v.replace(/^ +/, '');
			continue;
		}
		if (v.length === 0 || v[0] !== p[0]) return null;
		p = p.slice(1);
		v = v.slice(1);
	}
	return v;
}

/** A fraction `.123`/`,123` right after the seconds. Go keeps at most 9 digits in a layout fraction. */
function fraction(v: string, maxDigits: number): string {
	if (v.length < 2 || (v[0] !== '.' && v[0] !== ',') || !isDigit(v, 1)) return v;
	let i = 1;
	while (i < v.length && i <= maxDigits && isDigit(v, i)) i++;
	return v.slice(i);
}

/** `Z` or ±hh:mm, the hours and minutes read with Go's lenient atoi. */
function zone(v: string): [number, string] | null {
	if (v.startsWith('Z')) return [0, v.slice(1)];
	if (v.length < 6 || v[3] !== ':') return null;
	const hours = goAtoi(v.slice(1, 3));
	const minutes = goAtoi(v.slice(4, 6));
	if (hours === null || minutes === null) return null;
	const offset = (hours * 60 + minutes) * 60;
	if (v[0] === '+') return [offset, v.slice(6)];
	if (v[0] === '-') return [-offset, v.slice(6)];
	return null;
}

const LIMITS: Record<Exclude<Field, 'year' | 'day'>, [number, number]> = {
	month: [1, 12],
	hour: [0, 23],
	minute: [0, 59],
	second: [0, 59],
};

function step(tok: Token, v: string, p: Parts, next: Token | undefined): string | null {
	switch (tok.kind) {
		case 'lit':
			return skip(v, tok.text);
		case 'year': {
			if (v.length < 4 || !isDigit(v, 0)) return null;
			const y = goAtoi(v.slice(0, 4));
			if (y === null) return null;
			p.year = y;
			return v.slice(4);
		}
		case 'num': {
			const got = getnum(v, tok.fixed);
			if (!got) return null;
			const [n, rest] = got;
			if (tok.field !== 'day') {
				const [lo, hi] = LIMITS[tok.field];
				if (n < lo || n > hi) return null;
			}
			p[tok.field] = n;
			// Go accepts a fraction after the seconds even when the layout has none.
			if (tok.field === 'second' && next?.kind !== 'frac') return fraction(rest, Infinity);
			return rest;
		}
		case 'frac':
			return fraction(v, 9);
		case 'zone': {
			const z = zone(v);
			if (!z) return null;
			p.offset = z[0];
			return z[1];
		}
	}
}

function daysIn(month: number, year: number): number {
	if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
	return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (no Date object: years 0–99 stay literal). */
function daysFromCivil(y: number, m: number, d: number): number {
	const yy = m <= 2 ? y - 1 : y;
	const era = Math.floor(yy / 400);
	const yoe = yy - era * 400;
	const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
	const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
	return era * 146097 + doe - 719468;
}

/** Unix seconds of `value` read with `layout`, or null when Go would refuse it. */
function parseLayout(layout: Token[], value: string): number | null {
	const p: Parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, offset: 0 };
	let v: string | null = value;
	for (let i = 0; i < layout.length && v !== null; i++) v = step(layout[i], v, p, layout[i + 1]);
	if (v === null || v.length > 0) return null;
	if (p.day < 1 || p.day > daysIn(p.month, p.year)) return null;
	return daysFromCivil(p.year, p.month, p.day) * 86400 + p.hour * 3600 + p.minute * 60 + p.second - p.offset;
}

/** `time.Parse(time.RFC3339, s)` as Unix seconds, or null. */
export function parseRfc3339(s: string): number | null {
	return utcSeconds(s) ?? parseLayout(RFC3339, s);
}

/** Two ASCII digits at `i` as a number, or -1. */
function twoDigits(s: string, i: number): number {
	const a = s.charCodeAt(i) - 48;
	const b = s.charCodeAt(i + 1) - 48;
	return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The shape logos writes, `2026-05-29T07:29:14Z`, read without the layout's steps (every
 * checkpoint's `checkpointed:` is read by a full pass); null for anything else, which the
 * layout then reads. parseLayout gives the same seconds for every string this accepts.
 */
function utcSeconds(s: string): number | null {
	if (s.length !== 20 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 90) return null;
	const hi = twoDigits(s, 0);
	const lo = twoDigits(s, 2);
	const month = twoDigits(s, 5);
	const day = twoDigits(s, 8);
	const hour = twoDigits(s, 11);
	const minute = twoDigits(s, 14);
	const second = twoDigits(s, 17);
	if (hi < 0 || lo < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
	const year = hi * 100 + lo;
	if (day > daysIn(month, year)) return null;
	return daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
}

/** parseRfc3339 by the layout's steps alone, without its shortcut for logos's own shape: what the shortcut is tested against. */
export function parseRfc3339ByLayout(s: string): number | null {
	return parseLayout(RFC3339, s);
}

/** `time.Parse("2006-01-02", s)` (midnight UTC) as Unix seconds, or null. */
export function parseDate(s: string): number | null {
	return parseLayout(DATE, s);
}

/** Whether go-yaml reads an unquoted scalar as a timestamp. */
export function isYamlTimestamp(s: string): boolean {
	// go-yaml's quick check: exactly four leading digits, then '-'.
	let i = 0;
	while (i < s.length && isDigit(s, i)) i++;
	if (i !== 4 || s[4] !== '-') return false;
	return YAML_TIMESTAMPS.some((layout) => parseLayout(layout, s) !== null);
}
