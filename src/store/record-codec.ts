/**
 * A checkpoint row's `record` and `lines` columns, kept small: the index is read whole into
 * memory on every start, so each byte counts ten thousand times. Fields the row already has
 * as columns, and fields at their empty value, are left out and restored on reading; field
 * names are stored as one letter; the project is left out when it names the row's scope.
 */
import { emptyCheckpoint } from '../core';
import type { LineMap } from '../core';
import { stemOf } from '../core';
import type { Checkpoint, CheckpointRecord } from '../core';
import { num, type Row, str } from './conn';

type Json = Record<string, unknown>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * What a field left out of the record column is restored to. Every decoded record shares the
 * lists (and the annotations) of the fields it left out, a model holding ten thousand records:
 * those are frozen, so no reader can change one record's empty list under all the others. The
 * checkpoint and git objects themselves are not: each record gets a copy of them (a spread),
 * which V8 makes cheaply, all properties in place, only from an object that is not frozen.
 */
const EMPTY = freezeShared(emptyCheckpoint()) as unknown as Json;

function freezeShared(cp: Checkpoint): Checkpoint {
	for (const o of [cp, cp.git]) for (const v of Object.values(o) as unknown[]) if (Array.isArray(v)) Object.freeze(v);
	Object.freeze(cp.annotations.sections);
	Object.freeze(cp.annotations);
	return cp;
}

/** A decoded record's `problems` when it has none: shared, as the empty lists above. */
const NO_PROBLEMS = EMPTY.problems as string[];

/**
 * One string for each of the values a vault repeats on thousands of records (a scope, an agent,
 * a branch, a day): a decoded row's copy goes, the first one stays. At most INTERNED values
 * are kept; past that the table starts again (a vault with more is only kept less small).
 */
const INTERNED = 2048;
const interned = new Map<string, string>();

function intern(s: string): string {
	const hit = interned.get(s);
	if (hit !== undefined) return hit;
	if (interned.size >= INTERNED) interned.clear();
	interned.set(s, s);
	return s;
}

function isEmptyValue(v: unknown, empty: unknown): boolean {
	if (Array.isArray(v)) return v.length === 0;
	if (v !== null && typeof v === 'object' && empty !== null && typeof empty === 'object') {
		return Object.keys(v).every((k) => isEmptyValue((v as Json)[k], (empty as Json)[k]));
	}
	return v === empty;
}

/*
 * Stored names. Only ever add to these maps: rows written with a name are read with it.
 * A field missing here (a newer field) is stored under its own name, which is never one letter.
 */
const SHORT: Record<string, string> = {
	project: 'p', intent: 'i', state: 's', decisions: 'd', failed: 'f', verified: 'v', blockers: 'b',
	commands: 'c', questions: 'q', files: 'l', next: 'n', firstSeen: 'F', checkpointed: 'C',
	transcriptTurns: 't', git: 'g', inferred: 'I', annotations: 'A',
};
const SHORT_GIT: Record<string, string> = {
	branch: 'b', commitSubject: 's', uncommitted: 'u', uncommittedUnreadable: 'U', worktree: 'w',
	remote: 'r', repoRoot: 'R', touched: 't',
};
const invert = (m: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k]));
const LONG = invert(SHORT);
const LONG_GIT = invert(SHORT_GIT);

/**
 * JSON written straight into UTF-8 bytes, as TextEncoder would encode JSON.stringify's text:
 * strings are quoted and escaped as JSON.stringify does (`\"`, `\\`, the short escapes,
 * `\u00XX` for other controls, `\uXXXX` for a lone surrogate), anything else is
 * JSON.stringify's own text, encoded. One pass over each string instead of three (quote,
 * join, encode), into one reused buffer: every row of a first pass is written here.
 */
class JsonBytes {
	buf: Uint8Array;
	at = 0;

	constructor(buf: Uint8Array) {
		this.buf = buf;
	}

