/**
 * `index` and `stats`: the plugin's index built and read headlessly, through the same store
 * and indexer code, so the CLI and the plugin write the same rows for the same vault.
 * `stats` also lists the scopes gone quiet at `--now`, from the index alone.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'date-fns';
import { IndexStore, type IndexStats, isDamageError, loadIndex, openIndexStore, type ScopeActivity } from '../store';
import { Indexer, type PassReport } from '../store/indexer';
import { withChecksum } from '../store/checksum';
import { initSql } from '../store/sqlite';
import { SQL_WASM } from '../store/wasm-bytes';
import { nodeBytesPort } from '../vault/node-bytes';
import { listSessions, nodeTextPort } from '../vault/node-fs';
import { UsageError, type Command, type CommandContext } from './command-base';
import type { BytesPort } from '../store/persist';
import type { VaultModel } from '../core';
import { checkIndexTarget, IndexFileRefused, lockIndex, writeIndexFile } from './index-file';
import { count } from './output';

function dbPath(ctx: CommandContext): string {
	const db = ctx.values.db;
	if (typeof db !== 'string' || db === '') throw new UsageError('--db FILE is required');
	return path.resolve(db);
}

function statsText(db: string, s: IndexStats, extra: string[] = []): string {
	return [
		`index ${db} (schema ${s.schemaVersion})`,
		...extra,
		`checkpoints  ${s.checkpoints} in ${count(s.scopes, 'scope')}`,
		`rulings      ${s.rulings}`,
		`decisions    ${s.decisions}`,
		`notes        ${s.notes} in ${count(s.sessions, 'session')}, ${s.uncommitted} not yet checkpointed (${s.noteFiles} uncommitted.md files)`,
		`own notes    ${s.own}${s.unflushed > 0 ? `, ${s.unflushed} unflushed` : ''}`,
	].join('\n');
}

/** A scope gone quiet (docs/decisions.md §9), as the index answers at `now`. */
function quietLine(a: ScopeActivity): string {
	// A date in the reader's zone (docs/decisions.md §7); the JSON keeps unix seconds.
	const last = a.lastCheckpoint === null ? 'no checkpoint' : a.lastCheckpoint > 0 ? `last checkpoint ${format(a.lastCheckpoint * 1000, 'yyyy-MM-dd')}` : 'last checkpoint at an unknown time';
	return `quiet: ${a.scope} (${last})`;
}

/** Reads the vault into the index at `db` and writes it back; the caller holds the lock. */
async function buildIndex(ctx: CommandContext, db: string, agent: string): Promise<unknown> {
	const sql = await initSql(SQL_WASM);
	const { store, load } = await openIndexStore(sql, nodeBytesPort(), db);
	try {
		const pass = async (): Promise<{ report: PassReport; stats: IndexStats }> => {
			const ix = new Indexer(store, nodeTextPort(ctx.vaultDir), { ownAgent: () => agent });
			const report = await ix.fullPass(listSessions(ctx.vaultDir, ctx.sessionsRel));
			return { report, stats: store.stats() };
		};
		let rebuilt = load.rebuilt && load.reason !== 'missing' ? `${load.reason}: ${load.detail}` : null;
		let done;
		try {
			done = await pass();
		} catch (e) {
			// Damage the checks on opening could not see: start afresh, as for a damaged file.
			if (!store.replaceIfDamaged(e)) throw e;
			rebuilt = `corrupt: ${(e as Error).message}`;
			done = await pass();
		}
		const { report } = done;
		writeIndexFile(db, withChecksum(store.export()));
		const res = { db, rebuilt, read: report.read, removed: report.removed, ...done.stats };
		if (ctx.json) return res;
		const lines = [`read ${report.read} files, removed ${report.removed}`];
		if (rebuilt) lines.unshift(`the old index was unusable (${rebuilt}); rebuilt from the vault`);
		return statsText(db, res, lines);
	} finally {
		store.close();
	}
}

