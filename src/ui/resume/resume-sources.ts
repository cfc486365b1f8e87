/**
 * Answers the renderer's "where did this line come from" questions from the vault model:
 * which file holds a checkpoint id, and which line holds a bullet or a frontmatter key.
 */
import type { CheckpointRecord } from '../../core';
import { scopeInfo, type VaultModel } from '../../core';
import { recordsOf } from '../../core';
import type { ResumeSources } from './resume-dom';
import { changeAgainstPrevious, changeLineOf, type ChangeSources } from './change-line';

/** 0-based line of `key:` inside the leading frontmatter, -1 when absent. */
export function frontmatterKeyLine(raw: string | undefined, key: string): number {
	if (raw === undefined) return -1;
	const lines = raw.split('\n');
	if (lines[0]?.trimEnd() !== '---') return -1;
	for (let i = 1; i < lines.length; i++) {
		const line = lines[i];
		if (line.trimEnd() === '---') return -1;
		if (line.startsWith(`${key}:`)) return i;
	}
	return -1;
}

/**
 * `scope` is the resume's: every id the pane looks up comes from its history, so the scope's
 * own record answers first (an id another scope also uses leads to this scope's file), and a
 * model of the scope's project answers as the whole vault's does.
 */
export function sourcesFrom(model: VaultModel, scope: string): ResumeSources & ChangeSources {
	const byId = new Map<string, CheckpointRecord>();
	// Copies and torn files never stand for a record (docs/decisions.md §5, §9).
	for (const r of recordsOf(model.scan, scope)) {
		if (r.copyOf === null && !r.empty && !byId.has(r.id)) byId.set(r.id, r);
	}
	for (const r of model.scan.records) {
		if (r.copyOf === null && !r.empty && !byId.has(r.id)) byId.set(r.id, r);
	}
	return {
		recordOf: (id) => byId.get(id) ?? null,
		bulletLine: (path, heading, k) => model.lines.bullet(path, heading, k),
		keyLine: (path, key) => model.lines.key(path, key),
		notesPath: (scope) => scopeInfo(model, scope)?.uncommitted ?? null,
		changeLine: (rec) => changeLineOf(changeAgainstPrevious(model, rec)),
	};
}
