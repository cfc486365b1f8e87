/**
 * Reading frontmatter as logos does: every value is text first, and converting it to a
 * number or a flag follows go-yaml v3's decoding rules (docs/decisions.md §8). A generic YAML
 * reader would type `commit: 1234567` as a number and `12e4567` as Infinity; here both
 * stay text. A syntax error (or a repeated key) yields no values at all; a value of the
 * wrong type leaves only that key unset — go-yaml's partial decoding.
 */

import { Composer, isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import type { Alias, Document, Node } from 'yaml';
import { oldBool, resolvePlain } from './go-yaml-resolve';
import { readSimpleFrontmatter } from './yaml-fast';
import type { FrontEntry, FrontmatterRead, FrontValue } from './frontmatter-types';
import { MAX_ALIASES, measureYaml, TOO_MANY_ALIASES } from './yaml-budget';

export type { FrontEntry, FrontmatterRead, FrontValue } from './frontmatter-types';

/** Tags go-yaml resolves by the value's looks, like an untagged plain scalar. */
const RESOLVED_TAGS = new Set(['null', 'bool', 'int', 'float', 'timestamp'].map((t) => `tag:yaml.org,2002:${t}`));

type AnyDoc = Document.Parsed;

/**
 * What each alias stands for: the last node before it with that anchor. One walk in
 * document order; the library's own lookup walks the whole document for every alias.
 */
type Anchors = Map<Alias, Node | undefined>;

function resolveAnchors(doc: AnyDoc): Anchors {
	const named = new Map<string, Node>();
	const out: Anchors = new Map();
	visit(doc, {
		Node(_, node) {
			if (isAlias(node)) out.set(node, named.get(node.source));
			else if (node.anchor) named.set(node.anchor, node);
		},
	});
	return out;
}

function resolveAlias(node: unknown, anchors: Anchors): unknown {
	// An alias stands for the node it names; go-yaml decodes that node in its place.
	return isAlias(node) ? anchors.get(node) : node;
}

/** The failsafe schema gives every scalar as a string; an empty one may come as null. */
function scalarText(value: unknown): string {
	return typeof value === 'string' ? value : '';
}

function toValue(node: unknown, anchors: Anchors, deep: boolean): FrontValue {
	const n = resolveAlias(node, anchors);
	if (isSeq(n)) {
		// Items of items are not needed by any key, and stay unexpanded (alias bombs).
		return { kind: 'list', items: deep ? n.items.map((item) => toValue(item, anchors, false)) : [] };
	}
	if (isMap(n)) return { kind: 'map' };
	if (isScalar(n)) {
		const text = scalarText(n.value);
		const typed = n.type === 'PLAIN' && (n.tag === undefined || n.tag === '!' || RESOLVED_TAGS.has(n.tag));
		return { kind: 'scalar', text, typed };
	}
	// `key:` with nothing after it reads as an empty plain scalar, i.e. null.
	return { kind: 'scalar', text: '', typed: true };
}

function keyText(node: unknown, anchors: Anchors): string | null {
	const n = resolveAlias(node, anchors);
	return isScalar(n) ? scalarText(n.value) : null;
}

/** go-yaml refuses an alias whose anchor does not come before it; too many aliases are refused too. */
function aliasProblem(anchors: Anchors): string {
	if (anchors.size > MAX_ALIASES) return TOO_MANY_ALIASES;
	for (const [alias, target] of anchors) {
		if (target === undefined) return `The frontmatter refers to an unknown YAML anchor \`*${alias.source}\`; logos reads none of its values.`;
	}
	return '';
}

function syntaxProblem(doc: AnyDoc, yamlText: string): string {
	const e = doc.errors[0];
	// Counted here for the first error only: the library's pretty errors copy a line of context for each one.
	let line = 1;
	for (let i = yamlText.indexOf('\n'); i >= 0 && i < e.pos[0]; i = yamlText.indexOf('\n', i + 1)) line++;
	const what = e.message.split('\n')[0];
	return `The frontmatter is not valid YAML (frontmatter line ${line}): ${what}. logos reads none of its values.`;
}

/** Reads the text between the `---` lines. Never throws. */
export function readFrontmatter(yamlText: string): FrontmatterRead {
	return readSimpleFrontmatter(yamlText) ?? readFullFrontmatter(yamlText);
}

/** The full YAML reader: every shape, at a general parser's cost. */
export function readFullFrontmatter(yamlText: string): FrontmatterRead {
	const read: FrontmatterRead = { entries: [], problems: [], broken: false };
	const measured = measureYaml(yamlText);
	if (!measured.ok) {
		read.broken = true;
		read.problems.push(measured.problem);
		return read;
	}
	let docs: AnyDoc[];
	try {
		const composer = new Composer({ schema: 'failsafe', uniqueKeys: false, merge: false, prettyErrors: false });
		docs = Array.from(composer.compose(measured.tokens));
	} catch (err) {
		read.broken = true;
		read.problems.push(`The frontmatter could not be read as YAML (${String(err)}).`);
		return read;
	}
	// go-yaml reads the first document only.
	const doc = docs[0];
	if (!doc) return read;
	if (doc.errors.length > 0) {
		read.broken = true;
		read.problems.push(syntaxProblem(doc, yamlText));
		return read;
	}
	const anchors = resolveAnchors(doc);
	const aliasTrouble = aliasProblem(anchors);
	if (aliasTrouble !== '') {
		read.broken = true;
		read.problems.push(aliasTrouble);
		return read;
	}
	const root = resolveAlias(doc.contents, anchors);
	if (root === null || root === undefined || (isScalar(root) && (root.value === null || root.value === ''))) return read;
	if (!isMap(root)) {
		read.problems.push('The frontmatter is not a list of `key: value` lines; logos reads none of its values.');
		return read;
	}
	const entries: FrontEntry[] = [];
	for (const pair of root.items) {
		const key = keyText(pair.key, anchors);
		if (key !== null) entries.push({ key, value: toValue(pair.value, anchors, true) });
	}
	// go-yaml refuses a mapping with a repeated key as a whole: no value is decoded.
	const seen = new Set<string>();
	const repeated = entries.find((e) => seen.size === seen.add(e.key).size);
	if (repeated) {
		read.problems.push(`The frontmatter key \`${repeated.key}\` appears more than once, so logos reads none of its values.`);
		return read;
	}
	read.entries = entries;
	return read;
}

/**
 * What go-yaml stores into a field: `set` with the value, `null` (the field is left
 * alone, no complaint) or `mismatch` (a type error: left alone, worth telling a person).
 */
export type Decoded<T> = { kind: 'set'; value: T } | { kind: 'null' } | { kind: 'mismatch' };

const set = <T>(value: T): Decoded<T> => ({ kind: 'set', value });
const NULL: Decoded<never> = { kind: 'null' };
const MISMATCH: Decoded<never> = { kind: 'mismatch' };

/**
 * The words resolvePlain reads as null: only these, since a number, bool or timestamp never
 * is one. A Set lookup in place of the full resolution, which every text key of every
 * checkpoint passes through (a time or a hash starting with a digit is tried as a number).
 */
const NULL_WORDS: ReadonlySet<string> = new Set(['', '~', 'null', 'Null', 'NULL']);

const isNull = (v: FrontValue): boolean => v.kind === 'scalar' && v.typed && NULL_WORDS.has(v.text);

/** Into a string field: any scalar's text, except a plain null (`~`, `null`, nothing). */
export function decodeText(v: FrontValue): Decoded<string> {
	if (v.kind !== 'scalar') return MISMATCH;
	return isNull(v) ? NULL : set(v.text);
}

const INT64_MIN = -(2 ** 63);

/** Go's float64 → int64 conversion where go-yaml allows it (huge negatives pin to the minimum). */
function floatToInt(f: number): Decoded<number> {
	if (Number.isNaN(f) || f > 2 ** 63) return MISMATCH;
	if (f <= INT64_MIN || f === 2 ** 63) return set(INT64_MIN);
	return set(Math.trunc(f) || 0);
}

/** Into an int field: plain integers, and plain floats cut toward zero. Quoted text never. */
export function decodeInt(v: FrontValue): Decoded<number> {
	if (v.kind !== 'scalar' || !v.typed) return MISMATCH;
	const r = resolvePlain(v.text);
	if (r.kind === 'null') return NULL;
	// Integers beyond int64 resolve as unsigned and do not fit the field.
	if (r.kind === 'int') return r.value >= BigInt(INT64_MIN) && r.value < 2n ** 63n ? set(Number(r.value)) : MISMATCH;
	if (r.kind === 'float') return floatToInt(r.value);
	return MISMATCH;
}

/** Into a bool field: `true`/`false` and friends, and YAML 1.1's yes/no/on/off even quoted. */
export function decodeFlag(v: FrontValue): Decoded<boolean> {
	if (v.kind !== 'scalar') return MISMATCH;
	if (v.typed) {
		const r = resolvePlain(v.text);
		if (r.kind === 'null') return NULL;
		if (r.kind === 'bool') return set(r.value);
		if (r.kind !== 'str') return MISMATCH;
	}
	const old = oldBool(v.text);
	return old === null ? MISMATCH : set(old);
}

/** Into a list of strings: items that are not text (or are null) are dropped. */
export function decodeTextList(v: FrontValue): Decoded<string[]> {
	if (v.kind === 'scalar') return isNull(v) ? set([]) : MISMATCH;
	if (v.kind === 'map') return MISMATCH;
	const out: string[] = [];
	for (const item of v.items) {
		const d = decodeText(item);
		if (d.kind === 'set') out.push(d.value);
	}
	return set(out);
}

/**
 * The top-level string values of a frontmatter block, read as text the way logos reads
 * them (`type`, `planned`, …). Values that are not text are left out.
 */
export function readScalars(yamlText: string): Record<string, string> {
	// No prototype: a key such as `__proto__` is just a key here.
	const out = Object.create(null) as Record<string, string>;
	for (const { key, value } of readFrontmatter(yamlText).entries) {
		const d = decodeText(value);
		if (d.kind === 'set') out[key] = d.value;
	}
	return out;
}
