/**
 * The parts of the resume that reach past the latest checkpoint: rulings and decisions
 * from the scope's history, the working notes recorded since, abandoned sessions, other
 * open conversations, checks on the handoff and notices. Sources read as agents and times
 * ("codex, Nov 25"), the checkpoint id and exact time kept in tooltips.
 */
import type { ResumeModel, RulingRow } from '../../core';
import { AUTO_CLOSED_LABEL, AUTO_LABEL, HEADING, PROBLEM_TEXT, RECEIPT_TEXT, SECTION, untitledConversation } from '../shared/labels';
import { agentSpan, foldedList, linked, linkedNote, meta, newBadge, plural, rulingItem, section, sectionNews, timeSpan, tooltip, type LinkTarget, type RenderEnv } from './resume-dom';
import { rowVerdict } from '../review/verdict-marks';
import { renderAbandoned } from './abandoned-line';

/** One row per ruling key, the newest copy; keys the latest checkpoint states are shown there. */
export function earlierRulings(rows: readonly RulingRow[]): RulingRow[] {
	const inLatest = new Set(rows.filter((r) => r.inLatest).map((r) => r.key));
	const seen = new Set<string>();
	const out: RulingRow[] = [];
	for (const r of rows) {
		if (inLatest.has(r.key) || seen.has(r.key)) continue;
		seen.add(r.key);
		out.push(r);
	}
	return out;
}

/** " · codex, Nov 25" — who wrote a copy and when; a working note says so. */
function sourceMeta(li: HTMLElement, session: string | null, ts: number, now: number, env: RenderEnv): void {
	const m = meta(li, ' · ');
	if (session === null) m.appendText('working note');
	else agentSpan(m, session, env);
	m.appendText(', ');
	timeSpan(m, ts, now, env);
}

function rulingLine(ul: HTMLElement, row: RulingRow, now: number, env: RenderEnv): void {
	const { li, line } = rulingItem(ul, row.text, { path: row.path, line: row.line }, env);
	if (row.verdict === 'retired') {
		li.addClass('logos-is-retired');
		meta(line, ` · ${rowVerdict(row)}`);
	} else if (row.verdict === 'reconfirmed') {
		li.addClass('logos-is-reconfirmed');
		meta(line, ` · ${rowVerdict(row)}`);
	} else {
		sourceMeta(line, row.session, row.copyTs, now, env);
	}
	if (env.news?.ruling(row.key)) newBadge(line);
	env.rulingActions?.(li, row);
}

export function renderEarlier(el: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	const rows = earlierRulings(r.rulings);
	if (rows.length > 0) {
		const body = section(el, 'ruled-out', SECTION.ruledOut, rows.length);
		const live = rows.filter((x) => x.verdict !== 'retired');
		const retired = rows.filter((x) => x.verdict === 'retired');
		if (live.length > 0) foldedList(body, live, env, (ul, row) => rulingLine(ul, row, r.now, env));
		if (retired.length > 0) {
			// Retired rulings stay visible to the person, closed: they are not handed to an agent.
			const inner = section(body, 'ruled-out-retired', SECTION.retired, retired.length);
			inner.parentElement?.addClass('logos-retired');
			foldedList(inner, retired, env, (ul, row) => rulingLine(ul, row, r.now, env));
			const news = env.news;
			if (news) sectionNews(inner, retired.filter((x) => news.ruling(x.key)).length);
		}
		const news = env.news;
		if (news) sectionNews(body, rows.filter((x) => news.ruling(x.key)).length);
	}
	const earlier = r.decisions.filter((d) => !d.inLatest);
	if (earlier.length > 0) {
		const body = section(el, 'decided-earlier', SECTION.decidedEarlier, earlier.length);
		foldedList(body, earlier, env, (ul, d) => {
			const rec = env.sources.recordOf(d.session);
			const k = rec ? rec.checkpoint.decisions.indexOf(d.text) : -1;
			const li = linked(ul, 'li', d.text, rec ? { path: rec.path, line: env.sources.bulletLine(rec.path, HEADING.decisions, k) } : null, env);
			if (d.count > 1) {
				const m = meta(li, ` · in ${d.count} checkpoints, latest `);
				agentSpan(m, d.session, env);
			} else sourceMeta(li, d.session, rec?.checkpoint.ts ?? 0, r.now, env);
		});
	}
}

