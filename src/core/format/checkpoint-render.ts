/**
 * Writing a checkpoint note byte for byte as logos writes it (docs/format.md §2.1–2.4).
 * Times are the exception decided in docs/decisions.md §7: a record keeps `first_seen` and
 * `checkpointed` as they were written, so re-rendering a file never shifts them with
 * the machine's zone; a new record (no time text yet) gets them from `ts`, local time.
 */

import { format } from 'date-fns';
import type { Checkpoint, GitState, Inference } from '../types';
import { HEADING, escapeHeadings } from './checkpoint-body';
import { firstRunes, goTrimSpace, oneLine, runeCount } from '../go/go-text';
import { parseDate, parseRfc3339 } from '../go/go-time';
import { quoteScalar } from '../go/yaml-scalar';
import { pushAll } from '../arrays';

const TITLE_RUNES = 70;

/** `<project> — <task, else next, else "checkpoint">`, one line, cut at 70 runes with `…`. */
export function checkpointTitle(c: Pick<Checkpoint, 'project' | 'task' | 'next'>): string {
	let t = oneLine(c.task) || oneLine(c.next) || 'checkpoint';
	if (runeCount(t) > TITLE_RUNES) t = goTrimSpace(firstRunes(t, TITLE_RUNES)) + '…';
	return `${c.project} — ${t}`;
}

/** Go's `time.Unix(ts).Format(time.RFC3339)` in the machine's zone. */
function localRfc3339(ts: number): string {
	return format(new Date(ts * 1000), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

function localDate(ts: number): string {
	return format(new Date(ts * 1000), 'yyyy-MM-dd');
}

/**
 * A kept time value: as written when it reads as the expected format (timestamps are
 * written unquoted), otherwise quoted like any string so the frontmatter stays valid.
 */
function keptTime(text: string, valid: (s: string) => number | null): string {
	return valid(text) !== null ? text : quoteScalar(text);
}

/** Go's `%d` of an int field; only positive counts are written. */
function count(n: number): number {
	return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function inferenceLines(inf: Inference): string[] {
	const lines = [`inferred_by: ${quoteScalar(inf.by)}`];
	// logos always writes inferred_at once there is an inference, the epoch when unknown.
	lines.push(`inferred_at: ${inf.at === '' ? localRfc3339(0) : keptTime(inf.at, parseRfc3339)}`);
	if (count(inf.turns) > 0) lines.push(`inferred_turns: ${count(inf.turns)}`);
	return lines;
}

/** The git block: only when a branch or a commit is known; each key only when set. */
function gitLines(git: GitState): string[] {
	if (git.branch === '' && git.commit === '') return [];
	const lines: string[] = [];
	const text = (key: string, value: string): void => {
		if (value !== '') lines.push(`${key}: ${quoteScalar(value)}`);
	};
	text('branch', git.branch);
	text('commit', git.commit);
	text('commit_subject', git.commitSubject);
	if (count(git.uncommitted) > 0) lines.push(`uncommitted: ${count(git.uncommitted)}`);
	if (git.uncommittedUnreadable) lines.push('uncommitted_unreadable: true');
	text('worktree', git.worktree);
	text('remote', git.remote);
	text('repo_root', git.repoRoot);
	if (git.touched.length > 0) {
		lines.push('touched:');
		for (const path of git.touched) lines.push(`  - ${quoteScalar(path)}`);
	}
	return lines;
}

function timeLines(c: Checkpoint): string[] {
	// A record read from a file writes back exactly the times it had (even none).
	if (c.firstSeen !== '' || c.checkpointed !== '') {
		const lines: string[] = [];
		if (c.firstSeen !== '') lines.push(`first_seen: ${keptTime(c.firstSeen, parseDate)}`);
		if (c.checkpointed !== '') lines.push(`checkpointed: ${keptTime(c.checkpointed, parseRfc3339)}`);
		return lines;
	}
	return [`first_seen: ${localDate(c.ts)}`, `checkpointed: ${localRfc3339(c.ts)}`];
}

function frontmatter(c: Checkpoint, follows: string): string[] {
	const lines = [
		'---',
		'type: checkpoint',
		`title: ${quoteScalar(checkpointTitle(c))}`,
		`project: ${quoteScalar(c.project)}`,
		`agent: ${quoteScalar(c.agent)}`,
		`session: ${quoteScalar(c.session)}`,
	];
	if (c.hostSession !== '') lines.push(`host_session: ${quoteScalar(c.hostSession)}`);
	if (c.handoffTo !== '') lines.push(`handoff_to: ${quoteScalar(c.handoffTo)}`);
	if (c.autoClosed) lines.push('auto_closed: true');
	if (c.auto) lines.push('auto: true');
	if (count(c.transcriptTurns) > 0) lines.push(`transcript_turns: ${count(c.transcriptTurns)}`);
	if (c.inferred) pushAll(lines, inferenceLines(c.inferred));
	pushAll(lines, gitLines(c.git));
	// The relations are written raw, not quoted: logos formats them as text.
	lines.push('relations:', `  - { pred: checkpoint_of, obj: "[[${c.project}]]", conf: 1.0, src: stated }`);
	if (follows !== '') lines.push(`  - { pred: follows, obj: "[[${follows}]]", conf: 1.0, src: stated }`);
	pushAll(lines, timeLines(c)).push('---');
	return lines;
}

function prose(heading: string, text: string): string {
	const body = goTrimSpace(text);
	return body === '' ? '' : `\n## ${heading}\n\n${escapeHeadings(body)}\n`;
}

function bullets(heading: string, items: readonly string[]): string {
	// Each item becomes one line, so a multi-line item cannot forge a heading either.
	const kept = items.map(oneLine).filter((item) => item !== '');
	if (kept.length === 0) return '';
	return `\n## ${heading}\n\n` + kept.map((item) => `- ${item}\n`).join('');
}

function sections(c: Checkpoint): string {
	const parts = [
		prose(HEADING.task, c.task),
		prose(HEADING.intent, c.intent),
		prose(HEADING.state, c.state),
		bullets(HEADING.decisions, c.decisions),
		bullets(HEADING.failed, c.failed),
		bullets(HEADING.verified, c.verified),
		bullets(HEADING.blockers, c.blockers),
		bullets(HEADING.commands, c.commands),
		bullets(HEADING.questions, c.questions),
		bullets(HEADING.files, c.files),
		prose(HEADING.next, c.next),
	];
	if (c.inferred) {
		parts.push(
			bullets(HEADING.inferredVerified, c.inferred.verified),
			bullets(HEADING.inferredFailed, c.inferred.failed),
			bullets(HEADING.inferredDecided, c.inferred.decided),
		);
	}
	return parts.join('');
}

/**
 * The note logos would write for this checkpoint. `follows` is the session id of the
 * previous checkpoint ('' for none); it is used as given, `c.follows` is not consulted.
 * Times come from `firstSeen`/`checkpointed` when either is set, else from `ts`: clear
 * both to stamp a record anew. Annotations and problems are never written.
 */
export function renderCheckpoint(c: Checkpoint, follows: string): string {
	return frontmatter(c, follows).join('\n') + '\n' + sections(c);
}
