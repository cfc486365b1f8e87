/**
 * What the compare view draws for two checkpoints: one row per field, the older's value or
 * items beside the newer's, each marked, worded and linked to its line. Pure (no obsidian
 * import), so a test can hold it against the CLI's `diff` for the same vault.
 */
import {
	diffCheckpoints, diffSummary, effectPhrase, fieldPhrase, itemPhrase,
	type CheckpointDiff, type DiffItem, type EffectChange, type FieldChange, type FieldName, type ItemKind,
} from '../../core';
import type { CheckpointRecord } from '../../core';
import type { VaultModel } from '../../core';
import { HANDOFF, SECTION } from '../shared/labels';
import type { LinkTarget } from '../resume/resume-dom';

/** How a cell is drawn; the words beside it (`note`) say what the files show. */
export type CompareMark = 'added' | 'removed' | 'replaced' | 'restated' | 'kept';

export interface CompareCell {
	text: string;
	mark: CompareMark;
	note: string;
	target: LinkTarget | null;
}

export interface CompareRow {
	/** A FieldName or an ItemKind. */
	key: FieldName | ItemKind;
	title: string;
	older: CompareCell[];
	newer: CompareCell[];
}

export interface CompareModel {
	diff: CheckpointDiff;
	summary: string;
	rows: CompareRow[];
	/** Changes in what the hand-over carries after each. */
	effect: CompareCell[];
}

const FIELD_TITLE: Record<FieldName, string> = {
	task: 'Task',
	intent: 'Intent',
	next: HANDOFF.next,
	handoff: 'Handed off to',
	agent: 'Agent',
	branch: 'Branch',
	commit: 'Commit',
	uncommitted: 'Uncommitted files',
};

const LIST_TITLE: Record<ItemKind, string> = {
	decision: SECTION.decided,
	deadEnd: SECTION.failed,
	verified: 'Verified',
	blocker: 'Blockers',
};

const target = (path: string, line: number): LinkTarget => ({ path, line });

function fieldRow(f: FieldChange, d: CheckpointDiff): CompareRow {
	const older: CompareCell[] = [];
	const newer: CompareCell[] = [];
	// Only the side that gives the value carries a line; the other links to its file.
	const olderTarget = f.status === 'noLongerGiven' ? target(f.path, f.line) : target(d.older.path, -1);
	const newerTarget = f.status === 'noLongerGiven' ? target(d.newer.path, -1) : target(f.path, f.line);
	switch (f.status) {
		case 'kept':
			older.push({ text: f.before, mark: 'kept', note: '', target: olderTarget });
			newer.push({ text: f.after, mark: 'kept', note: fieldPhrase(f), target: newerTarget });
			break;
		case 'changed':
			older.push({ text: f.before, mark: 'replaced', note: '', target: olderTarget });
			newer.push({ text: f.after, mark: 'replaced', note: fieldPhrase(f), target: newerTarget });
			break;
		case 'given':
			newer.push({ text: f.after, mark: 'added', note: fieldPhrase(f), target: newerTarget });
			break;
		case 'noLongerGiven':
			older.push({ text: f.before, mark: 'removed', note: fieldPhrase(f), target: olderTarget });
			break;
	}
	return { key: f.field, title: FIELD_TITLE[f.field], older, newer };
}

const ITEM_MARK: Record<DiffItem['status'], CompareMark> = { new: 'added', restated: 'restated', kept: 'kept', notRestated: 'removed', noLongerListed: 'removed' };

function listRow(kind: ItemKind, items: readonly DiffItem[]): CompareRow {
	const row: CompareRow = { key: kind, title: LIST_TITLE[kind], older: [], newer: [] };
	for (const i of items) {
		const cell: CompareCell = { text: i.text, mark: ITEM_MARK[i.status], note: itemPhrase(i), target: target(i.path, i.line) };
		if (i.status === 'notRestated' || i.status === 'noLongerListed') row.older.push(cell);
		else row.newer.push(cell);
		// An item both record stands on both sides, the older's copy without a line of its own.
		if (i.status === 'kept') row.older.push({ text: i.text, mark: 'kept', note: '', target: null });
	}
	return row;
}

const EFFECT_MARK: Record<EffectChange['status'], CompareMark> = {
	nowInEffect: 'added',
	noLongerInEffect: 'removed',
	retired: 'removed',
	reconfirmed: 'restated',
	liveAgain: 'added',
	replaced: 'replaced',
};

export function effectCell(c: EffectChange): CompareCell {
	const note = c.replaces ? `${effectPhrase(c)}, in place of “${c.replaces.text}”` : effectPhrase(c);
	return { text: c.text, mark: EFFECT_MARK[c.status], note, target: target(c.path, c.line) };
}

export function compareFromDiff(d: CheckpointDiff): CompareModel {
	const rows: CompareRow[] = [];
	const fields = new Map(d.fields.map((f) => [f.field, f]));
	for (const name of ['task', 'intent', 'next', 'handoff', 'agent'] as FieldName[]) {
		const f = fields.get(name);
		if (f) rows.push(fieldRow(f, d));
	}
	for (const kind of ['decision', 'deadEnd', 'verified', 'blocker'] as ItemKind[]) {
		const items = d.recorded.filter((i) => i.kind === kind);
		if (items.length > 0) rows.push(listRow(kind, items));
	}
	for (const name of ['branch', 'commit', 'uncommitted'] as FieldName[]) {
		const f = fields.get(name);
		if (f) rows.push(fieldRow(f, d));
	}
	return { diff: d, summary: diffSummary(d), rows, effect: d.inEffect.map(effectCell) };
}

export function compareModel(model: VaultModel, older: CheckpointRecord, newer: CheckpointRecord): CompareModel {
	return compareFromDiff(diffCheckpoints(model, older, newer));
}
