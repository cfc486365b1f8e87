/**
 * Where one checkpoint file sits (docs/decisions.md §4): its conversation and position there,
 * its neighbours along `follows`, and the problems that concern it. What the chain bar,
 * the navigation commands and the conversation list answer from; pure, one scan.
 */
import { branchProblems, followsGraph, forwardFrom, resolveFollows, uniqueProblems, walkBackFrom } from './chains';
import { conversations, type Conversation } from './conversations';
import { compareBytes, type VaultScan } from './scan';
import type { CheckpointRecord, Problem } from '../types';
import { pushAll } from '../arrays';
import { Memo } from '../memo';

export interface ChainPlace {
	/** The file's own record (a copy or an empty file included). */
	record: CheckpointRecord;
	/** The record that counts: itself, or the original of a copy; null for an empty file. */
	canonical: CheckpointRecord | null;
	conversation: Conversation | null;
	/** 1-based, oldest first; 0 when the file is not part of the conversation's chain. */
	position: number;
	total: number;
	/** Older and newer in the conversation, by file name. */
	previous: CheckpointRecord | null;
	next: CheckpointRecord | null;
	first: CheckpointRecord | null;
	latest: CheckpointRecord | null;
	/** The checkpoint its `follows` resolves to, null when none or dangling. */
	follows: CheckpointRecord | null;
	/** Checkpoints naming it as their `follows`, newest name first; more than one is a fork. */
	followedBy: CheckpointRecord[];
	/** This file's problems and those of its place in the chain (dangling, fork, loop). */
	problems: Problem[];
}

interface ScanIndex {
	byPath: Map<string, CheckpointRecord>;
	problems: Map<string, Problem[]>;
	/** Non-empty canonical records by `scope\nid`: what a copy stands for. */
	originals: Map<string, CheckpointRecord>;
	/** Files per `project\nconversation`, copies (under their original's) and empty files included. */
	files: Map<string, CheckpointRecord[]>;
	/** Each project's conversations, on first need. */
	projects: Map<string, Conversation[]>;
}

const indexes = new Memo<VaultScan, ScanIndex>();
const everyConversation = new Memo<VaultScan, Conversation[]>();

function push<K, V>(map: Map<K, V[]>, key: K, v: V): void {
	const list = map.get(key);
	if (list) list.push(v);
	else map.set(key, [v]);
}

function indexOf(scan: VaultScan): Readonly<ScanIndex> {
	return indexes.get(scan, scanIndex);
}

function scanIndex(scan: VaultScan): ScanIndex {
	const byPath = new Map(scan.records.map((r) => [r.path, r] as const));
	const problems = new Map<string, Problem[]>();
	for (const p of [...scan.problems, ...followsGraph(scan).problems]) {
		if (p.path !== null) push(problems, p.path, p);
	}
	const originals = new Map<string, CheckpointRecord>();
	for (const r of scan.records) if (r.copyOf === null && !r.empty) originals.set(`${r.scope}\n${r.id}`, r);
	const files = new Map<string, CheckpointRecord[]>();
	for (const r of scan.records) {
		// A copy in `_unattached` is named after its own stem; it belongs where its original is.
		const home = r.copyOf === null ? r : originals.get(`${r.scope}\n${r.copyOf}`) ?? r;
		push(files, `${projectOfScope(r.scope)}\n${home.conversation}`, r);
	}
	return { byPath, problems, originals, files, projects: new Map() };
}

function projectOfScope(scope: string): string {
	const slash = scope.indexOf('/');
	return slash < 0 ? scope : scope.slice(0, slash);
}

/** A project's conversations (worktrees included), most recently active first; computed once per scan. */
export function projectConversations(scan: VaultScan, project: string): Conversation[] {
	const index = indexOf(scan);
	let list = index.projects.get(project);
	if (!list) index.projects.set(project, (list = conversations(scan, project)));
	return list;
}

