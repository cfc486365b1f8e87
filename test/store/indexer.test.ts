/**
 * The indexer against a real folder and real sql.js: its model is the full scan's, a warm
 * pass reads nothing, and every kind of change leaves the rows a cold index would write.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { buildResume, rulingsOf } from '../../src/core';
import { emptyCheckpoint } from '../../src/core';
import { renderCheckpoint } from '../../src/core';
import { conversations } from '../../src/core';
import { history } from '../../src/core';
import { projectScopes } from '../../src/core';
import { buildVaultModel, mostRecentScope, projectOf, type VaultModel } from '../../src/core';
import type { Checkpoint } from '../../src/core';
import { IndexStore } from '../../src/store/store';
import { Indexer } from '../../src/store/indexer';
import { listSessions, loadSnapshot, nodeTextPort } from '../../src/vault/node-fs';
import { dumpRows } from '../helpers/index-rows';
import { loadSql } from '../helpers/store';

const OWN = path.join(__dirname, '..', 'fixtures', 'vault-own');
/** A few days after the fixture's newest checkpoint. */
const NOW = Date.UTC(2026, 10, 25) / 1000;

let sql: SqlJsStatic;
let dir: string;
beforeAll(async () => {
	sql = await loadSql();
});
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-ix-'));
	fs.cpSync(OWN, dir, { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function indexer(store = IndexStore.create(sql)): { ix: Indexer; reads: string[] } {
	const reads: string[] = [];
	const port = nodeTextPort(dir);
	const ix = new Indexer(store, { read: (p) => (reads.push(p), port.read(p)) }, { ownAgent: () => 'obsidian' });
	return { ix, reads };
}

function stamp(rel: string): { path: string; mtime: number; size: number } {
	const st = fs.statSync(path.join(dir, rel));
	return { path: rel, mtime: Math.floor(st.mtimeMs), size: st.size };
}

/** What a person could see differ: records, problems, notes, verdicts, lines of every bullet. */
function view(m: VaultModel): unknown {
	const lines = m.scan.records.map((r) => [r.path, m.lines.bullet(r.path, "Didn't work", 0), m.lines.bullet(r.path, 'Next', -1), m.lines.key(r.path, 'commit')]);
	return { scopes: m.scopes, records: m.scan.records, problems: m.problems, notes: [...m.notes], verdicts: [...m.verdicts], folded: m.scan.folded, lines };
}

async function coldRows(): Promise<unknown> {
	const { ix } = indexer();
	await ix.fullPass(listSessions(dir));
	return dumpRows(sql, ix.store);
}

describe('indexer', () => {
	test('a cold pass gives the full scan\'s model, copies and conflicts included', async () => {
		const { ix, reads } = indexer();
		const report = await ix.fullPass(listSessions(dir));
		expect(report.read).toBe(reads.length);
		expect(view(await ix.model())).toEqual(view(buildVaultModel(loadSnapshot(dir))));
	});

	test('a warm pass over an unchanged vault reads no file, and its model is the same', async () => {
		const first = indexer();
		await first.ix.fullPass(listSessions(dir));
		const store = new IndexStore(new sql.Database(first.ix.store.export()));
		const { ix, reads } = indexer(store);
		const report = await ix.fullPass(listSessions(dir));
		expect(report).toEqual({ read: 0, removed: 0, scopes: 0, missingOwn: [] });
		const model = await ix.model();
		expect(reads.filter((p) => !/uncommitted|reviewed/.test(p))).toEqual([]);
		expect(view(model)).toEqual(view(buildVaultModel(loadSnapshot(dir))));
	});

	test('a modified checkpoint is read again, alone', async () => {
		const first = indexer();
		await first.ix.fullPass(listSessions(dir));
		const rel = 'sessions/alpha/20261104-080000-codex.md';
		fs.appendFileSync(path.join(dir, rel), '\n## Next\n\n- ship it\n');
		const { ix, reads } = indexer(new IndexStore(new sql.Database(first.ix.store.export())));
		await ix.fullPass(listSessions(dir));
		expect(reads).toEqual([rel]);
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
	});

	test('events: change, delete, rename and a folder move keep the rows a cold index writes', async () => {
		const { ix } = indexer();
		await ix.fullPass(listSessions(dir));
		const changed = 'sessions/beta/_convos/9a3b4c5d-6e7f-4a8b-9c0d-000000000b02/20261117-094500-claude.md';
		fs.appendFileSync(path.join(dir, changed), '\n## Next\n\n- one more\n');
		await ix.fileChanged(stamp(changed));
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());

		const gone = 'sessions/alpha/spike/_convos/5d0e7a11-3c2b-4f1e-a9d8-000000000a05/20261108-143000-claude.md';
		fs.rmSync(path.join(dir, gone));
		await ix.removed(gone);
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());

		const from = 'sessions/beta/_convos/_unattached/20261118-160000-codex.md';
		const to = 'sessions/gamma/20261118-160000-codex.md';
		fs.renameSync(path.join(dir, from), path.join(dir, to));
		await ix.renamed(from, to);
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());

		fs.renameSync(path.join(dir, 'sessions/alpha/spike'), path.join(dir, 'sessions/beta/spike'));
		await ix.renamed('sessions/alpha/spike', 'sessions/beta/spike');
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
		expect(view(await ix.model())).toEqual(view(buildVaultModel(loadSnapshot(dir))));
	});

	test('a change that reaches a record\'s other copies, or gives the file another id, places them right', async () => {
		const { ix } = indexer();
		await ix.fullPass(listSessions(dir));
		// Torn: the copy in the flat layout becomes the record.
		const canonical = 'sessions/beta/_convos/0199b1c2-0000-7000-8000-000000000b01/20261114-090000-codex.md';
		fs.writeFileSync(path.join(dir, canonical), '');
		await ix.fileChanged(stamp(canonical));
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
		fs.writeFileSync(path.join(dir, canonical), fs.readFileSync(path.join(OWN, canonical)));
		await ix.fileChanged(stamp(canonical));
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
		// A new session id: the file leaves one record and joins another.
		const other = 'sessions/beta/_convos/9a3b4c5d-6e7f-4a8b-9c0d-000000000b02/20261116-080000-claude.md';
		const text = fs.readFileSync(path.join(dir, other), 'utf8');
		fs.writeFileSync(path.join(dir, other), text.replace(/^session: .*$/m, 'session: 20261117-094500-claude'));
		await ix.fileChanged(stamp(other));
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
	});

	test('after every kind of event the model is the full scan\'s, and scopes the event did not touch are not built again', async () => {
		const { ix } = indexer();
		await ix.fullPass(listSessions(dir));
		const recordsOf = (m: VaultModel, scope: string): unknown => m.scan.byScope.get(scope);
		let before = await ix.model();
		const step = async (event: () => Promise<unknown> | unknown, untouched: string[]): Promise<void> => {
			await event();
			const model = await ix.model();
			const full = buildVaultModel(loadSnapshot(dir));
			expect(view(model)).toEqual(view(full));
			// What views derive and keep per scope (history, rulings, conversations, chains) follows too.
			for (const scope of full.scopes) expect(buildResume(model, scope, { now: NOW })).toEqual(buildResume(full, scope, { now: NOW }));
			for (const scope of untouched) expect(recordsOf(model, scope)).toBe(recordsOf(before, scope));
			before = model;
		};
		const write = (rel: string, text: string): { path: string; mtime: number; size: number } => {
			fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
			fs.writeFileSync(path.join(dir, rel), text);
			return stamp(rel);
		};
		const beta = 'sessions/beta/_convos/9a3b4c5d-6e7f-4a8b-9c0d-000000000b02/20261117-094500-claude.md';
		await step(() => ix.fileChanged(write(beta, `${fs.readFileSync(path.join(dir, beta), 'utf8')}\n## Didn't work\n\n- a new dead end\n`)), ['alpha', 'alpha/spike', 'gamma']);
		await step(() => ix.fileChanged(write('sessions/gamma/20261123-090000-claude.md', '---\nsession: 20261123-090000-claude\n---\n\n## Next\n\nship\n')), ['alpha', 'beta']);
		await step(() => ix.fileChanged(write('sessions/alpha/uncommitted.md', `${fs.readFileSync(path.join(dir, 'sessions/alpha/uncommitted.md'), 'utf8')}- [2026-11-23 10:00] codex: one more note\n`)), ['beta', 'gamma', 'alpha/spike']);
		await step(() => ix.fileChanged(write('sessions/alpha/reviewed.md', `${fs.readFileSync(path.join(dir, 'sessions/alpha/reviewed.md'), 'utf8')}- retired: a new dead end\n`)), ['beta', 'gamma']);
		const gone = 'sessions/gamma/_convos/_unattached/20261122-100000-codex.md';
		await step(async () => {
			fs.rmSync(path.join(dir, gone));
			await ix.removed(gone);
		}, ['alpha', 'beta']);
		await step(async () => {
			fs.renameSync(path.join(dir, 'sessions/alpha/spike'), path.join(dir, 'sessions/gamma/spike'));
			await ix.renamed('sessions/alpha/spike', 'sessions/gamma/spike');
		}, ['beta']);
		await step(async () => {
			fs.mkdirSync(path.join(dir, 'sessions/delta'));
			await ix.folderCreated('sessions/delta');
		}, ['alpha', 'beta', 'gamma']);
		await step(() => ix.fileChanged(write('sessions/delta/20261124-090000-codex.md', '')), ['alpha', 'beta', 'gamma']);
	});

	test("a scope's rulings follow a new verdict in its reviewed.md, a dead end in its uncommitted.md and the person's own not yet written", async () => {
		const { ix } = indexer();
		await ix.fullPass(listSessions(dir));
		const ruling = 'a sync.Map of buckets — lock contention doubled p99 latency under load';
		const shown = (m: VaultModel) => rulingsOf(m, 'alpha').map((r) => [r.text, r.verdict]);
		const first = shown(await ix.model());
		expect(first).toContainEqual([ruling, 'reconfirmed']);
		// Seen twice, as the pane redraws: the same rows.
		expect(shown(await ix.model())).toEqual(first);
		const append = async (rel: string, line: string): Promise<void> => {
			fs.appendFileSync(path.join(dir, rel), `${line}\n`);
			await ix.fileChanged(stamp(rel));
		};
		await append('sessions/alpha/reviewed.md', `- retired: ${ruling} <!-- ts=1794400000 -->`);
		const retired = await ix.model();
		expect(shown(retired)).toContainEqual([ruling, 'retired']);
		expect(rulingsOf(retired, 'alpha')).toEqual(rulingsOf(buildVaultModel(loadSnapshot(dir)), 'alpha'));
		await append('sessions/alpha/uncommitted.md', '- retrying the bucket refill did not work <!-- ts=1794400100 agent=codex -->');
		const noted = await ix.model();
		expect(shown(noted)[0]).toEqual(['retrying the bucket refill did not work', 'none']);
		expect(rulingsOf(noted, 'alpha')).toEqual(rulingsOf(buildVaultModel(loadSnapshot(dir)), 'alpha'));
		// The person's own note, not written to the file yet: no file of the scope changed.
		ix.store.addOwnNote('alpha', 'obsidian', 'pinning the refill clock did not work', 1794400200);
		expect(shown(await ix.model())[0]).toEqual(['pinning the refill clock did not work', 'none']);
	});

	test('a deleted canonical file hands its record to the remaining copy', async () => {
		const { ix } = indexer();
		await ix.fullPass(listSessions(dir));
		const canonical = 'sessions/beta/_convos/0199b1c2-0000-7000-8000-000000000b01/20261114-090000-codex.md';
		fs.rmSync(path.join(dir, canonical));
		await ix.removed(canonical);
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
	});

	test('"rebuild" reads every file again and keeps the person\'s notes', async () => {
		const { ix, reads } = indexer();
		await ix.fullPass(listSessions(dir));
		const id = ix.store.addOwnNote('alpha', 'obsidian', 'my own thought', 1_790_000_000);
		const before = reads.length;
		await ix.rebuild(listSessions(dir));
		expect(reads.length - before).toBe(before);
		expect(ix.store.ownNotes('alpha').map((n) => n.id)).toEqual([id]);
		const rows = dumpRows(sql, ix.store);
		rows.notes = rows.notes.filter((n) => (n as { own: number }).own === 0);
		expect(rows).toEqual(await coldRows());
	});
});

