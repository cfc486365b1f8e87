/**
 * The plan behind the checkpoint on screen, below the handoff block: folded, its markdown
 * rendered only through the agent allow-list (env.markdown), and said to be matched by
 * time, since a plan names no conversation (docs/decisions.md, "Plans").
 */
import { formatDistance } from 'date-fns';
import type { VaultScan } from '../../core';
import { planFor, type Plan } from '../../core';
import type { ResumeModel } from '../../core';
import { meta, type RenderEnv } from './resume-dom';

/** "plan saved about 2 hours before this checkpoint" */
export function planLabel(before: number): string {
	return before < 60 ? 'plan saved moments before this checkpoint' : `plan saved ${formatDistance(0, before * 1000)} before this checkpoint`;
}

/**
 * Puts the block after the pane's handoff block (`.logos-who`) once the scope's plans are
 * read; nothing when no plan fits. `load` reads the plans of the resume's scope.
 */
export function renderPlanBlock(body: HTMLElement, r: ResumeModel, scan: VaultScan, env: RenderEnv, load: () => Promise<Plan[]>): void {
	const rec = r.latest?.record;
	// Below the handoff block: what the agent proposed comes after where it stopped.
	const after = body.querySelector<HTMLElement>('.logos-handoff') ?? body.querySelector<HTMLElement>('.logos-who');
	if (!rec || !after) return;
	const slot = createDiv({ cls: 'logos-plan-slot' });
	after.insertAdjacentElement('afterend', slot);
	void load().then((plans) => {
		const m = planFor(scan, plans, rec);
		if (!m) {
			slot.remove();
			return;
		}
		const details = slot.createEl('details', { cls: 'logos-plan' });
		const summary = details.createEl('summary', { cls: 'logos-plan-summary' });
		summary.createSpan({ text: 'Plan' });
		meta(summary, ` · ${planLabel(m.before)} · matched by time`);
		const file = details.createDiv({ cls: 'logos-meta' });
		const link = file.createSpan({ text: m.plan.path });
		env.link(link, { path: m.plan.path, line: -1 });
		env.markdown(details.createDiv({ cls: 'logos-plan-text' }), m.plan.text, m.plan.path);
	}, () => slot.remove());
}
