/**
 * The resume as markdown, for pasting into an agent (docs/decisions.md §10 order; its titles are
 * the agent's column of words.ts). Like logos's own hand-over it leaves retired rulings out; the
 * pane still shows them to the person.
 */
import { formatDistanceStrict } from 'date-fns';
import { collapseSpace } from '../strings';
import { isPlaceholder } from './receipts';
import { reviewKey } from '../format/reviews';
import type { ResumeModel, RulingRow } from './resume-types';
import { pushAll } from '../arrays';
import { RESUME_TITLES as T } from './words';

export function age(ts: number, now: number): string {
	if (ts <= 0) return 'at an unknown time';
	return ts > now ? 'in the future' : `${formatDistanceStrict(ts * 1000, now * 1000)} ago`;
}

function bullets(title: string, items: readonly string[]): string[] {
	const kept = items.map(collapseSpace).filter((s) => s !== '');
	return kept.length === 0 ? [] : [`## ${title}`, '', ...kept.map((s) => `- ${s}`), ''];
}

function prose(title: string, text: string): string[] {
	const t = text.trim();
	return t === '' ? [] : [`## ${title}`, '', t, ''];
}

/** Newest copy of each ruling key, in the order given. */
function dedupByKey(rows: readonly RulingRow[]): RulingRow[] {
	const seen = new Set<string>();
	return rows.filter((r) => (seen.has(r.key) ? false : (seen.add(r.key), true)));
}

function header(r: ResumeModel): string[] {
	const lines = [`# Resume — ${r.scope}${r.conversation ? ` (conversation ${r.conversation})` : ''}`, ''];
	for (const n of r.notices) lines.push(`> ${n}`);
	if (r.notices.length > 0) lines.push('');
	const l = r.latest;
	if (!l) return [...lines, 'No checkpoints in this scope yet.', ''];
	const c = l.record.checkpoint;
	let who = `Last checkpoint \`${l.record.id}\` by ${c.agent || 'an unnamed agent'}, ${age(c.ts, r.now)}`;
	if (c.handoffTo) who += `, handed off to ${c.handoffTo}`;
	lines.push(`${who}.`);
	if (l.intentFrom && l.intentFrom !== l.record.id) lines.push(`Intent inherited from \`${l.intentFrom}\`.`);
	const g = c.git;
	if (g.branch || g.commit) {
		let repo = `Repository: ${g.branch || '(no branch)'}@${g.commit || '?'}`;
		if (g.commitSubject) repo += ` — ${g.commitSubject}`;
		if (g.uncommittedUnreadable) repo += '; uncommitted changes could not be read';
		else if (g.uncommitted > 0) repo += `; ${g.uncommitted} uncommitted${g.touched.length ? ` (${g.touched.join(', ')})` : ''}`;
		lines.push(repo);
	}
	return [...lines, ''];
}

export function renderResumeMarkdown(r: ResumeModel): string {
	const out = header(r);
	const l = r.latest;
	if (l) {
		const c = l.record.checkpoint;
		const retired = new Set(r.rulings.filter((x) => x.verdict === 'retired' && x.inLatest).map((x) => x.key));
		const doing = [c.task.trim() && `${T.task.agent}: ${c.task.trim()}`, l.intent && `${T.intent.agent}: ${l.intent}`].filter(Boolean).join('\n\n');
		for (const part of [
			prose(T.doing.agent, doing),
			bullets(T.verified.agent, c.verified),
			bullets(T.blocked.agent, c.blockers),
			bullets(T.commands.agent, c.commands),
			prose(T.state.agent, c.state),
			bullets(T.decided.agent, c.decisions),
			bullets(T.failed.agent, c.failed.filter((f) => !isPlaceholder(f) && !retired.has(reviewKey(f)))),
			bullets(T.questions.agent, c.questions),
			bullets(T.files.agent, c.files),
		]) pushAll(out, part);
		const earlier = dedupByKey(r.rulings.filter((x) => !x.inLatest && x.session !== null))
			.filter((x) => x.verdict !== 'retired')
			.map((x) => (x.verdict === 'reconfirmed' && x.commit ? `${x.text} (reconfirmed at ${x.commit})` : x.text));
		for (const part of [
			bullets(T.ruledOut.agent, earlier),
			bullets(T.decidedEarlier.agent, r.decisions.filter((d) => !d.inLatest).map((d) => d.text)),
			prose(T.next.agent, c.next),
		]) pushAll(out, part);
	}
	pushAll(out, bullets(T.otherWork.agent, r.conversations.map((c) => `${c.name || c.id} — ${c.next.trim()} (${c.agents.join(', ')}, ${age(c.latestTs, r.now)})`)));
	pushAll(out, bullets(T.notes.agent, r.uncommitted.map((n) => `${n.text} — ${n.agent}, ${age(n.ts, r.now)}`)));
	while (out.length > 0 && out[out.length - 1] === '') out.pop();
	return out.join('\n') + '\n';
}
