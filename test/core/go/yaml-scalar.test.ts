import { readFileSync } from 'fs';
import { join } from 'path';
import { quoteScalar } from '../../../src/core/go/yaml-scalar';
import { resolvePlain } from '../../../src/core/go/go-yaml-resolve';
import { parseDate, parseRfc3339 } from '../../../src/core/go/go-time';
import {
	decodeFlag,
	decodeInt,
	decodeText,
	decodeTextList,
	readFrontmatter,
	readScalars,
} from '../../../src/core/go/yaml-frontmatter';
import type { FrontValue } from '../../../src/core/go/yaml-frontmatter';

interface Entry {
	input: string;
	output: string;
}

const corpus = JSON.parse(readFileSync(join(__dirname, '../../fixtures/yaml-quote-corpus.json'), 'utf8')) as Entry[];

describe('quoteScalar: go-yaml v3 marshalling', () => {
	it('matches go-yaml on every string of the corpus', () => {
		expect(corpus.length).toBeGreaterThan(5000);
		const wrong = corpus.filter((e) => quoteScalar(e.input) !== e.output);
		expect(wrong.slice(0, 10).map((e) => ({ ...e, got: quoteScalar(e.input) }))).toEqual([]);
	});

	it('covers every style go-yaml uses', () => {
		const styles = new Set(corpus.map((e) => (e.output.startsWith('|') ? 'literal' : /^['"]/.test(e.output) && e.output !== e.input ? e.output[0] : 'plain')));
		expect([...styles].sort()).toEqual(['"', "'", 'literal', 'plain']);
	});

	it.each([
		['billing: sketch preview endpoint', "'billing: sketch preview endpoint'"],
		['kestrel — wire the annual toggle', 'kestrel — wire the annual toggle'],
		['https://github.com/acme/kestrel.git', 'https://github.com/acme/kestrel.git'],
		['', '""'],
		['1234567', '"1234567"'],
		['50721e8', '"50721e8"'],
		['12e4567', '12e4567'],
		['2026-11-16', '"2026-11-16"'],
		['true', '"true"'],
		['yes', '"yes"'],
		['~', '"~"'],
		['# TODO', "'# TODO'"],
		["it's", "it's"],
		["'quoted'", "'''quoted'''"],
		[' padded ', "' padded '"],
		['tab\there', '"tab\\there"'],
		['😀', '"\\U0001F600"'],
		['two\nlines', '|-\n    two\n    lines'],
	])('writes %j as %j (docs/format.md §2.3)', (input, output) => {
		expect(quoteScalar(input)).toBe(output);
	});

	it('writes values of a million characters without running out of stack', () => {
		expect(quoteScalar('word '.repeat(200_000).trim())).toHaveLength(999_999);
		expect(quoteScalar('#' + 'x'.repeat(1_000_000))).toHaveLength(1_000_003);
	});

	it('writes a lone surrogate as the replacement character it becomes on disk', () => {
		expect(quoteScalar('a\ud800b')).toBe(quoteScalar('a\ufffdb'));
	});
});

describe('resolvePlain: how go-yaml types an unquoted value', () => {
	it.each([
		['1234567', 'int'],
		['0x1F', 'int'],
		['1_000', 'int'],
		['50721e8', 'float'],
		['12e4567', 'str'],
		['.5', 'float'],
		['2026-11-16', 'timestamp'],
		['2026-02-30', 'str'],
		['True', 'bool'],
		['yes', 'str'],
		['~', 'null'],
		['', 'null'],
		['a3f9c2e', 'str'],
	])('%j reads as %s', (text, kind) => {
		expect(resolvePlain(text).kind).toBe(kind);
	});
});

describe('Go time parsing', () => {
	it('reads RFC 3339 with an offset, Z, a fraction or a one-digit hour', () => {
		expect(parseRfc3339('2026-11-16T09:58:41-08:00')).toBe(1794851921);
		expect(parseRfc3339('2026-11-16T17:58:41Z')).toBe(1794851921);
		expect(parseRfc3339('2026-11-16T17:58:41.999Z')).toBe(1794851921);
		expect(parseRfc3339('2026-11-16T9:58:41-08:00')).toBe(1794851921);
	});

	it.each(['', '2026-11-16', '2026-11-16T09:58:41', '2026-11-16 09:58:41Z', '2026-02-30T00:00:00Z', '2026-11-16T24:00:00Z', '2026-11-16T09:58:41z', '2026-11-16T09:58:41-08:00 '])(
		'refuses %j',
		(text) => {
			expect(parseRfc3339(text)).toBeNull();
		},
	);

	it('reads a date as midnight UTC and refuses loose ones', () => {
		expect(parseDate('2026-10-12')).toBe(1791763200);
		expect(parseDate('2024-02-29')).toBe(1709164800);
		expect(parseDate('2026-1-12')).toBeNull();
		expect(parseDate('2026-10-12T00:00:00Z')).toBeNull();
	});
});

const scalar = (text: string, typed = true): FrontValue => ({ kind: 'scalar', text, typed });

describe('readFrontmatter: values as text', () => {
	const fm = readFrontmatter(
		['commit: 1234567', 'other: 50721e8', 'huge: 12e4567', 'first_seen: 2026-11-16', "subject: 'a: b'", 'touched:', '  - a.go', '  - ~', '  - 7'].join('\n'),
	);
	const value = (key: string): FrontValue | undefined => fm.entries.find((e) => e.key === key)?.value;

	it('keeps numbers, dates and floats that overflow as the text written', () => {
		expect(decodeText(value('commit')!)).toEqual({ kind: 'set', value: '1234567' });
		expect(decodeText(value('other')!)).toEqual({ kind: 'set', value: '50721e8' });
		expect(decodeText(value('huge')!)).toEqual({ kind: 'set', value: '12e4567' });
		expect(decodeText(value('first_seen')!)).toEqual({ kind: 'set', value: '2026-11-16' });
		expect(decodeText(value('subject')!)).toEqual({ kind: 'set', value: 'a: b' });
		expect(fm.problems).toEqual([]);
	});

	it('drops null items from a list, as go-yaml does', () => {
		expect(decodeTextList(value('touched')!)).toEqual({ kind: 'set', value: ['a.go', '7'] });
	});

	it('reads nothing from a block with a syntax error, and says so', () => {
		const broken = readFrontmatter('project: kestrel\ncommit_subject: billing: sketch\n');
		expect(broken.broken).toBe(true);
		expect(broken.entries).toEqual([]);
		expect(broken.problems[0]).toMatch(/not valid YAML/);
	});

	it('reads nothing from a block with a repeated key, as go-yaml refuses it whole', () => {
		expect(readScalars('project: k\nagent: a\nagent: b\n')).toEqual({});
		expect(readFrontmatter('agent: a\nagent: b\n').problems[0]).toMatch(/more than once/);
	});

	it('treats __proto__ as an ordinary key', () => {
		const s = readScalars('__proto__: x\ntype: ledger\n');
		expect(s.type).toBe('ledger');
		expect(Object.keys(s)).toEqual(['__proto__', 'type']);
	});

	it('resolves anchors and aliases', () => {
		expect(readScalars('a: &x kestrel\nb: *x\n')).toEqual({ a: 'kestrel', b: 'kestrel' });
	});

	it('reads an empty block as no values and no problem', () => {
		expect(readFrontmatter('')).toEqual({ entries: [], problems: [], broken: false });
		expect(readFrontmatter('# only a comment\n')).toEqual({ entries: [], problems: [], broken: false });
	});
});

describe('decoding like go-yaml', () => {
	it('text: a plain null leaves the field alone; a quoted one is text', () => {
		expect(decodeText(scalar('~')).kind).toBe('null');
		expect(decodeText(scalar('')).kind).toBe('null');
		expect(decodeText(scalar('null', false))).toEqual({ kind: 'set', value: 'null' });
		expect(decodeText({ kind: 'map' }).kind).toBe('mismatch');
	});

	it('ints: integers in any notation, floats cut, text refused', () => {
		expect(decodeInt(scalar('3'))).toEqual({ kind: 'set', value: 3 });
		expect(decodeInt(scalar('0x10'))).toEqual({ kind: 'set', value: 16 });
		expect(decodeInt(scalar('1_000'))).toEqual({ kind: 'set', value: 1000 });
		expect(decodeInt(scalar('3.7'))).toEqual({ kind: 'set', value: 3 });
		expect(decodeInt(scalar('many')).kind).toBe('mismatch');
		expect(decodeInt(scalar('3', false)).kind).toBe('mismatch');
		expect(decodeInt(scalar('.inf')).kind).toBe('mismatch');
		expect(decodeInt(scalar('9223372036854775808')).kind).toBe('mismatch');
	});

	it('flags: true and its YAML 1.1 spellings, quoted text refused', () => {
		expect(decodeFlag(scalar('true'))).toEqual({ kind: 'set', value: true });
		expect(decodeFlag(scalar('TRUE'))).toEqual({ kind: 'set', value: true });
		expect(decodeFlag(scalar('yes'))).toEqual({ kind: 'set', value: true });
		expect(decodeFlag(scalar('off', false))).toEqual({ kind: 'set', value: false });
		expect(decodeFlag(scalar('true', false)).kind).toBe('mismatch');
		expect(decodeFlag(scalar('1')).kind).toBe('mismatch');
	});

	it('lists: a scalar is refused, a null is an empty list', () => {
		expect(decodeTextList(scalar('a.go')).kind).toBe('mismatch');
		expect(decodeTextList(scalar('~'))).toEqual({ kind: 'set', value: [] });
	});
});
