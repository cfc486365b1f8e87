/**
 * JSON rows (docs/decisions.md §9: ids are session ids, unix seconds, vault-relative paths, none is null)
 * and short text renderings for a person at a terminal.
 */
import type { ContinuityRow } from '../core';
import type { ConversationSummary, ResumeModel, RulingRow } from '../core';
import type { Timeline } from '../core';
import type { Checkpoint, CheckpointRecord, Problem } from '../core';
import { verdictPhrase } from '../core';
import { pushAll } from '../core';

const orNull = (s: string): string | null => (s === '' ? null : s);

/** "1 checkpoint", "2 checkpoints". */
export function count(n: number, one: string, many = `${one}s`): string {
	return `${n} ${n === 1 ? one : many}`;
}

export interface HistoryRow {
	session: string;
	path: string;
	ts: number;
	agent: string;
	task: string;
	conversation: string;
	follows: string | null;
	auto: boolean;
	autoClosed: boolean;
	handoffTo: string | null;
}

export function historyRow(r: CheckpointRecord): HistoryRow {
	const c = r.checkpoint;
	return {
		session: r.id,
		path: r.path,
		ts: c.ts,
		agent: c.agent,
		task: c.task,
		conversation: r.conversation,
		follows: orNull(c.follows),
		auto: c.auto,
		autoClosed: c.autoClosed,
		handoffTo: orNull(c.handoffTo),
	};
}

export function conversationRow(s: ConversationSummary): Record<string, unknown> {
	return { id: s.id, scope: s.scope, name: s.name, latest: s.latest, latestTs: s.latestTs, chain: s.chain, flat: s.flat, agents: s.agents };
}

export interface RulingJson {
	text: string;
	session: string | null;
	verdict: RulingRow['verdict'];
	commit: string | null;
	at: number | null;
	path: string;
	line: number | null;
}

export function rulingRow(r: RulingRow): RulingJson {
	return { text: r.text, session: r.session, verdict: r.verdict, commit: r.commit, at: r.at, path: r.path, line: r.line >= 0 ? r.line + 1 : null };
}

/** The parsed checkpoint with absent scalars as null, as the CLI conventions ask. */
export function checkpointJson(c: Checkpoint): Record<string, unknown> {
	return {
		...c,
		hostSession: orNull(c.hostSession),
		handoffTo: orNull(c.handoffTo),
		follows: orNull(c.follows),
		firstSeen: orNull(c.firstSeen),
		checkpointed: orNull(c.checkpointed),
	};
}

export function resumeJson(r: ResumeModel): Record<string, unknown> {
	const l = r.latest;
	return {
		scope: r.scope,
		conversation: r.conversation,
		latest: l
			? { ...checkpointJson(l.record.checkpoint), session: l.record.id, path: l.record.path, conversation: l.record.conversation, intent: l.intent, intentFrom: l.intentFrom }
			: null,
		rulings: r.rulings.map(rulingRow),
		decisions: r.decisions,
		receipts: r.receipts,
		uncommitted: r.uncommitted.map((n) => ({ text: n.text, agent: n.agent, ts: n.ts })),
		abandoned: r.abandoned,
		conversations: r.conversations.map(conversationRow),
		problems: r.problems,
		notices: r.notices,
		skippedAhead: r.skippedAhead,
	};
}

function date(ts: number): string {
	return ts > 0 ? new Date(ts * 1000).toISOString().replace('T', ' ').slice(0, 16) + 'Z' : '—';
}

function problemsText(problems: readonly Problem[]): string[] {
	return problems.map((p) => `! ${p.kind}: ${p.path ?? p.session ?? ''} — ${p.detail}`);
}

export function scopesText(rows: { scope: string; checkpoints: number; uncommitted: number; latest: string | null }[]): string {
	if (rows.length === 0) return 'No scopes in this vault yet.';
	return rows.map((r) => `${r.scope}\t${count(r.checkpoints, 'checkpoint file')}\t${r.uncommitted} uncommitted\tlatest ${r.latest ?? '—'}`).join('\n');
}

export function historyText(h: { scope: string; checkpoints: HistoryRow[]; skippedAhead: readonly string[]; problems: Problem[] }): string {
	const lines = h.checkpoints.map((c) => `${c.session}\t${date(c.ts)}\t${c.agent}\t${c.task}${c.handoffTo ? `\t→ ${c.handoffTo}` : ''}${c.auto ? '\t(auto)' : ''}`);
	if (lines.length === 0) lines.push(`No checkpoints in ${h.scope} yet.`);
	for (const p of h.skippedAhead) lines.push(`! a newer file was passed over: ${p}`);
	return [...lines, ...problemsText(h.problems)].join('\n');
}

