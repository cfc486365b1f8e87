/**
 * The follows chain (docs/decisions.md §4): each checkpoint names the one that was latest in its
 * scope when it was written. Links are resolved by stem/id in the scope first, then
 * anywhere under the sessions folder. Dangling links, forks, cycles and ambiguous ids
 * are problems, never followed blindly; every walk terminates.
 */
import type { Conversation } from './conversations';
import { compareBytes, type VaultScan } from './scan';
import type { CheckpointRecord, Problem } from '../types';
import { pushAll } from '../arrays';
import { Memo } from '../memo';

export interface FollowsGraph {
	/** Non-empty canonical checkpoints in the graph (copies never take part). */
	nodes: CheckpointRecord[];
	/** Resolved `follows` per node path; absent when there is none or it dangles. */
	parent: Map<string, CheckpointRecord>;
	/** Nodes naming each record as their `follows`, newest name first, by record path. */
	children: Map<string, CheckpointRecord[]>;
	problems: Problem[];
}

export interface Walk {
	/** The record the walk started from, null when the id is unknown. */
	start: CheckpointRecord | null;
	/** Nearest first, the start excluded. */
	chain: CheckpointRecord[];
	/** forward only: the children where a fork stopped the walk. */
	fork: CheckpointRecord[];
	problems: Problem[];
	error?: string;
}

interface Resolution {
	target: CheckpointRecord | null;
	problems: Problem[];
}

/** One scope's records by stem and id; the scope's follows stay answerable without the rest. */
interface ScopeIndex {
	/** stem and id → non-empty canonical records. */
	live: Map<string, CheckpointRecord[]>;
	/** stem and id → empty or unreadable canonical records, for a clearer dangling message. */
	torn: Map<string, CheckpointRecord[]>;
	/** Non-empty canonical records, by path. */
	nodes: CheckpointRecord[];
}

/**
 * A scan's index: its scopes' indexes, each kept as long as the scope's list of records
 * (an index hands later scans the same list for a scope none of whose files changed), and
 * their lookups merged once per scan.
 */
interface Index {
	scopes: ScopeIndex[];
	/** The same, by scope: a link that resolves in its own scope needs no other. */
	named: Map<string, ScopeIndex>;
	/** What is worked out from the scopes on first need. */
	built: {
		/** The scopes' lookups merged. */
		live: Map<string, CheckpointRecord[]> | null;
		torn: Map<string, CheckpointRecord[]> | null;
		byPath: Map<string, CheckpointRecord> | null;
		nodes: CheckpointRecord[] | null;
		/** The whole vault's graph: a walk along one chain needs only the lookups. */
		vault: FollowsGraph | null;
	};
	/** Walks back already made, by start id and scope. */
	walks: Map<string, Walk>;
}

const indexes = new Memo<VaultScan, Index>();
const scopeIndexes = new Memo<readonly CheckpointRecord[], ScopeIndex>();
/**
 * Walks back that found every link in the scope of the record naming it, by start id, kept
 * per scope index: such a walk asked nothing of the other scopes, so it holds for every scan
 * that hands over the same list of the scope's records (a change elsewhere walks nothing again).
 */
const homeWalks = new Memo<Readonly<ScopeIndex>, Map<string, Walk>>();

function add(map: Map<string, CheckpointRecord[]>, key: string, r: CheckpointRecord): void {
	const list = map.get(key);
	if (!list) map.set(key, [r]);
	else if (!list.includes(r)) list.push(r);
}

const byPath = (a: CheckpointRecord, b: CheckpointRecord): number => compareBytes(a.path, b.path);

/**
 * The last index whose lookups were merged: the next scan differs from it in a few scopes at
 * most. A much smaller one sharing none of its scopes (a few scopes read apart from the
 * index's models) does not take its place: it would hold that scan's records alive and make
 * the next whole model merge afresh. One sharing a scope (a part of the same vault, or the
 * vault after scopes went) does.
 */
let lastMerged: Readonly<Index> | null = null;

