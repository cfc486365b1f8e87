/**
 * A fast reading of the frontmatter shapes logos itself writes: `key: scalar` lines,
 * block lists of scalars, and its `relations:` list of one-line flow maps. Anything else
 * (comments, anchors, nesting, escapes, a repeated key, CR line ends…) returns null and
 * the full YAML reader decides, so the result is always what that reader would give.
 * A general YAML parser costs about a millisecond a file; an index reads thousands.
 */
import type { FrontEntry, FrontmatterRead, FrontValue } from './frontmatter-types';

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
const ITEM = /^( *)- (.*)$/;
/** logos's relation entries: `{ pred: follows, obj: "[[id]]", conf: 1.0, src: stated }`. */
const RELATION = /^\{ pred: [a-z_]+, obj: "\[\[[^"\\[\]]*\]\]", conf: [0-9]+(?:\.[0-9]+)?, src: [a-z_]+ \}$/;

/** Controls, and the characters YAML treats as line breaks or a byte-order mark: no scalar here holds one. */
function unsafe(s: string): boolean {
	for (let i = 0; i < s.length; i++) {
		const c = s.charCodeAt(i);
		if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || c === 0xfeff) return true;
	}
	return false;
}
/** What may not open a plain scalar (YAML indicators, quotes, space). */
const PLAIN_FIRST = /^[^-?:,[\]{}#&*!|>'"%@` ]/;

function scalar(raw: string): FrontValue | null {
	if (raw === '' || unsafe(raw)) return null;
	const q = raw[0];
	if (q === "'") {
		if (raw.length < 2 || !raw.endsWith("'")) return null;
		const inner = raw.slice(1, -1);
		// Quotes inside come doubled; a lone one ends the scalar early.
		if (inner.replace(/''/g, '').includes("'")) return null;
		return { kind: 'scalar', text: inner.replace(/''/g, "'"), typed: false };
	}
	if (q === '"') {
		if (raw.length < 2 || !raw.endsWith('"')) return null;
		const inner = raw.slice(1, -1);
		if (inner.includes('"') || inner.includes('\\')) return null;
		return { kind: 'scalar', text: inner, typed: false };
	}
	if (!PLAIN_FIRST.test(raw) || raw !== raw.trim() || raw.includes(': ') || raw.includes(' #') || raw.endsWith(':')) return null;
	return { kind: 'scalar', text: raw, typed: true };
}

function item(raw: string): FrontValue | null {
	if (raw.startsWith('{')) return !unsafe(raw) && RELATION.test(raw) ? { kind: 'map' } : null;
	return scalar(raw);
}

/** The read, or null when the text is not in a shape this reader vouches for. */
export function readSimpleFrontmatter(yamlText: string): FrontmatterRead | null {
	if (yamlText.includes('\r') || yamlText.includes('\t')) return null;
	const lines = yamlText.split('\n');
	if (lines[lines.length - 1] === '') lines.pop();
	const entries: FrontEntry[] = [];
	const seen = new Set<string>();
	for (let i = 0; i < lines.length; i++) {
		const m = KEY.exec(lines[i]);
		if (!m || seen.has(m[1])) return null;
		seen.add(m[1]);
		if (m[2] !== undefined) {
			const v = scalar(m[2]);
			if (!v) return null;
			entries.push({ key: m[1], value: v });
			continue;
		}
		const items: FrontValue[] = [];
		let indent: string | null = null;
		while (i + 1 < lines.length) {
			const im = ITEM.exec(lines[i + 1]);
			if (!im) break;
			if (indent !== null && im[1] !== indent) return null;
			indent = im[1];
			const v = item(im[2]);
			if (!v) return null;
			items.push(v);
			i++;
		}
		entries.push({ key: m[1], value: indent === null ? { kind: 'scalar', text: '', typed: true } : { kind: 'list', items } });
	}
	return entries.length === 0 ? null : { entries, problems: [], broken: false };
}
