/**
 * The chooser offered where `follows` forks: several checkpoints name the same one as
 * their predecessor, and only the person can say which line of work to follow.
 */
import { SuggestModal, type App } from 'obsidian';
import type { CheckpointRecord } from '../../core';
import { nowSeconds } from '../resume/copy-resume';
import { checkpointName } from '../shared/names';
import { age } from '../resume/resume-dom';

/** What a fork child is about: its task, else its next step. */
function gist(r: CheckpointRecord): string {
	const cp = r.checkpoint;
	return (cp.task.trim() || cp.next.trim()).split('\n')[0];
}

export class ForkChooser extends SuggestModal<CheckpointRecord> {
	constructor(
		app: App,
		private readonly children: CheckpointRecord[],
		title: string,
		private readonly choose: (r: CheckpointRecord, evt: MouseEvent | KeyboardEvent) => void,
	) {
		super(app);
		this.setPlaceholder(title);
		this.emptyStateText = 'No checkpoint of this fork matches.';
	}

	getSuggestions(query: string): CheckpointRecord[] {
		const q = query.trim().toLowerCase();
		if (q === '') return this.children;
		return this.children.filter((r) => `${r.id} ${r.checkpoint.agent} ${gist(r)} ${r.conversation}`.toLowerCase().includes(q));
	}

	renderSuggestion(r: CheckpointRecord, el: HTMLElement): void {
		el.addClass('logos-chain-choice');
		const now = nowSeconds();
		el.createDiv({ cls: 'logos-chain-choice-title', text: checkpointName(r, now) });
		const cp = r.checkpoint;
		const bits = [age(cp.ts, now), r.id, cp.auto ? 'auto' : ''].filter((s) => s !== '');
		el.createDiv({ cls: 'logos-chain-choice-meta', text: bits.join(' · ') });
		const what = gist(r);
		if (what !== '') el.createDiv({ cls: 'logos-chain-choice-gist', text: what });
	}

	onChooseSuggestion(r: CheckpointRecord, evt: MouseEvent | KeyboardEvent): void {
		this.choose(r, evt);
	}
}
