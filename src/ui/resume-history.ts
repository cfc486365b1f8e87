/**
 * The parts of the resume that reach past the latest checkpoint: rulings and decisions
 * from the scope's history, then what happened since (notes, abandoned sessions, other
 * open conversations), receipts and notices.
 */
import type { ResumeModel, RulingRow } from '../core/resume-types';
import { AUTO_CLOSED_LABEL, AUTO_LABEL, HEADING, PROBLEM_TEXT, RECEIPT_TEXT, SECTION } from './labels';
import { age, foldedList, linked, meta, plural, section, type LinkTarget, type RenderEnv } from './resume-dom';
import { rowVerdict } from './verdict-marks';
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

function rulingLine(ul: HTMLElement, row: RulingRow, now: number, env: RenderEnv): void {
	const li = linked(ul, 'li', row.text, { path: row.path, line: row.line }, env);
	if (row.verdict === 'retired') {
		li.addClass('logos-is-retired');
		meta(li, ` · ${rowVerdict(row)}`);
	} else if (row.verdict === 'reconfirmed') {
		li.addClass('logos-is-reconfirmed');
		meta(li, ` · ${rowVerdict(row)}`);
	} else {
		meta(li, ` · ${row.session ?? 'working note'}, ${age(row.copyTs, now)}`);
	}
	env.rulingActions?.(li, row);
}

export function renderEarlier(el: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	const rows = earlierRulings(r.rulings);
	if (rows.length > 0) {
		const body = section(el, 'ruled-out', SECTION.ruledOut);
		const live = rows.filter((x) => x.verdict !== 'retired');
		const retired = rows.filter((x) => x.verdict === 'retired');
		if (live.length > 0) foldedList(body, live, env, (ul, row) => rulingLine(ul, row, r.now, env));
		if (retired.length > 0) {
			// Retired rulings stay visible to the person, collapsed: they are not handed to an agent.
			const details = body.createEl('details', { cls: 'logos-retired' });
			details.createEl('summary', { text: `Retired (${retired.length})` });
			foldedList(details, retired, env, (ul, row) => rulingLine(ul, row, r.now, env));
		}
	}
	const earlier = r.decisions.filter((d) => !d.inLatest);
	if (earlier.length > 0) {
		const body = section(el, 'decided-earlier', SECTION.decidedEarlier);
		foldedList(body, earlier, env, (ul, d) => {
			const rec = env.sources.recordOf(d.session);
			const k = rec ? rec.checkpoint.decisions.indexOf(d.text) : -1;
			const li = linked(ul, 'li', d.text, rec ? { path: rec.path, line: env.sources.bulletLine(rec.path, HEADING.decisions, k) } : null, env);
			meta(li, d.count > 1 ? ` · in ${d.count} checkpoints` : ` · ${d.session}`);
		});
	}
}

function notesTarget(scope: string, line: number, env: RenderEnv): LinkTarget | null {
	const path = env.sources.notesPath(scope);
	return path ? { path, line } : null;
}

export function renderAfterNext(el: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	if (r.uncommitted.length > 0) {
		const body = section(el, 'notes', SECTION.notes);
		foldedList(body, r.uncommitted, env, (ul, n) => {
			const li = linked(ul, 'li', n.text, notesTarget(n.scope, n.line, env), env);
			meta(li, ` · ${n.agent}, ${age(n.ts, r.now)}`);
		});
	}
	renderAbandoned(el, r, env);
	if (r.conversations.length > 0) {
		const body = section(el, 'other-work', SECTION.otherWork);
		foldedList(body, r.conversations, env, (ul, c) => {
			const li = linked(ul, 'li', c.name || c.id, { path: c.latestPath, line: -1 }, env);
			const flags = [c.agents.join(', '), plural(c.chain.length, 'checkpoint'), age(c.latestTs, r.now)];
			if (c.scope !== r.scope) flags.push(c.scope);
			if (c.auto) flags.push('auto');
			if (c.handoffTo) flags.push(`handed off to ${c.handoffTo}`);
			if (c.flat) flags.push('flat layout');
			meta(li, ` · ${flags.filter((f) => f !== '').join(' · ')}`);
			if (c.next.trim() !== '') li.createDiv({ cls: 'logos-meta', text: `Next: ${c.next.trim()}` });
		});
	}
	if (r.receipts.length > 0) {
		const body = section(el, 'receipts', SECTION.receipts);
		foldedList(body, r.receipts, env, (ul, x) => {
			const rec = env.sources.recordOf(x.session);
			const li = linked(ul, 'li', RECEIPT_TEXT[x.kind] ?? x.kind, rec ? { path: rec.path, line: -1 } : null, env);
			if (x.detail) meta(li, ` · ${x.detail}`);
		});
	}
	renderNotices(el, r, env);
}

/** Notices not already on screen: the auto labels sit at the top, passed-over files are listed as links. */
export function pendingNotices(r: ResumeModel): string[] {
	return r.notices.filter((n) => n !== AUTO_LABEL && n !== AUTO_CLOSED_LABEL && !r.skippedAhead.some((p) => n.includes(p)));
}

function renderNotices(el: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	const notices = pendingNotices(r);
	if (r.problems.length + notices.length + r.skippedAhead.length === 0) return;
	const body = section(el, 'problems', SECTION.problems);
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
