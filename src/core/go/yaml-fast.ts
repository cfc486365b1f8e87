/**
 * A fast reading of the frontmatter shapes logos itself writes: `key: scalar` lines,
 * block lists of scalars, and its `relations:` list of one-line flow maps. Anything else
 * (comments, anchors, nesting, escapes, a repeated key, CR line ends…) returns null and
 * the full YAML reader decides, so the result is always what that reader would give.
 * A general YAML parser costs about a millisecond a file; an index reads thousands.
 */
import type { FrontEntry, FrontmatterRead, FrontValue } from './frontmatter-types';

/**
 * A key line: `[A-Za-z_][A-Za-z0-9_-]*:` alone, or followed by a space and its value (group 2).
 * One pattern gives key and value: every frontmatter line of a full pass comes through here,
 * mostly before the engine has compiled any loop of ours (docs/decisions.md "What a CLI
 * command reads"). Its `.` stops at no character a line here can hold: readSimpleFrontmatter
 * declines CR and the line separators first. An item line is `- ` after spaces (itemDash, as
 * `^( *)- (.*)$` would match).
 */
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;

/** Where an item line's dash is (after its indentation), or -1. */
function itemDash(line: string): number {
	let i = 0;
	while (line.charCodeAt(i) === 32) i++;
	return line.charCodeAt(i) === 45 && line.charCodeAt(i + 1) === 32 ? i : -1;
}
/** logos's relation entries: `{ pred: follows, obj: "[[id]]", conf: 1.0, src: stated }`. */
const RELATION = /^\{ pred: [a-z_]+, obj: "\[\[[^"\\[\]]*\]\]", conf: [0-9]+(?:\.[0-9]+)?, src: [a-z_]+ \}$/;

/**
 * Controls, and the characters YAML treats as line breaks or a byte-order mark: no scalar here
 * holds one. A pattern, not a loop over the characters: a run of the CLI reads thousands of
 * frontmatters before the engine has compiled any loop of its own (docs/decisions.md "What a
 * CLI command reads"), while a pattern runs compiled from the start.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
/** The same characters but the line feed: a frontmatter with none of them has no unsafe scalar. */
const UNSAFE_IN_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;
/** What no key or item line of this reader holds: CR, tab, the Unicode line and paragraph separators. */
const NOT_IN_LINES = /[\r\t\u2028\u2029]/;
/* eslint-enable no-control-regex -- only the patterns above */

function unsafe(s: string): boolean {
	return UNSAFE.test(s);
}
/**
 * What no plain scalar of this reader holds: a YAML indicator, quote or space first, a space
 * (String.prototype.trim's, which is `\s`) at either end, `: ` or ` #` inside, `:` last. One
 * pattern, not five searches (keyColon says why).
 */
const NOT_PLAIN = /^[-?:,[\]{}#&*!|>'"%@`\s]|\s$|: | #|:$/;

/** `clean`: the whole frontmatter holds no unsafe character, so no part of a line does. */
function scalar(raw: string, clean: boolean): FrontValue | null {
	if (raw === '' || (!clean && unsafe(raw))) return null;
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
	if (NOT_PLAIN.test(raw)) return null;
	return { kind: 'scalar', text: raw, typed: true };
}

function item(raw: string, clean: boolean): FrontValue | null {
	if (raw.startsWith('{')) return (clean || !unsafe(raw)) && RELATION.test(raw) ? { kind: 'map' } : null;
	return scalar(raw, clean);
}

/** The read, or null when the text is not in a shape this reader vouches for. */
export function readSimpleFrontmatter(yamlText: string): FrontmatterRead | null {
	// One pattern over the text in the usual case: CR, tab and the line separators are among
	// the unsafe characters, so a text with none of those has none of these.
	const clean = !UNSAFE_IN_LINES.test(yamlText);
	// Line separators end a pattern's `.`: a value holding one is no key or item line.
	if (!clean && NOT_IN_LINES.test(yamlText)) return null;
	const lines = yamlText.split('\n');
	if (lines[lines.length - 1] === '') lines.pop();
	const entries: FrontEntry[] = [];
	const seen = new Set<string>();
	for (let i = 0; i < lines.length; i++) {
		const m = KEY_LINE.exec(lines[i]);
		if (m === null || seen.has(m[1])) return null;
		const key = m[1];
		seen.add(key);
		if (m[2] !== undefined) {
			const v = scalar(m[2], clean);
			if (!v) return null;
			entries.push({ key, value: v });
			continue;
		}
		const items: FrontValue[] = [];
		let indent = -1;
		while (i + 1 < lines.length) {
			const next = lines[i + 1];
			const dash = itemDash(next);
			if (dash < 0) break;
			if (indent >= 0 && dash !== indent) return null;
			indent = dash;
			const v = item(next.slice(dash + 2), clean);
			if (!v) return null;
			items.push(v);
			i++;
		}
		entries.push({ key, value: indent < 0 ? { kind: 'scalar', text: '', typed: true } : { kind: 'list', items } });
	}
	return entries.length === 0 ? null : { entries, problems: [], broken: false };
}
