/**
 * "Was this tried?": the person's side of logos's before_you_try. Finds the rulings
 * across the vault (Didn't work bullets and dead-end notes) that speak of an approach,
 * by words rather than exact text, so a paraphrase or a pasted sentence still finds them.
 * Pure: the model comes in, matches come out.
 */
import { parseRoute } from '../format/notes';
import { rulingsOf } from './resume';
import type { RulingRow } from './resume-types';
import type { VaultModel } from '../model/vault-model';
import { pushAll } from '../arrays';

/** One ruling of one scope: its newest copy, with how many copies the scope holds. */
export interface TriedRuling {
	scope: string;
	row: RulingRow;
	/** Who recorded the newest copy ('' when unknown). */
	agent: string;
	copies: number;
	/** Content words of the whole ruling and of its approach (the part before the reason). */
	words: string[];
	approach: string[];
}

export interface TriedMatch {
	ruling: TriedRuling;
	/** 0–1: how much of the query is in the ruling, or of the ruling's approach in the query. */
	score: number;
}

/** Below this a match is noise. */
export const TRIED_THRESHOLD = 0.5;

const STOP = new Set(
	('an and are as at be but by for from has have if in into is it its of on or so that the their then there these this ' +
		'those to too was we were will with without via per not no do does did can could should would our you your ' +
		'across through between after before about over under each every all any only just also more most than when ' +
		'which who what how why let lets try trying use using')
		.split(' '),
);

/** Lower-case letter/digit runs; stop words dropped unless nothing else is left. */
export function wordsOf(text: string): string[] {
	// One letter (the s of "let's") says nothing.
	const all = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 || /\d/.test(w));
	const content = all.filter((w) => !STOP.has(w));
	return [...new Set(content.length > 0 ? content : all)];
}

/** The approach of a ruling: a route's route, else the text before its reason. */
function approachOf(text: string): string {
	const route = parseRoute(text);
	if (route) return route.route;
	for (const sep of [' — ', ' -- ', ' - ', ': ']) {
		const at = text.indexOf(sep);
		if (at > 0) return text.slice(0, at);
	}
	return text;
}

function commonPrefix(a: string, b: string): number {
	let n = 0;
	while (n < a.length && n < b.length && a[n] === b[n]) n++;
	return n;
}

/** At most one edit apart (a typo), for words long enough that it means something. */
function oneEdit(a: string, b: string): boolean {
	if (Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < 5) return false;
	let i = 0;
	let j = 0;
	let edits = 0;
	while (i < a.length && j < b.length) {
		if (a[i] === b[j]) {
			i++;
			j++;
			continue;
		}
		if (++edits > 1) return false;
		if (a.length > b.length) i++;
		else if (b.length > a.length) j++;
		else {
			i++;
			j++;
		}
	}
	return edits + (a.length - i) + (b.length - j) <= 1;
}

/** How well one word matches another: same word, same stem (share, sharing), or a typo. */
export function wordMatch(a: string, b: string): number {
	if (a === b) return 1;
	const cp = commonPrefix(a, b);
	if (cp >= 4 && cp >= Math.min(a.length, b.length) - 2) return 0.8;
	return oneEdit(a, b) ? 0.7 : 0;
}

/** Share of `from` found in `to`, each word weighed by its best match. */
function coverage(from: string[], to: string[]): number {
	if (from.length === 0 || to.length === 0) return 0;
	let sum = 0;
	for (const w of from) {
		let best = 0;
		for (const t of to) {
			best = Math.max(best, wordMatch(w, t));
			if (best === 1) break;
		}
		sum += best;
	}
	return sum / from.length;
}

/** Every ruling of every scope, one entry per scope and ruling key, newest copy first. */
export function triedRulings(model: VaultModel): TriedRuling[] {
	const out: TriedRuling[] = [];
	for (const scope of model.scopes) {
		const agentOf = new Map<string, string>();
		for (const r of model.scan.byScope.get(scope) ?? []) {
			if (r.copyOf === null) agentOf.set(r.id, r.checkpoint.agent.trim() || r.stem.slice(16));
		}
		const noteAgent = new Map((model.notes.get(scope) ?? []).map((n) => [n.line, n.agent] as const));
		const byKey = new Map<string, TriedRuling>();
		for (const row of rulingsOf(model, scope)) {
			const seen = byKey.get(row.key);
			if (seen) {
				seen.copies++;
				if (row.copyTs <= seen.row.copyTs) continue;
			}
			const agent = row.session === null ? noteAgent.get(row.line) ?? '' : agentOf.get(row.session) ?? '';
			const entry: TriedRuling = { scope, row, agent, copies: seen ? seen.copies : 1, words: wordsOf(row.text), approach: wordsOf(approachOf(row.text)) };
			byKey.set(row.key, entry);
		}
		pushAll(out, byKey.values());
	}
	return out.sort((a, b) => b.row.copyTs - a.row.copyTs);
}

/**
 * The rulings that speak of `query`, best first (newest first on a tie). A short query
 * must mostly appear in the ruling; a long one (a pasted plan) must mostly contain the
 * ruling's approach.
 */
export function matchTried(rulings: readonly TriedRuling[], query: string): TriedMatch[] {
	const q = wordsOf(query);
	if (q.length === 0) return [];
	const phrase = query.toLowerCase().replace(/\s+/g, ' ').trim();
	const out: TriedMatch[] = [];
	for (const ruling of rulings) {
		const whole = phrase.length >= 4 && ruling.row.key.includes(phrase) ? 1 : 0;
		const score = Math.max(whole, coverage(q, ruling.words), ruling.approach.length > 1 ? coverage(ruling.approach, q) : 0);
		if (score >= TRIED_THRESHOLD) out.push({ ruling, score });
	}
	return out.sort((a, b) => b.score - a.score || b.ruling.row.copyTs - a.ruling.row.copyTs);
}