function takesPlaceOf(prev: Readonly<Index> | null, index: Readonly<Index>): boolean {
	if (!prev || index.scopes.length * 2 >= prev.scopes.length) return true;
	const then = new Set(prev.scopes);
	return index.scopes.some((s) => then.has(s));
}

/** Records by stem or id across every scope, in path order; the lists are shared, never changed. */
function lookup(index: Readonly<Index>, which: 'live' | 'torn', key: string): CheckpointRecord[] {
	let merged = index.built[which];
	if (!merged) {
		merged = patched(lastMerged, index, which) ?? mergeAll(index.scopes, which);
		index.built[which] = merged;
		if (takesPlaceOf(lastMerged, index)) lastMerged = index;
	}
	return merged.get(key) ?? [];
}

function mergeAll(scopes: readonly ScopeIndex[], which: 'live' | 'torn'): Map<string, CheckpointRecord[]> {
	const merged = new Map<string, CheckpointRecord[]>();
	for (const s of scopes) for (const [k, list] of s[which]) addAll(merged, k, list);
	return merged;
}

function addAll(merged: Map<string, CheckpointRecord[]>, key: string, list: CheckpointRecord[]): void {
	const before = merged.get(key);
	merged.set(key, before ? [...before, ...list].sort(byPath) : list);
}

/** An earlier index's merged lookups with the scopes that changed since taken out and put in again. */
function patched(prev: Readonly<Index> | null, index: Readonly<Index>, which: 'live' | 'torn'): Map<string, CheckpointRecord[]> | null {
	const base = prev?.built[which];
	if (!prev || !base) return null;
	const now = new Set(index.scopes);
	const then = new Set(prev.scopes);
	const gone = prev.scopes.filter((s) => !now.has(s));
	const added = index.scopes.filter((s) => !then.has(s));
	// Mostly new scopes (another vault, a fresh scan): merging them all is cheaper.
	if ((index.scopes.length - added.length) * 2 < index.scopes.length) return null;
	const merged = new Map(base);
	for (const s of gone) {
		for (const [k, list] of s[which]) {
			const rest = (merged.get(k) ?? []).filter((r) => !list.includes(r));
			if (rest.length > 0) merged.set(k, rest);
			else merged.delete(k);
		}
	}
	for (const s of added) for (const [k, list] of s[which]) addAll(merged, k, list);
	return merged;
}

function nodesOf(index: Readonly<Index>): CheckpointRecord[] {
	index.built.nodes ??= index.scopes.flatMap((s) => s.nodes).sort(byPath);
	return index.built.nodes;
}

function recordAt(index: Readonly<Index>, path: string): CheckpointRecord | undefined {
	index.built.byPath ??= new Map(nodesOf(index).map((r) => [r.path, r]));
	return index.built.byPath.get(path);
}

function byName(a: CheckpointRecord, b: CheckpointRecord): number {
	return compareBytes(b.name, a.name) || compareBytes(a.path, b.path);
}

function resolveIn(index: Index, follows: string, scope: string, from: CheckpointRecord | null): Resolution {
	// Records of the scope by that name are the pool whatever the other scopes hold (one found in
	// all is then one of these): the vault's lookups are merged only for a link that leaves its scope.
	const home = index.named.get(scope)?.live.get(follows);
	const found = home ?? lookup(index, 'live', follows);
	// The common case, one record by that name: it is the target whatever its scope.
	if (found.length === 1) return { target: found[0], problems: [] };
	const near = found.filter((r) => r.scope === scope);
	const pool = near.length > 0 ? near : found;
	const session = from?.id ?? follows;
	const path = from?.path ?? null;
	if (pool.length === 0) {
		const torn = lookup(index, 'torn', follows);
		const detail = torn.length > 0
			? `follows ${follows}, which is empty or unreadable (${torn[0].path})`
			: `follows ${follows}, which is not in the vault`;
		return { target: null, problems: [{ kind: 'dangling', path, session, detail }] };
	}
	// Prefer a file named exactly after the id, then path order: the same answer every time.
	const sorted = pool.slice().sort((a, b) => Number(b.stem === follows) - Number(a.stem === follows) || compareBytes(a.path, b.path));
	const problems: Problem[] = sorted.length > 1
		? [{ kind: 'duplicate', path, session, detail: `${follows} names ${sorted.length} checkpoints (${sorted.map((r) => r.path).join(', ')}); ${sorted[0].path} is used` }]
		: [];
	return { target: sorted[0], problems };
}

