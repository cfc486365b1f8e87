/**
 * A scope's conversations laid out in time (docs/decisions.md "Conversation timeline"): one
 * lane per conversation (a project's worktree conversations included and marked), one mark
 * per checkpoint, the links that carry work between agents or across conversations, the
 * problems of the chain placed on the mark they concern, and the (scope, agent) pairs whose
 * working notes went silent. The view and the CLI's `timeline` draw and print this one shape,
 * so they always agree. Pure: one vault model and `now` in, data out.
 */
import { followsGraph, uniqueProblems } from '../model/chains';
import { projectConversations, recordAt } from '../model/chain-place';
import { abandonedSessions } from './continuity';
import type { Conversation } from '../model/conversations';
import type { AbandonedSession } from './resume-types';
import type { CheckpointRecord, Problem, WorkingNote } from '../types';
import { projectOf, type VaultModel } from '../model/vault-model';
import { pushAll } from '../arrays';

export type MarkKind = 'normal' | 'auto' | 'autoClosed';

export interface TimelineLane {
	/** The conversation id. */
	id: string;
	/** Scope of its latest checkpoint. */
	scope: string;
	/** True when that scope is a worktree of the project. */
	worktree: boolean;
	/** The latest checkpoint's effective intent ('' when none). */
	name: string;
	/** Newest first, each once. */
	agents: string[];
	/** Session ids of its marks, oldest first. */
	marks: string[];
}

export interface TimelineMark {
	session: string;
	path: string;
	lane: string;
	scope: string;
	/** Unix seconds as written; 0 when the file gives no time. */
	ts: number;
	/** Where it sits on the time axis: `ts`, or for an undated file the stamp of its name. */
	at: number;
	undated: boolean;
	agent: string;
	task: string;
	kind: MarkKind;
	/** `handoff_to`, null when none. */
	handoffTo: string | null;
	/** The session its `follows` resolves to, null when none or dangling. */
	follows: string | null;
}

export interface TimelineLink {
	/** The earlier checkpoint (the one followed). */
	from: string;
	to: string;
	fromPath: string;
	toPath: string;
	/** handoff: the agent changes along `follows`; follows: same agent, another conversation. */
	kind: 'handoff' | 'follows';
	/** The two ends sit in different conversations. */
	crossLane: boolean;
}

export interface TimelineFlag extends Problem {
	/** The lane it concerns, null when no lane of the timeline holds the file. */
	lane: string | null;
	/** The path of the mark it is drawn at (a copy's original), null for a lane-wide flag. */
	mark: string | null;
}

export interface Timeline {
	scope: string;
	project: string;
	/** Scopes whose conversations are drawn: the scope, and a project's worktrees. */
	scopes: string[];
	/** Most recently active first. */
	lanes: TimelineLane[];
	/** Lane by lane, oldest first within a lane. */
	marks: TimelineMark[];
	links: TimelineLink[];
	problems: TimelineFlag[];
	/** Working-note pairs silent past the abandon limit at `now` (docs/decisions.md §9). */
	abandoned: AbandonedSession[];
	/** The axis: earliest and latest time drawn; null when nothing is dated. */
	range: { from: number; to: number } | null;
}

/** The agent of a checkpoint: frontmatter, else the part of the stem after the stamp. */
function agentOf(r: CheckpointRecord): string {
	return r.checkpoint.agent.trim() || r.stem.slice(16);
}

function kindOf(r: CheckpointRecord): MarkKind {
	if (r.checkpoint.autoClosed) return 'autoClosed';
	return r.checkpoint.auto ? 'auto' : 'normal';
}

const orNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** The conversations a scope's timeline draws: all of a project's, or one worktree's own. */
export function timelineLanes(model: VaultModel, scope: string): Conversation[] {
	const project = projectOf(scope);
	const all = projectConversations(model.scan, project);
	return scope === project ? all : all.filter((c) => c.scope === scope);
}

function scopesOf(model: VaultModel, scope: string): string[] {
	const project = projectOf(scope);
	if (scope !== project) return [scope];
	return model.scopes.filter((s) => s === project || s.startsWith(`${project}/`));
}

/** The stamp a checkpoint's file name starts with (`20261116-091204`), read as UTC; null when absent. */
function nameTime(name: string): number | null {
	const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(name);
	if (!m) return null;
	const t = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000;
	return Number.isFinite(t) ? t : null;
}

/**
 * Positions on the axis. An undated file (a malformed frontmatter gives ts 0) sits where its
 * name's stamp puts it (the writer's local clock, read as UTC: hours off at most, never
 * 1970), else beside its older neighbour in the conversation.
 */
function axisTimes(chainOldestFirst: readonly CheckpointRecord[]): (number | null)[] {
	const out: (number | null)[] = [];
	let last: number | null = null;
	for (const r of chainOldestFirst) {
		const t: number | null = r.checkpoint.ts > 0 ? r.checkpoint.ts : nameTime(r.name) ?? last;
		out.push(t);
		if (t !== null) last = t;
	}
	return out;
}

