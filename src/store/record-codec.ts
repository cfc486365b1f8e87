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

const EMPTY = emptyCheckpoint() as unknown as Json;

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
 * Drops keys at their empty value (and those in `skip`), one level into nested objects
 * (git, annotations), and shortens names. Writes the JSON text as it goes, member by
 * member in the object's own order, as JSON.stringify of the stripped object would: no
 * object is built only to be written, for each of ten thousand rows of a first pass.
 */
function stripJson(o: Json, empty: Json, names: Record<string, string>, skip?: ReadonlySet<string>): string {
	let out = '';
	for (const k in o) {
		if (skip?.has(k)) continue;
		const v = o[k];
		const e = empty[k];
		if (v === e || isEmptyValue(v, e)) continue;
		const nested = v !== null && typeof v === 'object' && !Array.isArray(v) && e !== null && typeof e === 'object';
		const json = nested ? stripJson(v as Json, e as Json, k === 'git' ? SHORT_GIT : {}, k === 'git' ? GIT_IN_COLUMNS : undefined) : JSON.stringify(v);
		// JSON.stringify leaves out a member it cannot write (undefined, a function).
		if (json === undefined) continue;
		out += `${out === '' ? '' : ','}${JSON.stringify(names[k] ?? k)}:${json}`;
	}
	return `{${out}}`;
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

/** One more `"name":value` member, unless JSON has no text for the value (as JSON.stringify leaves it out). */
function member(into: string[], name: string, value: unknown): void {
	const json = JSON.stringify(value) as string | undefined;
	if (json !== undefined) into.push(`${JSON.stringify(name)}:${json}`);
}

/** The record column: JSON text (see the file's comment). */
export function encodeCheckpoint(cp: Checkpoint, scope: string): string {
	// The project is nearly always the scope: absent means that, '' is kept as a value.
	const members = stripJson(cp as unknown as Json, EMPTY, SHORT, cp.project === scope ? IN_COLUMNS_AND_PROJECT : IN_COLUMNS).slice(1, -1);
	const more: string[] = members === '' ? [] : [members];
	// None of these three is among the members above (project is empty or skipped, the times are skipped): each goes last.
	if (cp.project === '' && scope !== '') more.push(`"${SHORT.project}":""`);
	// `checkpointed` and `firstSeen` are left out when they are the ts column's time and day
	// (ts is read from them, so they nearly always are); anything else, '' too, is kept.
	const [checkpointed, firstSeen] = fromTs(cp.ts);
	if (cp.checkpointed !== checkpointed) member(more, SHORT.checkpointed, cp.checkpointed);
	if (cp.firstSeen !== firstSeen) member(more, SHORT.firstSeen, cp.firstSeen);
	return `{${more.join(',')}}`;
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
	const scope = str(row.scope);
	const cp = restore(stored, EMPTY, LONG) as unknown as Checkpoint;
	if (!(SHORT.project in stored)) cp.project = scope;
	cp.git = { ...cp.git, commit: str(row.git_commit) };
	cp.session = str(row.session);
	cp.hostSession = str(row.host_session);
	cp.ts = num(row.ts);
	const [checkpointed, firstSeen] = fromTs(cp.ts);
	if (!(SHORT.checkpointed in stored)) cp.checkpointed = checkpointed;
	if (!(SHORT.firstSeen in stored)) cp.firstSeen = firstSeen;
	cp.agent = str(row.agent);
	cp.task = str(row.task);
	cp.follows = str(row.follows);
	cp.auto = num(row.auto) === 1;
	cp.autoClosed = num(row.auto_closed) === 1;
	cp.handoffTo = str(row.handoff);
	const problems = str(row.problems);
	cp.problems = problems === '[]' ? [] : (JSON.parse(problems) as string[]);
	const name = str(row.name);
	return {
		path: str(row.path), name, stem: stemOf(name), id: str(row.id), scope,
		conversation: str(row.conversation), flat: num(row.flat) === 1, checkpoint: cp, empty: num(row.empty) === 1,
		copyOf: row.copy_of === null || row.copy_of === undefined ? null : str(row.copy_of),
	};
}

/** The columns decodeRecord reads, for a SELECT. */
export const RECORD_COLUMNS = 'path, name, id, scope, conversation, flat, empty, copy_of, record, git_commit, session, host_session, ts, agent, task, follows, auto, auto_closed, handoff, problems';

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

const encoder = new TextEncoder();
const decoder = new TextDecoder();

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

/** What utf8View writes into: as large as the longest text it was given needs. */
let utf8Scratch = new Uint8Array(4096);

/**
 * The UTF-8 bytes of `s` as a view of one reused buffer, good only until the next call: for
 * a value bound at once (sql.js copies a bound blob into its own memory), so a row written
 * allocates no buffer of its own.
 */
export function utf8View(s: string): Uint8Array {
	// Three bytes at most per UTF-16 unit.
	if (s.length * 3 > utf8Scratch.length) utf8Scratch = new Uint8Array(s.length * 3);
	const { written } = encoder.encodeInto(s, utf8Scratch);
	return utf8Scratch.subarray(0, written);
}