function findCycles(nodes: CheckpointRecord[], parent: Map<string, CheckpointRecord>): Problem[] {
	const state = new Map<string, 'walking' | 'done'>();
	const problems: Problem[] = [];
	for (const n of nodes) {
		const path: CheckpointRecord[] = [];
		let cur: CheckpointRecord | undefined = n;
		while (cur && !state.has(cur.path)) {
			state.set(cur.path, 'walking');
			path.push(cur);
			cur = parent.get(cur.path);
		}
		if (cur && state.get(cur.path) === 'walking') {
			const loop = path.slice(path.indexOf(cur));
			const ids = loop.map((r) => r.id);
			problems.push({ kind: 'cycle', path: cur.path, session: cur.id, detail: `follows loops: ${ids.join(' → ')} → ${cur.id}` });
		}
		for (const r of path) state.set(r.path, 'done');
	}
	return problems;
}

function buildGraph(index: Index, nodes: CheckpointRecord[], parentOf: (r: CheckpointRecord) => Resolution): FollowsGraph {
	const parent = new Map<string, CheckpointRecord>();
	const children = new Map<string, CheckpointRecord[]>();
	const problems: Problem[] = [];
	for (const r of nodes) {
		if (r.checkpoint.follows.trim() === '') continue;
		const res = parentOf(r);
		pushAll(problems, res.problems);
		if (!res.target) continue;
		parent.set(r.path, res.target);
		add(children, res.target.path, r);
	}
	for (const [path, kids] of children) {
		kids.sort(byName);
		if (kids.length < 2) continue;
		const p = recordAt(index, path);
		problems.push({
			kind: 'fork',
			path,
			session: p?.id ?? null,
			detail: `${kids.length} checkpoints follow ${p?.id ?? path}: ${kids.map((k) => k.id).join(', ')}`,
		});
	}
	pushAll(problems, findCycles(nodes, parent));
	return { nodes, parent, children, problems };
}

function scopeIndexOf(records: readonly CheckpointRecord[]): Readonly<ScopeIndex> {
	return scopeIndexes.get(records, scopeIndex);
}

function scopeIndex(records: readonly CheckpointRecord[]): ScopeIndex {
	const index: ScopeIndex = { live: new Map(), torn: new Map(), nodes: [] };
	for (const r of records) {
		if (r.copyOf !== null) continue;
		const map = r.empty ? index.torn : index.live;
		add(map, r.stem, r);
		add(map, r.id, r);
		if (!r.empty) index.nodes.push(r);
	}
	return index;
}

function indexOf(scan: VaultScan): Readonly<Index> {
	return indexes.get(scan, () => {
		const named = new Map([...scan.byScope].map(([scope, records]) => [scope, scopeIndexOf(records)]));
		return { scopes: [...named.values()], named, built: { live: null, torn: null, byPath: null, nodes: null, vault: null }, walks: new Map() };
	});
}

function vaultGraph(index: Readonly<Index>): FollowsGraph {
	index.built.vault ??= buildGraph(index, nodesOf(index), (r) => resolveIn(index, r.checkpoint.follows.trim(), r.scope, r));
	return index.built.vault;
}

/** Whether the record names no follows, or one its own scope holds (live, by stem or id). */
export function linkStaysHome(scan: VaultScan, r: CheckpointRecord): boolean {
	const follows = r.checkpoint.follows.trim();
	return follows === '' || indexOf(scan).named.get(r.scope)?.live.has(follows) === true;
}

