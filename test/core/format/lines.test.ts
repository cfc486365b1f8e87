/**
 * lineMap walks a file by offsets instead of splitting it into lines (a full pass takes one
 * map per checkpoint). It must give the map the plain rules give: those rules are written
 * out here over split lines, as lineMap was first written, and compared on any text.
 */
import fc from 'fast-check';
import { bulletLine, lineMap, type LineMap } from '../../../src/core/format/lines';

/** The plain rules: split lines, trimmed copies, a pattern per frontmatter line. */
function plainLineMap(raw: string): LineMap {
	const lines = raw.split('\n');
	const keys: [string, number][] = [];
	const seenKeys = new Set<string>();
	let end = -1;
	if (lines[0]?.trimEnd() === '---') {
		for (let i = 1; i < lines.length; i++) if (lines[i].trimEnd() === '---') {
			end = i;
			break;
		}
	}
	for (let i = 1; i < end; i++) {
		const m = /^([^\s:#][^:]*):/.exec(lines[i]);
		if (m && !seenKeys.has(m[1])) {
			seenKeys.add(m[1]);
			keys.push([m[1], i]);
		}
	}
	let start = 0;
	if (lines[0] === '---') for (let i = 1; i < lines.length; i++) if (lines[i] === '---') {
		start = i + 1;
		break;
	}
	const sections = new Map<string, (string | number)[]>();
	let current: (string | number)[] | null = null;
	for (let i = start; i < lines.length; i++) {
		const line = lines[i];
		if (line.startsWith('## ')) {
			current = [line.slice(3).trim(), i];
			sections.delete(current[0] as string);
			sections.set(current[0] as string, current);
			continue;
		}
		if (!current) continue;
		const t = line.trim();
		if (t.startsWith('- ') || t.startsWith('* ') || t.startsWith('+ ')) current.push(i);
	}
	return { s: [...sections.values()], k: keys };
}

/** Lines built from the pieces that matter: fences with trailing space, keys, headings, markers, every kind of space. */
const piece = fc.constantFrom(
	'---', '--- ', '---\r', ' ---', 'type: checkpoint', 'a:b', ':x', '#c: d', ' k: v', 'k:', '\u00a0k: v', 'title: a: b',
	'## Task', '## Decisions', '##  Decisions ', '## ', '##', '# Task', '- item', '-item', '- ', '-  ', '* x', '+ y', '  - nested',
	'\t- tab', '- \u00a0', '-\u00a0x', '\u3000- wide', '- x\r', '+', 'prose', '', '\u2028- sep', '\ud83d- half',
);
const text = fc.array(piece, { maxLength: 14 }).chain((lines) => fc.constantFrom('', '\n', '\r\n').map((end) => lines.join('\n') + end));

describe('lineMap', () => {
	it('gives the map split lines give, on any arrangement of fences, keys, headings and bullets', () => {
		fc.assert(fc.property(text, (raw) => {
			expect(lineMap(raw)).toEqual(plainLineMap(raw));
		}), { numRuns: 5000 });
	});

	it('gives the map split lines give on any text at all', () => {
		fc.assert(fc.property(fc.string({ maxLength: 60 }), (raw) => {
			expect(lineMap(raw)).toEqual(plainLineMap(raw));
		}), { numRuns: 3000 });
	});

	it('places keys, headings and bullets of a checkpoint', () => {
		const raw = '---\ntype: checkpoint\nproject: kestrel\n---\n\n## Task\n\nfix it\n\n## Decisions\n\n- one\n  * two\n-three\n';
		expect(lineMap(raw)).toEqual({ s: [['Task', 5], ['Decisions', 9, 11, 12]], k: [['type', 1], ['project', 2]] });
		expect(bulletLine(raw, 'Decisions', 1)).toBe(12);
	});

	it('reads no keys from a frontmatter that never closes, and the body from the top', () => {
		expect(lineMap('---\ntitle: x\n## Next\n- a')).toEqual({ s: [['Next', 2, 3]], k: [] });
	});
});