export function buildTimeline(model: VaultModel, scope: string, now: number): Timeline {
	const scan = model.scan;
	const project = projectOf(scope);
	const scopes = scopesOf(model, scope);
	const convs = timelineLanes(model, scope);
	const lanes: TimelineLane[] = [];
	const marks: TimelineMark[] = [];
	const markOf = new Map<string, TimelineMark>();
	const laneOfPath = new Map<string, string>();
	/** Marks of a conversation with no dated file at all: placed once the axis is known. */
	const adrift = new Set<TimelineMark>();
	for (const c of convs) {
		const chain = c.chain.slice().reverse();
		const times = axisTimes(chain);
		const lane: TimelineLane = { id: c.id, scope: c.scope, worktree: c.scope !== project, name: c.name, agents: c.agents, marks: [] };
		chain.forEach((r, i) => {
			const m: TimelineMark = {
				session: r.id,
				path: r.path,
				lane: c.id,
				scope: r.scope,
				ts: r.checkpoint.ts,
				at: times[i] ?? 0,
				undated: r.checkpoint.ts <= 0,
				agent: agentOf(r),
				task: r.checkpoint.task.trim(),
				kind: kindOf(r),
				handoffTo: orNull(r.checkpoint.handoffTo),
				follows: null,
			};
			if (times[i] === null) adrift.add(m);
			marks.push(m);
			markOf.set(r.path, m);
			laneOfPath.set(r.path, c.id);
			lane.marks.push(m.session);
		});
		lanes.push(lane);
	}

	const graph = followsGraph(scan);
	const links: TimelineLink[] = [];
	for (const m of marks) {
		const parent = graph.parent.get(m.path);
		if (!parent) continue;
		m.follows = parent.id;
		const from = markOf.get(parent.path);
		if (!from) continue;
		const crossLane = from.lane !== m.lane;
		const handoff = from.agent !== m.agent;
		if (!crossLane && !handoff) continue;
		links.push({ from: from.session, to: m.session, fromPath: from.path, toPath: m.path, kind: handoff ? 'handoff' : 'follows', crossLane });
	}

	const notes: WorkingNote[] = [];
	for (const s of scopes) pushAll(notes, model.notes.get(s) ?? []);
	const abandoned = abandonedSessions(notes, now);

	let from = Infinity;
	let to = -Infinity;
	for (const m of marks) {
		if (adrift.has(m)) continue;
		if (m.at < from) from = m.at;
		if (m.at > to) to = m.at;
	}
	for (const a of abandoned) {
		if (a.lastTs < from) from = a.lastTs;
		if (a.lastTs > to) to = a.lastTs;
	}
	const range = from <= to ? { from, to } : null;
	// A conversation with no dated file at all sits at the start of the axis.
	for (const m of adrift) m.at = range?.from ?? 0;

	return { scope, project, scopes, lanes, marks, links, problems: flagsOf(model, scopes, markOf, laneOfPath), abandoned, range };
}

/**
 * The problems of the drawn scopes' files, each placed: on its own mark, on the mark of the
 * record a copy stands for, on the lane of an empty file, else on the timeline as a whole.
 */
function flagsOf(model: VaultModel, scopes: readonly string[], markOf: Map<string, TimelineMark>, laneOfPath: Map<string, string>): TimelineFlag[] {
	const scan = model.scan;
	const inScope = new Set(scopes);
	const scopeFiles = new Set<string>();
	for (const s of scan.scopes) {
		if (!inScope.has(s.scope)) continue;
		if (s.uncommitted) scopeFiles.add(s.uncommitted);
		if (s.reviewed) scopeFiles.add(s.reviewed);
	}
	const originals = new Map<string, CheckpointRecord>();
	for (const m of markOf.values()) {
		const r = recordAt(scan, m.path);
		if (r) originals.set(`${r.scope}\n${r.id}`, r);
	}
	const laneIds = new Set(laneOfPath.values());
	const flags: TimelineFlag[] = [];
	for (const p of uniqueProblems([...model.problems, ...followsGraph(scan).problems])) {
		if (p.path === null) continue;
		const r = recordAt(scan, p.path);
		if (!r ? !scopeFiles.has(p.path) : !inScope.has(r.scope)) continue;
		let mark: string | null = null;
		let lane: string | null = null;
		if (r) {
			const home = r.copyOf !== null ? originals.get(`${r.scope}\n${r.copyOf}`) ?? null : markOf.has(r.path) ? r : null;
			if (home) {
				mark = home.path;
				lane = laneOfPath.get(home.path) ?? null;
			} else if (laneIds.has(r.conversation)) {
				lane = r.conversation;
			}
		}
		flags.push({ ...p, lane, mark });
	}
	return flags;
}
