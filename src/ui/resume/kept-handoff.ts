/**
 * The pane's first screen kept on this device for the next start (docs/decisions.md, "The
 * handoff kept for the next start"): the handoff block as last drawn, with the answers the
 * drawing asked of the model (lines, records, the change line), and a stamp of every file in
 * the project folders it came from. A start draws it at once when those files still have the same
 * names, times and sizes — the same evidence on which the index trusts a file it read before —
 * and the pane's live draw replaces it once the index has answered.
 */
import { TFile, TFolder, type App, type TAbstractFile } from 'obsidian';
import { projectOf, type CheckpointRecord, type ResumeLatest } from '../../core';
import { sum } from '../../store/checksum';
import type { ChangeLine, ChangeSources } from './change-line';
import type { ResumeSources } from './resume-dom';
import { loadKeptList, saveKeptList, type DeviceStorage } from '../since/device-memory';

export const KEPT_HANDOFFS_KEY = 'logos-continuity-kept-handoffs';

/** Handoffs kept, the most recently drawn first: a few panes and scopes, never the vault. */
export const KEPT_MAX = 8;

/** A conversation of the scope as the pane's conversation menu lists it. */
export interface KeptOption {
	id: string;
	name: string;
	ts: number;
}

export interface KeptHandoff {
	v: 1;
	root: string;
	scope: string;
	conversation: string | null;
	/** Each project folder's stamp, by project: the scope's and those of the records the block names. */
	stamps: [string, string][];
	latest: ResumeLatest;
	notes: number;
	options: KeptOption[];
	/** Every scope's name, for the scope menu (a scope made since is listed once the index answers). */
	scopes: string[];
	/** What the block asked of its sources, and their answers. */
	records: [string, CheckpointRecord][];
	lines: [string, number][];
	notesPaths: [string, string | null][];
	change: ChangeLine | null;
}

/** What a draw of the handoff block asked of its sources; `taken()` is a copy of it so far. */
export class RecordingSources implements ResumeSources, ChangeSources {
	private readonly records = new Map<string, CheckpointRecord>();
	private readonly lines = new Map<string, number>();
	private readonly notesPaths = new Map<string, string | null>();
	private change: ChangeLine | null = null;

	constructor(private readonly inner: ResumeSources & Partial<ChangeSources>) {}

	recordOf(id: string): CheckpointRecord | null {
		const r = this.inner.recordOf(id);
		if (r) this.records.set(id, r);
		return r;
	}

	bulletLine(path: string, heading: string, k: number): number {
		const n = this.inner.bulletLine(path, heading, k);
		this.lines.set(bulletKey(path, heading, k), n);
		return n;
	}

	keyLine(path: string, key: string): number {
		const n = this.inner.keyLine(path, key);
		this.lines.set(keyKey(path, key), n);
		return n;
	}

	notesPath(scope: string): string | null {
		const p = this.inner.notesPath(scope);
		this.notesPaths.set(scope, p);
		return p;
	}

	changeLine(rec: CheckpointRecord): ChangeLine | null {
		this.change = this.inner.changeLine?.(rec) ?? null;
		return this.change;
	}

	taken(): Pick<KeptHandoff, 'records' | 'lines' | 'notesPaths' | 'change'> {
		return { records: [...this.records], lines: [...this.lines], notesPaths: [...this.notesPaths], change: this.change };
	}
}

function bulletKey(path: string, heading: string, k: number): string {
	return `b\u0000${path}\u0000${heading}\u0000${k}`;
}

function keyKey(path: string, key: string): string {
	return `k\u0000${path}\u0000${key}`;
}

/** Sources that answer what the kept drawing asked, as the model answered it then. */
export function keptSources(k: KeptHandoff): ResumeSources & ChangeSources {
	const records = new Map(k.records);
	const lines = new Map(k.lines);
	const notesPaths = new Map(k.notesPaths);
	return {
		recordOf: (id) => records.get(id) ?? null,
		bulletLine: (path, heading, n) => lines.get(bulletKey(path, heading, n)) ?? -1,
		keyLine: (path, key) => lines.get(keyKey(path, key)) ?? -1,
		notesPath: (scope) => notesPaths.get(scope) ?? null,
		changeLine: () => k.change,
	};
}

