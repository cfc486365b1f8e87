/** @jest-environment jsdom */
/**
 * The plugin and `cli index` write the same rows for the same vault: the CLI's command
 * over a copy of our fixture vault on disk, the plugin over the same files in the mocks.
 */
import 'obsidian-test-mocks/jest-setup';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMANDS } from '../../src/cli/commands';
import { IndexStore } from '../../src/store/store';
import { dumpRows } from '../helpers/index-rows';
import { loadSql } from '../helpers/store';
import { loadPlugin, makeApp } from '../helpers/harness';
import { fixtureFiles, tolerateBadFrontmatter } from '../helpers/review-harness';

const OWN = path.join(__dirname, '..', 'fixtures', 'vault-own');

/** Rows without sizes: the mocks count characters where a disk counts bytes. */
function rows(sqlStore: IndexStore, sql: Awaited<ReturnType<typeof loadSql>>): unknown {
	const r = dumpRows(sql, sqlStore);
	const noSize = (x: unknown): unknown => {
		const { size: _size, ...rest } = x as Record<string, unknown>;
		return rest;
	};
	return { ...r, checkpoints: r.checkpoints.map(noSize), noteFiles: r.noteFiles.map(noSize) };
}

test('the plugin and the CLI write the same rows for the same vault', async () => {
	const sql = await loadSql();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-same-rows-'));
	try {
		const db = path.join(dir, 'index.db');
		await COMMANDS.index.run({ vaultDir: OWN, sessionsRel: 'sessions', values: { db }, args: [], now: 0, json: true });
		const fromCli = new IndexStore(new sql.Database(fs.readFileSync(db)));
		tolerateBadFrontmatter();
		const plugin = await loadPlugin(makeApp(fixtureFiles(OWN)));
		await plugin.index.service.run(() => undefined);
		const store = plugin.index.service.store;
		if (!store) throw new Error('the plugin\'s index is not open');
		expect(store.stats().checkpoints).toBeGreaterThan(20);
		expect(rows(store, sql)).toEqual(rows(fromCli, sql));
		plugin.unload();
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});
