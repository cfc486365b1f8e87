/**
 * A checkpoint row's `record` column, kept small: the index is read whole into memory on
 * every start, so each byte counts ten thousand times. Fields the row already has as
 * columns, and fields at their empty value, are left out and restored on reading.
 */
import { emptyCheckpoint } from '../core/checkpoint';
import type { LineMap } from '../core/lines';
import { stemOf } from '../core/names';
import type { Checkpoint, CheckpointRecord } from '../core/types';
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

/** Drops keys at their empty value, one level into nested objects (git, annotations). */
function strip(o: Json, empty: Json): Json {
	const out: Json = {};
	for (const [k, v] of Object.entries(o)) {
		if (isEmptyValue(v, empty[k])) continue;
		const e = empty[k];
		out[k] = v !== null && typeof v === 'object' && !Array.isArray(v) && e !== null && typeof e === 'object' ? strip(v as Json, e as Json) : v;
	}
	return out;
}

function restore(o: Json, empty: Json): Json {
	const out: Json = { ...empty };
	for (const [k, v] of Object.entries(o)) {
		const e = empty[k];
		out[k] = v !== null && typeof v === 'object' && !Array.isArray(v) && e !== null && typeof e === 'object' && !Array.isArray(e)
			? restore(v as Json, e as Json)
			: v;
	}
	return out;
}

/** Checkpoint fields that have a column of their own. */
const IN_COLUMNS = ['session', 'hostSession', 'ts', 'agent', 'task', 'follows', 'auto', 'autoClosed', 'handoffTo', 'problems'] as const;

/*
 * Stored as UTF-8 bytes: sql.js encodes a bound string character by character in
 * JavaScript, several times slower than TextEncoder, and a full pass binds thousands.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function text(v: Row[string]): string {
	return v instanceof Uint8Array ? decoder.decode(v) : str(v);
}

export function encodeCheckpoint(cp: Checkpoint): Uint8Array {
	const o = strip(cp as unknown as Json, EMPTY);
	for (const k of IN_COLUMNS) delete o[k];
	if (o.git) delete (o.git as Json).commit;
	return encoder.encode(JSON.stringify(o));
}

/** The record from a row with the columns path, name, id, scope, conversation, flat, empty, copy_of and the checkpoint's own. */
export function decodeRecord(row: Row): CheckpointRecord {
	const cp = restore(JSON.parse(text(row.record)) as Json, EMPTY) as unknown as Checkpoint;
	cp.git = { ...cp.git, commit: str(row.git_commit) };
	cp.session = str(row.session);
	cp.hostSession = str(row.host_session);
	cp.ts = num(row.ts);
	cp.agent = str(row.agent);
	cp.task = str(row.task);
	cp.follows = str(row.follows);
	cp.auto = num(row.auto) === 1;
	cp.autoClosed = num(row.auto_closed) === 1;
	cp.handoffTo = str(row.handoff);
	cp.problems = JSON.parse(str(row.problems)) as string[];
	const name = str(row.name);
	return {
		path: str(row.path), name, stem: stemOf(name), id: str(row.id), scope: str(row.scope),
		conversation: str(row.conversation), flat: num(row.flat) === 1, checkpoint: cp, empty: num(row.empty) === 1,
		copyOf: row.copy_of === null || row.copy_of === undefined ? null : str(row.copy_of),
	};
}

/** The columns decodeRecord reads, for a SELECT. */
export const RECORD_COLUMNS = 'path, name, id, scope, conversation, flat, empty, copy_of, record, git_commit, session, host_session, ts, agent, task, follows, auto, auto_closed, handoff, problems';

/**
 * Line maps as text: `heading:line,item,item` per section and `key:line` per key, joined
 * by a character no heading or key holds. About half the size of the JSON.
 */
const SEP = '\u0001';
const PART = '\u0002';

export function encodeLines(map: LineMap): Uint8Array {
	const sections = map.s.map((s) => `${String(s[0])}${PART}${s.slice(1).join(',')}`);
	const keys = map.k.map(([k, l]) => `${k}${PART}${l}`);
	return encoder.encode(`${sections.join(SEP)}${SEP}${SEP}${keys.join(SEP)}`);
}

/** The stored line map, or null when none was kept (an older row, an unreadable file). */
export function decodeLines(stored: Row[string]): LineMap | null {
	const text = stored instanceof Uint8Array ? decoder.decode(stored) : str(stored);
	if (text === '') return null;
	const split = text.indexOf(SEP + SEP);
	const head = split < 0 ? text : text.slice(0, split);
	const tail = split < 0 ? '' : text.slice(split + 2);
	const parts = (t: string): [string, string][] => (t === '' ? [] : t.split(SEP).map((p) => {
		const at = p.lastIndexOf(PART);
		return [p.slice(0, at), p.slice(at + 1)];
	}));
	return {
		s: parts(head).map(([h, nums]) => [h, ...nums.split(',').map(Number)]),
		k: parts(tail).map(([k, l]) => [k, Number(l)]),
	};
}