/**
 * The project folders a kept handoff depends on: its scope's and those of the records it names.
 * A project's, not a scope's: a conversation and the conversation menu span the project's
 * worktree scopes (the folders inside it), as the pane's model does.
 */
export function projectsOf(scope: string, latest: ResumeLatest, taken: Pick<KeptHandoff, 'records' | 'change'>): string[] {
	const out = new Set([projectOf(scope), projectOf(latest.record.scope)]);
	for (const [, r] of taken.records) out.add(projectOf(r.scope));
	if (taken.change) out.add(projectOf(taken.change.previousScope));
	return [...out].sort();
}

/**
 * Every file under a project's folder (its worktree scopes too), by path, modification time
 * and size, as one stamp. Worked out from the vault's file tree: nothing is read.
 */
export function folderStamp(app: App, root: string, project: string): string {
	const folder = app.vault.getAbstractFileByPath(root === '' ? project : `${root}/${project}`);
	if (!(folder instanceof TFolder)) return 'none';
	const parts: string[] = [];
	const walk = (f: TAbstractFile): void => {
		if (f instanceof TFile) parts.push(`${f.path}\u0000${f.stat.mtime}\u0000${f.stat.size}`);
		else if (f instanceof TFolder) for (const c of f.children) walk(c);
	};
	walk(folder);
	parts.sort();
	const [a, b] = sum(new TextEncoder().encode(parts.join('\n')));
	return `${parts.length}.${a.toString(36)}.${b.toString(36)}`;
}

const isPair = (x: unknown, second: string): boolean => Array.isArray(x) && x.length === 2 && typeof x[0] === 'string' && typeof x[1] === second;

/** The shape this version writes; a record inside that is not whole makes the drawing fail, and the pane passes it over. */
function isKept(x: unknown): x is KeptHandoff {
	if (x === null || typeof x !== 'object') return false;
	const k = x as Partial<KeptHandoff>;
	return (
		k.v === 1 && typeof k.scope === 'string' && typeof k.root === 'string' && (k.conversation === null || typeof k.conversation === 'string') &&
		Array.isArray(k.stamps) && k.stamps.every((p) => isPair(p, 'string')) && Array.isArray(k.lines) && k.lines.every((p) => isPair(p, 'number')) &&
		Array.isArray(k.records) && Array.isArray(k.notesPaths) && Array.isArray(k.options) && typeof k.notes === 'number' &&
		Array.isArray(k.scopes) && k.scopes.every((x) => typeof x === 'string') &&
		typeof k.latest === 'object' && k.latest !== null
	);
}

/** The app's device-local storage (docs/decisions.md §1); older Obsidian versions lack it, and then nothing is kept. */
function allKept(store: DeviceStorage): KeptHandoff[] {
	return loadKeptList(store, KEPT_HANDOFFS_KEY, isKept);
}

/** The kept handoff of a scope and conversation, when every file it came from is as it was. */
export function keptHandoff(app: App, root: string, scope: string, conversation: string | null): KeptHandoff | null {
	const k = allKept(app).find((x) => x.root === root && x.scope === scope && x.conversation === conversation);
	if (!k) return null;
	for (const [project, stamp] of k.stamps) if (folderStamp(app, root, project) !== stamp) return null;
	return k;
}

/**
 * The conversation menu as kept: the one shown, if any. The whole menu comes with the index's
 * first answer; drawing a long one would delay the first screen (a few ms per hundred).
 */
export function keptOptions(options: readonly KeptOption[], shown: string | null): KeptOption[] {
	return options.filter((o) => o.id === shown);
}

/**
 * Keeps `k` in place of the same scope and conversation's, the newest first; `k` null forgets
 * that key's. A storage that refuses (full) keeps nothing: the pane draws from the index as ever.
 */
export function keepHandoff(store: DeviceStorage, key: Pick<KeptHandoff, 'root' | 'scope' | 'conversation'>, k: KeptHandoff | null): void {
	const others = allKept(store).filter((x) => !(x.root === key.root && x.scope === key.scope && x.conversation === key.conversation));
	saveKeptList(store, KEPT_HANDOFFS_KEY, (k ? [k, ...others] : others).slice(0, KEPT_MAX));
}
