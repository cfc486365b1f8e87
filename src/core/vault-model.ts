/**
 * The whole vault read once: the scan plus each scope's working notes and verdicts.
 * Views, the CLI and the resume model all answer from this, so they agree.
 */
import { scanVault, type ParseCache, type ScopeInfo, type VaultScan } from './layout';
import { linesFromTexts, type LineSource } from './lines';
import { parseUncommitted } from './notes';
import { parseReviewed } from './reviews';
import type { Problem, VaultFile, VaultSnapshot, Verdict, WorkingNote } from './types';

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

export function projectOf(scope: string): string {
	const slash = scope.indexOf('/');
	return slash < 0 ? scope : scope.slice(0, slash);
}
