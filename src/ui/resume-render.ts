/**
 * The resume pane's content for one ResumeModel, in logos's resume order (docs/decisions.md §10):
 * who stopped, the repository, what they were doing … next step, then what came after.
 * Pure DOM building: links, actions and markdown go through the RenderEnv.
 */
import type { ResumeLatest, ResumeModel, RulingRow } from '../core/resume-types';
import type { Checkpoint, CheckpointRecord } from '../core/types';
import { AUTO_CLOSED_LABEL, AUTO_LABEL, EMPTY, HEADING, SECTION } from './labels';
import { age, clock, foldedBlock, foldedList, linked, meta, plural, section, type RenderEnv } from './resume-dom';
import { renderAfterNext, renderEarlier } from './resume-history';
import { rowVerdict } from './verdict-marks';

export function renderResume(parent: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	const el = parent.createDiv({ cls: 'logos-resume' });
	const latest = r.latest;
	if (latest) {
		renderWho(el, latest, r, env);
		renderRepository(el, latest.record, env);
		renderDoing(el, latest, env);
		renderFindings(el, latest.record, r.rulings, env);
	} else {
		el.createDiv({ cls: 'logos-empty', text: EMPTY.noCheckpoints });
	}
	renderEarlier(el, r, env);
	if (latest && latest.record.checkpoint.next.trim() !== '') {
		const path = latest.record.path;
		const body = section(el, 'next', SECTION.next);
		linked(body, 'div', latest.record.checkpoint.next.trim(), { path, line: env.sources.bulletLine(path, HEADING.next, -1) }, env, 'logos-next');
	}
	renderAfterNext(el, r, env);
}

function agentOf(rec: CheckpointRecord): string {
	return rec.checkpoint.agent.trim() || rec.stem.slice(16) || 'an agent';
}

function renderWho(el: HTMLElement, latest: ResumeLatest, r: ResumeModel, env: RenderEnv): void {
	const rec = latest.record;
	const c = rec.checkpoint;
	const who = el.createDiv({ cls: 'logos-who' });
	const line = linked(who, 'div', `${agentOf(rec)} stopped ${age(c.ts, r.now)}`, { path: rec.path, line: 0 }, env, 'logos-stopped');
	if (c.ts > 0) meta(line, ` · ${clock(c.ts)}`);
	if (c.handoffTo.trim() !== '') {
		linked(who, 'div', `Handed off to ${c.handoffTo.trim()}`, { path: rec.path, line: env.sources.keyLine(rec.path, 'handoff_to') }, env, 'logos-handoff');
	}
	if (c.auto) who.createDiv({ cls: ['logos-label', 'logos-label-auto'], text: AUTO_LABEL });
	if (c.autoClosed) who.createDiv({ cls: ['logos-label', 'logos-label-auto-closed'], text: AUTO_CLOSED_LABEL });
	if (latest.intentFrom !== null && latest.intentFrom !== rec.id) {
		const from = env.sources.recordOf(latest.intentFrom);
		const target = from ? { path: from.path, line: env.sources.bulletLine(from.path, HEADING.intent, -1) } : null;
		linked(who, 'div', `Intent inherited from ${latest.intentFrom}`, target, env, 'logos-inherited');
	}
}

function renderRepository(el: HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	const g = rec.checkpoint.git;
	if (g.branch === '' && g.commit === '' && g.touched.length === 0 && g.uncommitted === 0) return;
	const path = rec.path;
	const repo = el.createDiv({ cls: 'logos-repo' });
	const head = `${g.branch || '(no branch)'}@${g.commit || '(no commit)'}${g.commitSubject ? ` — ${g.commitSubject}` : ''}`;
	linked(repo, 'div', head, { path, line: env.sources.keyLine(path, g.branch ? 'branch' : 'commit') }, env, 'logos-commit');
	const dirty = g.uncommittedUnreadable ? 'Uncommitted files: unknown' : g.uncommitted > 0 ? plural(g.uncommitted, 'uncommitted file') : '';
	if (dirty) linked(repo, 'div', dirty, { path, line: env.sources.keyLine(path, 'uncommitted') }, env, 'logos-dirty');
	if (g.touched.length > 0) {
		const touchedLine = env.sources.keyLine(path, 'touched');
		repo.createDiv({ cls: 'logos-subtitle', text: 'Touched' });
		foldedList(repo, g.touched, env, (ul, t, k) => linked(ul, 'li', t, { path, line: touchedLine < 0 ? -1 : touchedLine + 1 + k }, env));
	}
}

