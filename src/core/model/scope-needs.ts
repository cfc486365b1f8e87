/**
 * Which scopes a one-scope answer needs read. Placement, copies and every problem a scan
 * raises stay within a scope (vault-model.ts, ScopeModel); conversations are gathered per
 * project; a follows link resolves in its own scope first (chains.ts). So a model of a
 * scope's project answers about the scope as a model of the whole vault does, unless a walk
 * back along follows leaves its scope or dangles: such a link is looked up across the vault.
 */
import { back, linkStaysHome } from './chains';
import { conversations } from './conversations';
import { history } from './history';
import { recordsOf } from './scan';
import { Memo } from '../memo';
import { projectOf, type VaultModel } from './vault-model';
import type { CheckpointRecord } from '../types';

/** A scope and the other scopes of its project (its worktrees, or the project and its siblings). */
export function projectScopes(scopes: readonly string[], scope: string): string[] {
	const project = projectOf(scope);
	return scopes.filter((s) => s === project || s.startsWith(`${project}/`));
}

/**
 * Whether the walk back from `start` resolved every follows link inside the scope of the
 * record that names it. Such a walk is the same whatever the other scopes hold; a link that
 * leaves its scope or dangles is looked up across the whole vault, and then only a model of
 * every scope answers it.
 */
export function walkStaysHome(m: VaultModel, start: CheckpointRecord, scope: string): boolean {
	const walk = back(m.scan, start.id, scope);
	for (const r of walk.start ? [walk.start, ...walk.chain] : []) if (!linkStaysHome(m.scan, r)) return false;
	return true;
}

/**
 * Whether each follows link of a scope's records is found in the scope, per list of its
 * records: it depends on that list alone, so a model built again after a change elsewhere asks
 * nothing of the scope's records.
 */
const allLinksHome = new Memo<readonly CheckpointRecord[], boolean>();

/**
 * Whether `m`, a model of the scope's project, shows every resume of the scope as the whole
 * vault's model would: the scope's latest and each of its conversations' latest walk back
 * without leaving home (the resume pane may show any of them).
 */
export function resumesStayHome(m: VaultModel, scope: string): boolean {
	// Every follows of the scope's records resolving at home: no walk from it can leave.
	if (allLinksHome.get(recordsOf(m.scan, scope), (records) => records.every((r) => linkStaysHome(m.scan, r)))) return true;
	const starts = new Set<CheckpointRecord>();
	const latest = history(m.scan, scope).entries[0];
	if (latest) starts.add(latest);
	for (const c of conversations(m.scan, projectOf(scope))) if (c.scope === scope) starts.add(c.latest);
	for (const r of starts) if (!walkStaysHome(m, r, scope)) return false;
	return true;
}
