/**
 * What a person reads where the vault only has ids: a checkpoint as "codex · Nov 23, 09:34",
 * an untitled conversation by who started it and when, short labels cut on a word with the
 * whole text kept for a tooltip, and a quiet scope as "quiet since Nov 12". Ids stay in
 * tooltips and in the CLI's JSON (docs/decisions.md, "Readable names").
 */
import { format } from 'date-fns';
import type { Conversation } from '../../core';
import type { CheckpointRecord } from '../../core';

/** Labels in dropdowns and pickers stop about here; the rest goes to the tooltip. */
export const SHORT_LABEL = 40;

function sameYear(ts: number, now: number): boolean {
	return new Date(ts * 1000).getFullYear() === new Date(now * 1000).getFullYear();
}

/** "Nov 23, 09:34" in local time, with the year when it is not this year's; '' when unknown. */
export function when(ts: number, now: number): string {
	if (!(ts > 0)) return '';
	return format(ts * 1000, sameYear(ts, now) ? 'MMM d, HH:mm' : 'MMM d yyyy, HH:mm');
}

/** "Nov 12" (or "Nov 12 2025" in another year); '' when unknown. */
export function shortDay(ts: number, now: number): string {
	if (!(ts > 0)) return '';
	return format(ts * 1000, sameYear(ts, now) ? 'MMM d' : 'MMM d yyyy');
}

/** Who wrote a checkpoint: its frontmatter's agent, else what its file name says after the stamp. */
export function agentOf(r: CheckpointRecord): string {
	return r.checkpoint.agent.trim() || r.stem.slice(16) || 'unknown agent';
}

/** "codex · Nov 23, 09:34"; the id alone when the time is unknown. */
export function checkpointName(r: CheckpointRecord, now: number): string {
	const at = when(r.checkpoint.ts, now);
	return at === '' ? r.id : `${agentOf(r)} · ${at}`;
}

/** A checkpoint's name with its id on a second line, for a tooltip. */
export function checkpointTooltip(r: CheckpointRecord, now: number): string {
	const name = checkpointName(r, now);
	return name === r.id ? name : `${name}\n${r.id}`;
}

/** The first line of a text, trimmed. */
function firstLine(text: string): string {
	return text.trim().split('\n')[0].trim();
}

/**
 * What a conversation is called: its intent, else its latest task, else who started it
 * and when ("cursor · Nov 27, 11:15"), else its id.
 */
export function conversationName(c: Pick<Conversation, 'name' | 'latest' | 'chain' | 'id'>, now: number): string {
	if (c.name.trim() !== '') return firstLine(c.name);
	const task = firstLine(c.latest.checkpoint.task);
	if (task !== '') return task;
	const first = c.chain[c.chain.length - 1] ?? c.latest;
	const at = when(first.checkpoint.ts, now);
	return at === '' ? c.id : `${agentOf(first)} · ${at}`;
}

/** `text` cut on a word before `max` characters, with "…"; whole when it fits. */
export function shortLabel(text: string, max = SHORT_LABEL): string {
	const t = text.trim().replace(/\s+/g, ' ');
	if (t.length <= max) return t;
	const cut = t.slice(0, max - 1);
	const space = cut.lastIndexOf(' ');
	// A single word longer than the room is cut where the room ends.
	const head = space >= max / 2 ? cut.slice(0, space) : cut;
	return `${head.replace(/[\s,;:.—-]+$/, '')}…`;
}

/** A quiet scope's mark in the scope picker: "quiet since Nov 12", "quiet, no checkpoints". */
export function quietLabel(lastCheckpoint: number | null, now: number): string {
	if (lastCheckpoint === null) return 'quiet, no checkpoints';
	const day = shortDay(lastCheckpoint, now);
	return day === '' ? 'quiet' : `quiet since ${day}`;
}
