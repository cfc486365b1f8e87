/**
 * Reads one scope's plan files from Obsidian's vault (`<root>/<scope>/plans/plan-*.md`).
 * Plans are not part of the index: a scope holds few, read when shown.
 */
import { TFile, TFolder, type Vault } from 'obsidian';
import { PLANS_FOLDER, planOrder, readPlan, type Plan } from '../core';

export async function loadPlans(vault: Vault, root: string, scope: string): Promise<Plan[]> {
	const bare = root.replace(/^\/+|\/+$/g, '');
	const folder = vault.getAbstractFileByPath(`${bare === '' ? '' : `${bare}/`}${scope}/${PLANS_FOLDER}`);
	if (!(folder instanceof TFolder)) return [];
	const out: Plan[] = [];
	for (const f of folder.children) {
		if (!(f instanceof TFile) || !f.name.startsWith('plan-') || f.extension !== 'md') continue;
		try {
			const plan = readPlan(f.path, scope, await vault.cachedRead(f));
			if (plan) out.push(plan);
		} catch {
			// An unreadable plan is left out; the others are still shown.
		}
	}
	return out.sort(planOrder);
}
