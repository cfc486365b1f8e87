/**
 * How a read command sees the vault (docs/decisions.md "What a CLI command reads"): the
 * sessions folder walked once for names, files read only for what the answer needs, or,
 * with `--db FILE`, the index read-only. Kept apart from the command table so that the
 * lightest commands (`scopes`, `continuity`) load without the others' code.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkpointFileCount, fileRole, listScopes, listScopesOfFolders, newestRecord, type ScopeListing } from '../core';
import { history } from '../core';
import { buildVaultModel, projectOf, type VaultModel } from '../core';
import type { ScopeFacts } from '../core';
import { tallyNotes, tallyUncommitted, type NoteTally } from '../core';
import { pushAll, type VaultFile, type VaultSnapshot } from '../core';
import { namesByFolder, readTree, walkTree, type SessionsTree } from '../vault/node-fs';
import type { Command, CommandContext } from './command-base';

/**
 * The vault as one command sees it: the sessions folder walked once (names only), its scope
 * names known from those, and files read only for the scopes an answer needs. Placement,
 * copies and every problem a scan raises stay within a scope (vault-model.ts, ScopeModel), so
 * a model of some scopes answers about them exactly as a model of the whole vault does.
 */
export interface Vault {
	/** Every scope of the vault, sorted, from the names alone. */
	readonly scopes: string[];
	/** Whether the vault holds this scope. */
	isScope(scope: string): boolean;
	/** A project's scopes: the project's own and its worktrees', sorted. */
	projectScopes(project: string): string[];
	/** A model of these scopes (every scope with 'all'); their files are read now. */
	model(scopes: readonly string[] | 'all'): VaultModel;
	/** Each scope's count, newest checkpoint and working notes (`scopes`, `continuity`). */
	facts(): ScopeFacts[];
}

const inProject = (project: string) => (scope: string): boolean => scope === project || scope.startsWith(`${project}/`);

/** The facts from a model that holds every scope: the same as Vault.facts reads them. */
function factsOfModel(m: VaultModel): ScopeFacts[] {
	const listing = listScopes(m.scan.root, [], m.scan.records.map((r) => r.path));
	return m.scopes.map((scope) => ({
		scope,
		checkpoints: checkpointFileCount(listing, scope),
		latest: history(m.scan, scope).entries[0] ?? null,
		notes: tallyNotes(m.notes.get(scope) ?? []),
	}));
}

interface Walked {
	tree: SessionsTree;
	listing: ScopeListing;
}

/**
 * A markdown file's text and size in bytes, or null when it cannot be read. Read as text in
 * one call (Node decodes it without a buffer of our own: the big resume reads 2,000 files);
 * the size is the text's UTF-8 length, which is the file's unless a byte was not UTF-8 (the
 * text then holds U+FFFD and the bytes are read again for their count).
 */
function readText(abs: string, vaultPath: string): VaultFile | null {
	try {
		const text = fs.readFileSync(abs, 'utf8');
		const size = text.includes('\ufffd') ? fs.readFileSync(abs).length : Buffer.byteLength(text, 'utf8');
		return { path: vaultPath, text, mtime: 0, size };
	} catch {
		// Said as readTree says it (readWanted).
		return null;
	}
}

/**
 * readTree's snapshot without a stat per file: a plain markdown file is read for its bytes
 * alone (its `mtime` is 0: a stamp only keys the plugin's kept parses, and no answer of the
 * CLI shows one). Anything else, and a file whose read fails, is read as readTree reads it,
 * so a link, a folder or an unreadable file stands in the answer as ever.
 */
export function readWanted(ctx: Pick<CommandContext, 'vaultDir' | 'onRead'>, tree: Pick<SessionsTree, 'root' | 'dirs' | 'entries'>, want: (p: string) => boolean): VaultSnapshot {
	const snap: VaultSnapshot = { root: tree.root, files: [], dirs: tree.dirs };
	for (const e of tree.entries) {
		if (!want(e.path)) continue;
		if (e.kind === 'file' && e.name.endsWith('.md')) {
			const file = readText(e.abs, e.path);
			if (file !== null) {
				ctx.onRead?.(e.path);
				snap.files.push(file);
				continue;
			}
		}
		pushAll(snap.files, readTree(ctx.vaultDir, { root: tree.root, dirs: tree.dirs, entries: [e] }, () => true, ctx.onRead).files);
	}
	return snap;
}