/** Reads only: the plugin may be writing the same file, and only `index` writes it. */
function readOnly(port: BytesPort): BytesPort {
	const refuse = (): Promise<never> => Promise.reject(new Error('the index is opened read-only here'));
	return { ...port, write: refuse, rename: refuse, remove: refuse };
}

/**
 * The vault's model from the index at `--db`, as the plugin builds it: the saved rows, with
 * the files changed since the index was saved read again (in memory only; the file is
 * never written). Null, with the reason, when the file is not a usable index: the caller
 * reads the vault instead.
 */
export async function indexedModel(ctx: CommandContext): Promise<{ model: VaultModel; close: () => void } | { unusable: string }> {
	const db = dbPath(ctx);
	if (!fs.existsSync(db)) throw new UsageError(`no index at ${db} (build one with: index --vault DIR --db FILE)`);
	const sql = await initSql(SQL_WASM);
	const loaded = await loadIndex(sql, readOnly(nodeBytesPort()), db);
	if (loaded.rebuilt) {
		loaded.db.close();
		return { unusable: `${loaded.reason}: ${loaded.detail}` };
	}
	const store = new IndexStore(loaded.db, { sql });
	try {
		const agent = typeof ctx.values.agent === 'string' && ctx.values.agent !== '' ? ctx.values.agent : 'obsidian';
		const ix = new Indexer(store, nodeTextPort(ctx.vaultDir), { ownAgent: () => agent });
		await ix.fullPass(listSessions(ctx.vaultDir, ctx.sessionsRel));
		// Open until the answer is made: the model reads line maps from the store when asked.
		return { model: await ix.model(), close: () => store.close() };
	} catch (e) {
		store.close();
		if (isDamageError(e)) return { unusable: `corrupt: ${(e as Error).message}` };
		throw e;
	}
}

export const indexCommands: Record<string, Command> = {
	index: {
		readsVault: true,
		async run(ctx) {
			const db = dbPath(ctx);
			const agent = typeof ctx.values.agent === 'string' && ctx.values.agent !== '' ? ctx.values.agent : 'obsidian';
			const places = { vaultDir: ctx.vaultDir, sessionsDir: path.join(ctx.vaultDir, ...ctx.sessionsRel.split('/')) };
			let release: () => void;
			try {
				checkIndexTarget(db, places);
				fs.mkdirSync(path.dirname(db), { recursive: true });
				release = await lockIndex(db);
			} catch (e) {
				throw e instanceof IndexFileRefused ? new UsageError(e.message) : e;
			}
			try {
				// Another run may have written the file while this one waited.
				checkIndexTarget(db, places);
				return await buildIndex(ctx, db, agent);
			} catch (e) {
				throw e instanceof IndexFileRefused ? new UsageError(e.message) : e;
			} finally {
				release();
			}
		},
	},
	stats: {
		readsVault: false,
		async run(ctx) {
			const db = dbPath(ctx);
			if (!fs.existsSync(db)) throw new UsageError(`no index at ${db} (build one with: index --vault DIR --db FILE)`);
			const sql = await initSql(SQL_WASM);
			const loaded = await loadIndex(sql, nodeBytesPort(), db);
			if (loaded.rebuilt) {
				loaded.db.close();
				throw new UsageError(`${db} is not a usable index (${loaded.reason}: ${loaded.detail})`);
			}
			const store = new IndexStore(loaded.db);
			try {
				const quiet = store.quietScopes(ctx.now);
				if (ctx.json) return { db, ...store.stats(), now: ctx.now, quiet };
				return [statsText(db, store.stats()), ...quiet.map(quietLine)].join('\n');
			} catch (e) {
				// Read-only: the damage is reported; `index` rebuilds the file.
				if (isDamageError(e)) throw new UsageError(`${db} is damaged (${(e as Error).message}); run index to rebuild it`);
				throw e;
			} finally {
				store.close();
			}
		},
	},
};