	/** Room for `n` more bytes. */
	room(n: number): void {
		if (this.at + n <= this.buf.length) return;
		const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
		bigger.set(this.buf.subarray(0, this.at));
		this.buf = bigger;
	}

	byte(b: number): void {
		this.room(1);
		this.buf[this.at++] = b;
	}

	/** A string as JSON.stringify quotes it, in UTF-8. */
	string(s: string): void {
		// Six bytes at most per UTF-16 unit (a `\uXXXX` escape), and the quotes.
		this.room(s.length * 6 + 2);
		const b = this.buf;
		let at = this.at;
		b[at++] = 34;
		for (let i = 0; i < s.length; i++) {
			const c = s.charCodeAt(i);
			if (c < 0x80) {
				if (c >= 0x20 && c !== 34 && c !== 92) {
					b[at++] = c;
					continue;
				}
				b[at++] = 92;
				const short = SHORT_ESCAPE[c];
				if (short !== undefined) b[at++] = short;
				else at = hexEscape(b, at, c);
			} else if (c < 0x800) {
				b[at++] = 0xc0 | (c >> 6);
				b[at++] = 0x80 | (c & 0x3f);
			} else if (c >= 0xd800 && c <= 0xdfff) {
				const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
				if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
					const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
					b[at++] = 0xf0 | (cp >> 18);
					b[at++] = 0x80 | ((cp >> 12) & 0x3f);
					b[at++] = 0x80 | ((cp >> 6) & 0x3f);
					b[at++] = 0x80 | (cp & 0x3f);
					i++;
				} else {
					// A lone surrogate: JSON.stringify writes it as an escape.
					b[at++] = 92;
					at = hexEscape(b, at, c);
				}
			} else {
				b[at++] = 0xe0 | (c >> 12);
				b[at++] = 0x80 | ((c >> 6) & 0x3f);
				b[at++] = 0x80 | (c & 0x3f);
			}
		}
		b[at++] = 34;
		this.at = at;
	}

	/** Text that is JSON already (JSON.stringify's), in UTF-8. */
	text(json: string): void {
		this.room(json.length * 3);
		this.at += encoder.encodeInto(json, this.buf.subarray(this.at)).written;
	}

	/** A value as JSON.stringify writes it; false when it writes nothing (undefined, a function). */
	value(v: unknown): boolean {
		if (typeof v === 'string') {
			this.string(v);
			return true;
		}
		if (Array.isArray(v) && isTextList(v)) {
			this.byte(91);
			for (let i = 0; i < v.length; i++) {
				if (i > 0) this.byte(44);
				this.string(v[i]);
			}
			this.byte(93);
			return true;
		}
		const json = JSON.stringify(v) as string | undefined;
		if (json === undefined) return false;
		this.text(json);
		return true;
	}

	/** `"name":` before a member, with the comma when one came before it. */
	name(name: string, first: boolean): void {
		if (!first) this.byte(44);
		this.string(name);
		this.byte(58);
	}
}

/** Every item a string (a hole is not one: JSON.stringify writes it as null). */
function isTextList(v: unknown[]): v is string[] {
	for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
	return true;
}

/** JSON.stringify's two-character escapes, by the character escaped. */
const SHORT_ESCAPE: (number | undefined)[] = [];
SHORT_ESCAPE[8] = 98;
SHORT_ESCAPE[9] = 116;
SHORT_ESCAPE[10] = 110;
SHORT_ESCAPE[12] = 102;
SHORT_ESCAPE[13] = 114;
SHORT_ESCAPE[34] = 34;
SHORT_ESCAPE[92] = 92;

const HEX = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];

/** `uXXXX` (lower-case hex, as JSON.stringify writes it) after the backslash. */
function hexEscape(b: Uint8Array, at: number, c: number): number {
	b[at++] = 117;
	b[at++] = HEX[(c >> 12) & 15];
	b[at++] = HEX[(c >> 8) & 15];
	b[at++] = HEX[(c >> 4) & 15];
	b[at++] = HEX[c & 15];
	return at;
}