/** Resolves one record's `follows`: its scope first, then the whole sessions folder. */
export function resolveFollows(scan: VaultScan, from: CheckpointRecord): Resolution {
	const follows = from.checkpoint.follows.trim();
	if (follows === '') return { target: null, problems: [] };
	return resolveIn(indexOf(scan), follows, from.scope, from);
}

/** The follows graph of the vault, or of one scope (its links may still leave the scope). */
export function followsGraph(scan: VaultScan, scope?: string): FollowsGraph {
	const index = indexOf(scan);
	if (scope === undefined) return vaultGraph(index);
	const nodes = nodesOf(index).filter((r) => r.scope === scope);
	return buildGraph(index, nodes, (r) => resolveFollows(scan, r));
}

function startOf(scan: VaultScan, id: string, scope: string | undefined): { start: CheckpointRecord | null; problems: Problem[]; error?: string } {
	const index = indexOf(scan);
	const key = id.trim().replace(/\.md$/, '');
	const found = scope === undefined ? lookup(index, 'live', key) : index.named.get(scope)?.live.get(key) ?? [];
	if (found.length === 0) return { start: null, problems: [], error: `no checkpoint ${key}${scope ? ` in ${scope}` : ''}` };
	// Without a scope every match competes, so an id used in two scopes is reported.
	const res = resolveIn(index, key, scope ?? '', null);
	return { start: res.target, problems: res.problems };
}

/** Walks `follows` back from a checkpoint, nearest first, stopping at a dangling link or a loop. */
export function back(scan: VaultScan, id: string, scope?: string): Walk {
	// Once per scan and start: a copy goes out, so a caller that changes it changes nobody else's.
	const index = indexOf(scan);
	const key = `${id}\n${scope ?? ''}`;
	let walk = index.walks.get(key);
	if (!walk) {
		const home = scope === undefined ? undefined : index.named.get(scope);
		const kept = home === undefined ? undefined : homeWalks.get(home, () => new Map());
		walk = kept?.get(id);
		if (!walk) {
			const made = walkBack(scan, id, scope);
			walk = made.walk;
			if (made.home) kept?.set(id, walk);
		}
		index.walks.set(key, walk);
	}
	return { ...walk, chain: [...walk.chain], fork: [...walk.fork], problems: [...walk.problems] };
}

function walkBack(scan: VaultScan, id: string, scope?: string): { walk: Walk; home: boolean } {
	const { start, problems, error } = startOf(scan, id, scope);
	if (!start) return { walk: { start, chain: [], fork: [], problems, error }, home: false };
	const made = walkFrom(scan, start);
	made.walk.problems = [...problems, ...made.walk.problems];
	return made;
}

/** The walk back from one record: nearest first, to the first dangling link or loop. */
export function walkBackFrom(scan: VaultScan, start: CheckpointRecord): Walk {
	return walkFrom(scan, start).walk;
}

/** walkBackFrom, and whether every link it followed or stopped at was found in its own scope. */
function walkFrom(scan: VaultScan, start: CheckpointRecord): { walk: Walk; home: boolean } {
	const walk: Walk = { start, chain: [], fork: [], problems: [] };
	const seen = new Set([start.path]);
	let home = true;
	let cur = start;
	for (;;) {
		home &&= linkStaysHome(scan, cur);
		const res = resolveFollows(scan, cur);
		if (res.problems.length > 0) pushAll(walk.problems, res.problems);
		if (!res.target) return { walk, home };
		if (seen.has(res.target.path)) {
			walk.problems.push({ kind: 'cycle', path: cur.path, session: cur.id, detail: `${cur.id} follows ${res.target.id}, which is already on this chain` });
			// Entered from outside: the loop's first checkpoint is followed both ways, a fork worth naming.
			if (res.target !== start) {
				const at = walk.chain.indexOf(res.target);
				const way = at > 0 ? walk.chain[at - 1] : start;
				walk.problems.push({
					kind: 'fork', path: res.target.path, session: res.target.id,
					detail: `the walk back from ${start.id} runs into a loop at ${res.target.id}: it is followed by ${way.id} (the way here) and by ${cur.id} (on the loop)`,
				});
			}
			return { walk, home };
		}
		seen.add(res.target.path);
		walk.chain.push(res.target);
		cur = res.target;
	}
}

