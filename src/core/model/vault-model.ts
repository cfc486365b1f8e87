/**
 * The whole vault read once: the scan plus each scope's working notes and verdicts.
 * Views, the CLI and the resume model all answer from this, so they agree.
 */
import { byPath, problemOrder, scanVault, type ParseCache, type ScopeInfo, type TranscriptFile, type VaultScan } from './scan';
import { compareBytes } from '../format/names';
import { linesFromTexts, type LineSource } from '../format/lines';
import { parseUncommitted } from '../format/notes';
import { parseReviewed } from '../format/reviews';
import type { CheckpointRecord, Problem, VaultFile, VaultSnapshot, Verdict, WorkingNote } from '../types';
import { pushAll } from '../arrays';
import { Memo } from '../memo';

export interface VaultModel {
	scan: VaultScan;
	/** Scope names, sorted. */
	scopes: string[];
	notes: Map<string, WorkingNote[]>;
	verdicts: Map<string, Verdict[]>;
	/** Where bullets and frontmatter keys sit in each checkpoint, for links to their lines. */
	lines: LineSource;
	problems: Problem[];
}

/**
 * What an index brings to a build so unchanged files are not read again: kept parses of
 * checkpoints, of uncommitted.md and reviewed.md (by the file's stamp), and line maps.
 * Without it every file's text is parsed.
 */
export interface ModelCache extends ParseCache {
	lines: LineSource;
	notes(file: VaultFile, scope: string): WorkingNote[] | undefined;
	verdicts(file: VaultFile): Verdict[] | undefined;
}

/** A scope file's parse: kept, else from its text; [] (and a problem) when it could not be read. */
function readScopeFile<T>(files: Map<string, VaultFile>, path: string | null, problems: Problem[], kept: (f: VaultFile) => T[] | undefined, parse: (text: string) => T[]): T[] {
	if (path === null) return [];
	const f = files.get(path);
	if (!f) return [];
	const hit = kept(f);
	if (hit) return hit;
	if (f.text === null) {
		problems.push({ kind: 'unreadable', path, session: null, detail: f.error ?? 'the file could not be read' });
		return [];
	}
	return parse(f.text);
}

export function buildVaultModel(snap: VaultSnapshot, cache?: ModelCache): VaultModel {
	const scan = scanVault(snap, cache);
	const files = new Map(snap.files.map((f) => [f.path, f]));
	const problems: Problem[] = [...scan.problems];
	const notes = new Map<string, WorkingNote[]>();
	const verdicts = new Map<string, Verdict[]>();
	for (const s of scan.scopes) {
		notes.set(s.scope, readScopeFile(files, s.uncommitted, problems, (f) => cache?.notes(f, s.scope), (t) => parseUncommitted(t, s.scope)));
		verdicts.set(s.scope, readScopeFile(files, s.reviewed, problems, (f) => cache?.verdicts(f), parseReviewed));
	}
	let lines = cache?.lines;
	if (!lines) {
		const texts = new Map<string, string>();
		for (const r of scan.records) {
			const t = files.get(r.path)?.text;
			if (t) texts.set(r.path, t);
		}
		lines = linesFromTexts(texts);
	}
	return { scan, scopes: scan.scopes.map((s) => s.scope), notes, verdicts, lines, problems };
}

/**
 * One scope's share of a model, built from that scope's files alone: placement, folding
 * and every problem a scan raises stay within one scope, so a model put together from
 * these (combineScopeModels) is the one buildVaultModel gives for the whole folder. An
 * index keeps them and builds again only the scopes a change touched.
 */
export interface ScopeModel {
	scope: string;
	/** Null when the files make no scope (a folder holding only reviewed.md or transcripts). */
	info: ScopeInfo | null;
	/** In path order; the same array for as long as the scope model is kept. */
	records: CheckpointRecord[];
	transcripts: TranscriptFile[];
	problems: Problem[];
	folded: VaultScan['folded'];
	notes: WorkingNote[];
	verdicts: Verdict[];
	/** Problems reading the scope's uncommitted.md and reviewed.md. */
	fileProblems: Problem[];
}

/** `snap` holds only files of `scope` (as fileRole places them). */
export function buildScopeModel(snap: VaultSnapshot, scope: string, cache?: ModelCache): ScopeModel {
	const m = buildVaultModel(snap, cache);
	return {
		scope,
		info: scopeInfo(m, scope),
		records: m.scan.byScope.get(scope) ?? [],
		transcripts: m.scan.transcripts,
		problems: m.scan.problems,
		folded: m.scan.folded,
		notes: m.notes.get(scope) ?? [],
		verdicts: m.verdicts.get(scope) ?? [],
		fileProblems: m.problems.slice(m.scan.problems.length),
	};
}

/**
 * The records of a project's scopes (a scope and its worktrees) in path order. Kept while the
 * same lists come back: a model built again after a change elsewhere sorts nothing again.
 */
