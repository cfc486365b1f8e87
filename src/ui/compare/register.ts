/**
 * Registers the compare view and its commands: "Compare with previous checkpoint" (the one
 * before in its conversation, else the one it follows) and "Compare with…" (any checkpoint
 * of the note's scope, chosen in a fuzzy list). main.ts calls this once in onload and
 * `refresh` whenever the model changed.
 */
import { FuzzySuggestModal, Notice, type App, type Plugin } from 'obsidian';
import { chainPlace } from '../../core';
import { previousCheckpoint } from '../../core';
import { history } from '../../core';
import type { CheckpointRecord } from '../../core';
import { isChainNote, type ChainHost } from '../chain/chain-nav';
import { COMPARE_VIEW_TYPE, CompareView, openCompare, ordered } from './compare-view';
import { nowSeconds } from '../resume/copy-resume';
import { age } from '../resume/resume-dom';

export interface CompareFeatures {
	refresh(): void;
}

export const COMPARE_TEXT = {
	noPrevious: 'This checkpoint starts its line of work: nothing comes before it in its conversation, and it follows none.',
	notCheckpoint: 'This note holds nothing logos reads: it cannot be compared.',
	alone: 'This scope holds no other checkpoint to compare with.',
} as const;

/** The checkpoint a note stands for: itself, the original of a copy; null for an empty file. */
async function recordOfNote(host: ChainHost, path: string): Promise<{ rec: CheckpointRecord; all: readonly CheckpointRecord[] } | null> {
	const { model } = await host.source.load();
	const place = chainPlace(model.scan, path);
	if (!place?.canonical) {
		new Notice(COMPARE_TEXT.notCheckpoint);
		return null;
	}
	return { rec: place.canonical, all: history(model.scan, place.canonical.scope).entries };
}

export async function compareWithPrevious(host: ChainHost, path: string): Promise<CheckpointRecord | null> {
	const found = await recordOfNote(host, path);
	if (!found) return null;
	const { model } = await host.source.load();
	const prev = previousCheckpoint(model, found.rec);
	if (!prev) {
		new Notice(COMPARE_TEXT.noPrevious);
		return null;
	}
	await openCompare(host.app, prev.record, found.rec);
	return prev.record;
}

export class CheckpointChooser extends FuzzySuggestModal<CheckpointRecord> {
	constructor(
		app: App,
		private readonly records: CheckpointRecord[],
		private readonly choose: (r: CheckpointRecord) => void,
	) {
		super(app);
		this.setPlaceholder('Compare with which checkpoint? ID, agent or task');
		this.emptyStateText = 'No checkpoint of this scope matches.';
	}

	getItems(): CheckpointRecord[] {
		return this.records;
	}

	getItemText(r: CheckpointRecord): string {
		const c = r.checkpoint;
		return [r.id, c.agent.trim(), c.task.trim().split('\n')[0], age(c.ts, nowSeconds())].filter((s) => s !== '').join(' · ');
	}

	onChooseItem(r: CheckpointRecord): void {
		this.choose(r);
	}
}

export async function compareWith(host: ChainHost, path: string): Promise<CheckpointChooser | null> {
	const found = await recordOfNote(host, path);
	if (!found) return null;
	const others = found.all.filter((r) => r !== found.rec);
	if (others.length === 0) {
		new Notice(COMPARE_TEXT.alone);
		return null;
	}
	const chooser = new CheckpointChooser(host.app, others, (r) => {
		const [older, newer] = ordered(r, found.rec);
		void openCompare(host.app, older, newer);
	});
	chooser.open();
	return chooser;
}

export function registerCompare(plugin: Plugin & ChainHost): CompareFeatures {
	const app = plugin.app;
	const host: ChainHost = plugin;
	plugin.registerView(COMPARE_VIEW_TYPE, (leaf) => new CompareView(leaf, host));
	const onNote = (id: string, name: string, run: (path: string) => Promise<unknown>): void => {
		plugin.addCommand({
			id,
			name,
			checkCallback: (checking) => {
				const file = app.workspace.getActiveFile();
				if (!file || !isChainNote(host, file.path)) return false;
				if (!checking) void run(file.path);
				return true;
			},
		});
	};
	onNote('compare-with-previous', 'Compare with previous checkpoint', (path) => compareWithPrevious(host, path));
	onNote('compare-with', 'Compare with…', (path) => compareWith(host, path));
	return {
		refresh(): void {
			for (const leaf of app.workspace.getLeavesOfType(COMPARE_VIEW_TYPE)) {
				if (leaf.view instanceof CompareView) void leaf.view.refresh();
			}
		},
	};
}
