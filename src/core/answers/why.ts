/**
 * "Why was this file touched?": every checkpoint whose Files list or git touched list
 * refers to a path, across every scope, newest first. How a recorded path refers to the
 * asked one is the rule logos 0.4.8 applies (docs/decisions.md, "Why was this file touched").
 */
import { HEADING } from '../format/checkpoint-body';
import { goTrimSpace } from '../go/go-text';
import { history } from '../model/history';
import { compareBytes } from '../format/names';
import { rulingsOf } from './resume';
import type { RulingVerdict } from './resume-types';
import type { CheckpointRecord } from '../types';
import type { VaultModel } from '../model/vault-model';

/** One line of a checkpoint, with the 0-based line it sits on (-1 when unknown). */
export interface WhyLine {
	text: string;
	line: number;
}

export interface WhyRuling extends WhyLine {
	verdict: RulingVerdict;
	/** Unix seconds of the verdict, null when there is none or it has no time. */
	at: number | null;
	commit: string | null;
}

/** One checkpoint that refers to the asked path. */
export interface Mention {
	record: CheckpointRecord;
	/** The path as the checkpoint recorded it. */
	matched: string;
	/** Whether `matched` is what was asked, give or take spaces and a leading `./` (logos then omits "recorded as"). */
	asAsked: boolean;
	/** Which list holds it: `## Files` or git's `touched`. */
	from: 'files' | 'touched';
	/** 0-based line of the matched entry in the note. */
	line: number;
	task: WhyLine;
	rulings: WhyRuling[];
	decisions: WhyLine[];
	questions: WhyLine[];
}

/**
 * The form two paths are compared in: spaces around it and backticks at its ends
 * dropped, `\` read as `/`, every leading `./` and every trailing `/` removed. Nothing
 * else is normalised: `a//b`, `a/./b` and `a/../b` stay as written, and case counts.
 */
export function pathKey(p: string): string {
	let s = goTrimSpace(p).replace(/\\/g, '/');
	s = goTrimSpace(s.replace(/^`+|`+$/g, ''));
	while (s.startsWith('./')) s = s.slice(2);
	return s.replace(/\/+$/, '');
}

/** A recorded path refers to the asked one when they are equal, or one ends with `/` and the other (a path suffix, whole names only). */
export function refersTo(recorded: string, asked: string): boolean {
	const r = pathKey(recorded);
	const a = pathKey(asked);
	if (r === '' || a === '') return false;
	return r === a || r.endsWith(`/${a}`) || a.endsWith(`/${r}`);
}

/** Spaces and leading `./` aside, the same text: logos prints "recorded as" only when not. */
function shownAs(p: string): string {
	let s = goTrimSpace(p);
	while (s.startsWith('./')) s = s.slice(2);
	return s;
}

/** The first entry of Files, then of touched, that refers to `asked`. */
function firstMatch(rec: CheckpointRecord, asked: string): { matched: string; from: 'files' | 'touched'; k: number } | null {
	const c = rec.checkpoint;
	for (let k = 0; k < c.files.length; k++) if (refersTo(c.files[k], asked)) return { matched: c.files[k], from: 'files', k };
	for (let k = 0; k < c.git.touched.length; k++) if (refersTo(c.git.touched[k], asked)) return { matched: c.git.touched[k], from: 'touched', k };
	return null;
}

function bullets(model: VaultModel, rec: CheckpointRecord, heading: string, items: readonly string[]): WhyLine[] {
	return items.map((text, k) => ({ text, line: model.lines.bullet(rec.path, heading, k) }));
}

function mentionOf(model: VaultModel, rec: CheckpointRecord, asked: string): Mention | null {
	const m = firstMatch(rec, asked);
	if (!m) return null;
	const c = rec.checkpoint;
	let line: number;
	if (m.from === 'files') {
		line = model.lines.bullet(rec.path, HEADING.files, m.k);
	} else {
		const key = model.lines.key(rec.path, 'touched');
		line = key < 0 ? -1 : key + 1 + m.k;
	}
	// The checkpoint's own ruling rows carry the scope's verdicts on them.
	const rows = rulingsOf(model, rec.scope, [rec], rec.id).filter((r) => r.session === rec.id);
	return {
		record: rec,
		matched: m.matched,
		asAsked: shownAs(m.matched) === shownAs(asked),
		from: m.from,
		line,
		task: { text: c.task.trim(), line: model.lines.bullet(rec.path, HEADING.task, -1) },
		rulings: rows.map((r) => ({ text: r.text, line: r.line, verdict: r.verdict, at: r.verdict === 'none' ? null : r.at, commit: r.verdict === 'reconfirmed' ? r.commit : null })),
		decisions: bullets(model, rec, HEADING.decisions, c.decisions),
		questions: bullets(model, rec, HEADING.questions, c.questions),
	};
}

/** Newest first by time, then by file name and path, so the order never depends on the scan. */
function newestFirst(a: Mention, b: Mention): number {
	return b.record.checkpoint.ts - a.record.checkpoint.ts || compareBytes(b.record.name, a.record.name) || compareBytes(a.record.path, b.record.path);
}

/**
 * Every checkpoint of every scope (or of `scope` alone) that refers to `path`, newest
 * first. Copies and torn files are left out, as in each scope's history.
 */
export function touching(model: VaultModel, path: string, scope?: string): Mention[] {
	if (pathKey(path) === '') return [];
	const out: Mention[] = [];
	for (const s of scope === undefined ? model.scopes : [scope]) {
		for (const rec of history(model.scan, s).entries) {
			const m = mentionOf(model, rec, path);
			if (m) out.push(m);
		}
	}
	return out.sort(newestFirst);
}

export interface TouchedPath {
	/** The path as most checkpoints wrote it (the first seen on a tie). */
	path: string;
	/** Checkpoints that list it, in Files or touched. */
	count: number;
}

/**
 * Every path any checkpoint lists, once per comparison form, with how many checkpoints
 * list it: the choices of the "Why was this file touched?" picker. Most listed first.
 */
export function touchedPaths(model: VaultModel): TouchedPath[] {
	const byKey = new Map<string, { spellings: Map<string, number>; count: number }>();
	for (const s of model.scopes) {
		for (const rec of history(model.scan, s).entries) {
			const seen = new Set<string>();
			for (const p of [...rec.checkpoint.files, ...rec.checkpoint.git.touched]) {
				const key = pathKey(p);
				if (key === '' || seen.has(key)) continue;
				seen.add(key);
				let e = byKey.get(key);
				if (!e) byKey.set(key, (e = { spellings: new Map(), count: 0 }));
				e.count++;
				const spelled = goTrimSpace(p);
				e.spellings.set(spelled, (e.spellings.get(spelled) ?? 0) + 1);
			}
		}
	}
	const out: TouchedPath[] = [];
	for (const e of byKey.values()) {
		let best = '';
		let most = 0;
		for (const [spelled, n] of e.spellings) {
			if (n > most) {
				best = spelled;
				most = n;
			}
		}
		out.push({ path: best, count: e.count });
	}
	return out.sort((a, b) => b.count - a.count || compareBytes(a.path, b.path));
}