const projectRecords = new Memo<readonly CheckpointRecord[], { lists: readonly (readonly CheckpointRecord[])[]; merged: readonly CheckpointRecord[] }>();

function inPathOrder(lists: readonly CheckpointRecord[][]): readonly CheckpointRecord[] {
	const same = (kept: { lists: readonly (readonly CheckpointRecord[])[] }): boolean => kept.lists.length === lists.length && kept.lists.every((l, i) => l === lists[i]);
	return projectRecords.get(lists[0], () => ({ lists: [...lists], merged: lists.flat().sort(byPath) }), same).merged;
}

/** The model of a folder from its scopes' models; `projects` are its top-level folders (a project may hold no record, and is then no scope: docs/format.md §1.3). */
export function combineScopeModels(root: string, projects: readonly string[], parts: readonly ScopeModel[], lines: LineSource): VaultModel {
	const sorted = [...parts].sort((a, b) => compareBytes(a.scope, b.scope));
	const bare = root.replace(/^\/+|\/+$/g, '');
	const infos = new Map<string, ScopeInfo>();
	for (const p of sorted) if (p.info) infos.set(p.scope, p.info);
	const scopes = [...infos.values()].sort((a, b) => compareBytes(a.scope, b.scope));
	const byScope = new Map<string, CheckpointRecord[]>();
	const transcripts: TranscriptFile[] = [];
	const scanProblems: Problem[] = [];
	const folded: VaultScan['folded'] = [];
	// Records in path order without sorting them all: a scope's files sit under its folder, so
	// projects follow each other in the order of `project/`; only a project with worktree
	// scopes has files of several scopes interleaved, and only those are sorted.
	const byProject = new Map<string, CheckpointRecord[][]>();
	// In the scan's own order: by each scope's first path.
	for (const p of sorted.filter((x) => x.records.length > 0).sort((a, b) => byPath(a.records[0], b.records[0]))) byScope.set(p.scope, p.records);
	for (const p of sorted) {
		const project = projectOf(p.scope);
		const lists = byProject.get(project);
		if (lists) lists.push(p.records);
		else byProject.set(project, [p.records]);
		pushAll(transcripts, p.transcripts);
		pushAll(scanProblems, p.problems);
		pushAll(folded, p.folded);
	}
	// The whole vault's records in one list, made when first asked: a model built again after a
	// change answers most questions by scope, and joining 100,000 records is work that grows with the vault.
	let records: CheckpointRecord[] | null = null;
	const allRecords = (): CheckpointRecord[] => {
		const out: CheckpointRecord[] = [];
		for (const project of [...byProject.keys()].sort((a, b) => compareBytes(`${a}/`, `${b}/`))) {
			const lists = byProject.get(project) as CheckpointRecord[][];
			pushAll(out, lists.length === 1 ? lists[0] : inPathOrder(lists));
		}
		return out;
	};
	// Each part is in order already: these sorts merge runs.
	transcripts.sort(byPath);
	folded.sort(byPath);
	scanProblems.sort(problemOrder);
	const byName = new Map(sorted.map((p) => [p.scope, p]));
	const problems = [...scanProblems];
	const notes = new Map<string, WorkingNote[]>();
	const verdicts = new Map<string, Verdict[]>();
	for (const s of scopes) {
		const part = byName.get(s.scope);
		notes.set(s.scope, part?.notes ?? []);
		verdicts.set(s.scope, part?.verdicts ?? []);
		if (part) pushAll(problems, part.fileProblems);
	}
	const scan: VaultScan = {
		root: bare, projects: [...projects].sort(compareBytes), scopes, byScope, transcripts, problems: scanProblems, folded,
		get records() {
			return (records ??= allRecords());
		},
	};
	return { scan, scopes: scopes.map((s) => s.scope), notes, verdicts, lines, problems };
}

export function scopeInfo(model: VaultModel, scope: string): ScopeInfo | null {
	return model.scan.scopes.find((s) => s.scope === scope) ?? null;
}

/** The scope a vault path belongs to (its deepest scope folder), or null outside every scope. */
export function scopeOfPath(model: VaultModel, path: string): string | null {
	let best: ScopeInfo | null = null;
	for (const s of model.scan.scopes) {
		if (path === s.dir || path.startsWith(`${s.dir}/`)) {
			if (!best || s.dir.length > best.dir.length) best = s;
		}
	}
	return best?.scope ?? null;
}

/** The scope whose newest checkpoint (by file name) is newest in the vault: where work last happened. */
export function mostRecentScope(model: VaultModel): string | null {
	let best: { name: string; scope: string } | null = null;
	for (const r of model.scan.records) {
		if (r.copyOf !== null || r.empty) continue;
		if (!best || compareBytes(r.name, best.name) > 0) best = { name: r.name, scope: r.scope };
	}
	return best?.scope ?? model.scopes[0] ?? null;
}

export function projectOf(scope: string): string {
	const slash = scope.indexOf('/');
	return slash < 0 ? scope : scope.slice(0, slash);
}
