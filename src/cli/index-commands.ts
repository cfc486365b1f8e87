/**
 * `index` and `stats`: the plugin's index built and read headlessly, through the same store
 * and indexer code, so the CLI and the plugin write the same rows for the same vault.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadIndex, openIndexStore, saveIndex } from '../store';
import { IndexStore, type IndexStats } from '../store/index-store';
import { Indexer } from '../store/indexer';
import { initSql } from '../store/sqlite';
import { SQL_WASM } from '../store/wasm-bytes';
import { nodeBytesPort } from '../vault/node-bytes';
import { listSessions, nodeTextPort } from '../vault/node-fs';
import type { Command, CommandContext } from './commands';

function dbPath(ctx: CommandContext, usage: (m: string) => Error): string {
	const db = ctx.values.db;
	if (typeof db !== 'string' || db === '') throw usage('--db FILE is required');
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

export function indexCommands(usage: (message: string) => Error): Record<string, Command> {
	return {
		index: {
			readsVault: true,
			async run(ctx) {
				const db = dbPath(ctx, usage);
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
				const db = dbPath(ctx, usage);
				if (!fs.existsSync(db)) throw usage(`no index at ${db} (build one with: index --vault DIR --db FILE)`);
				const sql = await initSql(SQL_WASM);
				const loaded = await loadIndex(sql, nodeBytesPort(), db);
				if (loaded.rebuilt) {
					loaded.db.close();
					throw usage(`${db} is not a usable index (${loaded.reason}: ${loaded.detail})`);
				}
				const store = new IndexStore(loaded.db);
				try {
					const s = { db, ...store.stats() };
					return ctx.json ? s : statsText(db, s);
				} finally {
					store.close();
				}
			},
		},
	};
}
