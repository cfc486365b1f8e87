/**
 * The fast frontmatter reader vouches only for what the full YAML reader reads the same:
 * on every input it either declines (null) or returns exactly the full reader's result.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { readSimpleFrontmatter } from '../../../src/core/go/yaml-fast';
import { readFullFrontmatter } from '../../../src/core/go/yaml-frontmatter';

const corpus = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'yaml-quote-corpus.json'), 'utf8')) as { input: string; output: string }[];

function agrees(yaml: string): boolean {
	const fast = readSimpleFrontmatter(yaml);
	if (fast !== null) expect(fast).toEqual(readFullFrontmatter(yaml));
	return fast !== null;
}

function frontmatters(dir: string): string[] {
	const out: string[] = [];
	for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, ent.name);
		if (ent.isDirectory()) out.push(...frontmatters(p));
		else if (ent.name.endsWith('.md')) {
			const raw = fs.readFileSync(p, 'utf8');
			const end = raw.indexOf('\n---\n', 4);
			if (raw.startsWith('---\n') && end > 0) out.push(raw.slice(4, end));
		}
	}
	return out;
}

describe('fast frontmatter reader', () => {
	test('reads every checkpoint logos writes in our fixtures and the demo vault as the full reader does', () => {
		const all = [...frontmatters(path.join(__dirname, '..', '..', 'fixtures')), ...frontmatters(path.join(__dirname, '..', '..', '..', 'demo-vault'))];
		expect(all.length).toBeGreaterThan(20);
		const taken = all.filter(agrees).length;
		// Most are in logos's own shape; the odd ones (damaged on purpose) go to the full reader.
		expect(taken / all.length).toBeGreaterThan(0.6);
	});

	test('every value of the go-yaml quoting corpus, as logos quotes it', () => {
		let taken = 0;
		for (const { output } of corpus) if (agrees(`title: ${output}\ncommit: ${output}\n`)) taken++;
		expect(taken).toBeGreaterThan(corpus.length / 2);
	});

	test('lists: touched paths and relations', () => {
		expect(agrees('touched:\n  - a.go\n  - "b c.go"\n')).toBe(true);
		expect(agrees('touched:\n- a.go\n- b.go\nagent: x\n')).toBe(true);
		expect(agrees('relations:\n  - { pred: follows, obj: "[[20261116-091204-claude]]", conf: 1.0, src: stated }\n')).toBe(true);
		expect(agrees('touched:\n  - a\n    - b\n')).toBe(false);
		expect(agrees('touched:\n  sub: 1\n')).toBe(false);
	});

	test('takes key and item lines by their characters: names of letters, digits, `_` and `-`, items after any one indentation', () => {
		for (const yaml of ['_k-1: v\nK9_x: w\n', 'a:\n', 'touched:\n    - a\n    - b\nz:\n- c\n', 'k: \'\'\n']) expect(agrees(yaml)).toBe(true);
		for (const yaml of ['key:x\n', '-key: v\n', '1key: v\n', 'key : v\n', 'k\u00e9: v\n', 'k:\n  -x\n', 'k:\n  - a\n   - b\n', 'k: a\u2029b\n', 'k:\n  - a\u2028\n', 'k: v\nk: w\n']) {
			expect(agrees(yaml)).toBe(false);
		}
	});

	test('declines or agrees on any short text built from YAML\'s awkward characters', () => {
		const piece = fc.constantFrom('a', 'key', ':', ': ', ' ', '-', '- ', '#', ' #', "'", '"', '\\', '\n', '  ', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '~', 'null', 'true', '1', '0x1', '%', '@', '`', '?', 'é', '\u2028', '\u2029', '\t', '\r', '_', 'K9', '-x', '   ', '\u00a0', '\u3000');
		const line = fc.array(piece, { maxLength: 8 }).map((xs) => xs.join(''));
		fc.assert(fc.property(fc.array(line, { maxLength: 5 }), (ls) => {
			agrees(ls.join('\n'));
			agrees(ls.map((l, i) => `k${i}: ${l}`).join('\n'));
			agrees(`list:\n${ls.map((l) => `  - ${l}`).join('\n')}\n`);
		}), { numRuns: 3000 });
	});
});