/**
 * Drops keys at their empty value (and those in `skip`), one level into nested objects
 * (git, annotations), and shortens names. Writes the members as it goes, in the object's
 * own order, as JSON.stringify of the stripped object would: no object is built only to
 * be written. Returns whether it wrote a member; the braces are the caller's.
 */
function stripInto(out: JsonBytes, o: Json, empty: Json, names: Record<string, string>, skip?: ReadonlySet<string>): boolean {
	let first = true;
	for (const k in o) {
		if (skip?.has(k)) continue;
		const v = o[k];
		const e = empty[k];
		if (v === e || isEmptyValue(v, e)) continue;
		const nested = v !== null && typeof v === 'object' && !Array.isArray(v) && e !== null && typeof e === 'object';
		// JSON.stringify leaves out a member it cannot write (undefined, a function): its name goes too.
		const mark = out.at;
		out.name(names[k] ?? k, first);
		if (nested) {
			out.byte(123);
			stripInto(out, v as Json, e as Json, k === 'git' ? SHORT_GIT : {}, k === 'git' ? GIT_IN_COLUMNS : undefined);
			out.byte(125);
		} else if (!out.value(v)) {
			out.at = mark;
			continue;
		}
		first = false;
	}
	return !first;
}

function restore(o: Json, empty: Json, names: Record<string, string>): Json {
	const out: Json = { ...empty };
	for (const stored of Object.keys(o)) {
		const v = o[stored];
		const k = names[stored] ?? stored;
		const e = empty[k];
		out[k] = v !== null && typeof v === 'object' && !Array.isArray(v) && e !== null && typeof e === 'object' && !Array.isArray(e)
			? restore(v as Json, e as Json, k === 'git' ? LONG_GIT : {})
			: v;
	}
	return out;
}

/** Checkpoint fields that have a column of their own (or follow from ts, see encodeCheckpoint); the project when it is the scope. */
const IN_COLUMNS: ReadonlySet<string> = new Set(['session', 'hostSession', 'ts', 'agent', 'task', 'follows', 'auto', 'autoClosed', 'handoffTo', 'problems', 'checkpointed', 'firstSeen']);
const IN_COLUMNS_AND_PROJECT: ReadonlySet<string> = new Set([...IN_COLUMNS, 'project']);
const GIT_IN_COLUMNS: ReadonlySet<string> = new Set(['commit']);

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * `checkpointed` as logos writes it for the time `ts` (RFC 3339 in UTC, whole seconds), or
 * null for a time no Date holds. Whole seconds of years 1970 to 9999 are worked out here (the
 * days-to-civil-date rule), as every row written and read asks; any other time goes to Date.
 */
function isoOf(ts: number): string | null {
	if (Number.isInteger(ts) && ts >= 0 && ts < 253402300800) {
		const days = Math.floor(ts / 86400);
		const sod = ts - days * 86400;
		// Days since 0000-03-01, in 400-year eras: March first makes the leap day the year's last.
		const z = days + 719468;
		const era = Math.floor(z / 146097);
		const doe = z - era * 146097;
		const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
		const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
		const mp = Math.floor((5 * doy + 2) / 153);
		const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
		const month = mp < 10 ? mp + 3 : mp - 9;
		const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
		return `${year}-${pad2(month)}-${pad2(day)}T${pad2(Math.floor(sod / 3600))}:${pad2(Math.floor(sod / 60) % 60)}:${pad2(sod % 60)}Z`;
	}
	const ms = ts * 1000;
	if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
	const iso = new Date(ms).toISOString();
	return `${iso.slice(0, 19)}Z`;
}

/** What a record leaves out of `checkpointed` and `firstSeen` for a time: its RFC 3339 and its day. */
function fromTs(ts: number): [string, string] {
	const iso = isoOf(ts);
	return iso === null ? ['', ''] : [iso, iso.slice(0, 10)];
}

/** What encodeCheckpointBytes writes into: as large as the largest record needs. */
let recordScratch: Uint8Array = new Uint8Array(4096);