/**
 * The resume pane asks for one scope (Indexer.modelFor): a model of the scope's project, or of
 * every scope when a walk back along follows leaves home. Whatever it shows of the scope must be
 * what the whole vault's model shows.
 */
describe('a model for one scope', () => {
	/** What the pane shows of a scope: every resume (latest and per conversation), its conversations and rulings. */
	function shown(m: VaultModel, scope: string): unknown {
		const convs = conversations(m.scan, projectOf(scope)).filter((c) => c.scope === scope);
		return {
			resume: buildResume(m, scope, { now: NOW }),
			byConversation: convs.map((c) => buildResume(m, scope, { now: NOW, conversation: c.id })),
			conversations: convs.map((c) => [c.id, c.latest.path, c.chain.map((r) => r.path)]),
			rulings: rulingsOf(m, scope),
			history: history(m.scan, scope),
			info: m.scan.scopes.find((s) => s.scope === scope),
		};
	}

	/** An indexer over `root` that starts warm from an index another pass wrote: nothing kept in memory. */
	async function warm(root: string): Promise<{ ix: Indexer; rowsAsked: (string | undefined)[] }> {
		const store = IndexStore.create(sql);
		await new Indexer(store, nodeTextPort(root), { ownAgent: () => 'obsidian' }).fullPass(listSessions(root));
		const rowsAsked: (string | undefined)[] = [];
		const storedRows = store.storedRows.bind(store);
		store.storedRows = (scope?: string) => (rowsAsked.push(scope), storedRows(scope));
		const storedRowsPage = store.storedRowsPage.bind(store);
		store.storedRowsPage = (scope, after, limit) => (rowsAsked.push(scope), storedRowsPage(scope, after, limit));
		const ix = new Indexer(store, nodeTextPort(root), { ownAgent: () => 'obsidian' });
		await ix.fullPass(listSessions(root));
		rowsAsked.length = 0;
		return { ix, rowsAsked };
	}

	test.each(['test/fixtures/vault-own', 'test/fixtures/vault-hostile', 'demo-vault'])('every scope of %s shows what the whole model shows, from its project\'s rows alone', async (vault) => {
		const root = path.join(__dirname, '..', '..', vault);
		const whole = buildVaultModel(loadSnapshot(root));
		expect(whole.scopes.length).toBeGreaterThan(1);
		for (const scope of whole.scopes) {
			const { ix, rowsAsked } = await warm(root);
			const m = await ix.modelFor(scope);
			expect([scope, shown(m, scope)]).toEqual([scope, shown(whole, scope)]);
			// Only the project's rows were decoded, one scope at a time, unless the answer needed every scope.
			if (m.scopes.length < whole.scopes.length) {
				expect(rowsAsked.every((s) => s !== undefined && projectOf(s) === projectOf(scope))).toBe(true);
			}
		}
	});

	test.each(['test/fixtures/vault-own', 'test/fixtures/vault-hostile', 'demo-vault'])('%s: the newest scope (the pane\'s default) is the one mostRecentScope finds in the whole model', async (vault) => {
		const root = path.join(__dirname, '..', '..', vault);
		const { ix } = await warm(root);
		expect(ix.newestScope()).toBe(mostRecentScope(buildVaultModel(loadSnapshot(root))));
	});

	test('the newest scope among equal names is the first by path, not by scope name; a newer torn file does not count', async () => {
		const root = path.join(dir, 'ties', 'sessions');
		const put = (rel: string, text: string): void => {
			fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
			fs.writeFileSync(path.join(root, rel), text);
		};
		const cp = (session: string, project: string): string => renderCheckpoint({ ...emptyCheckpoint(), session, project, agent: 'claude', task: 't', next: 'n', state: 's' }, '');
		// sessions/kestrel/0wt/… sorts before sessions/kestrel/2026…, though "kestrel" sorts before "kestrel/0wt".
		put('kestrel/20261101-100000-claude.md', cp('20261101-100000-claude', 'kestrel'));
		put('kestrel/0wt/20261101-100000-claude.md', cp('20261101-100000-claude', 'kestrel/0wt'));
		put('alpha/20261031-100000-claude.md', cp('20261031-100000-claude', 'alpha'));
		put('beta/20261201-100000-claude.md', '');
		const { ix } = await warm(path.join(dir, 'ties'));
		expect(ix.newestScope()).toBe('kestrel/0wt');
		expect(mostRecentScope(buildVaultModel(loadSnapshot(path.join(dir, 'ties'))))).toBe('kestrel/0wt');
	});

	test('a worktree whose latest follows the project\'s checkpoint, with the same id in another project: the whole vault answers', async () => {
		const write = (rel: string, c: Partial<Checkpoint>, follows = ''): void => {
			const file = path.join(dir, 'mixed', 'sessions', rel);
			fs.mkdirSync(path.dirname(file), { recursive: true });
			fs.writeFileSync(file, renderCheckpoint({ ...emptyCheckpoint(), agent: 'claude', task: 't', next: 'n', state: 's', ...c }, follows));
		};
		// kestrel/wt's latest follows kestrel's first; "zeta" holds a checkpoint with that same id.
		write('kestrel/20261101-100000-claude.md', { session: '20261101-100000-claude', project: 'kestrel', ts: 1793527200, next: 'kestrel next' });
		write('kestrel/wt/20261102-100000-claude.md', { session: '20261102-100000-claude', project: 'kestrel/wt', ts: 1793613600, failed: ['x was too slow'] }, '20261101-100000-claude');
		write('zeta/20261101-100000-claude.md', { session: '20261101-100000-claude', project: 'zeta', ts: 1793527200, next: 'zeta next' });
		write('alone/20261103-100000-claude.md', { session: '20261103-100000-claude', project: 'alone', ts: 1793700000 });
		const root = path.join(dir, 'mixed');
		const whole = buildVaultModel(loadSnapshot(root));
		for (const scope of ['kestrel/wt', 'kestrel', 'zeta', 'alone']) {
			const { ix } = await warm(root);
			const m = await ix.modelFor(scope);
			expect([scope, shown(m, scope)]).toEqual([scope, shown(whole, scope)]);
			// The walk back from kestrel/wt's latest leaves its scope: only the whole vault answers it.
			expect([scope, m.scopes]).toEqual([scope, scope === 'kestrel/wt' ? whole.scopes : projectScopes(whole.scopes, scope)]);
		}
	});
});

