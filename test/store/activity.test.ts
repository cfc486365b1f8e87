/**
 * Quiet scopes from the index: per scope, the checkpoint count, the newest checkpoint and
 * whether the scope is quiet must be what core's continuity report gives from a full scan,
 * at any `now`. Real sql.js over a copy of the fixture vault.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { QUIET_AFTER } from '../../src/core';
import { continuityOf, type ContinuityRow } from '../../src/core';
import { buildVaultModel } from '../../src/core';
import { IndexStore, type ScopeActivity } from '../../src/store';
import { Indexer } from '../../src/store/indexer';
import { listSessions, loadSnapshot, nodeTextPort } from '../../src/vault/node-fs';
import { loadSql, record } from '../helpers/store';

const OWN = path.join(__dirname, '..', 'fixtures', 'vault-own');
const DAY = 24 * 60 * 60;
/** g3, the newest checkpoint of the fixture (gamma, 2026-11-22 11:00 local). */
const NEWEST = 1795374000;
/** a8, alpha's newest history entry (T, newer by name, is torn). */
const ALPHA_LAST = 1794426450;

let sql: SqlJsStatic;
let dir: string;
beforeAll(async () => {
	sql = await loadSql();
});
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-activity-'));
	fs.cpSync(OWN, dir, { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function indexed(): Promise<IndexStore> {
	const store = IndexStore.create(sql);
	await new Indexer(store, nodeTextPort(dir), { ownAgent: () => 'obsidian' }).fullPass(listSessions(dir));
	// What a later start, or the CLI, reads: the saved bytes, not the live connection.
	const saved = new IndexStore(new sql.Database(store.export()));
	store.close();
	return saved;
}

/** The report's figures the index answers (uncommitted and abandoned come from notes). */
function fromScan(now: number): Omit<ContinuityRow, 'uncommitted' | 'abandoned'>[] {
	return continuityOf(buildVaultModel(loadSnapshot(dir)), now).map(({ uncommitted: _u, abandoned: _a, ...rest }) => rest);
}

const quietOf = (rows: readonly { scope: string; quiet: boolean }[]): string[] => rows.filter((r) => r.quiet).map((r) => r.scope);

describe('scope activity from the index', () => {
	test('equals the full scan\'s continuity report when one scope is quiet and when all are', async () => {
		const store = await indexed();
		const soon = NEWEST + DAY;
		const later = NEWEST + 30 * DAY;
		for (const now of [soon, later]) {
			const scan = fromScan(now);
			expect(scan.map((r) => r.scope)).toEqual(store.scopes());
			expect(store.scopeActivity(now)).toEqual(scan);
			// The pane's scope menu marks: the same when and whether quiet, without the counts.
			expect(store.scopeRecency(now, store.scopes())).toEqual(scan.map(({ scope, lastCheckpoint, quiet }) => ({ scope, lastCheckpoint, quiet })));
		}
		// A day after the newest checkpoint only the worktree (last checkpoint 8 Nov) is quiet.
		expect(quietOf(store.scopeActivity(soon))).toEqual(['alpha/spike']);
		expect(store.quietScopes(soon).map((a) => a.scope)).toEqual(['alpha/spike']);
		expect(quietOf(store.scopeActivity(later))).toEqual(['alpha', 'alpha/spike', 'beta', 'gamma']);
		// Copies and the torn file are not counted, and never newest (as history says).
		expect(store.scopeActivity(soon).find((a) => a.scope === 'alpha')).toEqual({
			scope: 'alpha', checkpoints: 8, lastCheckpoint: ALPHA_LAST, latest: '20261111-103000-claude', lastAgent: 'claude', quiet: false,
		});
		expect(store.scopeActivity(soon).find((a) => a.scope === 'beta')).toMatchObject({ checkpoints: 8, latest: '20261120-120000-codex' });
		store.close();
	});

	test('quiet starts strictly after 14 days, as isQuiet says', async () => {
		const store = await indexed();
		const alpha = (now: number): ScopeActivity | undefined => store.scopeActivity(now, ['alpha'])[0];
		expect(alpha(ALPHA_LAST + QUIET_AFTER)?.quiet).toBe(false);
		expect(alpha(ALPHA_LAST + QUIET_AFTER + 1)?.quiet).toBe(true);
		for (const now of [ALPHA_LAST + QUIET_AFTER, ALPHA_LAST + QUIET_AFTER + 1]) {
			expect(alpha(now)).toEqual(fromScan(now).find((r) => r.scope === 'alpha'));
		}
		store.close();
	});

	test('a scope with notes only, or a folder the caller names, has no checkpoint and is quiet; an empty folder is no scope', async () => {
		fs.mkdirSync(path.join(dir, 'sessions', 'delta'));
		fs.mkdirSync(path.join(dir, 'sessions', 'epsilon'));
		fs.writeFileSync(path.join(dir, 'sessions', 'epsilon', 'uncommitted.md'), '# uncommitted — epsilon\n\n- started on the importer <!-- ts=1795370000 agent=codex -->\n');
		const store = await indexed();
		const now = NEWEST + DAY;
		const scan = fromScan(now);
		const scopes = scan.map((r) => r.scope);
		// docs/format.md §1.3: the empty folder delta holds no record, so neither the scan nor the index lists it.
		expect(scopes).toEqual(['alpha', 'alpha/spike', 'beta', 'epsilon', 'gamma']);
		expect(store.scopes()).toEqual(['alpha', 'alpha/spike', 'beta', 'epsilon', 'gamma']);
		expect(store.scopeActivity(now, scopes)).toEqual(scan);
		expect(store.quietScopes(now).map((a) => a.scope)).toEqual(['alpha/spike', 'epsilon']);
		expect(store.scopeActivity(now, ['delta'])).toEqual([{ scope: 'delta', checkpoints: 0, lastCheckpoint: null, latest: null, lastAgent: null, quiet: true }]);
		store.close();
	});

	test('the newest scope and a scope\'s newest checkpoint follow each change at once', () => {
		const store = IndexStore.create(sql);
		store.upsertCheckpoint(record('20261101-090000-claude', { scope: 'kestrel', checkpoint: { ts: NEWEST } }), 1, 10);
		store.upsertCheckpoint(record('20261102-090000-codex', { scope: 'heron', checkpoint: { ts: NEWEST + 60 } }), 1, 10);
		expect(store.newestScope(['heron', 'kestrel'])).toBe('heron');
		expect(store.scopeActivity(NEWEST, ['kestrel'])[0].latest).toBe('20261101-090000-claude');
		store.upsertCheckpoint(record('20261103-090000-claude', { scope: 'kestrel', checkpoint: { ts: NEWEST + 120 } }), 1, 10);
		expect(store.newestScope(['heron', 'kestrel'])).toBe('kestrel');
		expect(store.scopeActivity(NEWEST, ['kestrel'])[0].latest).toBe('20261103-090000-claude');
		store.removePath(record('20261103-090000-claude', { scope: 'kestrel' }).path);
		expect(store.newestScope(['heron', 'kestrel'])).toBe('heron');
		store.close();
	});

	test('a scope holding only copies or torn files is quiet, and the newest is by file name, not by ts', () => {
		const store = IndexStore.create(sql);
		store.upsertCheckpoint(record('20261101-090000-claude', { scope: 'torn', empty: true, checkpoint: { ts: NEWEST } }), 1, 0);
		store.upsertCheckpoint(record('20261101-090000-claude 2', { scope: 'copied', copyOf: '20261101-090000-claude', checkpoint: { ts: NEWEST } }), 1, 10);
		// A malformed newest file reads ts 0 (fixture choice 1): history still puts it first.
		store.upsertCheckpoint(record('20261102-090000-codex', { scope: 'kestrel', checkpoint: { ts: 0, agent: '' } }), 1, 10);
		store.upsertCheckpoint(record('20261101-090000-claude', { scope: 'kestrel', checkpoint: { ts: NEWEST } }), 1, 10);
		expect(store.scopeActivity(NEWEST)).toEqual([
			{ scope: 'copied', checkpoints: 0, lastCheckpoint: null, latest: null, lastAgent: null, quiet: true },
			{ scope: 'kestrel', checkpoints: 2, lastCheckpoint: 0, latest: '20261102-090000-codex', lastAgent: null, quiet: true },
			{ scope: 'torn', checkpoints: 0, lastCheckpoint: null, latest: null, lastAgent: null, quiet: true },
		]);
		store.close();
	});
});
