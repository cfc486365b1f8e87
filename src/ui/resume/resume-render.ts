/**
 * The resume pane's content for one ResumeModel. The person's view, not the agent's text
 * (docs/decisions.md §10 keeps logos's order for "Copy resume for an agent" and the CLI): first the
 * handoff block — who stopped and when, what they were doing, the next step, what blocks it,
 * what is verified, how many working notes wait — sized to one screen of a sidebar; then
 * everything else in sections that collapse, each with its count. Each fact appears once.
 * Pure DOM building: links, actions and markdown go through the RenderEnv.
 */
import type { ResumeLatest, ResumeModel, RulingRow } from '../../core';
import type { CheckpointRecord } from '../../core';
import { ACTIONS, AUTO_CLOSED_LABEL, AUTO_LABEL, EMPTY, HANDOFF, HEADING, SECTION } from '../shared/labels';
import { agentFromId, agentSpan, foldedBlock, foldedList, linked, meta, newBadge, plural, rulingItem, section, sectionNews, setSectionOpen, timeSpan, tooltip, type RenderEnv } from './resume-dom';
import { renderAfterNext, renderEarlier } from './resume-history';
import { renderChangeLine } from './change-line';
import { rowVerdict } from '../review/verdict-marks';

/** Items of a list in the handoff block shown before "show all": the block stays one screen high. */
export const HANDOFF_LIST_LIMIT = 3;

export function renderResume(parent: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	for (const step of renderHandoffFirst(parent, r, env)) step();
}

/**
 * The handoff block now, the sections after it in steps, in order: the pane lets the browser
 * draw the first screen before them, and gives the main thread back between steps that take
 * long (docs/decisions.md, "The pane at the speed of the scope", "A start in tasks").
 */
export function renderHandoffFirst(parent: HTMLElement, r: ResumeModel, env: RenderEnv): (() => void)[] {
	const el = parent.createDiv({ cls: 'logos-resume' });
	const latest = r.latest;
	if (latest) renderHandoff(el, latest, { now: r.now, notes: r.uncommitted.length }, env);
	else el.createDiv({ cls: 'logos-empty', text: EMPTY.noCheckpoints });
	const steps = [() => renderAfterNext(el, r, env, 'notes'), () => renderEarlier(el, r, env)];
	if (latest) {
		steps.unshift(() => renderLatest(el, latest.record, r.rulings, env));
		steps.push(() => {
			renderFiles(el, latest.record, env);
			renderCommands(el, latest.record, env);
			renderInferred(el, latest.record, env);
		});
	}
	steps.push(() => renderAfterNext(el, r, env, 'rest'));
	return steps;
}

/** What the handoff block shows besides the latest checkpoint: the time it is drawn at and the working notes waiting. */
export interface HandoffFacts {
	now: number;
	notes: number;
}

/** The handoff block alone, as the pane keeps it for the next start (kept-handoff.ts). */
export function renderHandoffOnly(parent: HTMLElement, latest: ResumeLatest, facts: HandoffFacts, env: RenderEnv): void {
	renderHandoff(parent.createDiv({ cls: 'logos-resume' }), latest, facts, env);
}

function agentOf(rec: CheckpointRecord): string {
	return rec.checkpoint.agent.trim() || agentFromId(rec.stem) || 'an agent';
}

/**
 * One labelled row of the handoff block; returns the cell its value goes in. Exported so
 * later lines (what the last checkpoint changed, news since last looked) share the look.
 */
export function handoffRow(block: HTMLElement, key: string, label: string): HTMLElement {
	const row = block.createDiv({ cls: ['logos-handoff-row', `logos-handoff-${key}`] });
	row.dataset.part = key;
	row.createDiv({ cls: 'logos-handoff-label', text: label });
	return row.createDiv({ cls: 'logos-handoff-value' });
}

