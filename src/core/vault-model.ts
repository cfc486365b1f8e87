/**
 * The whole vault read once: the scan plus each scope's working notes and verdicts.
 * Views, the CLI and the resume model all answer from this, so they agree.
 */
import { scanVault, type ScopeInfo, type VaultScan } from './layout';
import { parseUncommitted } from './notes';
import { parseReviewed } from './reviews';
import type { Problem, VaultFile, VaultSnapshot, Verdict, WorkingNote } from './types';

export interface VaultModel {
	scan: VaultScan;
	/** Scope names, sorted. */
	scopes: string[];
	notes: Map<string, WorkingNote[]>;
	verdicts: Map<string, Verdict[]>;
	/** Raw text by vault path, for locating lines of rulings and decisions. */
	texts: Map<string, string>;
	problems: Problem[];
}

function readScopeFile(files: Map<string, VaultFile>, path: string | null, problems: Problem[]): string | null {
	if (path === null) return null;
	const f = files.get(path);
	if (!f) return null;
	if (f.text === null) {
		problems.push({ kind: 'unreadable', path, session: null, detail: f.error ?? 'the file could not be read' });
		return null;
	}
	return f.text;
}

export function buildVaultModel(snap: VaultSnapshot): VaultModel {
	const scan = scanVault(snap);
	const files = new Map(snap.files.map((f) => [f.path, f]));
	const problems: Problem[] = [...scan.problems];
	const notes = new Map<string, WorkingNote[]>();
	const verdicts = new Map<string, Verdict[]>();
	for (const s of scan.scopes) {
		const notesText = readScopeFile(files, s.uncommitted, problems);
		notes.set(s.scope, notesText === null ? [] : parseUncommitted(notesText, s.scope));
		const reviewedText = readScopeFile(files, s.reviewed, problems);
		verdicts.set(s.scope, reviewedText === null ? [] : parseReviewed(reviewedText));
	}
	const texts = new Map<string, string>();
	for (const r of scan.records) {
		const t = files.get(r.path)?.text;
		if (t) texts.set(r.path, t);
	}
	return { scan, scopes: scan.scopes.map((s) => s.scope), notes, verdicts, texts, problems };
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
