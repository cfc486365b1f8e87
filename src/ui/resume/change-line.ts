/**
 * The resume pane's "what changed" line: what the latest checkpoint changed against the one
 * before it in its conversation (else the one it follows), in one line, opening into the
 * items, each linked to its line. The pane calls `renderChangeLine` once in its handoff
 * block; everything else about the line lives here.
 */
import { diffCheckpoints, historyKeySteps, previousCheckpoint, type PreviousVia } from '../../core';
import type { CheckpointRecord } from '../../core';
import type { VaultModel } from '../../core';
import { compareFromDiff, type CompareCell, type CompareModel } from '../compare/compare-model';
import { linked, meta, tooltip, type RenderEnv, type ResumeSources } from './resume-dom';

/** What the line shows: the model of the two, and which one it was compared with and how. */
export interface ChangeAgainstPrevious {
	previous: CheckpointRecord;
	via: PreviousVia;
	compare: CompareModel;
}

/**
 * What the line draws, and nothing more: plain data, so the pane can keep it for the next start
 * (kept-handoff.ts).
 */
export interface ChangeLine {
	summary: string;
	/** The previous checkpoint's agent ('' when it names none), its id and its scope. */
	agent: string;
	previous: string;
	previousScope: string;
	via: PreviousVia;
	cells: CompareCell[];
}

/** Sources that can say what a checkpoint changed (resume-sources.ts gives the pane such sources). */
export interface ChangeSources {
	changeLine(rec: CheckpointRecord): ChangeLine | null;
}

function changeSources(s: ResumeSources): ChangeSources | null {
	return typeof (s as Partial<ChangeSources>).changeLine === 'function' ? (s as ResumeSources & ChangeSources) : null;
}

/** The line of a change worked out by changeAgainstPrevious. */
export function changeLineOf(change: ChangeAgainstPrevious | null): ChangeLine | null {
	if (!change) return null;
	const prev = change.previous;
	return { summary: change.compare.summary, agent: prev.checkpoint.agent.trim(), previous: prev.id, previousScope: prev.scope, via: change.via, cells: changedCells(change.compare) };
}

/** Worked out once per model and checkpoint: the pane renders again on every selection, the model stays. */
const made = new WeakMap<VaultModel, Map<CheckpointRecord, ChangeAgainstPrevious | null>>();

/** The latest against its previous checkpoint; null for a checkpoint that starts its line of work. */
export function changeAgainstPrevious(model: VaultModel, rec: CheckpointRecord): ChangeAgainstPrevious | null {
	let byRecord = made.get(model);
	if (!byRecord) made.set(model, (byRecord = new Map<CheckpointRecord, ChangeAgainstPrevious | null>()));
	const kept = byRecord.get(rec);
	if (kept !== undefined) return kept;
	const prev = previousCheckpoint(model, rec);
	const change = prev ? { previous: prev.record, via: prev.via, compare: compareFromDiff(diffCheckpoints(model, prev.record, rec)) } : null;
	byRecord.set(rec, change);
	return change;
}

/**
 * changeAgainstPrevious with what it reads of the two histories worked out first, a step at a
 * time, `step` between steps (the pane gives the thread back there): one step over a scope of
 * 2,000 checkpoints was a task of ~25 ms, and a collection landing in it made it one of 50 to 70.
 */
export async function changeAgainstPreviousInSteps(model: VaultModel, rec: CheckpointRecord, step: () => Promise<void>): Promise<ChangeAgainstPrevious | null> {
	const prev = previousCheckpoint(model, rec);
	// A checkpoint with no previous one is compared with nothing: no history to read.
	if (prev) {
		for (const scope of new Set([rec.scope, prev.record.scope])) {
			const steps = historyKeySteps(model, scope);
			while (!steps.next().done) await step();
		}
	}
	return changeAgainstPrevious(model, rec);
}

/** Values the summary leaves out (the who line says the agent), left out of the items too. */
const QUIET_FIELDS = new Set(['agent', 'uncommitted']);

/**
 * The changed cells, newer side first: what the line opens into. A decision or ruling the
 * newer records is listed once, as a new item, not again as now in effect.
 */
export function changedCells(m: CompareModel): CompareCell[] {
	const out: CompareCell[] = [];
	for (const row of m.rows) {
		if (QUIET_FIELDS.has(row.key)) continue;
		for (const c of row.newer) if (c.mark !== 'kept') out.push(c);
		// A changed value is listed once, with its new text; an older item only it records stands alone.
		for (const c of row.older) if (c.mark === 'removed') out.push(c);
	}
	m.diff.inEffect.forEach((c, i) => {
		if (!(c.status === 'nowInEffect' && c.reason === 'recorded')) out.push(m.effect[i]);
	});
	return out;
}

/** `row` makes the line's place only when there is a change to tell. */
export function renderChangeLine(row: () => HTMLElement, rec: CheckpointRecord, env: RenderEnv): void {
	const change = changeSources(env.sources)?.changeLine(rec) ?? null;
	if (!change) return;
	const parent = row();
	const cells = change.cells;
	const details = parent.createEl('details', { cls: 'logos-change-line' });
	const summary = details.createEl('summary', { cls: 'logos-change-summary' });
	summary.createSpan({ cls: 'logos-change-text', text: change.summary });
	// The agent a person knows; the checkpoint's id on hover.
	const against = meta(summary, ` · since ${change.agent || 'the previous'}'s checkpoint${change.via === 'follows' ? ' it follows' : ''}`);
	tooltip(against, `Compared with ${change.previous}`);
	if (cells.length === 0) return;
	const ul = details.createEl('ul', { cls: ['logos-list', 'logos-change-items'] });
	for (const c of cells) {
		const li = linked(ul, 'li', c.text, c.target, env, `logos-change-${c.mark}`);
		if (c.note !== '') meta(li, ` · ${c.note}`);
	}
}
