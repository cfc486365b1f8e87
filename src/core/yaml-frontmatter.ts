/**
 * Reading frontmatter as logos does: every value is text first, and converting it to a
 * number or a flag follows go-yaml v3's decoding rules (decisions §8). A generic YAML
 * reader would type `commit: 1234567` as a number and `12e4567` as Infinity; here both
 * stay text. A syntax error (or a repeated key) yields no values at all; a value of the
 * wrong type leaves only that key unset — go-yaml's partial decoding.
 */

import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, visit } from 'yaml';
import type { Document } from 'yaml';
import { oldBool, resolvePlain } from './go-yaml-resolve';
import { readSimpleFrontmatter } from './yaml-fast';

/** One frontmatter value, untyped. Lists keep their items one level deep. */
export type FrontValue =
	| {
			kind: 'scalar';
			text: string;
			/** Plain and untagged, so go-yaml gives it a type (null, int…) by its looks. */
			typed: boolean;
	  }
	| { kind: 'list'; items: FrontValue[] }
	| { kind: 'map' };

export interface FrontEntry {
	key: string;
	value: FrontValue;
}

export interface FrontmatterRead {
	/** Top-level keys in file order (each once: a repeated key leaves no entries at all). */
	entries: FrontEntry[];
	/** Human-readable reading problems: syntax error, a repeated key, not a mapping. */
	problems: string[];
	/** The YAML could not be parsed: go-yaml then decodes nothing. */
	broken: boolean;
}

/** Tags go-yaml resolves by the value's looks, like an untagged plain scalar. */
const RESOLVED_TAGS = new Set(['null', 'bool', 'int', 'float', 'timestamp'].map((t) => `tag:yaml.org,2002:${t}`));

type AnyDoc = Document.Parsed;

function resolveAlias(node: unknown, doc: AnyDoc): unknown {
	// An alias stands for the node it names; go-yaml decodes that node in its place.
	let n = node;
	for (let hops = 0; isAlias(n) && hops < 16; hops++) n = n.resolve(doc);
	return n;
}

/** The failsafe schema gives every scalar as a string; an empty one may come as null. */
function scalarText(value: unknown): string {
	return typeof value === 'string' ? value : '';
}

function toValue(node: unknown, doc: AnyDoc, deep: boolean): FrontValue {
	const n = resolveAlias(node, doc);
	if (isSeq(n)) {
		// Items of items are not needed by any key, and stay unexpanded (alias bombs).
		return { kind: 'list', items: deep ? n.items.map((item) => toValue(item, doc, false)) : [] };
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

function keyText(node: unknown, doc: AnyDoc): string | null {
	const n = resolveAlias(node, doc);
	return isScalar(n) ? scalarText(n.value) : null;
}

/** go-yaml refuses an alias whose anchor does not come before it; too many aliases are refused too. */
function aliasProblem(doc: AnyDoc): string {
	let problem = '';
	let aliases = 0;
	visit(doc, {
		Alias(_, node) {
			if (++aliases > 1000) problem = 'The frontmatter uses too many YAML aliases; logos reads none of its values.';
			else if (node.resolve(doc) === undefined) problem = `The frontmatter refers to an unknown YAML anchor \`*${node.source}\`; logos reads none of its values.`;
			return problem === '' ? undefined : visit.BREAK;
		},
	});
	return problem;
}

function syntaxProblem(doc: AnyDoc): string {
	const e = doc.errors[0];
	const where = e.linePos ? ` (frontmatter line ${e.linePos[0].line})` : '';
	const what = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
	return `The frontmatter is not valid YAML${where}: ${what}. logos reads none of its values.`;
}

/** Reads the text between the `---` lines. Never throws. */
export function readFrontmatter(yamlText: string): FrontmatterRead {
	return readSimpleFrontmatter(yamlText) ?? readFullFrontmatter(yamlText);
}

/**
 * Far deeper than any frontmatter logos writes (three levels), far shallower than what
 * exhausts the stack of the recursive YAML reader. Near that limit V8 can abort the whole
 * process (a regex compiled on an almost full stack) instead of throwing.
 */
const MAX_NESTING = 200;

/**
 * An upper bound on how deep the YAML nests: open flow brackets, or indentation plus
 * compact `- ` / `? ` entries on one line (each level takes at least one column).
 */
function nestingBound(yamlText: string): number {
	let flow = 0;
	let deepest = 0;
	for (const line of yamlText.split('\n')) {
		let col = 0;
		while (col < line.length && (line[col] === ' ' || line[col] === '\t')) col++;
		let block = col;
		for (let i = col; i + 1 < line.length && (line[i] === '-' || line[i] === '?') && line[i + 1] === ' '; ) {
			block += 2;
			i += 2;
			while (line[i] === ' ') i++;
		}
		deepest = Math.max(deepest, block);
		for (let i = col; i < line.length; i++) {
			const c = line[i];
			if (c === '[' || c === '{') deepest = Math.max(deepest, ++flow);
			else if ((c === ']' || c === '}') && flow > 0) flow--;
		}
		if (deepest > MAX_NESTING) break;
	}
	return deepest;
}

/** The full YAML reader: every shape, at a general parser's cost. */
export function readFullFrontmatter(yamlText: string): FrontmatterRead {
	const read: FrontmatterRead = { entries: [], problems: [], broken: false };
	if (nestingBound(yamlText) > MAX_NESTING) {
		read.broken = true;
		read.problems.push(`The frontmatter nests deeper than ${MAX_NESTING} levels; it is not read.`);
		return read;
	}
	let docs: AnyDoc[];
	try {
		docs = [...parseAllDocuments(yamlText, { schema: 'failsafe', uniqueKeys: false, merge: false })];
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
		read.problems.push(syntaxProblem(doc));
		return read;
	}
	const aliasTrouble = aliasProblem(doc);
	if (aliasTrouble !== '') {
		read.broken = true;
		read.problems.push(aliasTrouble);
		return read;
	}
	const root = resolveAlias(doc.contents, doc);
	if (root === null || root === undefined || (isScalar(root) && (root.value === null || root.value === ''))) return read;
	if (!isMap(root)) {
		read.problems.push('The frontmatter is not a list of `key: value` lines; logos reads none of its values.');
		return read;
	}
	const entries: FrontEntry[] = [];
	for (const pair of root.items) {
		const key = keyText(pair.key, doc);
		if (key !== null) entries.push({ key, value: toValue(pair.value, doc, true) });
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

const isNull = (v: FrontValue): boolean => v.kind === 'scalar' && v.typed && resolvePlain(v.text).kind === 'null';

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
