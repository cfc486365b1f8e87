/**
 * A deterministic logos vault for the benchmark: checkpoints across scopes (project and
 * worktree scopes, conversation folders, flat and unattached files, follows links, auto
 * records, rulings and decisions), working notes, and a few verdicts. Same seed, same bytes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { emptyCheckpoint } from '../../src/core';
import { renderCheckpoint } from '../../src/core';
import { renderNoteLine, uncommittedHeader } from '../../src/core';
import { renderVerdict, reviewedHeader } from '../../src/core';
import type { Checkpoint } from '../../src/core';

export interface GenOptions {
	checkpoints: number;
	scopes: number;
	notes: number;
	/** Checkpoints of the first scope (the resume figure's scope). */
	bigScope: number;
	/** Checkpoints of one more scope, after the others (with twice as many notes): a scope of one size in vaults of any size. */
	fixedScope?: number;
}

export interface Generated {
	root: string;
	bigScope: string;
	/** A checkpoint of a scope of ordinary size, for the one-change figure. */
	sample: string;
	/** The scope of GenOptions.fixedScope and one of its checkpoints; null without it. */
	fixed: { scope: string; sample: string } | null;
	files: number;
	/** The latest time any line of the vault carries (unix seconds): a checkpoint, a note or a verdict. */
	newest: number;
}

/** mulberry32: small, fast, and the same on every machine. */
function rng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const WORDS = ('cache invoice refund webhook retry parser schema index migration token session queue worker billing '
	+ 'export import tax currency rounding ledger report render layout toggle annual monthly price stripe email '
	+ 'template locale timezone cursor page limit batch backoff lock timeout payload header signature').split(' ');
const AGENTS = ['claude', 'codex', 'cursor'];
const VERBS = ['wire', 'fix', 'move', 'split', 'test', 'measure', 'document', 'remove', 'rename', 'cache'];
const START = 1_780_000_000; // 2026-05-28, UTC

function pad(n: number, w = 2): string {
	return String(n).padStart(w, '0');
}

/** File-name stamp in UTC (the bench runs with TZ=UTC). */
function stamp(ts: number): string {
	const d = new Date(ts * 1000);
	return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

function iso(ts: number): string {
	return new Date(ts * 1000).toISOString().replace('.000Z', 'Z');
}

function uuid(r: () => number): string {
	const h = (n: number): string => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
	return `${h(8)}-${h(4)}-4${h(3)}-a${h(3)}-${h(12)}`;
}

export function generateVault(dir: string, o: GenOptions, seed = 20261116): Generated {
	const r = rng(seed);
	const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
	const phrase = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
	const root = path.join(dir, 'sessions');
	const scopes: string[] = [];
	for (let i = 0; i < o.scopes; i++) {
		// Every fifth scope is a worktree of the project before it.
		scopes.push(i % 5 === 4 ? `${scopes[i - 1].split('/')[0]}/wt-${i}` : `proj-${pad(i)}`);
	}
	const counts = scopes.map((_, i) => (i === 0 ? o.bigScope : Math.floor((o.checkpoints - o.bigScope) / (o.scopes - 1))));
	counts[1] += o.checkpoints - counts.reduce((a, b) => a + b, 0);
	const notesOf = scopes.map(() => Math.floor(o.notes / o.scopes));
	// Generated last, so the other scopes' bytes are those of a vault without it.
	if (o.fixedScope !== undefined) {
		scopes.push(`proj-${pad(o.scopes)}`);
		counts.push(o.fixedScope);
		notesOf.push(2 * o.fixedScope);
	}
	let files = 0;
	let newest = 0;
	let sample = '';
	let fixedSample = '';
	scopes.forEach((scope, si) => {
		const scopeDir = path.join(root, ...scope.split('/'));
		fs.mkdirSync(scopeDir, { recursive: true });
		let ts = START + si * 977;
		let previous = '';
		let conv = uuid(r);
		let convLeft = 0;
		const rulings: string[] = [];
		for (let k = 0; k < counts[si]; k++) {
			ts += 600 + Math.floor(r() * 7200);
			const agent = pick(AGENTS);
			const id = `${stamp(ts)}-${agent}`;
			if (convLeft === 0) {
				conv = uuid(r);
				convLeft = 3 + Math.floor(r() * 25);
			}
			convLeft--;
			const auto = r() < 0.08;
			const c: Checkpoint = {
				...emptyCheckpoint(), session: id, hostSession: conv, project: scope, agent, ts, auto,
				task: `${pick(VERBS)} the ${phrase(3)}`, intent: r() < 0.5 ? `keep ${phrase(4)} stable` : '',
				state: `${phrase(12)}. ${phrase(9)}.`, next: `${pick(VERBS)} ${phrase(4)}`,
				decisions: Array.from({ length: 1 + Math.floor(r() * 3) }, () => `${phrase(5)} because ${phrase(4)}`),
				failed: Array.from({ length: Math.floor(r() * 3) }, () => (r() < 0.3 && rulings.length > 0 ? pick(rulings) : `${phrase(6)} was too slow`)),
				verified: Array.from({ length: Math.floor(r() * 3) }, () => `${phrase(5)} — go test ./${pick(WORDS)}`),
				commands: r() < 0.5 ? [`go test ./${pick(WORDS)}/...`] : [],
				files: Array.from({ length: 1 + Math.floor(r() * 4) }, () => `internal/${pick(WORDS)}/${pick(WORDS)}.go`),
				checkpointed: iso(ts), firstSeen: iso(ts).slice(0, 10),
				git: { ...emptyCheckpoint().git, branch: `feat-${pick(WORDS)}`, commit: Math.floor(r() * 0xfffffff).toString(16).padStart(7, '0'), commitSubject: phrase(5) },
			};
			rulings.push(...c.failed);
			const text = renderCheckpoint(c, previous);
			const where = r() < 0.05 ? scopeDir : path.join(scopeDir, '_convos', auto ? '_unattached' : conv);
			fs.mkdirSync(where, { recursive: true });
			const file = path.join(where, `${id}.md`);
			fs.writeFileSync(file, text);
			if (si === 2 && k === Math.floor(counts[si] / 2)) sample = path.relative(dir, file).split(path.sep).join('/');
			if (si === o.scopes && k === Math.floor(counts[si] / 2)) fixedSample = path.relative(dir, file).split(path.sep).join('/');
			files++;
			newest = Math.max(newest, ts);
			previous = id;
		}
		const notes = notesOf[si];
		let body = uncommittedHeader(scope);
		for (let n = 0; n < notes; n++) body += `${renderNoteLine({ text: `${phrase(8)}${r() < 0.1 ? ' did not work' : ''}`, ts: ts + n * 37, agent: pick([...AGENTS, 'obsidian']) })}\n`;
		fs.writeFileSync(path.join(scopeDir, 'uncommitted.md'), body);
		files++;
		if (notes > 0) newest = Math.max(newest, ts + (notes - 1) * 37);
		if (rulings.length > 0 && si % 3 === 0) {
			const lines = rulings.slice(0, 5).map((text, i) => renderVerdict({ kind: i % 2 === 0 ? 'retired' : 'reconfirmed', text, commit: '', ts: ts + i, line: 0 }));
			fs.writeFileSync(path.join(scopeDir, 'reviewed.md'), `${reviewedHeader(scope)}${lines.join('\n')}\n`);
			files++;
			newest = Math.max(newest, ts + lines.length - 1);
		}
	});
	const fixed = o.fixedScope === undefined ? null : { scope: scopes[o.scopes], sample: fixedSample };
	return { root, bigScope: scopes[0], sample, fixed, files, newest };
}