function renderHandoff(el: HTMLElement, latest: ResumeLatest, r: HandoffFacts, env: RenderEnv): void {
	const rec = latest.record;
	const c = rec.checkpoint;
	const path = rec.path;
	const block = el.createDiv({ cls: 'logos-handoff', attr: { role: 'group', 'aria-label': HANDOFF.block } });

	// Who stopped and when, and to whom they handed off.
	const who = handoffRow(block, 'who', HANDOFF.who);
	const line = linked(who, 'div', '', { path, line: 0 }, env, 'logos-who');
	line.createSpan({ cls: 'logos-agent', text: agentOf(rec) });
	line.appendText(' · ');
	timeSpan(line, c.ts, r.now, env);
	if (env.news?.checkpoint(path)) newBadge(line);
	if (c.handoffTo.trim() !== '') {
		const to = line.createSpan({ cls: 'logos-handoff-to' });
		to.setText(` → ${c.handoffTo.trim()}`);
		tooltip(to, `Handed off to ${c.handoffTo.trim()}`);
	}
	if (c.auto) who.createDiv({ cls: ['logos-label', 'logos-label-auto'], text: AUTO_LABEL });
	if (c.autoClosed) who.createDiv({ cls: ['logos-label', 'logos-label-auto-closed'], text: AUTO_CLOSED_LABEL });
	// What this checkpoint changed against the one before it: one line, open for the items.
	renderChangeLine(() => handoffRow(block, 'changed', HANDOFF.changed), rec, env);

	renderBranch(block, rec, env);

	if (c.task.trim() !== '') {
		linked(handoffRow(block, 'task', HANDOFF.task), 'div', c.task.trim(), { path, line: env.sources.bulletLine(path, HEADING.task, -1) }, env, 'logos-task');
	}
	if (latest.intent.trim() !== '') {
		const inherited = latest.intentFrom !== null && latest.intentFrom !== rec.id;
		const from = inherited && latest.intentFrom !== null ? env.sources.recordOf(latest.intentFrom) : rec;
		const target = from ? { path: from.path, line: env.sources.bulletLine(from.path, HEADING.intent, -1) } : null;
		const intent = linked(handoffRow(block, 'intent', HANDOFF.intent), 'div', latest.intent.trim(), target, env, 'logos-intent');
		if (inherited && latest.intentFrom !== null) {
			const m = meta(intent, ' · from ');
			m.addClass('logos-inherited');
			agentSpan(m, latest.intentFrom, env);
			if (from && from.checkpoint.ts > 0) {
				m.appendText(', ');
				timeSpan(m, from.checkpoint.ts, r.now, env);
			}
		}
	}
	if (c.next.trim() !== '') {
		linked(handoffRow(block, 'next', HANDOFF.next), 'div', c.next.trim(), { path, line: env.sources.bulletLine(path, HEADING.next, -1) }, env, 'logos-next');
	}
	if (c.blockers.length > 0) {
		const cell = handoffRow(block, 'blocked', HANDOFF.blocked);
		cell.parentElement?.addClass('mod-warning');
		foldedList(cell, c.blockers, env, (ul, text, k) => linked(ul, 'li', text, { path, line: env.sources.bulletLine(path, HEADING.blockers, k) }, env), HANDOFF_LIST_LIMIT);
	}
	if (c.verified.length > 0) {
		const cell = handoffRow(block, 'verified', HANDOFF.verified);
		foldedList(cell, c.verified, env, (ul, text, k) => linked(ul, 'li', text, { path, line: env.sources.bulletLine(path, HEADING.verified, k) }, env), HANDOFF_LIST_LIMIT);
	}
	if (r.notes > 0) {
		const cell = handoffRow(block, 'notes', HANDOFF.notes);
		const go = cell.createDiv({ cls: ['logos-line', 'logos-notes-count'], text: HANDOFF.notesCount(r.notes) });
		env.action(go, () => {
			// Opens the notes section below and moves there: the count is a way in, not a second copy.
			const notes = el.querySelector<HTMLElement>('.logos-section[data-section="notes"]');
			if (!notes) return;
			setSectionOpen(notes, true);
			env.opened?.(notes);
			const head = notes.querySelector<HTMLElement>('.logos-section-title');
			head?.scrollIntoView?.({ block: 'start' });
			head?.focus();
		});
	}
	// Room for later lines of the handoff (what the last checkpoint changed, news since last looked).
	const extra = block.createDiv({ cls: 'logos-handoff-extra' });
	env.handoffExtras?.(extra);
}

function renderBranch(block: HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	const g = rec.checkpoint.git;
	if (g.branch === '' && g.commit === '' && g.uncommitted === 0 && !g.uncommittedUnreadable) return;
	const path = rec.path;
	const cell = handoffRow(block, 'branch', HANDOFF.branch);
	const line = linked(cell, 'div', '', { path, line: env.sources.keyLine(path, g.branch ? 'branch' : 'commit') }, env, 'logos-commit');
	line.createSpan({ cls: 'logos-branch', text: g.branch || '(no branch)' });
	if (g.commit) {
		line.appendText(' @ ');
		const commit = line.createSpan({ cls: 'logos-commit-id', text: g.commit });
		if (g.commitSubject) tooltip(commit, g.commitSubject);
	}
	const dirty = g.uncommittedUnreadable ? 'uncommitted files unknown' : g.uncommitted > 0 ? plural(g.uncommitted, 'uncommitted file') : '';
	if (dirty) meta(line, ` · ${dirty}`);
}

/** A bullet list of the latest checkpoint in its own section, each line opening its bullet. */
function bullets(el: HTMLElement, key: string, title: string, items: readonly string[], rec: CheckpointRecord, heading: string, env: RenderEnv): void {
	if (items.length === 0) return;
	const body = section(el, key, title, items.length);
	foldedList(body, items, env, (ul, text, k) => linked(ul, 'li', text, { path: rec.path, line: env.sources.bulletLine(rec.path, heading, k) }, env));
}