/**
 * The record column's text (see the file's comment) as UTF-8 bytes, a view of one reused
 * buffer good until the next call: for a value bound at once (sql.js copies a bound blob).
 */
export function encodeCheckpointBytes(cp: Checkpoint, scope: string): Uint8Array {
	const out = new JsonBytes(recordScratch);
	out.byte(123);
	// The project is nearly always the scope: absent means that, '' is kept as a value.
	let first = !stripInto(out, cp as unknown as Json, EMPTY, SHORT, cp.project === scope ? IN_COLUMNS_AND_PROJECT : IN_COLUMNS);
	// None of these three is among the members above (project is empty or skipped, the times are skipped): each goes last.
	const extra = (name: string, value: unknown): void => {
		const mark = out.at;
		out.name(name, first);
		if (out.value(value)) first = false;
		else out.at = mark;
	};
	if (cp.project === '' && scope !== '') extra(SHORT.project, '');
	// `checkpointed` and `firstSeen` are left out when they are the ts column's time and day
	// (ts is read from them, so they nearly always are); anything else, '' too, is kept.
	const [checkpointed, firstSeen] = fromTs(cp.ts);
	if (cp.checkpointed !== checkpointed) extra(SHORT.checkpointed, cp.checkpointed);
	if (cp.firstSeen !== firstSeen) extra(SHORT.firstSeen, cp.firstSeen);
	out.byte(125);
	recordScratch = out.buf;
	return out.buf.subarray(0, out.at);
}

/**
 * One list of the record column as SQL rows, each bullet in `alias.value`: what to join in the
 * FROM and what to add to the WHERE (the array's items only: recordList reads nothing else).
 * SQLite takes the bullets out in WebAssembly, so a pass over a scope's rows makes no
 * JavaScript object of the records it reads (news.ts).
 */
export function recordListRows(column: string, field: 'failed' | 'decisions', alias: string): { from: string; where: string } {
	return { from: `json_each(${column}, '$.${SHORT[field]}') ${alias}`, where: `typeof(${alias}.key) = 'integer'` };
}

/** The record column as text: the same JSON as encodeCheckpointBytes. */
export function encodeCheckpoint(cp: Checkpoint, scope: string): string {
	return decoder.decode(encodeCheckpointBytes(cp, scope));
}

/** One list of the record column, without restoring the rest (rulings and decisions). */
export function recordList(record: string, field: 'failed' | 'decisions'): string[] {
	const o = JSON.parse(record) as Json;
	const v = o[SHORT[field]];
	return Array.isArray(v) ? (v as string[]) : [];
}

/** The record from a row with the columns path, name, id, scope, conversation, flat, empty, copy_of and the checkpoint's own. */
export function decodeRecord(row: Row): CheckpointRecord {
	const stored = JSON.parse(str(row.record)) as Json;
	const scope = intern(str(row.scope));
	const cp = restore(stored, EMPTY, LONG) as unknown as Checkpoint;
	if (!(SHORT.project in stored)) cp.project = scope;
	// restore made the git object unless the record left it out (then it is EMPTY's, frozen).
	const git = cp.git === EMPTY.git ? { ...cp.git } : cp.git;
	git.commit = str(row.git_commit);
	if (git.branch !== '') git.branch = intern(git.branch);
	if (git.worktree !== '') git.worktree = intern(git.worktree);
	if (git.remote !== '') git.remote = intern(git.remote);
	if (git.repoRoot !== '') git.repoRoot = intern(git.repoRoot);
	cp.git = git;
	// The generated id and host_session columns are the session and the conversation unless
	// the row says otherwise (schema.ts, step 6): the same text is kept once.
	const session = str(row.session);
	const conversation = str(row.conversation);
	const id = str(row.id);
	const host = str(row.host_session);
	cp.session = session;
	cp.hostSession = host === conversation ? conversation : host;
	cp.ts = num(row.ts);
	const [checkpointed, firstSeen] = fromTs(cp.ts);
	if (!(SHORT.checkpointed in stored)) cp.checkpointed = checkpointed;
	if (!(SHORT.firstSeen in stored)) cp.firstSeen = intern(firstSeen);
	cp.agent = intern(str(row.agent));
	cp.task = str(row.task);
	cp.follows = str(row.follows);
	cp.auto = num(row.auto) === 1;
	cp.autoClosed = num(row.auto_closed) === 1;
	cp.handoffTo = str(row.handoff);
	const problems = str(row.problems);
	cp.problems = problems === '[]' ? NO_PROBLEMS : (JSON.parse(problems) as string[]);
	// The generated `name` column is the same text, worked out in SQL per row (schema.ts, step 6): cheaper here.
	const path = str(row.path);
	const name = path.slice(path.lastIndexOf('/') + 1);
	return {
		path, name, stem: stemOf(name), id: id === session ? session : id, scope,
		conversation, flat: num(row.flat) === 1, checkpoint: cp, empty: num(row.empty) === 1,
		copyOf: row.copy_of === null || row.copy_of === undefined ? null : str(row.copy_of),
	};
}

