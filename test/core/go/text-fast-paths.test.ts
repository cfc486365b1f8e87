/**
 * compareBytes and oneLine take shortcuts for common text (names without astral characters,
 * text already on one line). The shortcuts must answer exactly as the plain rules do.
 */
import fc from 'fast-check';
import { goFields, oneLine } from '../../../src/core/go/go-text';
import { compareBytes } from '../../../src/core/format/names';

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