/** Every conversation of the vault, most recently active first. */
export function allConversations(scan: VaultScan): readonly Conversation[] {
	return everyConversation.get(scan, () => scan.projects.flatMap((p) => projectConversations(scan, p))
		.sort((a, b) => compareBytes(b.latest.name, a.latest.name) || compareBytes(b.latest.path, a.latest.path)));
}

/** The checkpoint file at a vault path (copies and empty files too), or null. */
export function recordAt(scan: VaultScan, path: string): CheckpointRecord | null {
	return indexOf(scan).byPath.get(path) ?? null;
}

/** Problems reported on one file, by the scan or the follows graph. */
export function problemsAt(scan: VaultScan, path: string): Problem[] {
	return indexOf(scan).problems.get(path) ?? [];
}

/** Every file of a conversation: its chain plus its copies and empty files. */
function filesOf(scan: VaultScan, conv: Conversation): CheckpointRecord[] {
	return indexOf(scan).files.get(`${projectOfScope(conv.scope)}\n${conv.id}`) ?? [];
}

/** Problems on any file of a conversation, each once, in path order. */
export function conversationProblems(scan: VaultScan, conv: Conversation): Problem[] {
	return filesOf(scan, conv).flatMap((r) => problemsAt(scan, r.path));
}

function canonicalOf(scan: VaultScan, r: CheckpointRecord): CheckpointRecord | null {
	if (r.copyOf === null) return r.empty ? null : r;
	return indexOf(scan).originals.get(`${r.scope}\n${r.copyOf}`) ?? null;
}

/** A loop through `start` along resolved follows, as ids (start first), or null. */
function loopThrough(scan: VaultScan, start: CheckpointRecord): string[] | null {
	const parent = followsGraph(scan).parent;
	const ids = [start.id];
	const seen = new Set([start.path]);
	for (let cur = parent.get(start.path); cur; cur = parent.get(cur.path)) {
		if (cur.path === start.path) return ids;
		if (seen.has(cur.path)) return null;
		seen.add(cur.path);
		ids.push(cur.id);
	}
	return null;
}

function placeProblems(scan: VaultScan, record: CheckpointRecord, canonical: CheckpointRecord | null): Problem[] {
	const out = [...problemsAt(scan, record.path)];
	if (!canonical) return out;
	if (canonical !== record) pushAll(out, problemsAt(scan, canonical.path));
	// A loop is reported on one file only; every file on it should say so.
	const loop = loopThrough(scan, canonical);
	if (loop && !out.some((p) => p.kind === 'cycle')) {
		out.push({ kind: 'cycle', path: canonical.path, session: canonical.id, detail: `follows loops: ${loop.join(' → ')} → ${canonical.id}` });
	}
	// What `chain` reports for it: its branch, its copies, and the walks back and forward.
	pushAll(out, branchProblems(scan, canonical));
	pushAll(out, walkBackFrom(scan, canonical).problems);
	pushAll(out, forwardFrom(scan, canonical).problems);
	return uniqueProblems(out);
}

/** The place of the checkpoint file at `path`, or null when it is not a checkpoint of the scan. */
export function chainPlace(scan: VaultScan, path: string): ChainPlace | null {
	const record = recordAt(scan, path);
	if (!record) return null;
	const canonical = canonicalOf(scan, record);
	const convs = projectConversations(scan, projectOfScope(record.scope));
	const home = canonical ?? record;
	const conversation = convs.find((c) => c.id === home.conversation) ?? null;
	const chain = conversation?.chain ?? [];
	const at = canonical ? chain.indexOf(canonical) : -1;
	const graph = followsGraph(scan);
	return {
		record,
		canonical,
		conversation,
		position: at < 0 ? 0 : chain.length - at,
		total: chain.length,
		previous: at < 0 ? null : chain[at + 1] ?? null,
		next: at < 1 ? null : chain[at - 1],
		first: chain[chain.length - 1] ?? null,
		latest: chain[0] ?? null,
		follows: canonical ? resolveFollows(scan, canonical).target : null,
		followedBy: canonical ? graph.children.get(canonical.path) ?? [] : [],
		problems: placeProblems(scan, record, canonical),
	};
}
