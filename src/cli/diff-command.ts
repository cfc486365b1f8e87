/**
 * `diff --session A [--against B]`: what checkpoint A changed against B (default: the one
 * before it in its conversation, else the one it follows), as the compare view shows it.
 * JSON follows the CLI conventions: ids, unix seconds, vault-relative paths, 1-based lines
 * (null when unknown).
 */
import { back } from '../core';
import {
	diffCheckpoints, diffSummary, effectPhrase, fieldPhrase, fieldWord, itemPhrase, previousCheckpoint,
	type CheckpointDiff, type DiffItem, type ItemKind, type PreviousVia,
} from '../core';
import { HEADING } from '../core';
import type { CheckpointRecord } from '../core';
import { buildVaultModel, type VaultModel } from '../core';
import { loadSnapshot } from '../vault/node-fs';
import { UsageError, type Command, type CommandContext } from './command-base';

function recordOf(m: VaultModel, ctx: CommandContext, option: 'session' | 'against'): CheckpointRecord {
	const id = ctx.values[option];
	if (typeof id !== 'string' || id.trim() === '') throw new UsageError(`--${option} takes a checkpoint id`);
	const scope = typeof ctx.values.scope === 'string' ? ctx.values.scope : undefined;
	if (scope !== undefined && !m.scopes.includes(scope)) throw new UsageError(`no scope "${scope}" in this vault`);
	const start = back(m.scan, id, scope).start;
	if (!start) throw new UsageError(`no checkpoint "${id.trim()}" in this vault${scope ? ` (scope ${scope})` : ''}`);
	return start;
}

/** How B was chosen, in the JSON's `against.via`. */
export type AgainstVia = PreviousVia | 'given';

export interface DiffResult {
	session: string;
	against: { session: string; via: AgainstVia };
	summary: string;
	diff: CheckpointDiff;
}

/** The pair `diff` compares, or a usage error that says why there is none. */
export function diffPair(m: VaultModel, ctx: CommandContext): { older: CheckpointRecord; newer: CheckpointRecord; via: AgainstVia } {
	const newer = recordOf(m, ctx, 'session');
	if (ctx.values.against !== undefined) return { older: recordOf(m, ctx, 'against'), newer, via: 'given' };
	const prev = previousCheckpoint(m, newer);
	if (!prev) throw new UsageError(`${newer.id} is the first checkpoint of its conversation and follows none: give --against ID`);
	return { older: prev.record, newer, via: prev.via };
}

const line1 = (line: number): number | null => (line >= 0 ? line + 1 : null);

/** The diff with lines 1-based, as every CLI JSON line is. */
function diffJson(d: CheckpointDiff): CheckpointDiff {
	return {
		...d,
		recorded: d.recorded.map((i) => ({ ...i, line: line1(i.line) as number })),
		fields: d.fields.map((f) => ({ ...f, line: line1(f.line) as number })),
		inEffect: d.inEffect.map((c) => ({
			...c,
			line: line1(c.line) as number,
			verdict: c.verdict ? { ...c.verdict, line: line1(c.verdict.line) as number } : null,
			replaces: c.replaces ? { ...c.replaces, line: line1(c.replaces.line) as number } : null,
		})),
	};
}

const VIA_TEXT: Record<AgainstVia, string> = {
	conversation: 'the checkpoint before it in its conversation',
	follows: 'the checkpoint it follows',
	given: 'as asked',
};

const LIST_TITLE: Record<ItemKind, string> = {
	decision: HEADING.decisions,
	deadEnd: HEADING.failed,
	verified: HEADING.verified,
	blocker: HEADING.blockers,
};

const MARK: Record<DiffItem['status'], string> = { new: '+', restated: '=', kept: '=', notRestated: '-', noLongerListed: '-' };

const where = (path: string, line: number): string => (line >= 0 ? `${path}:${line + 1}` : path);

export function diffText(r: DiffResult): string {
	const d = r.diff;
	const who = (s: CheckpointDiff['older']): string => `${s.id}${s.agent ? ` (${s.agent})` : ''}`;
	const out = [`${who(d.newer)} against ${who(d.older)}, ${VIA_TEXT[r.against.via]}`, r.summary, ''];
	out.push(`Recorded by ${d.newer.id}, against what ${d.older.id} recorded`);
	let any = false;
	for (const kind of ['decision', 'deadEnd', 'verified', 'blocker'] as ItemKind[]) {
		const items = d.recorded.filter((i) => i.kind === kind);
		if (items.length === 0) continue;
		any = true;
		out.push(`  ${LIST_TITLE[kind]}`);
		for (const i of items) out.push(`    ${MARK[i.status]} ${i.text} — ${itemPhrase(i)}`);
	}
	if (!any) out.push('  (no decisions, dead ends, verified items or blockers on either side)');
	out.push('', 'Values');
	if (d.fields.length === 0) out.push('  (none given on either side)');
	for (const f of d.fields) {
		if (f.status === 'kept') out.push(`  ${fieldWord(f.field)}: ${f.after} — kept`);
		else if (f.status === 'given') out.push(`  ${fieldPhrase(f)}: ${f.after}`);
		else if (f.status === 'noLongerGiven') out.push(`  ${fieldPhrase(f)} (was: ${f.before})`);
		else out.push(`  ${fieldPhrase(f)}`, `    was: ${f.before}`, `    now: ${f.after}`);
	}
	out.push('', `In effect after each: decisions ${d.older.decisionsInEffect} → ${d.newer.decisionsInEffect}, live rulings ${d.older.rulingsInEffect} → ${d.newer.rulingsInEffect}`);
	if (d.inEffect.length === 0) out.push('  (no change in what the hand-over carries)');
	for (const c of d.inEffect) {
		out.push(`  ${effectPhrase(c)}: ${c.text}`);
		if (c.replaces) out.push(`    in place of: ${c.replaces.text}`);
		out.push(`    ${c.verdict ? `${where(c.verdict.path, c.verdict.line)}, on ` : ''}${where(c.path, c.line)}`);
	}
	return out.join('\n');
}

export const diffCommands: Record<string, Command> = {
	diff: {
		readsVault: true,
		run(ctx) {
			const m = buildVaultModel(loadSnapshot(ctx.vaultDir, ctx.sessionsRel));
			const { older, newer, via } = diffPair(m, ctx);
			const diff = diffCheckpoints(m, older, newer);
			const res: DiffResult = { session: newer.id, against: { session: older.id, via }, summary: diffSummary(diff), diff };
			return ctx.json ? { ...res, diff: diffJson(diff) } : diffText(res);
		},
	},
};
