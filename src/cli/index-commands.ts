/**
 * `index` and `stats`: the plugin's index built and read headlessly, through the same store
 * and indexer code, so the CLI and the plugin write the same rows for the same vault.
 * `stats` also lists the scopes gone quiet at `--now`, from the index alone.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'date-fns';
import { IndexStore, type IndexStats, loadIndex, openIndexStore, saveIndex, type ScopeActivity } from '../store';
import { Indexer } from '../store/indexer';
import { initSql } from '../store/sqlite';
import { SQL_WASM } from '../store/wasm-bytes';
import { nodeBytesPort } from '../vault/node-bytes';
import { listSessions, nodeTextPort } from '../vault/node-fs';
import { UsageError, type Command, type CommandContext } from './command-base';

function dbPath(ctx: CommandContext): string {
	const db = ctx.values.db;
	if (typeof db !== 'string' || db === '') throw new UsageError('--db FILE is required');
	return path.resolve(db);
}

function statsText(db: string, s: IndexStats, extra: string[] = []): string {
	return [
		`index ${db} (schema ${s.schemaVersion})`,
		...extra,
		`checkpoints  ${s.checkpoints} in ${s.scopes} scopes`,
		`rulings      ${s.rulings}`,
		`decisions    ${s.decisions}`,
		`notes        ${s.notes} in ${s.sessions} sessions, ${s.uncommitted} not yet checkpointed (${s.noteFiles} uncommitted.md files)`,
		`own notes    ${s.own}${s.unflushed > 0 ? `, ${s.unflushed} unflushed` : ''}`,
	].join('\n');
}

/** A scope gone quiet (no checkpoint for 14 days), as the index answers at `now`. */
function quietLine(a: ScopeActivity): string {
	// A date in the reader's zone, as a person reads it; the JSON keeps unix seconds.
	const last = a.lastCheckpoint === null ? 'no checkpoint' : a.lastCheckpoint > 0 ? `last checkpoint ${format(a.lastCheckpoint * 1000, 'yyyy-MM-dd')}` : 'last checkpoint at an unknown time';
	return `quiet: ${a.scope} (${last})`;
}

export const indexCommands: Record<string, Command> = {
	index: {
		readsVault: true,
		async run(ctx) {
			const db = dbPath(ctx);
			const agent = typeof ctx.values.agent === 'string' && ctx.values.agent !== '' ? ctx.values.agent : 'obsidian';
			const sql = await initSql(SQL_WASM);
			const port = nodeBytesPort();
			const { store, load } = await openIndexStore(sql, port, db);
			try {
				const ix = new Indexer(store, nodeTextPort(ctx.vaultDir), { ownAgent: () => agent });
				const report = await ix.fullPass(listSessions(ctx.vaultDir, ctx.sessionsRel));
				await saveIndex(port, db, store.export());
				const rebuilt = load.rebuilt && load.reason !== 'missing' ? `${load.reason}: ${load.detail}` : null;
				const res = { db, rebuilt, read: report.read, removed: report.removed, ...store.stats() };
				if (ctx.json) return res;
				const lines = [`read ${report.read} files, removed ${report.removed}`];
				if (rebuilt) lines.unshift(`the old index was unusable (${rebuilt}); rebuilt from the vault`);
				return statsText(db, res, lines);
			} finally {
				store.close();
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
			} finally {
				store.close();
			}
		},
	},
};