/**
 * What a person reading one checkpoint should know of its place beyond the walk itself:
 * its parent has other children (it is one branch of a fork: the siblings are named), and
 * it has sync-conflict or second copies (one may hold a line it lacks).
 */
export function branchProblems(scan: VaultScan, start: CheckpointRecord): Problem[] {
	const out: Problem[] = [];
	const graph = vaultGraph(indexOf(scan));
	const parent = graph.parent.get(start.path);
	const siblings = parent ? (graph.children.get(parent.path) ?? []).filter((r) => r !== start) : [];
	if (parent && siblings.length > 0) {
		out.push({
			kind: 'fork', path: start.path, session: start.id,
			detail: `${start.id} is one branch of a fork: ${parent.id} is also followed by ${siblings.map((r) => r.id).join(', ')}`,
		});
	}
	const copies = scan.records.filter((r) => r.copyOf === start.id && r.scope === start.scope && r !== start);
	if (copies.length > 0) {
		out.push({
			kind: 'conflictCopy', path: start.path, session: start.id,
			detail: `${start.id} has ${copies.length === 1 ? 'a copy' : `${copies.length} copies`} (${copies.map((r) => r.path).join(', ')}); one may hold a line this one lacks`,
		});
	}
	return out;
}

/** Problems in first-seen order, each once. */
export function uniqueProblems(problems: readonly Problem[]): Problem[] {
	const seen = new Set<string>();
	return problems.filter((p) => {
		const k = `${p.kind}\n${p.path ?? ''}\n${p.session ?? ''}\n${p.detail}`;
		return seen.has(k) ? false : (seen.add(k), true);
	});
}

/**
 * Walks forward from a checkpoint while exactly one checkpoint follows it. A fork stops
 * the walk and lists the children so the person can choose; a loop stops it too.
 */
export function forward(scan: VaultScan, id: string, scope?: string): Walk {
	const { start, problems, error } = startOf(scan, id, scope);
	if (!start) return { start, chain: [], fork: [], problems, error };
	const walk = forwardFrom(scan, start);
	walk.problems = [...problems, ...walk.problems];
	return walk;
}

/** The walk forward from one record, while exactly one checkpoint follows. */
export function forwardFrom(scan: VaultScan, start: CheckpointRecord): Walk {
	const walk: Walk = { start, chain: [], fork: [], problems: [] };
	const graph = vaultGraph(indexOf(scan));
	const seen = new Set([start.path]);
	let cur = start;
	for (;;) {
		const kids = graph.children.get(cur.path) ?? [];
		if (kids.length === 0) return walk;
		if (kids.length > 1) {
			walk.fork = kids;
			walk.problems.push({ kind: 'fork', path: cur.path, session: cur.id, detail: `${kids.length} checkpoints follow ${cur.id}: ${kids.map((k) => k.id).join(', ')}` });
			return walk;
		}
		const next = kids[0];
		if (seen.has(next.path)) {
			walk.problems.push({ kind: 'cycle', path: next.path, session: next.id, detail: `${next.id} follows ${cur.id}, which is already on this chain` });
			return walk;
		}
		seen.add(next.path);
		walk.chain.push(next);
		cur = next;
	}
}

export type ConversationStep = 'previous' | 'next' | 'first' | 'latest';

/**
 * Moves within a conversation by file name: previous = older, next = newer. `from` is a
 * checkpoint id, stem or path; null when there is no such step (or `from` is not in it).
 */
export function stepInConversation(conv: Conversation, from: string, step: ConversationStep): CheckpointRecord | null {
	const chain = conv.chain;
	if (step === 'latest') return chain[0] ?? null;
	if (step === 'first') return chain[chain.length - 1] ?? null;
	const at = chain.findIndex((r) => r.id === from || r.stem === from || r.path === from);
	if (at < 0) return null;
	return chain[step === 'previous' ? at + 1 : at - 1] ?? null;
}
