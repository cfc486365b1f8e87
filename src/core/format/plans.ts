/**
 * Plans: what an agent proposed when Claude Code's plan mode was approved, saved by logos
 * under `<scope>/plans/plan-<time>-<agent>.md` (frontmatter `type: plan`, `project`,
 * `agent`, `planned`; the body is the plan's raw markdown). A plan names no conversation,
 * so tying one to a checkpoint goes by time and agent (docs/decisions.md, "Plans").
 */
import { splitFrontmatter } from './checkpoint';
import { goTrimSpace } from '../go/go-text';
import { parseRfc3339 } from '../go/go-time';
import { history } from '../model/history';
import { compareBytes } from './names';
import type { VaultScan } from '../model/scan';
import type { CheckpointRecord, VaultFile } from '../types';
import { readScalars } from '../go/yaml-frontmatter';
import { Memo } from '../memo';

export const PLANS_FOLDER = 'plans';

export interface Plan {
	/** Vault-relative path. */
	path: string;
	/** Base name, e.g. `plan-20261201-091500-claude.md`. */
	name: string;
	scope: string;
	/** `agent` as written, '' when absent. */
	agent: string;
	/** Unix seconds of `planned`, null when absent or not RFC 3339. */
	planned: number | null;
	/** The plan's markdown, trimmed. */
	text: string;
}

/** The scope of a plan file at a root-relative path, or null when the path is no plan's place. */
export function planScopeOf(root: string, path: string): string | null {
	const bare = root.replace(/^\/+|\/+$/g, '');
	const rel = bare === '' ? path : path.startsWith(`${bare}/`) ? path.slice(bare.length + 1) : null;
	if (rel === null) return null;
	const parts = rel.split('/');
	const name = parts[parts.length - 1];
	if (!name.startsWith('plan-') || !name.endsWith('.md') || parts.length < 3 || parts.length > 4) return null;
	if (parts[parts.length - 2] !== PLANS_FOLDER) return null;
	const scopeParts = parts.slice(0, -2);
	if (scopeParts.some((p) => p === '' || p.startsWith('.') || p === '_convos' || p === PLANS_FOLDER)) return null;
	return scopeParts.join('/');
}

/** A plan file read as logos reads it; null when its text is empty (an abandoned claim: skipped). */
export function readPlan(path: string, scope: string, text: string): Plan | null {
	const split = splitFrontmatter(text);
	const body = goTrimSpace(split.body);
	if (body === '') return null;
	const fm = split.yaml === null ? {} : readScalars(split.yaml);
	return {
		path,
		name: path.slice(path.lastIndexOf('/') + 1),
		scope,
		agent: goTrimSpace(fm.agent ?? ''),
		planned: fm.planned === undefined ? null : parseRfc3339(goTrimSpace(fm.planned)),
		text: body,
	};
}

/** Newest first by file name, as logos lists them; the path breaks a tie. */
export function planOrder(a: Plan, b: Plan): number {
	return compareBytes(b.name, a.name) || compareBytes(a.path, b.path);
}

/** Every readable, non-empty plan under `root`, by scope, newest first. Unreadable files are left out. */
export function plansFrom(root: string, files: readonly VaultFile[]): Map<string, Plan[]> {
	const out = new Map<string, Plan[]>();
	for (const f of files) {
		const scope = planScopeOf(root, f.path);
		if (scope === null || f.text === null) continue;
		const plan = readPlan(f.path, scope, f.text);
		if (!plan) continue;
		const list = out.get(scope);
		if (list) list.push(plan);
		else out.set(scope, [plan]);
	}
	for (const list of out.values()) list.sort(planOrder);
	return out;
}

export interface PlanMatch {
	plan: Plan;
	/** Seconds from the plan to the checkpoint (0 or more). */
	before: number;
}

/** Each record's place in its history, found once per list: indexOf per record would be quadratic. */
const positions = new Memo<readonly CheckpointRecord[], Map<CheckpointRecord, number>>();

function placeOf(entries: readonly CheckpointRecord[]): Map<CheckpointRecord, number> {
	const out = new Map<CheckpointRecord, number>();
	entries.forEach((r, i) => out.set(r, i));
	return out;
}

/**
 * The plan a checkpoint most likely carried out: the newest plan of its scope by the same
 * agent saved after the previous checkpoint of the same conversation (any time, when there
 * is none) and no later than this one. A guess by time, never a recorded link.
 */
export function planFor(scan: VaultScan, plans: readonly Plan[], rec: CheckpointRecord): PlanMatch | null {
	const agent = goTrimSpace(rec.checkpoint.agent);
	const ts = rec.checkpoint.ts;
	if (agent === '' || !(ts > 0)) return null;
	const entries = history(scan, rec.scope).entries;
	const at = positions.get(entries, placeOf).get(rec) ?? -1;
	let after = -Infinity;
	for (let i = at + 1; at >= 0 && i < entries.length; i++) {
		if (entries[i].conversation === rec.conversation) {
			after = entries[i].checkpoint.ts;
			break;
		}
	}
	let best: Plan | null = null;
	for (const p of plans) {
		if (p.scope !== rec.scope || p.agent !== agent || p.planned === null) continue;
		if (p.planned <= after || p.planned > ts) continue;
		if (!best || (best.planned as number) < p.planned) best = p;
	}
	return best ? { plan: best, before: ts - (best.planned as number) } : null;
}

/** The checkpoints each plan is tied to (planFor run over the scope's history), by plan path. */
export function checkpointsOfPlans(scan: VaultScan, plans: readonly Plan[], scope: string): Map<string, CheckpointRecord[]> {
	const out = new Map<string, CheckpointRecord[]>();
	for (const rec of history(scan, scope).entries) {
		const m = planFor(scan, plans, rec);
		if (!m) continue;
		const list = out.get(m.plan.path);
		if (list) list.push(rec);
		else out.set(m.plan.path, [rec]);
	}
	return out;
}