/**
 * `project`: a question about that project's scopes only. Its folder is walked alone (a
 * scope, its worktrees and all their files lie under it); the rest of the sessions folder is
 * walked only if the answer turns out to need it (an unknown scope's message, a chain that
 * leaves the project).
 */
export function openVault(ctx: CommandContext, project?: string): Vault {
	const walk = (only?: string): Walked => {
		const tree = walkTree(ctx.vaultDir, ctx.sessionsRel, only, ctx.onList);
		return { tree, listing: listScopesOfFolders(tree.root, namesByFolder(tree)) };
	};
	let whole: Walked | null = project === undefined || ctx.read === 'all' ? walk() : null;
	const part = whole ?? walk(project);
	const all = (): Walked => (whole ??= walk());
	const ours = (scope: string): boolean => project !== undefined && projectOf(scope) === project;
	const root = part.tree.root.replace(/^\/+|\/+$/g, '');
	const read = (from: Walked, want: (p: string) => boolean) => readWanted(ctx, from.tree, want);
	const v: Vault = {
		get scopes() {
			return all().listing.scopes;
		},
		isScope: (scope) => (ours(scope) ? part : all()).listing.scopes.includes(scope),
		projectScopes: (p) => (p === project ? part : all()).listing.scopes.filter(inProject(p)),
		model(want) {
			if (want === 'all' || ctx.read === 'all') return buildVaultModel(read(all(), () => true));
			const set = new Set(want);
			return buildVaultModel(read(want.every(ours) ? part : all(), (p) => set.has(fileRole(root, p)?.scope ?? '\n')));
		},
		facts() {
			if (ctx.read === 'all') return factsOfModel(v.model('all'));
			const w = all();
			return listedFacts(ctx, w.tree, w.listing, v);
		},
	};
	return v;
}

/**
 * The newest record of each scope read newest first, never the older ones (as logos reads
 * a scope's latest), and the `uncommitted.md` files; a scope whose newest record names a
 * session other than its file's stem is read whole (newestRecord).
 */
function listedFacts(ctx: CommandContext, tree: SessionsTree, listing: ScopeListing, v: Vault): ScopeFacts[] {
	// A listed path is a plain file unless the walk found something else there (a link, a
	// folder, a special file): only those are looked up, not every one of 10,000 names.
	type Entry = SessionsTree['entries'][number];
	const entryOf = (p: string): Entry => tree.odd.get(p) ?? { abs: path.join(ctx.vaultDir, p), name: p.slice(p.lastIndexOf('/') + 1), path: p, kind: 'file' };
	const readOne = (p: string) => readWanted(ctx, { root: tree.root, dirs: tree.dirs, entries: [entryOf(p)] }, () => true).files[0];
	return listing.scopes.map((scope) => {
		let latest = newestRecord(listing, scope, readOne);
		if (latest === undefined) latest = history(v.model([scope]).scan, scope).entries[0] ?? null;
		// A model's notes of a scope, without the model: its uncommitted.md tallied, none when unreadable (buildVaultModel).
		const notesPath = listing.notes.get(scope);
		const text = notesPath === undefined ? null : readOne(notesPath).text;
		const notes: NoteTally = text === null ? { count: 0, lastByAgent: new Map() } : tallyUncommitted(text);
		return { scope, checkpoints: checkpointFileCount(listing, scope), latest, notes };
	});
}

/**
 * A read command: from the files, or with `--db FILE` from that index, read-only, with the
 * files changed since it was saved read again (index-commands.ts). An index that cannot be
 * used is said on stderr and the files answer.
 */
export function readCommand(body: (ctx: CommandContext, v: Vault) => unknown, about: 'vault' | 'project' = 'vault'): Command['run'] {
	return (ctx) => {
		const scope = ctx.values.scope;
		const open = (): Vault => openVault(ctx, about === 'project' && typeof scope === 'string' ? projectOf(scope) : undefined);
		if (ctx.values.db === undefined) return body(ctx, open());
		return (async () => {
			const { indexedModel } = await import('./index-commands');
			const got = await indexedModel(ctx);
			if ('unusable' in got) {
				ctx.warn?.(`${String(ctx.values.db)} is not a usable index (${got.unusable}); answered from the files`);
				return body(ctx, open());
			}
			const m = got.model;
			try {
				// Awaited here, so the index stays open until the answer is made.
				return await body(ctx, {
					scopes: m.scopes,
					isScope: (s) => m.scopes.includes(s),
					projectScopes: (p) => m.scopes.filter(inProject(p)),
					model: () => m,
					facts: () => factsOfModel(m),
				});
			} finally {
				got.close();
			}
		})();
	};
}
