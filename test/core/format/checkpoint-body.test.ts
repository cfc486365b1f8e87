/**
 * The body readers take shortcuts (offsets instead of split lines, no work on a section
 * without a backslash, the three markers checked by character). Each must read as the plain
 * rule does: those rules are written out here, as the readers were first written, and
 * compared on any arrangement of the characters that matter.
 */
import fc from 'fast-check';
import { goTrimSpace, leadingIndent } from '../../../src/core/go/go-text';
import { parseBullets, splitSections, unescapeHeadings } from '../../../src/core/format/checkpoint-body';

function plainSplit(body: string): ReturnType<typeof splitSections> {
	const lines = body.split('\n');
	const starts: number[] = [];
	for (let i = 0; i < lines.length; i++) if (lines[i].startsWith('## ')) starts.push(i);
	const textOf = (from: number, to: number): string => goTrimSpace(lines.slice(from, to).join('\n'));
	const sections = starts.map((line, k) => ({
		heading: goTrimSpace(lines[line].slice(3)),
		text: textOf(line + 1, k + 1 < starts.length ? starts[k + 1] : lines.length),
		line,
	}));
	return { preamble: textOf(0, starts.length > 0 ? starts[0] : lines.length), sections };
}

function plainUnescape(text: string): string {
	return text.split('\n').map((line) => {
		const indent = leadingIndent(line);
		const rest = line.slice(indent);
		let n = 0;
		while (n < rest.length && rest[n] === '\\') n++;
		return n > 0 && rest[n] === '#' ? line.slice(0, indent) + rest.slice(1) : line;
	}).join('\n');
}

function plainBullets(text: string): string[] {
	const out: string[] = [];
	for (const raw of text.split('\n')) {
		const line = goTrimSpace(raw);
		const marker = ['- ', '* ', '+ '].find((m) => line.startsWith(m));
		if (marker) out.push(goTrimSpace(line.slice(marker.length)));
	}
	return out;
}

const piece = fc.constantFrom(
	'## Task', '## State ', '##  Next', '## ', '##', '# Task', '### Deep', ' ## Indented', '\\## escaped', '\\\\# two', '  \\# x',
	'- one', '-two', '- ', '* star', '+ plus', '  - indented', '\t* tab', '-\u00a0nbsp', '\u0085- nel', 'prose', '', ' ', '\r', '- x\r',
);
const body = fc.array(piece, { maxLength: 14 }).chain((lines) => fc.constantFrom('', '\n', '\n\n').map((end) => lines.join('\n') + end));

describe('checkpoint body readers', () => {
	it('split a body as its lines split and joined again would', () => {
		fc.assert(fc.property(body, (b) => {
			expect(splitSections(b)).toEqual(plainSplit(b));
		}), { numRuns: 5000 });
		fc.assert(fc.property(fc.string({ maxLength: 40 }), (b) => {
			expect(splitSections(b)).toEqual(plainSplit(b));
		}), { numRuns: 2000 });
	});

	it('unescape headings as line by line, with or without a backslash', () => {
		fc.assert(fc.property(body, (t) => {
			expect(unescapeHeadings(t)).toBe(plainUnescape(t));
		}), { numRuns: 3000 });
	});

	it('read bullets as the three markers do', () => {
		fc.assert(fc.property(body, (t) => {
			expect(parseBullets(t)).toEqual(plainBullets(t));
		}), { numRuns: 3000 });
	});

	it('give each section its heading line and the text up to the next', () => {
		expect(splitSections('intro\n## Task\n\nfix it\n## Next\n- a\n')).toEqual({
			preamble: 'intro',
			sections: [{ heading: 'Task', text: 'fix it', line: 1 }, { heading: 'Next', text: '- a', line: 4 }],
		});
	});
});
