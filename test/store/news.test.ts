/**
 * "Since I last looked" in the index: what this device first saw after a moment, by the
 * injected clock (never a checkpoint's own time), kept across edits and rebuilds, with an
 * upgraded or new index announcing nothing.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { SqlJsStatic } from 'sql.js';
import { migrate, MIGRATIONS } from '../../src/store/migrations';
import { openIndexBytes } from '../../src/store/open';
import { newsTotal, noteKey } from '../../src/store/news';
import { IndexStore } from '../../src/store/store';
import { Indexer } from '../../src/store/indexer';
import { listSessions, nodeTextPort } from '../../src/vault/node-fs';
import { rulingKeys } from '../../src/core';
import { loadSql, note, record } from '../helpers/store';

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

/** A clock the test moves by hand (milliseconds). */
function fakeClock(start = 1_000_000): { now: () => number; set(ms: number): void } {
	let t = start;
	return { now: () => t, set: (ms) => void (t = ms) };
}

/** A store past its first reads: from here on, rows are first seen at the clock's time. */
function liveStore(clock: { now: () => number }): IndexStore {
	const store = IndexStore.create(sql, { clock: clock.now });
	store.endBaseline('rows');
	store.endBaseline('verdicts');
	return store;
}

describe('first sight of checkpoints', () => {
	test('a checkpoint first seen after the last look is news; one seen at or before it is not', () => {
		const clock = fakeClock();
		const store = liveStore(clock);
		clock.set(2000);
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
		const looked = 2000;
		clock.set(3000);
		// Written long before by its agent's clock: the time of first sight is what counts.
		store.upsertCheckpoint(record('20250101-090000-codex', { conversation: 'c2', checkpoint: { ts: 1 } }), 1, 10);
		const news = store.newsOfScope('kestrel', looked);
		expect(news).toMatchObject({ checkpoints: 1, conversations: 1 });
		expect(store.newItemsOfScope('kestrel', looked).paths).toEqual(['sessions/kestrel/_convos/c2/20250101-090000-codex.md']);
		expect(newsTotal(store.newsOfScope('kestrel', 3000))).toBe(0);
		expect(store.newsOfScope('rivet', 0).checkpoints).toBe(0);
	});

	test('an edited checkpoint keeps its first sight: it is not news again', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		const rec = record('20261101-090000-claude', { conversation: 'c1' });
		store.upsertCheckpoint(rec, 1, 10);
		clock.set(500);
		store.upsertCheckpoint({ ...rec, checkpoint: { ...rec.checkpoint, next: 'ship it' } }, 2, 20);
		expect(store.newsOfScope('kestrel', 200).checkpoints).toBe(0);
		expect(store.newsOfScope('kestrel', 99).checkpoints).toBe(1);
	});

	test('a moved checkpoint keeps its first sight', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
		clock.set(900);
		store.renamePath('sessions/kestrel/_convos/c1', 'sessions/kestrel/_convos/c9');
		expect(store.newsOfScope('kestrel', 200).checkpoints).toBe(0);
	});

	test('copies and torn files are no news; a new checkpoint in a known conversation is news, not a new conversation', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
		clock.set(500);
		store.upsertCheckpoint(record('20261102-090000-claude', { conversation: 'c1' }), 1, 10);
		store.upsertCheckpoint(record('20261102-090000-claude 2', { conversation: 'c1', copyOf: 'sessions/kestrel/_convos/c1/20261102-090000-claude.md' }), 1, 10);
		store.upsertCheckpoint(record('20261103-090000-claude', { conversation: 'c3', empty: true }), 1, 0);
		expect(store.newsOfScope('kestrel', 200)).toMatchObject({ checkpoints: 1, conversations: 0 });
	});

	test('a ruling is new only when no checkpoint seen before the last look states it', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1', checkpoint: { failed: ['Raising the pool size'] } }), 1, 10);
		clock.set(500);
		store.upsertCheckpoint(record('20261102-090000-claude', { conversation: 'c1', checkpoint: { failed: ['raising the  pool size', 'Retrying on 409'] } }), 1, 10);
		const items = store.newItemsOfScope('kestrel', 200);
		expect(items.rulingKeys).toEqual(['retrying on 409']);
		expect(store.newsOfScope('kestrel', 200).rulings).toBe(1);
	});
	test('the new rulings are those the stored bullets give, whatever characters they hold', () => {
		// Texts JSON escapes (quotes, backslashes, control characters, NUL), text beyond the
		// Basic Multilingual Plane, placeholders and their edges, case and spacing variants.
		const bullet = fc.oneof(
			fc.string({ unit: 'grapheme', maxLength: 12 }),
			fc.constantFrom('none', '- N/A', '(none)', 'nothing yet.', 'a\u0000b', 'say "no"', 'back\\slash', 'tab\tand\nline', '𝔘𝔫𝔦 \u2028', 'Raising the pool', 'raising  the POOL'),
		);
		const row = fc.record({ failed: fc.array(bullet, { maxLength: 4 }), later: fc.boolean(), copy: fc.boolean(), empty: fc.boolean() });
		fc.assert(fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
			const clock = fakeClock(100);
			const store = liveStore(clock);
			const keys = { before: new Set<string>(), after: new Set<string>() };
			rows.forEach((r, i) => {
				clock.set(r.later ? 500 : 100);
				const stem = `20261101-0900${String(i).padStart(2, '0')}-claude`;
				store.upsertCheckpoint(record(stem, { conversation: 'c1', empty: r.empty, copyOf: r.copy ? 'sessions/kestrel/x.md' : null, checkpoint: { failed: r.failed } }), 1, 10);
				if (r.copy || r.empty) return;
				for (const key of rulingKeys(r.failed)) if (key !== null) (r.later ? keys.after : keys.before).add(key);
			});
			const plain = [...keys.after].filter((k) => !keys.before.has(k)).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
			const items = store.newItemsOfScope('kestrel', 200);
			store.close();
			expect(items.rulingKeys).toEqual(items.checkpoints === 0 ? [] : plain);
		}), { numRuns: 150 });
	});
});