function renderDoing(el: HTMLElement, latest: ResumeLatest, env: RenderEnv): void {
	const rec = latest.record;
	const c = rec.checkpoint;
	if (c.task.trim() === '' && latest.intent.trim() === '') return;
	const body = section(el, 'doing', SECTION.doing);
	if (c.task.trim() !== '') {
		linked(body, 'div', c.task.trim(), { path: rec.path, line: env.sources.bulletLine(rec.path, HEADING.task, -1) }, env, 'logos-task');
	}
	if (latest.intent.trim() !== '') {
		const from = latest.intentFrom === null || latest.intentFrom === rec.id ? rec : env.sources.recordOf(latest.intentFrom);
		const target = from ? { path: from.path, line: env.sources.bulletLine(from.path, HEADING.intent, -1) } : null;
		linked(body, 'div', latest.intent.trim(), target, env, 'logos-intent');
	}
}

/** A bullet list of the latest checkpoint, each line opening its bullet. */
function bullets(el: HTMLElement, key: string, title: string, items: readonly string[], rec: CheckpointRecord, heading: string, env: RenderEnv): void {
	if (items.length === 0) return;
	const body = section(el, key, title);
	foldedList(body, items, env, (ul, text, k) => linked(ul, 'li', text, { path: rec.path, line: env.sources.bulletLine(rec.path, heading, k) }, env));
}

function verdictMark(row: RulingRow | undefined): string {
	if (!row || row.verdict === 'none') return '';
	return ` · ${rowVerdict(row)}`;
}

function renderFindings(el: HTMLElement, rec: CheckpointRecord, rulings: readonly RulingRow[], env: RenderEnv): void {
	const c: Checkpoint = rec.checkpoint;
	bullets(el, 'verified', SECTION.verified, c.verified, rec, HEADING.verified, env);
	bullets(el, 'blockers', SECTION.blockers, c.blockers, rec, HEADING.blockers, env);
	bullets(el, 'commands', SECTION.commands, c.commands, rec, HEADING.commands, env);
	if (c.state.trim() !== '') {
		const body = section(el, 'state', SECTION.state);
		foldedBlock(body, c.state, env, (block, text) => env.markdown(block, text, rec.path));
	}
	bullets(el, 'decided', SECTION.decided, c.decisions, rec, HEADING.decisions, env);
	if (c.failed.length > 0) {
		const body = section(el, 'failed', SECTION.failed);
		// The first of the latest's rows per text, found by lookup: a search per bullet grew with bullets × rulings.
		const mine = new Map<string, RulingRow>();
		for (const x of rulings) if (x.inLatest && !mine.has(x.text)) mine.set(x.text, x);
		foldedList(body, c.failed, env, (ul, text, k) => {
			const row = mine.get(text);
			const li = linked(ul, 'li', text, { path: rec.path, line: row && row.line >= 0 ? row.line : env.sources.bulletLine(rec.path, HEADING.failed, k) }, env);
			if (row?.verdict === 'retired') li.addClass('logos-is-retired');
			const mark = verdictMark(row);
			if (mark) meta(li, mark);
			if (row) env.rulingActions?.(li, row);
		});
	}
	bullets(el, 'questions', SECTION.questions, c.questions, rec, HEADING.questions, env);
	bullets(el, 'files', SECTION.files, c.files, rec, HEADING.files, env);
	renderInferred(el, rec, env);
}

/** What a transcript distillation added to an auto record: shown apart, never as fact. */
function renderInferred(el: HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	const inf = rec.checkpoint.inferred;
	if (!inf || inf.verified.length + inf.failed.length + inf.decided.length === 0) return;
	const body = section(el, 'inferred', SECTION.inferred);
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