function verdictMark(row: RulingRow | undefined): string {
	if (!row || row.verdict === 'none') return '';
	return ` · ${rowVerdict(row)}`;
}

/** What the latest checkpoint says beyond the handoff: decisions, rulings, open questions, state. */
function renderLatest(el: HTMLElement, rec: CheckpointRecord, rulings: readonly RulingRow[], env: RenderEnv): void {
	const c = rec.checkpoint;
	bullets(el, 'decided', SECTION.decided, c.decisions, rec, HEADING.decisions, env);
	if (c.failed.length > 0) {
		const body = section(el, 'failed', SECTION.failed, c.failed.length);
		// The first of the latest's rows per text, found by lookup: a search per bullet grew with bullets × rulings.
		const mine = new Map<string, RulingRow>();
		for (const x of rulings) if (x.inLatest && !mine.has(x.text)) mine.set(x.text, x);
		foldedList(body, c.failed, env, (ul, text, k) => {
			const row = mine.get(text);
			const { li, line } = rulingItem(ul, text, { path: rec.path, line: row && row.line >= 0 ? row.line : env.sources.bulletLine(rec.path, HEADING.failed, k) }, env);
			if (row?.verdict === 'retired') li.addClass('logos-is-retired');
			if (row?.verdict === 'reconfirmed') li.addClass('logos-is-reconfirmed');
			const mark = verdictMark(row);
			if (mark) meta(line, mark);
			if (row && env.news?.ruling(row.key)) newBadge(line);
			if (row) env.rulingActions?.(li, row);
		});
		const news = env.news;
		if (news) sectionNews(body, new Set(rulings.filter((x) => x.inLatest && news.ruling(x.key)).map((x) => x.text)).size);
	}
	bullets(el, 'questions', SECTION.questions, c.questions, rec, HEADING.questions, env);
	if (c.state.trim() !== '') {
		const body = section(el, 'state', SECTION.state);
		foldedBlock(body, c.state, env, (block, text) => env.markdown(block, text, rec.path));
	}
}

/**
 * The checkpoint's files and the repository's uncommitted ones, once each: `Files` bullets
 * first, then touched files the bullets leave out; a touched file is marked uncommitted.
 */
function renderFiles(el: HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	const c = rec.checkpoint;
	const touched = new Set(c.git.touched);
	const listed = new Set(c.files);
	const items: { file: string; k: number; touched: number }[] = c.files.map((file, k) => ({ file, k, touched: -1 }));
	c.git.touched.forEach((file, k) => {
		if (!listed.has(file)) items.push({ file, k: -1, touched: k });
	});
	if (items.length === 0) return;
	const path = rec.path;
	const touchedLine = env.sources.keyLine(path, 'touched');
	const body = section(el, 'files', SECTION.files, items.length);
	foldedList(body, items, env, (ul, x) => {
		const line = x.k >= 0 ? env.sources.bulletLine(path, HEADING.files, x.k) : touchedLine < 0 ? -1 : touchedLine + 1 + x.touched;
		const li = linked(ul, 'li', x.file, { path, line }, env, 'logos-file');
		if (touched.has(x.file)) meta(li, ' · uncommitted');
		if (env.why) {
			// The file's line opens the note; this asks every checkpoint that touched the file.
			const ask = li.createEl('button', { cls: ['clickable-icon', 'logos-file-why'], text: 'Why?', attr: { 'aria-label': `${ACTIONS.why} ${x.file}` } });
			env.action(ask, () => env.why?.(x.file));
		}
	});
}

function renderCommands(el: HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	bullets(el, 'commands', SECTION.commands, rec.checkpoint.commands, rec, HEADING.commands, env);
}

/** What a transcript distillation added to an auto record: shown apart, never as fact. */
function renderInferred(el: HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	const inf = rec.checkpoint.inferred;
	if (!inf || inf.verified.length + inf.failed.length + inf.decided.length === 0) return;
	const body = section(el, 'inferred', SECTION.inferred, inf.verified.length + inf.failed.length + inf.decided.length);
	if (inf.by) meta(body.createDiv(), `by ${inf.by}${inf.turns > 0 ? ` from ${plural(inf.turns, 'turn')}` : ''}`);
	const groups: [string, readonly string[], string][] = [
		['Verified', inf.verified, HEADING.inferredVerified],
		["Didn't work", inf.failed, HEADING.inferredFailed],
		['Decided', inf.decided, HEADING.inferredDecided],
	];
	for (const [title, items, heading] of groups) {
		if (items.length === 0) continue;
		body.createDiv({ cls: 'logos-subtitle', text: title });
		foldedList(body, items, env, (ul, text, k) => linked(ul, 'li', text, { path: rec.path, line: env.sources.bulletLine(rec.path, heading, k) }, env));
	}
}