describe('first sight of working notes', () => {
	test('notes an agent left since the last look are news; the person\'s own and those gone from the file are not', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		store.importNotes('kestrel', [note('old note', 10)]);
		clock.set(500);
		store.importNotes('kestrel', [note('old note', 10), note('fresh note', 20), note('dropped soon', 30)], { ownAgent: 'obsidian' });
		store.addOwnNote('kestrel', 'obsidian', 'my own note', 40);
		expect(store.newItemsOfScope('kestrel', 200).noteKeys).toEqual([noteKey(20, 'fresh note'), noteKey(30, 'dropped soon')]);
		store.importNotes('kestrel', [note('old note', 10), note('fresh note', 20)]);
		expect(store.newsOfScope('kestrel', 200).notes).toBe(1);
	});
});

describe('verdict lines', () => {
	test('a line arriving after the last look is news unless this device wrote it', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		store.seeVerdictLines('kestrel', ['- retired: old <!-- ts=1 -->']);
		clock.set(500);
		const theirs = '- retired: raising the pool size <!-- ts=1796000000 -->';
		const mine = '- reconfirmed: retrying on 409 <!-- ts=1796000100 -->';
		expect(store.seeVerdictLines('kestrel', ['- retired: old <!-- ts=1 -->', theirs, mine])).toBe(2);
		expect(store.newsOfScope('kestrel', 200, [mine]).verdicts).toBe(1);
		expect(store.newsOfScope('kestrel', 200, []).verdicts).toBe(2);
		// Read again later: the lines keep their first sight.
		clock.set(900);
		store.seeVerdictLines('kestrel', ['- retired: old <!-- ts=1 -->', theirs, mine]);
		expect(store.newsOfScope('kestrel', 600, []).verdicts).toBe(0);
	});
});