function notesTarget(scope: string, line: number, env: RenderEnv): LinkTarget | null {
	const path = env.sources.notesPath(scope);
	return path ? { path, line } : null;
}

/** `notes`: the working notes recorded since the latest checkpoint; `rest`: everything after the files. */
export function renderAfterNext(el: HTMLElement, r: ResumeModel, env: RenderEnv, part: 'notes' | 'rest'): void {
	if (part === 'notes') {
		if (r.uncommitted.length > 0) {
			const body = section(el, 'notes', SECTION.notes, r.uncommitted.length);
			foldedList(body, r.uncommitted, env, (ul, n) => {
				const li = linkedNote(ul, 'li', n.text, notesTarget(n.scope, n.line, env), env);
				const m = meta(li, ` · ${n.agent}, `);
				timeSpan(m, n.ts, r.now, env);
				if (env.news?.note(n.ts, n.text)) newBadge(li);
			});
			const news = env.news;
			if (news) sectionNews(body, r.uncommitted.filter((n) => news.note(n.ts, n.text)).length);
		}
		return;
	}
	if (r.receipts.length > 0) {
		const body = section(el, 'receipts', SECTION.receipts, r.receipts.length);
		foldedList(body, r.receipts, env, (ul, x) => {
			const rec = env.sources.recordOf(x.session);
			const li = linked(ul, 'li', RECEIPT_TEXT[x.kind] ?? x.kind, rec ? { path: rec.path, line: -1 } : null, env);
			if (x.detail) meta(li, ` · ${x.detail}`);
		});
	}
	if (r.conversations.length > 0) {
		const body = section(el, 'other-work', SECTION.otherWork, r.conversations.length);
		foldedList(body, r.conversations, env, (ul, c) => {
			const li = linked(ul, 'li', '', { path: c.latestPath, line: -1 }, env);
			tooltip(li.createSpan({ cls: 'logos-conversation-name', text: c.name || untitledConversation(c.agents) }), `Conversation ${c.id}`);
			const m = meta(li, ` · ${[c.agents.join(', '), plural(c.chain.length, 'checkpoint')].filter((f) => f !== '').join(' · ')} · `);
			timeSpan(m, c.latestTs, r.now, env);
			const flags: string[] = [];
			if (c.scope !== r.scope) flags.push(c.scope);
			if (c.auto) flags.push('auto');
			if (c.handoffTo) flags.push(`handed off to ${c.handoffTo}`);
			if (c.flat) flags.push('flat layout');
			if (flags.length > 0) m.appendText(` · ${flags.join(' · ')}`);
			if (env.news?.conversation(c.id) || env.news?.checkpoint(c.latestPath)) newBadge(li);
			if (c.next.trim() !== '') li.createDiv({ cls: 'logos-meta', text: `Next: ${c.next.trim()}` });
		});
		const news = env.news;
		if (news) sectionNews(body, r.conversations.filter((c) => news.conversation(c.id) || news.checkpoint(c.latestPath)).length);
	}
	renderAbandoned(el, r, env);
	renderNotices(el, r, env);
}

/** Notices not already on screen: the auto labels sit at the top, passed-over files are listed as links. */
export function pendingNotices(r: ResumeModel): string[] {
	return r.notices.filter((n) => n !== AUTO_LABEL && n !== AUTO_CLOSED_LABEL && !r.skippedAhead.some((p) => n.includes(p)));
}

function renderNotices(el: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	const notices = pendingNotices(r);
	const count = r.problems.length + notices.length + r.skippedAhead.length;
	if (count === 0) return;
	const body = section(el, 'problems', SECTION.problems, count);
	body.parentElement?.addClass('mod-warning');
	if (r.skippedAhead.length + notices.length > 0) {
		const ul = body.createEl('ul', { cls: 'logos-list' });
		for (const path of r.skippedAhead) {
			linked(ul, 'li', `A newer checkpoint file was passed over (empty or unreadable): ${path}`, { path, line: -1 }, env, 'logos-problem');
		}
		for (const text of notices) ul.createEl('li', { cls: ['logos-line', 'logos-problem'], text });
	}
	if (r.problems.length > 0) foldedList(body, r.problems, env, (list, p) => {
		const li = linked(list, 'li', PROBLEM_TEXT[p.kind] ?? p.kind, p.path ? { path: p.path, line: -1 } : null, env, 'logos-problem');
		if (p.detail) meta(li, ` · ${p.detail}`);
	});
}
