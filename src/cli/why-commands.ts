/**
 * `why PATH` (which checkpoints touched a file, across every scope, newest first) and
 * `plans --scope S` (the plans saved in a scope, each with the checkpoint it is tied to by
 * time). The rules are in docs/decisions.md ("Why was this file touched", "Plans").
 */
import { pushAll } from '../core';
import { collapseSpace } from '../core';
import { buildVaultModel, type VaultModel } from '../core';
import { checkpointsOfPlans, plansFrom, type Plan } from '../core';
import { VERDICT_WORD } from '../core';
import { touching, type Mention } from '../core';
import type { VaultSnapshot } from '../core';
import { loadSnapshot } from '../vault/node-fs';
import { UsageError, type Command, type CommandContext } from './command-base';

/** UTC, as every other CLI text shows times; the JSON keeps unix seconds. */
function when(ts: number | null): string {
	return ts !== null && ts > 0 ? new Date(ts * 1000).toISOString().replace('T', ' ').slice(0, 16) + 'Z' : 'an unknown time';
}

function scopeOption(ctx: CommandContext, known: (s: string) => boolean, list: readonly string[]): string | undefined {
	const s = ctx.values.scope;
	if (typeof s !== 'string') return undefined;
	if (!known(s)) throw new UsageError(`no scope "${s}" in this vault (scopes: ${list.join(', ') || 'none'})`);
	return s;
}

function limitOption(ctx: CommandContext): number | undefined {
	const raw = ctx.values.limit;
	if (typeof raw !== 'string') return undefined;
	if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`--limit takes a positive whole number, got "${raw}"`);
	return Number(raw);
}

function mentionJson(m: Mention): Record<string, unknown> {
	const r = m.record;
	return {
		session: r.id,
		scope: r.scope,
		path: r.path,
		ts: r.checkpoint.ts,
		agent: r.checkpoint.agent,
		matched: m.matched,
		asAsked: m.asAsked,
		from: m.from,
		line: m.line,
		task: m.task.text === '' ? null : m.task,
		rulings: m.rulings,
		decisions: m.decisions,
		questions: m.questions,
	};
}

function block(label: string, items: readonly string[]): string[] {
	const pad = ' '.repeat(label.length);
	return items.map((t, i) => `    ${i === 0 ? label : pad}${t}`);
}

function mentionText(m: Mention): string[] {
	const r = m.record;
	const lines = [`─── ${when(r.checkpoint.ts)} · ${r.checkpoint.agent || 'an agent'} · ${r.scope}`];
	if (!m.asAsked) lines.push(`    recorded as: ${m.matched}${m.from === 'touched' ? ' (git touched)' : ''}`);
	if (m.task.text !== '') lines.push(`    while: ${m.task.text}`);
	pushAll(lines, block('ruled out:  ', m.rulings.map((x) => (x.verdict === 'none' ? x.text : `${x.text} [${VERDICT_WORD[x.verdict]}${x.at ? ` ${when(x.at).slice(0, 10)}` : ''}]`))));
	pushAll(lines, block('decided:    ', m.decisions.map((x) => x.text)));
	pushAll(lines, block('still open: ', m.questions.map((x) => x.text)));
	lines.push(`    → ${r.path}${m.line >= 0 ? `:${m.line + 1}` : ''}`);
	return lines;
}

export function whyText(asked: string, mentions: readonly Mention[]): string {
	if (mentions.length === 0) {
		return [`No checkpoint mentions ${asked}.`, '', 'Either nothing was written down while working on it, or it was recorded under a different path.'].join('\n');
	}
	const out = [`${asked} — ${mentions.length} ${mentions.length === 1 ? 'checkpoint' : 'checkpoints'}`];
	for (const m of mentions) {
		out.push('');
		pushAll(out, mentionText(m));
	}
	out.push('', 'This is what was written down while the file was touched, not an', 'explanation of the code. A decision nobody recorded is not here.');
	return out.join('\n');
}

function planJson(p: Plan, tied: readonly { id: string }[]): Record<string, unknown> {
	return { path: p.path, scope: p.scope, agent: p.agent === '' ? null : p.agent, planned: p.planned, text: p.text, checkpoints: tied.map((r) => r.id) };
}

export function plansText(scope: string, plans: readonly Plan[], tied: ReadonlyMap<string, readonly { id: string }[]>): string {
	if (plans.length === 0) return `No plans saved in ${scope}.`;
	const out = [`${plans.length} ${plans.length === 1 ? 'plan' : 'plans'} for ${scope}`];
	for (const p of plans) {
		out.push('', `${p.path}  ${p.agent || 'agent'}  ${when(p.planned)}`);
		const preview = collapseSpace(p.text);
		out.push(`    ${preview.length > 100 ? `${preview.slice(0, 99)}…` : preview}`);
		const ids = (tied.get(p.path) ?? []).map((r) => r.id);
		if (ids.length > 0) out.push(`    carried out by (matched by time): ${ids.join(', ')}`);
	}
	return out.join('\n');
}

function load(ctx: CommandContext): { snap: VaultSnapshot; model: VaultModel } {
	const snap = loadSnapshot(ctx.vaultDir, ctx.sessionsRel);
	return { snap, model: buildVaultModel(snap) };
}

export const whyCommands: Record<string, Command> = {
	why: {
		readsVault: true,
		run(ctx) {
			const asked = ctx.args.join(' ');
			if (asked.trim() === '') throw new UsageError('why needs a PATH');
			const { model } = load(ctx);
			const scope = scopeOption(ctx, (s) => model.scopes.includes(s), model.scopes);
			const limit = limitOption(ctx);
			const all = touching(model, asked, scope);
			const mentions = limit === undefined ? all : all.slice(0, limit);
			return ctx.json ? { path: asked, mentions: mentions.map(mentionJson) } : whyText(asked, mentions);
		},
	},
	plans: {
		readsVault: true,
		run(ctx) {
			const { snap, model } = load(ctx);
			const byScope = plansFrom(model.scan.root, snap.files);
			const names = [...new Set([...model.scopes, ...byScope.keys()])].sort();
			if (typeof ctx.values.scope !== 'string') throw new UsageError('--scope is required');
			const scope = scopeOption(ctx, (s) => names.includes(s), names) as string;
			const plans = byScope.get(scope) ?? [];
			const tied = checkpointsOfPlans(model.scan, plans, scope);
			return ctx.json ? { scope, plans: plans.map((p) => planJson(p, tied.get(p.path) ?? [])) } : plansText(scope, plans, tied);
		},
	},
};