describe('no flood of news', () => {
	test('a new index takes what its first pass and first read of reviewed.md find as seen', () => {
		const clock = fakeClock(5000);
		const store = IndexStore.create(sql, { clock: clock.now });
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
		store.importNotes('kestrel', [note('a note', 10)]);
		store.seeVerdictLines('kestrel', ['- retired: x <!-- ts=1 -->']);
		expect(store.newsOfScope('kestrel', 0)).toMatchObject({ checkpoints: 0, notes: 0, verdicts: 0 });
		store.endBaseline('rows');
		store.endBaseline('verdicts');
		clock.set(6000);
		store.upsertCheckpoint(record('20261102-090000-claude', { conversation: 'c1' }), 1, 10);
		store.seeVerdictLines('kestrel', ['- retired: y <!-- ts=2 -->']);
		expect(store.newsOfScope('kestrel', 5500)).toMatchObject({ checkpoints: 1, verdicts: 1 });
	});

	test('an index from before first sight was kept gets 0 for its rows: an upgrade announces nothing', () => {
		const old = new sql.Database();
		migrate(old, MIGRATIONS.slice(0, MIGRATIONS.length - 1));
		// Rows as the step before wrote them (its code is gone: plain SQL).
		old.run(`INSERT INTO checkpoints (rid, path, scope, conversation, id_own, session, host_session_own, ts, agent, task, follows,
			auto, auto_closed, handoff, git_commit, flat, empty, copy_of, mtime, size, problems, record, digest, lines, stamp)
			VALUES (1, 'sessions/kestrel/a.md', 'kestrel', 'a', NULL, 'a', '', 1, 'claude', '', '', 0, 0, '', '', 1, 0, NULL, 1, 10, '[]', '{}', '', x'', 7)`);
		old.run("INSERT INTO sessions (id, project, agent, started) VALUES ('20261116-091204-claude', 'kestrel', 'claude', 100)");
		old.run("INSERT INTO session_notes (session, text, ts) VALUES ('20261116-091204-claude', 'a note', 100)");
		const opened = openIndexBytes(sql, old.export());
		old.close();
		if (!opened.ok) throw new Error(opened.detail);
		const clock = fakeClock(7000);
		const store = new IndexStore(opened.db, { clock: clock.now });
		expect(store.newsOfScope('kestrel', 0)).toMatchObject({ checkpoints: 0, notes: 0 });
		const seen = opened.db.exec('SELECT first_seen FROM checkpoints UNION ALL SELECT first_seen FROM session_notes')[0].values.flat();
		expect(seen).toEqual([0, 0]);
	});

	test('"Rebuild index" reads everything again without making it news', () => {
		const clock = fakeClock(100);
		const store = liveStore(clock);
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
		store.importNotes('kestrel', [note('a note', 10)]);
		store.clearDerived();
		clock.set(900);
		store.upsertCheckpoint(record('20261101-090000-claude', { conversation: 'c1' }), 1, 10);
		store.importNotes('kestrel', [note('a note', 10)]);
		store.endBaseline('rows');
		expect(store.newsOfScope('kestrel', 200)).toMatchObject({ checkpoints: 0, notes: 0 });
	});
});

describe('through the indexer', () => {
	const OWN = path.join(__dirname, '..', 'fixtures', 'vault-own');
	let dir: string;
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-news-'));
		fs.cpSync(OWN, dir, { recursive: true });
	});
	afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

	test('the first pass is no news; a checkpoint file arriving afterwards is, and a line appended to reviewed.md too', async () => {
		const clock = fakeClock(1000);
		const store = IndexStore.create(sql, { clock: clock.now });
		const ix = new Indexer(store, nodeTextPort(dir), { ownAgent: () => 'obsidian' });
		await ix.fullPass(listSessions(dir));
		await ix.model();
		expect(store.newsOfScope('alpha', 0)).toMatchObject({ checkpoints: 0, notes: 0, verdicts: 0 });

		clock.set(2000);
		const rel = 'sessions/alpha/20261120-080000-codex.md';
		fs.writeFileSync(path.join(dir, rel), '---\nagent: codex\nproject: alpha\n---\n\n## Task\n\n- arrived by sync\n');
		const st = fs.statSync(path.join(dir, rel));
		await ix.fileChanged({ path: rel, mtime: Math.floor(st.mtimeMs), size: st.size });
		const reviewed = 'sessions/alpha/reviewed.md';
		fs.appendFileSync(path.join(dir, reviewed), '- retired: something else <!-- ts=1796000000 -->\n');
		const rs = fs.statSync(path.join(dir, reviewed));
		await ix.fileChanged({ path: reviewed, mtime: Math.floor(rs.mtimeMs), size: rs.size }, fs.readFileSync(path.join(dir, reviewed), 'utf8'));
		const items = store.newItemsOfScope('alpha', 1500);
		expect(items.paths).toEqual([rel]);
		expect(items.verdicts).toBe(1);
	});
});