export function conversationsText(rows: Record<string, unknown>[]): string {
	if (rows.length === 0) return 'No conversations yet.';
	return rows
		.map((r) => `${String(r.id)}\t${String(r.scope)}\t${count((r.chain as string[]).length, 'checkpoint')}${r.flat ? '\tflat' : ''}\t${String(r.name)}`)
		.join('\n');
}

export function chainText(c: { session: string; back: string[]; forward: string[]; fork: string[]; problems: Problem[] }): string {
	const lines = [`${c.session}`, `back: ${c.back.join(' ← ') || '—'}`, `forward: ${c.forward.join(' → ') || '—'}`];
	if (c.fork.length > 0) lines.push(`fork: ${c.fork.join(', ')}`);
	return [...lines, ...problemsText(c.problems)].join('\n');
}

export function rulingsText(rows: RulingJson[]): string {
	if (rows.length === 0) return 'No rulings recorded in this scope.';
	return rows
		.map((r) => `[${verdictPhrase({ verdict: r.verdict, commit: r.commit, day: r.at ? date(r.at).slice(0, 10) : '' })}] ${r.text} (${r.session ?? 'working note'})`)
		.join('\n');
}

export function continuityText(rows: ContinuityRow[]): string {
	if (rows.length === 0) return 'No scopes in this vault yet.';
	return rows
		.map((r) => `${r.scope}\t${count(r.checkpoints, 'checkpoint file')}\tlast ${date(r.lastCheckpoint ?? 0)} ${r.lastAgent ?? ''}\t${r.uncommitted} uncommitted\t${r.abandoned} abandoned${r.quiet ? '\tquiet' : ''}`)
		.join('\n');
}

export function checkpointText(c: Checkpoint): string {
	const lines = [`session: ${c.session}`, `agent: ${c.agent}`, `project: ${c.project}`, `ts: ${c.ts} (${date(c.ts)})`];
	if (c.follows) lines.push(`follows: ${c.follows}`);
	if (c.task) lines.push(`task: ${c.task}`);
	if (c.next) lines.push(`next: ${c.next}`);
	for (const p of c.problems) lines.push(`! ${p}`);
	return lines.join('\n');
}

/** A task written over several lines reads as one: each mark is one line. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** One lane per block, its marks oldest first; then the links, the silent pairs and the problems. */
export function timelineText(t: Timeline): string {
	if (t.lanes.length === 0) return `No conversations in ${t.scope} yet.`;
	const byPath = new Map(t.marks.map((m) => [m.path, m] as const));
	const lines = [`${t.scope}: ${count(t.lanes.length, 'conversation')}, ${count(t.marks.length, 'checkpoint')}, ${date(t.range?.from ?? 0)} – ${date(t.range?.to ?? 0)}`];
	for (const lane of t.lanes) {
		lines.push('', `${lane.id}${lane.worktree ? ` [worktree ${lane.scope}]` : ''}${lane.name ? ` — ${lane.name}` : ''}`);
		for (const m of t.marks) {
			if (m.lane !== lane.id) continue;
			const kind = m.kind === 'normal' ? '' : m.kind === 'auto' ? ' (auto)' : ' (auto-closed)';
			const flags = t.problems.filter((p) => p.mark === m.path).map((p) => ` !${p.kind}`).join('');
			lines.push(`  ${m.undated ? '(undated)        ' : date(m.ts)}  ${m.agent}${kind}  ${m.session}  ${oneLine(m.task) || '—'}${m.handoffTo ? `  → ${m.handoffTo}` : ''}${flags}`);
		}
		for (const p of t.problems) if (p.lane === lane.id && p.mark === null) lines.push(`  ! ${p.kind}: ${p.path ?? ''}`);
	}
	if (t.links.length > 0) {
		lines.push('', 'links:');
		for (const l of t.links) {
			const from = byPath.get(l.fromPath);
			const to = byPath.get(l.toPath);
			const what = l.kind === 'handoff' ? `handoff ${from?.agent ?? ''} → ${to?.agent ?? ''}` : 'follows across conversations';
			lines.push(`  ${l.from} → ${l.to}  ${what}`);
		}
	}
	if (t.abandoned.length > 0) {
		lines.push('', 'abandoned:');
		for (const a of t.abandoned) lines.push(`  ${a.scope} ${a.agent}: silent since ${date(a.lastTs)}, ${a.notes} working notes`);
	}
	if (t.problems.length > 0) pushAll(lines, ['', ...problemsText(t.problems)]);
	return lines.join('\n');
}
