/**
 * decodeText asks only whether a plain scalar is null, and answers from the null words alone
 * rather than resolving the scalar in full (every text key of every checkpoint is asked).
 * The answer must be resolvePlain's.
 */
import fc from 'fast-check';
import { resolvePlain } from '../../../src/core/go/go-yaml-resolve';
import { decodeText, decodeTextList } from '../../../src/core/go/yaml-frontmatter';

const scalar = fc.oneof(
	fc.constantFrom('', '~', 'null', 'Null', 'NULL', 'nULL', '~~', 'true', '0', '0x1f', '.nan', '-.inf', '2026-11-16', '2026-11-16T09:12:04Z', '5d4fbd7', '1_000', '+1', 'no'),
	fc.string({ unit: fc.constantFrom('0', '1', '~', 'n', 'u', 'l', 'N', 'L', '.', '-', '+', 'e', ':', 'T', 'Z', ' '), maxLength: 8 }),
);

describe('decodeText', () => {
	it('leaves a field alone exactly where go-yaml resolves the plain scalar to null', () => {
		fc.assert(fc.property(scalar, fc.boolean(), (text, typed) => {
			const d = decodeText({ kind: 'scalar', text, typed });
			const isNull = typed && resolvePlain(text).kind === 'null';
			expect(d).toEqual(isNull ? { kind: 'null' } : { kind: 'set', value: text });
		}), { numRuns: 3000 });
	});

	it('reads a quoted null word as text, and a plain one as nothing', () => {
		expect(decodeText({ kind: 'scalar', text: 'null', typed: false })).toEqual({ kind: 'set', value: 'null' });
		expect(decodeText({ kind: 'scalar', text: '~', typed: true })).toEqual({ kind: 'null' });
		expect(decodeTextList({ kind: 'list', items: [{ kind: 'scalar', text: 'NULL', typed: true }, { kind: 'scalar', text: 'a.go', typed: true }] })).toEqual({ kind: 'set', value: ['a.go'] });
	});
});
