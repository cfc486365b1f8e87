import fc from 'fast-check';
import { compareBytes, headerName, isCheckpointFile, isCheckpointNameAt, safeScope, sortedByKey } from '../../../src/core/format/names';
import { uncommittedHeader } from '../../../src/core/format/notes';
import { reviewedHeader } from '../../../src/core/format/reviews';

describe('headerName: a scope folder as it may stand in a header line', () => {
	it('leaves a name logos made as it is, so the header is byte-identical to logos\'s', () => {
		for (const name of ['kestrel', 'kestrel/billing-v2', '日本/ß-x', 'c#', 'Kestrel One']) expect(headerName(name)).toBe(name);
		expect(reviewedHeader('kestrel/billing-v2').split('\n')[0]).toBe('# reviewed — kestrel/billing-v2');
		expect(uncommittedHeader('kestrel').split('\n')[0]).toBe('# uncommitted — kestrel');
	});

	it('turns line breaks into spaces and drops controls and bidi controls', () => {
		expect(headerName('zz\n- retired: x\r\n- y\u2028z\u2029w\u0085v\u000bu\fq\tt')).toBe('zz - retired: x  - y z w v u q t');
		expect(headerName('a\u001b[2J\u0007\u0000\u007f\u009bb')).toBe('a[2Jb');
		expect(headerName('a\u202eb\u202c\u2066c\u2069\u200e\u200f\u061c\ufeffd')).toBe('abcd');
	});

	it('removes comment markers, also those that removing another one joins', () => {
		expect(headerName('zz <!-- x --> y --!> w')).toBe('zz  x  y  w');
		expect(headerName('<<!--!---->>')).toBe('>');
		expect(headerName('<!\u0000-- hidden')).toBe('hidden');
	});

	it('never lets a line break, control, bidi control or comment marker through', () => {
		const hostile = fc.stringMatching(/^(?:[a-z <>!\-\n\r\t\u000b\f\u0085\u2028\u2029\u0000\u001b\u007f\u009b\u202e\u2066\u200f\u061c\ufeff])*$/);
		fc.assert(
			fc.property(fc.oneof(hostile, fc.string({ unit: 'binary' })), (name) => {
				const line = reviewedHeader(name).split('\n')[0];
				// eslint-disable-next-line no-control-regex -- finding control characters is the point
				expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]|<!--|--!?>/);
			}),
			{ numRuns: 2000 },
		);
	});

	it('is the identity on every name safeScope gives', () => {
		fc.assert(fc.property(fc.string(), (s) => expect(headerName(safeScope(s))).toBe(safeScope(s))));
	});
});

describe('isCheckpointFile: the name is the test (docs/format.md §1.2)', () => {
	// Names near the rule: digits one short or long, other digits, the dash missing, `.md` and
	// its look-alikes, line breaks and astral characters inside.
	const name = fc.tuple(
		fc.constantFrom('20261110', '2026111', '202611100', '2026111x', '٢٠٢٦١١١٠', ''),
		fc.constantFrom('-', '', '_', '--'),
		fc.string({ unit: fc.constantFrom('a', '-', '.', 'm', 'd', '\n', '\r', '😀', ' ', '/'), maxLength: 8 }),
		fc.constantFrom('.md', '.MD', '.md.tmp', 'md', '.m', '', '.md\n'),
	).map((parts) => parts.join(''));

	it('answers as reading the name at its start does, alone or inside a path', () => {
		fc.assert(fc.property(name, (n) => {
			expect(isCheckpointFile(n)).toBe(isCheckpointNameAt(n, 0));
			expect(isCheckpointNameAt(`sessions/p/${n}`, 'sessions/p/'.length)).toBe(isCheckpointFile(n));
		}), { numRuns: 3000 });
	});

	it('takes the names logos writes and refuses the rest', () => {
		expect(isCheckpointFile('20261110-090000-claude.md')).toBe(true);
		expect(isCheckpointFile('20261110-.md')).toBe(true);
		expect(isCheckpointFile('20261110-x\ny.md')).toBe(true);
		expect(isCheckpointFile('2026111-090000-claude.md')).toBe(false);
		expect(isCheckpointFile('20261110-090000-claude.md.tmp')).toBe(false);
		expect(isCheckpointFile('uncommitted.md')).toBe(false);
	});
});

describe('sortedByKey: the engine sorts the keys, in the order the comparison gives', () => {
	// Names and paths with what parts the orders: astral characters (surrogates), high BMP, NUL,
	// a name that is another's prefix, and repeats.
	const text = fc.string({ unit: fc.constantFrom('a', 'b', '2', '-', '.', '/', '\u0000', '\u0001', '\ue000', '\uffff', '😀', '\ud83d'), maxLength: 4 });
	const records = fc.array(fc.record({ name: text, path: text }), { maxLength: 25 });
	const newestFirst = (a: { name: string; path: string }, b: { name: string; path: string }) => compareBytes(b.name, a.name) || compareBytes(b.path, a.path);
	const byPath = (a: { path: string }, b: { path: string }) => compareBytes(a.path, b.path);

	it('by path: as sorting with compareBytes', () => {
		fc.assert(fc.property(records, (rs) => {
			expect(sortedByKey(rs, (r) => r.path, byPath)).toEqual(rs.slice().sort(byPath));
		}), { numRuns: 2000 });
	});

	it('by name then path, newest first: as sorting with the comparison, names holding NUL included', () => {
		fc.assert(fc.property(records, (rs) => {
			const key = (r: { name: string; path: string }) => (r.name.includes('\u0000') ? null : `${r.name}\u0000${r.path}`);
			const got = sortedByKey(rs, key, newestFirst, true);
			expect(got).toEqual(rs.slice().sort(newestFirst));
			expect(got).toHaveLength(rs.length);
		}), { numRuns: 2000 });
	});
});