/** The columns decodeRecord reads, for a SELECT. */
export const RECORD_COLUMNS = 'path, id, scope, conversation, flat, empty, copy_of, record, git_commit, session, host_session, ts, agent, task, follows, auto, auto_closed, handoff, problems';

/*
 * Line maps as bytes: per section its heading, heading line and item lines, then per
 * frontmatter key its name and line. Lines are stored as differences from the line before
 * (small, one byte), names from the vocabulary below as one byte. About a quarter of text.
 * Only ever add to NAMES: rows written with a code are read with it.
 */
const NAMES = [
	'Task', 'Intent', 'State', 'Decisions', "Didn't work", 'Verified', 'Blockers', 'Commands run', 'Open questions',
	'Files', 'Next', 'Inferred from the transcript: verified', "Inferred from the transcript: didn't work",
	'Inferred from the transcript: decided',
	'type', 'title', 'project', 'agent', 'session', 'host_session', 'handoff_to', 'auto_closed', 'auto', 'inferred_by',
	'inferred_at', 'inferred_turns', 'transcript_turns', 'first_seen', 'checkpointed', 'branch', 'commit',
	'commit_subject', 'uncommitted', 'uncommitted_unreadable', 'worktree', 'remote', 'repo_root', 'touched', 'relations',
];
const CODE = new Map(NAMES.map((n, i) => [n, i + 1]));


/** One buffer every encoding writes into before its bytes are copied out (a new one only when it outgrows it). */
let scratch = new Uint8Array(256);

class Bytes {
	private buf = scratch;
	length = 0;

	byte(b: number): void {
		if (this.length === this.buf.length) {
			const bigger = new Uint8Array(this.buf.length * 2);
			bigger.set(this.buf);
			this.buf = scratch = bigger;
		}
		this.buf[this.length++] = b;
	}

	/** Unsigned LEB128. */
	uint(n: number): void {
		while (n >= 0x80) {
			this.byte((n & 0x7f) | 0x80);
			n = Math.floor(n / 128);
		}
		this.byte(n);
	}

	/** Zigzag, so a step back (never written by the map today) still fits. */
	int(n: number): void {
		this.uint(n >= 0 ? n * 2 : -n * 2 - 1);
	}

	name(s: string): void {
		const code = CODE.get(s);
		if (code !== undefined) return this.uint(code);
		const b = encoder.encode(s);
		this.uint(0);
		this.uint(b.length);
		for (const x of b) this.byte(x);
	}

	done(): Uint8Array {
		return this.buf.slice(0, this.length);
	}
}

export function encodeLines(map: LineMap): Uint8Array {
	const out = new Bytes();
	let prev = 0;
	const line = (n: number): void => {
		out.int(n - prev);
		prev = n;
	};
	out.uint(map.s.length);
	for (const s of map.s) {
		out.name(String(s[0]));
		out.uint(s.length - 1);
		for (let i = 1; i < s.length; i++) line(Number(s[i]));
	}
	out.uint(map.k.length);
	for (const [k, l] of map.k) {
		out.name(k);
		line(l);
	}
	return out.done();
}

