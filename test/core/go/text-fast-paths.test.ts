/**
 * compareBytes and oneLine take shortcuts for common text (names without astral characters,
 * text already on one line), parseRfc3339 for the time logos writes. The shortcuts must
 * answer exactly as the plain rules do.
 */
import fc from 'fast-check';
import { goFields, oneLine } from '../../../src/core/go/go-text';
import { compareBytes } from '../../../src/core/format/names';
import { parseRfc3339, parseRfc3339ByLayout } from '../../../src/core/go/go-time';
import { utf8Length } from '../../../src/core/strings';

/** Go's string order: the UTF-8 bytes. */
function byBytes(a: string, b: string): number {
	const x = Buffer.from(a, 'utf8');
	const y = Buffer.from(b, 'utf8');
	return Math.sign(Buffer.compare(x, y));
}

/** The plain rule: code point by code point (a lone surrogate counts as itself). */
function byCodePoints(a: string, b: string): number {
	let i = 0;
	while (i < a.length && i < b.length) {
		const x = a.codePointAt(i) as number;
		const y = b.codePointAt(i) as number;
		if (x !== y) return x < y ? -1 : 1;
		i += x > 0xffff ? 2 : 1;
	}
	return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

const wellFormed = (s: string): boolean => !/\p{Surrogate}/u.test(s);

/** Text with the characters that matter here: spaces of every kind, surrogates, high BMP. */
const tricky = fc.string({
	unit: fc.oneof(
		fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u0085', '\u2003', '\u3000', '\u1680', '\ufeff', '\ue000', '\uffff', '😀', '\ud83d', '\ude00'),
		fc.constantFrom('a', 'b', 'Z', '0', '-', '.', 'é', 'ß'),
	),
	maxLength: 12,
});

describe('compareBytes', () => {
	it('orders as UTF-8 bytes do, surrogates and high BMP characters included', () => {
		fc.assert(fc.property(tricky, tricky, (a, b) => {
			// Lone surrogates have no UTF-8 form: only well-formed strings are compared to bytes.
			if (!wellFormed(a) || !wellFormed(b)) return;
			expect(compareBytes(a, b)).toBe(byBytes(a, b));
		}), { numRuns: 3000 });
	});

	it('answers as the code point walk does on any string, lone surrogates included', () => {
		fc.assert(fc.property(tricky, tricky, (a, b) => {
			expect(compareBytes(a, b)).toBe(byCodePoints(a, b));
		}), { numRuns: 3000 });
	});

	it('orders shared prefixes and checkpoint names', () => {
		expect(compareBytes('20261116-091204-claude.md', '20261116-091204-claude.md')).toBe(0);
		expect(compareBytes('20261116-091204-claude', '20261116-091204-claude.md')).toBe(-1);
		expect(compareBytes('20261116-091205-a.md', '20261116-091204-z.md')).toBe(1);
		expect(compareBytes('a\uffff', 'a😀')).toBe(-1);
	});
});

describe('oneLine', () => {
	it('gives what joining Go fields gives', () => {
		fc.assert(fc.property(tricky, (s) => {
			expect(oneLine(s)).toBe(goFields(s).join(' '));
		}), { numRuns: 5000 });
	});
});

describe('parseRfc3339', () => {
	// Times near logos's shape: each field at, inside and past its limits, a leap day, the
	// separators swapped, a zone other than Z, a fraction, a field one digit short or long.
	const two = fc.oneof(fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')), fc.constantFrom('1', '123', 'x1', ' 1', '١٢'));
	const year = fc.oneof(fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')), fc.constantFrom('2024', '1900', '2000', '2100', '999', '+202'));
	const sep = (usual: string, others: string[]) => fc.oneof({ weight: 8, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...others) });
	const time = fc.tuple(year, sep('-', ['/', '']), two, sep('-', ['_']), two, sep('T', ['t', ' ']), two, sep(':', ['.']), two, sep(':', ['']), two,
		sep('Z', ['z', '+01:00', '-08:00', '.5Z', 'Z ', ''])).map((parts) => parts.join(''));

	it('gives the seconds the layout gives, or null as it does', () => {
		fc.assert(fc.property(time, (s) => {
			expect(parseRfc3339(s)).toBe(parseRfc3339ByLayout(s));
		}), { numRuns: 5000 });
	});

	it('reads the time logos writes, leap days and their absence included', () => {
		expect(parseRfc3339('2026-05-29T07:29:14Z')).toBe(Date.UTC(2026, 4, 29, 7, 29, 14) / 1000);
		expect(parseRfc3339('2024-02-29T23:59:59Z')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59) / 1000);
		expect(parseRfc3339('2100-02-29T00:00:00Z')).toBeNull();
		expect(parseRfc3339('2026-13-01T00:00:00Z')).toBeNull();
	});
});

describe('utf8Length', () => {
	it('counts the bytes Node writes for the text, ASCII or not, lone surrogates as the replacement character', () => {
		fc.assert(fc.property(tricky, (s) => {
			expect(utf8Length(s)).toBe(Buffer.byteLength(s, 'utf8'));
		}), { numRuns: 3000 });
		expect(utf8Length('plain ascii')).toBe(11);
		expect(utf8Length('ré😀')).toBe(1 + 2 + 4);
	});
});