/**
 * A long pass goes in slices (docs/decisions.md, "A long pass in slices"): the caller's
 * yieldNow is awaited between them, each slice handles a bounded number of files, what comes
 * during a yield waits for the pass, and an index saved at any yield is completed by the next start.
 */
describe('a pass in slices', () => {
	// Many passes over the fixture each: slow on a busy machine, never waiting on a clock.
	jest.setTimeout(60_000);

	/** Turns of the event loop (setImmediate is not faked, jest.config.cjs): no time passes. */
	const turns = async (n: number): Promise<void> => {
		for (let i = 0; i < n; i++) await new Promise<void>((ok) => setImmediate(ok));
	};

	/** The clock stands still: slices end by their count of files alone. */
	const still = (): number => 0;

	/**
	 * Edits that reach placement: a canonical file gone (its copy takes the record), one changed,
	 * a new one, a conflict copy, and a new copy that takes the record from the file holding it.
	 */
	function edit(): void {
		fs.copyFileSync(path.join(dir, 'sessions/gamma/_convos/_unattached/20261122-100000-codex.md'), path.join(dir, 'sessions/gamma/20261122-100000-codex.md'));
		fs.rmSync(path.join(dir, 'sessions/beta/_convos/0199b1c2-0000-7000-8000-000000000b01/20261114-090000-codex.md'));
		fs.appendFileSync(path.join(dir, 'sessions/alpha/20261104-080000-codex.md'), '\n## Next\n\n- ship it\n');
		fs.writeFileSync(path.join(dir, 'sessions/gamma/20261123-090000-claude.md'), '---\nsession: 20261123-090000-claude\n---\n\n## Next\n\nship\n');
		fs.copyFileSync(path.join(dir, 'sessions/alpha/20261102-091500-claude.md'), path.join(dir, 'sessions/alpha/20261102-091500-claude 2.md'));
	}

	/** An indexer whose every yield is seen by `atYield`; reads and row writes are counted per slice. */
	function sliced(store: IndexStore, atYield: (k: number) => Promise<void> | void = () => undefined, sliceFiles = 1, clock = still): { ix: Indexer; slices: { reads: number; writes: number }[] } {
		const slices = [{ reads: 0, writes: 0 }];
		const port = nodeTextPort(dir);
		const upsert = store.upsertCheckpoint.bind(store);
		store.upsertCheckpoint = (...args) => {
			slices[slices.length - 1].writes++;
			upsert(...args);
		};
		const yieldNow = async (): Promise<void> => {
			const k = slices.length - 1;
			slices.push({ reads: 0, writes: 0 });
			await atYield(k);
		};
		const read = (p: string): Promise<string> => {
			slices[slices.length - 1].reads++;
			return port.read(p);
		};
		return { ix: new Indexer(store, { read }, { ownAgent: () => 'obsidian', yieldNow, sliceFiles, clock }), slices };
	}

	test('a cold pass yields between slices of at most sliceFiles checkpoints read and rows written, and writes what an unsliced pass writes', async () => {
		const { ix, slices } = sliced(IndexStore.create(sql), undefined, 3);
		await ix.fullPass(listSessions(dir));
		const checkpoints = listSessions(dir).files.filter((f) => /\/\d{8}-\d{6}-[^/]*\.md$/.test(f.path)).length;
		expect(slices.length).toBeGreaterThanOrEqual(Math.ceil((2 * checkpoints) / 3) - 1);
		// An uncommitted.md is read alone, in a slice of its own weight.
		for (const s of slices) expect([s.reads <= 3, s.writes <= 3]).toEqual([true, true]);
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
	});

	test('a pass over a big listing gives the main thread back before it takes the listing in, and a small one does not', async () => {
		// What the indexer knows of the vault when it first yields: nothing of a big listing yet.
		const seenAtFirstYield = async (files: number): Promise<number> => {
			const listing = { root: 'sessions', dirs: ['sessions/big'], files: Array.from({ length: files }, (_, i) => ({ path: `sessions/big/20261101-${String(100000 + i)}-claude.md`, mtime: 1, size: 1 })) };
			let seen = -1;
			const ix = new Indexer(IndexStore.create(sql), { read: () => Promise.reject(new Error('stopped')) }, {
				ownAgent: () => 'obsidian',
				clock: still,
				yieldNow: () => {
					seen = ix.files.checkpointsOf('big').length;
					return Promise.reject(new Error('stopped at the first yield'));
				},
			});
			await expect(ix.fullPass(listing)).rejects.toThrow('stopped at the first yield');
			return seen;
		};
		expect(await seenAtFirstYield(2500)).toBe(0);
		expect(await seenAtFirstYield(150)).toBe(150);
	});

	test('a model builds the part of a scope of a hundred files or more in a task of its own, and of a smaller one in the slice it is in', async () => {
		const vault = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-ix-big-'));
		try {
			for (const [scope, n] of [['big', 100], ['small', 99]] as const) {
				fs.mkdirSync(path.join(vault, 'sessions', scope), { recursive: true });
				for (let i = 0; i < n; i++) {
					const stem = `20261101-${String(100000 + i)}-claude`;
					fs.writeFileSync(path.join(vault, 'sessions', scope, `${stem}.md`), `---\nsession: ${stem}\n---\n\n## Next\n\nstep ${i}\n`);
				}
			}
			// Slices end by their count of files alone, and that count is never reached: only a task of its own yields.
			let yields = 0;
			const ix = new Indexer(IndexStore.create(sql), nodeTextPort(vault), { ownAgent: () => 'obsidian', clock: still, sliceFiles: 100_000, yieldNow: async () => void yields++ });
			await ix.fullPass(listSessions(vault));
			yields = 0;
			const model = await ix.model();
			expect(model.scopes.map((s) => [s, model.scan.byScope.get(s)?.length])).toEqual([['big', 100], ['small', 99]]);
			expect(yields).toBe(1);
		} finally {
			fs.rmSync(vault, { recursive: true, force: true });
		}
	});

	test('a burst of changes in several scopes places each scope once and writes what a cold index writes', async () => {
		const { ix } = indexer();
		await ix.fullPass(listSessions(dir));
		const changed = ['sessions/alpha/20261104-080000-codex.md', 'sessions/beta/_convos/9a3b4c5d-6e7f-4a8b-9c0d-000000000b02/20261117-094500-claude.md', 'sessions/gamma/20261121-090000-claude.md'];
		for (const rel of changed) fs.appendFileSync(path.join(dir, rel), '\n## Next\n\n- again\n');
		fs.writeFileSync(path.join(dir, 'sessions/gamma/20261123-090000-claude.md'), '---\nsession: 20261123-090000-claude\n---\n\n## Next\n\nship\n');
		await ix.filesChanged([...changed, 'sessions/gamma/20261123-090000-claude.md'].map((rel) => ({ file: stamp(rel) })));
		expect(dumpRows(sql, ix.store)).toEqual(await coldRows());
	});

	test('a file changed, added or removed during any yield of a pass ends with the index an unsliced pass gives', async () => {
		const first = indexer();
		await first.ix.fullPass(listSessions(dir));
		const saved = first.ix.store.export();
		const pristine = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-ix-pristine-'));
		fs.cpSync(dir, pristine, { recursive: true });
		try {
			// How many yields a warm pass over the edited vault makes.
			edit();
			const probe = sliced(new IndexStore(new sql.Database(saved)));
			await probe.ix.fullPass(listSessions(dir));
			const yields = probe.slices.length - 1;
			expect(yields).toBeGreaterThan(3);
			for (let k = 0; k < yields; k++) {
				fs.rmSync(dir, { recursive: true, force: true });
				fs.cpSync(pristine, dir, { recursive: true });
				edit();
				let event: Promise<unknown> = Promise.resolve();
				const { ix } = sliced(new IndexStore(new sql.Database(saved)), (at) => {
					if (at !== k) return;
					// The event comes while the pass is between slices; it must wait for it.
					// One file the pass reads itself (changed before it), one it does not.
					const changed = ['sessions/alpha/20261104-080000-codex.md', 'sessions/beta/_convos/9a3b4c5d-6e7f-4a8b-9c0d-000000000b02/20261116-110000-claude.md'];
					for (const rel of changed) fs.appendFileSync(path.join(dir, rel), '\n## Next\n\n- during the pass\n');
					const gone = 'sessions/gamma/_convos/_unattached/20261122-110000-codex.md';
					fs.rmSync(path.join(dir, gone));
					event = Promise.all([ix.filesChanged(changed.map((rel) => ({ file: stamp(rel) }))), ix.removed(gone)]);
					// Long enough for the event to be done, were it let in before the pass ends.
					return turns(20);
				});
				await ix.fullPass(listSessions(dir));
				await event;
				expect([k, dumpRows(sql, ix.store)]).toEqual([k, await coldRows()]);
			}
		} finally {
			fs.rmSync(pristine, { recursive: true, force: true });
		}
	});

	test('the first model after a warm start parses the notes files a slice\'s share at a time, and is the full scan\'s', async () => {
		const first = indexer();
		await first.ix.fullPass(listSessions(dir));
		const { ix, slices } = sliced(new IndexStore(new sql.Database(first.ix.store.export())));
		await ix.fullPass(listSessions(dir));
		const before = slices.length;
		const model = await ix.model();
		// Every uncommitted.md and reviewed.md is read and parsed for the model (a warm pass keeps none),
		// then each scope's model is built: one slice of work each, at one file a slice.
		const notesFiles = listSessions(dir).files.filter((f) => /\/(uncommitted|reviewed)\.md$/.test(f.path)).length;
		expect(notesFiles).toBeGreaterThan(1);
		expect(slices.length - before).toBeGreaterThanOrEqual(notesFiles + model.scopes.length);
		expect(view(model)).toEqual(view(buildVaultModel(loadSnapshot(dir))));
	});

	test.each([[true, 'in a task of its own'], [false, 'at once']] as const)('a model of many slices of work, asked for long after the indexer last worked (%p), begins %s', async (idle, _how) => {
		const first = indexer();
		await first.ix.fullPass(listSessions(dir));
		let now = 0;
		const { ix, slices } = sliced(new IndexStore(new sql.Database(first.ix.store.export())), undefined, 1, () => now);
		await ix.fullPass(listSessions(dir));
		// What asked for the model may have used its task already: the indexer cannot tell how much.
		if (idle) now += 1000;
		const current = slices.length - 1;
		const reads = slices[current].reads;
		await ix.model();
		// The notes files the model reads first: in the slice current when it was asked for, or after a yield.
		expect(slices[current].reads > reads).toBe(!idle);
	});

	test.each(['cold', 'warm', 'rebuild'] as const)('a %s pass cut short at any yield, its index saved there, is completed by the next start', async (kind) => {
		const before = indexer();
		if (kind !== 'cold') await before.ix.fullPass(listSessions(dir));
		const start = before.ix.store.export();
		if (kind === 'warm') edit();
		const saves: Uint8Array[] = [];
		const { ix } = sliced(new IndexStore(new sql.Database(start)), () => void saves.push(ix.store.export()));
		await (kind === 'rebuild' ? ix.rebuild(listSessions(dir)) : ix.fullPass(listSessions(dir)));
		expect(saves.length).toBeGreaterThan(3);
		const cold = await coldRows();
		for (const [k, bytes] of saves.entries()) {
			const next = indexer(new IndexStore(new sql.Database(bytes)));
			await next.ix.fullPass(listSessions(dir));
			expect([k, dumpRows(sql, next.ix.store)]).toEqual([k, cold]);
		}
	});

	test('a rebuild cut short at any yield, then an uncommitted.md deleted (logos folded its notes into a checkpoint): the next start shows none of its notes', async () => {
		const before = indexer();
		await before.ix.fullPass(listSessions(dir));
		expect(before.ix.store.uncommittedCount('alpha')).toBeGreaterThan(0);
		const saves: Uint8Array[] = [];
		const { ix } = sliced(new IndexStore(new sql.Database(before.ix.store.export())), () => void saves.push(ix.store.export()));
		await ix.rebuild(listSessions(dir));
		// spec §4.3: uncommitted.md is deleted when nothing is left open.
		fs.rmSync(path.join(dir, 'sessions/alpha/uncommitted.md'));
		for (const [k, bytes] of saves.entries()) {
			const next = indexer(new IndexStore(new sql.Database(bytes)));
			await next.ix.fullPass(listSessions(dir));
			expect([k, next.ix.store.uncommittedCount('alpha'), next.ix.store.notePairs('alpha')]).toEqual([k, 0, []]);
		}
	});

	test('an index saved at any yield of a cold pass over a big uncommitted.md has a new index\'s schema and a tally its notes agree with', async () => {
		// 100 notes: imported with the tally's trigger set aside (note-rows.ts insertNotes).
		const lines = Array.from({ length: 100 }, (_, i) => `- note ${i} <!-- ts=${1_763_000_000 + i} agent=${i % 2 === 0 ? 'claude' : 'codex'} -->`);
		fs.writeFileSync(path.join(dir, 'sessions/beta/uncommitted.md'), `# uncommitted — beta\n\n${lines.join('\n')}\n`);
		const schema = (db: InstanceType<SqlJsStatic['Database']>): unknown => db.exec('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')[0].values;
		const fresh = IndexStore.create(sql);
		const want = schema(new sql.Database(fresh.export()));
		fresh.close();
		const saves: Uint8Array[] = [];
		const { ix } = sliced(IndexStore.create(sql), () => void saves.push(ix.store.export()));
		await ix.fullPass(listSessions(dir));
		saves.push(ix.store.export());
		expect(ix.store.uncommittedCount('beta')).toBe(100);
		for (const [k, bytes] of saves.entries()) {
			const db = new sql.Database(bytes);
			const tally = db.exec('SELECT coalesce(sum(n), 0) FROM session_shown')[0].values[0][0];
			const shown = db.exec('SELECT count(*) FROM session_notes WHERE present = 1 OR (own = 1 AND dismissed = 0)')[0].values[0][0];
			expect([k, schema(db), tally]).toEqual([k, want, shown]);
			db.close();
		}
	});

	test('with room for a few rows only, the indexer still gives the full scan\'s model, after a pass and after changes', async () => {
		const store = IndexStore.create(sql);
		const ix = new Indexer(store, nodeTextPort(dir), { ownAgent: () => 'obsidian', keptRows: 2 });
		await ix.fullPass(listSessions(dir));
		expect(view(await ix.model())).toEqual(view(buildVaultModel(loadSnapshot(dir))));
		const rel = 'sessions/beta/_convos/9a3b4c5d-6e7f-4a8b-9c0d-000000000b02/20261117-094500-claude.md';
		fs.appendFileSync(path.join(dir, rel), '\n## Didn\'t work\n\n- a new dead end\n');
		await ix.fileChanged(stamp(rel));
		await ix.fileChanged(stamp('sessions/alpha/20261104-080000-codex.md'));
		const model = await ix.model();
		const full = buildVaultModel(loadSnapshot(dir));
		expect(view(model)).toEqual(view(full));
		for (const scope of full.scopes) expect(buildResume(model, scope, { now: NOW })).toEqual(buildResume(full, scope, { now: NOW }));
		expect(dumpRows(sql, store)).toEqual(await coldRows());
	});
});