/** The stored line map, or null when none was kept (an unreadable file). */
export function decodeLines(stored: Row[string]): LineMap | null {
	if (!(stored instanceof Uint8Array) || stored.length === 0) return null;
	const b = stored;
	let at = 0;
	const uint = (): number => {
		let n = 0;
		let scale = 1;
		for (;;) {
			const x = b[at++];
			n += (x & 0x7f) * scale;
			if (x < 0x80) return n;
			scale *= 128;
		}
	};
	let prev = 0;
	const line = (): number => {
		const z = uint();
		prev += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
		return prev;
	};
	const name = (): string => {
		const code = uint();
		if (code > 0) return NAMES[code - 1];
		const len = uint();
		at += len;
		return decoder.decode(b.subarray(at - len, at));
	};
	const s: (string | number)[][] = [];
	for (let n = uint(); n > 0; n--) {
		const section: (string | number)[] = [name()];
		for (let m = uint(); m > 0; m--) section.push(line());
		s.push(section);
	}
	const k: [string, number][] = [];
	for (let n = uint(); n > 0; n--) {
		const key = name();
		k.push([key, line()]);
	}
	return { s, k };
}

/**
 * A line map as the index stores it (encodeLines): what the indexer keeps in memory for each
 * checkpoint instead of the map itself, a tenth of its size, and read in place by the two
 * lookups below. Empty when none was kept.
 */
export type LineBytes = Uint8Array;

/** Reads a LineBytes in the order encodeLines wrote it, without building the map. */
class LineReader {
	at = 0;
	/** The last line read: lines are stored as steps from the one before. */
	prev = 0;

	constructor(readonly b: LineBytes) {}

	uint(): number {
		let n = 0;
		let scale = 1;
		for (;;) {
			const x = this.b[this.at++];
			n += (x & 0x7f) * scale;
			if (x < 0x80) return n;
			scale *= 128;
		}
	}

	line(): number {
		const z = this.uint();
		this.prev += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
		return this.prev;
	}

	/** Whether the next name is `name` (moving past it either way). */
	nameIs(name: string): boolean {
		const code = this.uint();
		if (code > 0) return NAMES[code - 1] === name;
		const len = this.uint();
		this.at += len;
		return decoder.decode(this.b.subarray(this.at - len, this.at)) === name;
	}
}

/** core's bulletLineIn over the stored bytes: the k-th bullet under `heading`, or the heading's line, or -1. */
export function bulletLineInBytes(b: LineBytes | undefined, heading: string, k: number): number {
	if (!b || b.length === 0) return -1;
	const r = new LineReader(b);
	for (let n = r.uint(); n > 0; n--) {
		const hit = r.nameIs(heading);
		const lines = r.uint();
		if (!hit) {
			for (let m = 0; m < lines; m++) r.line();
			continue;
		}
		// The section as decoded is [heading, headingLine, ...items]: the item at 2 + k, else its element 1.
		let headingLine: number | undefined;
		for (let m = 0; m < lines; m++) {
			const l = r.line();
			if (m === 0) headingLine = l;
			else if (m === k + 1) return l;
		}
		return headingLine as number;
	}
	return -1;
}

/** core's keyLineIn over the stored bytes: the line of `key:` in the frontmatter, -1 when absent. */
export function keyLineInBytes(b: LineBytes | undefined, key: string): number {
	if (!b || b.length === 0) return -1;
	const r = new LineReader(b);
	// Every section's lines come first: the key lines are steps from the last of them.
	for (let n = r.uint(); n > 0; n--) {
		r.nameIs('');
		for (let m = r.uint(); m > 0; m--) r.line();
	}
	for (let n = r.uint(); n > 0; n--) {
		const hit = r.nameIs(key);
		const l = r.line();
		if (hit) return l;
	}
	return -1;
}
