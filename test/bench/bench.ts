/**
 * `npm run bench`: the index's figures on a generated vault, printed as
 * `name: value` lines. A script that prints, not a timed test: figures vary by machine.
 * What each figure includes: test/bench/README.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildResume } from '../../src/core';
import { buildVaultModel } from '../../src/core';
import { IndexStore } from '../../src/store/store';
import { Indexer, type IndexerPort, type Listing, type PassReport } from '../../src/store/indexer';
import { type BytesPort, IndexWriter, openIndexStore, pagesFile } from '../../src/store';
import { initSql } from '../../src/store/sqlite';
import { nodeBytesPort } from '../../src/vault/node-bytes';
import type { VaultModel, VaultSnapshot } from '../../src/core';
import { listSessions } from '../../src/vault/node-fs';
import { generateVault } from './generate';

/** BENCH_SCALE shrinks the vault for a quick look; the figures are at 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? '1');
/**
 * Rounds of (a) and (b): three up to the size; one beyond it, where one cold index
 * of 30,000 or 100,000 checkpoints takes minutes (BENCH_ROUNDS sets it).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SCALE > 1 ? 1 : 3));
/** With one more scope of 20 checkpoints and 40 notes at every scale: the per-scope figures (p). */
const SIZE = { checkpoints: Math.round(10_000 * SCALE), scopes: 50, notes: Math.round(20_000 * SCALE), bigScope: Math.round(2_000 * SCALE), fixedScope: 20 };
let peakHeap = 0;
/** The last figure begun when the heap was at its peak (the `mark` names). */
let peakAfter = 'start';
let lastMark = 'start';
/** The naive figure's own peak: a scope's texts read and parsed whole, as no index does (apart from f_peak_heap_mb). */
let peakNaive = 0;
let peakExternal = 0;
let peakSqlite = 0;
/** SQLite's own allocations inside sql.js's WebAssembly memory, once sql.js is started. */
let sqliteUsed: () => number = () => 0;

function heap(naive = false): void {
	const m = process.memoryUsage();
	if (naive) {
		peakNaive = Math.max(peakNaive, m.heapUsed);
		return;
	}
	if (m.heapUsed > peakHeap) peakAfter = lastMark;
	peakHeap = Math.max(peakHeap, m.heapUsed);
	// Outside the JS heap: the WebAssembly memory and array buffers (sql.js's in-memory file among them).
	peakExternal = Math.max(peakExternal, m.external);
	peakSqlite = Math.max(peakSqlite, sqliteUsed());
}

/** A full collection when the runtime allows one (scripts/bench.mjs asks for it). */
const collect = (globalThis as { gc?: () => void }).gc ?? ((): void => undefined);

/** `fresh`: starts after a full collection, so the garbage an earlier figure left is not this one's work. */
async function time<T>(fn: () => Promise<T> | T, fresh = false, naive = false): Promise<{ ms: number; value: T }> {
	heap(naive);
	if (fresh) collect();
	const t0 = performance.now();
	const value = await fn();
	const ms = performance.now() - t0;
	heap(naive);
	return { ms, value };
}

function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.floor(s.length / 2)];
}

const fmt = (ms: number): string => ms.toFixed(ms < 10 ? 2 : 0);
const line = (name: string, value: string | number): void => console.log(`${name}: ${value}`);
/** With BENCH_PROF, the clock (µs, the profile's) where a figure starts and ends, so a profile can be cut by figure. */
const mark = (name: string): void => {
	lastMark = name;
	if (process.env.BENCH_PROF) console.log(`mark ${name}: ${process.hrtime.bigint() / 1000n}`);
};

function mdFiles(dir: string): string[] {
	const out: string[] = [];
	for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, ent.name);
		if (ent.isDirectory()) out.push(...mdFiles(p));
		else if (ent.name.endsWith('.md')) out.push(p);
	}
	return out;
}

/** A checkpoint edited by a person: a new Next, a new stamp. */
function touch(vault: string, rel: string, i: number): { path: string; mtime: number; size: number } {
	fs.appendFileSync(path.join(vault, rel), `\n## Next\n\nstep ${i}\n`);
	const st = fs.statSync(path.join(vault, rel));
	return { path: rel, mtime: Math.floor(st.mtimeMs) + i, size: st.size };
}

/** The naive way to a scope's resume: read and parse every file of that scope. */
function readScope(vault: string, scope: string): VaultSnapshot {
	const snap: VaultSnapshot = { root: 'sessions', files: [], dirs: [] };
	const walk = (rel: string): void => {
		for (const ent of fs.readdirSync(path.join(vault, rel), { withFileTypes: true })) {
			const child = `${rel}/${ent.name}`;
			if (ent.isDirectory()) {
				snap.dirs.push(child);
				walk(child);
			} else if (ent.name.endsWith('.md')) {
				const text = fs.readFileSync(path.join(vault, child), 'utf8');
				snap.files.push({ path: child, text, mtime: 0, size: text.length });
			}
		}
	};
	walk(`sessions/${scope}`);
	return snap;
}

/** The CLI's way of reading: synchronous reads are the fastest Node has for many small files. */
function syncPort(vault: string): IndexerPort {
	return { read: (p) => Promise.resolve(fs.readFileSync(path.join(vault, p), 'utf8')) };
}

/**
 * The sessions folder as Obsidian holds it in memory: a tree of folders and files, each file
 * with its stat, built when the vault loads, before any plugin starts. Built here from one
 * stat walk before anything is timed.
 */
interface TreeFolder {
	path: string;
	children: (TreeFolder | TreeFile)[];
}
interface TreeFile {
	path: string;
	stat: { mtime: number; size: number };
}

function vaultTree(vault: string, rel = 'sessions'): TreeFolder {
	const listing = listSessions(vault, rel);
	const root: TreeFolder = { path: rel, children: [] };
	const folders = new Map<string, TreeFolder>([[rel, root]]);
	const folderOf = (p: string): TreeFolder => {
		let f = folders.get(p);
		if (!f) {
			f = { path: p, children: [] };
			folders.set(p, f);
			folderOf(p.slice(0, p.lastIndexOf('/'))).children.push(f);
		}
		return f;
	};
	for (const d of listing.dirs) folderOf(d);
	for (const f of listing.files) folderOf(f.path.slice(0, f.path.lastIndexOf('/'))).children.push({ path: f.path, stat: { mtime: f.mtime, size: f.size } });
	return root;
}

/** What the plugin's listSessionsFolder does over that tree: every folder, every file with its stamp. */
function listTree(root: TreeFolder): Listing {
	const listing: Listing = { root: root.path, files: [], dirs: [] };
	const walk = (folder: TreeFolder): void => {
		for (const child of folder.children) {
			if ('children' in child) {
				listing.dirs.push(child.path);
				walk(child);
			} else {
				listing.files.push({ path: child.path, mtime: child.stat.mtime, size: child.stat.size });
			}
		}
	};
	walk(root);
	return listing;
}

/** A whole process that walks the sessions folder, reads every file and splits it into lines: the floor a CLI answer that reads everything cannot go under. */
const FLOOR_SCRIPT = `const fs = require('fs'), path = require('path');
let lines = 0;
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else lines += fs.readFileSync(p, 'utf8').split('\\n').length; } };
walk(process.argv[1]);`;

/**
 * Whole-process figures of the CLI (scripts/bench.mjs builds it and names it in BENCH_CLI;
 * BENCH_CLI_BEFORE names another build measured beside it, in the same rounds): each as its
 * excess over a bare `node -e 0` measured in the same rounds, medians of BENCH_CLI_RUNS.
 */
function cliFigures(dir: string, now: number, scopes: { big: string; small: string; fixed: string; bigCount: number; smallCount: number }): void {
	const cli = process.env.BENCH_CLI;
	if (!cli) {
		line('cli', 'not measured (run through scripts/bench.mjs)');
		return;
	}
	const before = process.env.BENCH_CLI_BEFORE;
	const runs = Number(process.env.BENCH_CLI_RUNS ?? (SCALE > 3 ? 5 : 11));
	const demo = path.join(__dirname, 'demo-vault');
	const vault = ['--vault', dir, '--now', String(now)];
	const asked: Record<string, string[]> = {
		node_e0: ['-e', '0'],
		read_floor: ['-e', FLOOR_SCRIPT, path.join(dir, 'sessions')],
	};
	const builds: [string, string][] = [['cli', cli]];
	if (before) builds.push(['cli_before', before]);
	for (const [name, file] of builds) {
		asked[`${name}_startup`] = [file, 'scopes', '--vault', process.env.BENCH_DEMO_VAULT ?? demo];
		asked[`${name}_resume_small`] = [file, 'resume', '--scope', scopes.small, ...vault];
		asked[`${name}_resume_big`] = [file, 'resume', '--scope', scopes.big, ...vault];
		asked[`${name}_resume_fixed`] = [file, 'resume', '--scope', scopes.fixed, ...vault];
		asked[`${name}_scopes`] = [file, 'scopes', ...vault];
		asked[`${name}_continuity`] = [file, 'continuity', ...vault];
	}
	const times: Record<string, number[]> = {};
	const cpus: Record<string, number[]> = {};
	// Each process writes its own CPU time (user + system) as it exits: a figure that other
	// work on a shared machine moves far less than the wall clock.
	const cpuFile = path.join(dir, 'cpu.txt');
	const report = path.join(dir, 'cpu-report.js');
	fs.writeFileSync(report, `process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });`);
	for (let i = 0; i < runs; i++) {
		// Interleaved: a passing load on the machine falls on every figure alike.
		for (const [name, args] of Object.entries(asked)) {
			const t0 = performance.now();
			const r = spawnSync(process.execPath, ['--require', report, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
			const ms = performance.now() - t0;
			if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
			(times[name] ??= []).push(ms);
			(cpus[name] ??= []).push(Number(fs.readFileSync(cpuFile, 'utf8')));
		}
	}
	const base = median(times.node_e0);
	const floor = median(times.read_floor) - base;
	line('cli_runs', `${runs} (medians; excess = the figure minus node -e 0 of the same rounds)`);
	line('cli_node_e0_ms', fmt(base));
	line('cli_read_floor_excess_ms', fmt(floor));
	line('cli_scope_sizes', `small ${scopes.small} (${scopes.smallCount} checkpoints), big ${scopes.big} (${scopes.bigCount}), fixed ${scopes.fixed} (${SIZE.fixedScope} at every scale)`);
	for (const [name] of builds) {
		for (const what of ['startup', 'resume_fixed', 'resume_small', 'resume_big', 'scopes', 'continuity']) {
			const excess = median(times[`${name}_${what}`]) - base;
			line(`${name}_${what}_excess_ms`, fmt(excess));
			if (what !== 'startup' && what !== 'resume_fixed') line(`${name}_${what}_over_floor`, (excess / floor).toFixed(2));
		}
	}
	const cpuBase = median(cpus.node_e0);
	const cpuFloor = median(cpus.read_floor) - cpuBase;
	line('cli_cpu_node_e0_ms', fmt(cpuBase));
	line('cli_cpu_read_floor_excess_ms', fmt(cpuFloor));
	for (const [name] of builds) {
		for (const what of ['startup', 'resume_fixed', 'resume_small', 'resume_big', 'scopes', 'continuity']) {
			const excess = median(cpus[`${name}_${what}`]) - cpuBase;
			line(`${name}_cpu_${what}_excess_ms`, fmt(excess));
			if (what !== 'startup' && what !== 'resume_fixed') line(`${name}_cpu_${what}_over_floor`, (excess / cpuFloor).toFixed(2));
		}
	}
}

async function main(): Promise<void> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-bench-'));
	try {
		const gen = await time(() => generateVault(dir, SIZE));
		line('rounds', `${ROUNDS} of (a) and (b)`);
		line('vault', `${SIZE.checkpoints} checkpoints, ${SIZE.scopes} scopes, ${SIZE.notes} notes, and a scope of ${SIZE.fixedScope} checkpoints: ${gen.value.files} files (generated in ${fmt(gen.ms)} ms)`);
		const wasm = fs.readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'));
		const sql = await initSql(new Uint8Array(wasm));
		const used = (sql as unknown as { _sqlite3_memory_used?: () => number | bigint })._sqlite3_memory_used;
		if (used) sqliteUsed = () => Number(used());
		const port = syncPort(dir);
		const bytes = nodeBytesPort();
		const db = path.join(dir, 'index.db');
		const tree = vaultTree(dir);
		// For the record: the stat walk the CLI does where the plugin has Obsidian's tree. Only
		// its time is kept: the plugin never holds this listing, so the heap figures must not.
		const walkMs = (await time(() => listSessions(dir).files.length)).ms;
		line('cli_stat_walk_ms', fmt(walkMs));

		// (a) and (b) alternate, three rounds, medians: a machine's passing load falls on both.
		const aRuns: number[] = [];
		const bRuns: number[] = [];
		const bParts: Record<string, number> = {};
		let cold: IndexStore | null = null;
		let report: PassReport | null = null;
		for (let round = 0; round < ROUNDS; round++) {
			const a = await time(() => {
				let lines = 0;
				for (const f of mdFiles(gen.value.root)) lines += fs.readFileSync(f, 'utf8').split('\n').length;
				return lines;
			}, true);
			aRuns.push(a.ms);
			cold?.close();
			const store = IndexStore.create(sql);
			cold = store;
			mark('b');
			const b = await time(async () => {
				let t = performance.now();
				const listing = listTree(tree);
				bParts.list = performance.now() - t;
				t = performance.now();
				const r = await new Indexer(store, port, { ownAgent: () => 'obsidian' }).fullPass(listing);
				bParts.pass = performance.now() - t;
				return r;
			}, true);
			mark('b_end');
			bRuns.push(b.ms);
			report = b.value;
		}
		const aMs = median(aRuns);
		const bMs = median(bRuns);
		line('a_baseline_read_split_ms', fmt(aMs));
		line('b_cold_index_ms', fmt(bMs));
		line('b_parts_ms', `list ${fmt(bParts.list)}, read+parse+insert ${fmt(bParts.pass)} (${report?.read} files read), last round`);
		line('b_over_a', (bMs / aMs).toFixed(2));
		line('b_over_a_rounds', aRuns.map((x, i) => (bRuns[i] / x).toFixed(2)).join(' '));
		if (!cold) throw new Error('no round ran');
		// Written whole, as the plugin's first save writes it.
		const save = await time(() => new IndexWriter(bytes, db, { base: null, stat: null }).save(() => cold.export()));
		line('save_db_ms', fmt(save.ms));
		cold.close();

		const parts: Record<string, number> = { read: 0 };
		// The same port, its reads timed: the file's bytes apart from opening them.
		const timedBytes: BytesPort = {
			...bytes,
			async read(p) {
				const t = performance.now();
				const out = await bytes.read(p);
				parts.read += performance.now() - t;
				return out;
			},
		};
		collect();
		mark('c');
		const c = await time(async () => {
			let t = performance.now();
			const { store, load, saved } = await openIndexStore(sql, timedBytes, db);
			parts.open = performance.now() - t - parts.read;
			if (load.rebuilt) throw new Error(`the saved index did not open: ${load.detail}`);
			t = performance.now();
			const listing = listTree(tree);
			parts.list = performance.now() - t;
			t = performance.now();
			const ix = new Indexer(store, port, { ownAgent: () => 'obsidian' });
			const report = await ix.fullPass(listing);
			parts.reconcile = performance.now() - t;
			return { ix, report, saved };
		});
		mark('c_end');
		const ix = c.value.ix;
		line('c_warm_start_ms', fmt(c.ms));
		line('c_parts_ms', `read file ${fmt(parts.read)}, open ${fmt(parts.open)}, list ${fmt(parts.list)}, reconcile ${fmt(parts.reconcile)}`);
		line('c_over_a', (c.ms / aMs).toFixed(2));
		line('c_files_read', c.value.report.read);

		const d: number[] = [];
		for (let i = 0; i < 21; i++) {
			const changed = touch(dir, gen.value.sample, i);
			d.push((await time(() => ix.fileChanged(changed))).ms);
		}
		line('d_one_change_ms', fmt(median(d)));

		// An hour after the vault's last line, as a person sits down after the agents stopped: the
		// wall clock would put the big scope's later years in the future at 100,000 checkpoints
		// (its every conversation there "active", the resume listing thousands), and move the
		// figures as the calendar does.
		const now = gen.value.newest + 3600;
		const big = gen.value.bigScope;
		// The first view after a start loads every kept parse; later ones reuse the model.
		collect();
		mark('model');
		// `let`: let go below once the views would have let go of it.
		let model: { ms: number; value: VaultModel } | null = await time(() => ix.model());
		mark('model_end');
		line('model_first_build_ms', fmt(model.ms));
		// What stays once the garbage is collected: the model the views hold, and what the indexer keeps.
		collect();
		line('f_heap_kept_with_model_mb', (process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0));
		// The pane shows the big scope once, as it would after a start.
		let shown: { ms: number; value: ReturnType<typeof buildResume> } | null = await time(() => buildResume((model as { value: VaultModel }).value, big, { now }));
		line('e_indexed_first_view_ms', fmt(shown.ms));
		// A change elsewhere (the one-change figure's scope), then the model and the big scope's resume
		// again; five changes, medians (each figure is a few ms, where one collection more would count).
		const rebuilds: number[] = [];
		const firsts: number[] = [];
		let rebuilt: { ms: number; value: VaultModel } | null = null;
		mark('rebuild');
		for (let i = 0; i < 5; i++) {
			await ix.fileChanged(touch(dir, gen.value.sample, 99 + i));
			rebuilt = await time(() => ix.model(), true);
			rebuilds.push(rebuilt.ms);
			const shownAgain = rebuilt.value;
			firsts.push((await time(() => buildResume(shownAgain, big, { now }), true)).ms);
		}
		mark('rebuild_end');
		if (!rebuilt) throw new Error('no rebuild ran');
		line('model_rebuild_after_change_ms', fmt(median(rebuilds)));
		const first = { ms: median(firsts) };
		// The pane shows the new resume now: the first model and its resume go, as the views let
		// them go (they were held until the new ones were built). The heap figures count neither.
		model = shown = null;
		mark('first_end');
		const e: number[] = [];
		mark('e');
		for (let i = 0; i < 9; i++) e.push((await time(async () => buildResume(await ix.model(), big, { now }))).ms);
		mark('e_end');
		const n: number[] = [];
		for (let i = 0; i < 3; i++) n.push((await time(() => buildResume(buildVaultModel(readScope(dir, big)), big, { now }), true, true)).ms);
		// What the naive way left is not the plugin's: the next figures start without it.
		collect();
		const naive = median(n);
		line('e_indexed_first_ms', fmt(first.ms));
		line('e_indexed_ms', fmt(median(e)));
		line('e_naive_ms', fmt(naive));
		line('e_naive_over_indexed', (naive / median(e)).toFixed(1));
		line('e_naive_over_indexed_first', (naive / first.ms).toFixed(1));
		line('e_naive_over_indexed_with_rebuild', (naive / (first.ms + median(rebuilds))).toFixed(1));

		// (g) "Since I last looked": the counts the status bar dot takes for every scope (nothing new,
		// the usual case), and the big scope's counts and items with half its checkpoints new.
		mark('g');
		const scopes = ix.store.scopes();
		const g: number[] = [];
		for (let i = 0; i < 9; i++) g.push((await time(() => scopes.map((sc) => ix.store.newsOfScope(sc, 0)))).ms);
		line('g_news_every_scope_ms', `${fmt(median(g))} (${scopes.length} scopes, nothing new)`);
		let seenAt = 1000;
		const newsStore = IndexStore.create(sql, { clock: () => seenAt });
		newsStore.endBaseline('rows');
		const bigRecords = rebuilt.value.scan.records.filter((r) => r.scope === big);
		newsStore.batch(() => bigRecords.forEach((r, i) => {
			seenAt = i < bigRecords.length / 2 ? 1000 : 3000;
			newsStore.upsertCheckpoint(r, 1, 1);
		}));
		// Filling this second store is the bench's setup, not the plugin's work: its garbage is not in the figures.
		collect();
		const gc: number[] = [];
		const gi: number[] = [];
		let fresh = 0;
		for (let i = 0; i < 9; i++) {
			gc.push((await time(() => newsStore.newsOfScope(big, 2000))).ms);
			gi.push((await time(() => (fresh = newsStore.newItemsOfScope(big, 2000).checkpoints))).ms);
		}
		line('g_news_big_counts_ms', `${fmt(median(gc))} (${bigRecords.length} checkpoints, ${fresh} new)`);
		line('g_news_big_items_ms', fmt(median(gi)));
		newsStore.close();
		mark('g_end');

		// (p) A scope of the same size at every scale (20 checkpoints, 40 notes): what a person working
		// in it waits for after each change of its files, which the vault around it should not move.
		// Medians of 9 changes: the change, the pane's model of the scope (its project's, as the
		// resume pane asks), its resume first and again, and its "since I last looked" counts.
		mark('p');
		const fixed = gen.value.fixed;
		if (!fixed) throw new Error('no scope of fixed size');
		const p: Record<string, number[]> = { change: [], model: [], resume_first: [], resume_kept: [], news: [] };
		for (let i = 0; i < 9; i++) {
			p.change.push((await time(() => ix.fileChanged(touch(dir, fixed.sample, 200 + i)), true)).ms);
			const part = await time(() => ix.modelFor(fixed.scope));
			p.model.push(part.ms);
			p.resume_first.push((await time(() => buildResume(part.value, fixed.scope, { now }))).ms);
			p.resume_kept.push((await time(() => buildResume(part.value, fixed.scope, { now }))).ms);
			p.news.push((await time(() => ix.store.newsOfScope(fixed.scope, 1))).ms);
		}
		mark('p_end');
		for (const [what, xs] of Object.entries(p)) line(`p_scope_${what}_ms`, fmt(median(xs)));
		// The worst of the nine: a pause the median hides (the first resume after the others' work).
		for (const [what, xs] of Object.entries(p)) line(`p_scope_${what}_worst_ms`, fmt(Math.max(...xs)));

		cliFigures(dir, now, { big, small: 'proj-02', fixed: fixed.scope, bigCount: SIZE.bigScope, smallCount: Math.floor((SIZE.checkpoints - SIZE.bigScope) / (SIZE.scopes - 1)) });

		// What one checkpoint change costs the disk the index lives on (often a synced folder):
		// the plugin's save after it (the pages changed since the file was loaded), every byte it
		// writes counted; then twenty more changes, each saved, as a person's edits come.
		let written = 0;
		const counting: BytesPort = { ...bytes, write: (p, b) => ((written += b.length), bytes.write(p, b)) };
		const writer = new IndexWriter(counting, db, c.value.saved);
		// The edits of (d) and of the model figures, saved first: what the saver would have written by now.
		await writer.save(() => ix.store.export());
		line('f_bytes_written_for_22_changes_since_start', written);
		written = 0;
		await ix.fileChanged(touch(dir, gen.value.sample, 100));
		const one = await writer.save(() => ix.store.export());
		line('f_bytes_written_per_change', written);
		line('f_save_kind', one.kind);
		const each: number[] = [];
		const kinds = new Set<string>();
		// Twenty checkpoints spread over the vault: each change dirties pages of its own.
		const checkpoints = listSessions(dir).files.map((f) => f.path).filter((p) => /\/\d{8}-\d{6}-[^/]*\.md$/.test(p)).sort();
		for (let i = 0; i < 20; i++) {
			written = 0;
			await ix.fileChanged(touch(dir, checkpoints[Math.floor((i * checkpoints.length) / 20)], 101 + i));
			kinds.add((await writer.save(() => ix.store.export())).kind);
			each.push(written);
		}
		line('f_bytes_written_per_change_median_of_20', median(each));
		line('f_bytes_written_per_change_max_of_20', Math.max(...each));
		line('f_save_kinds_of_20', [...kinds].sort().join(' '));
		line('f_pages_file_bytes', fs.existsSync(pagesFile(db)) ? fs.statSync(pagesFile(db)).size : 0);

		line('f_db_bytes', fs.statSync(db).size);
		line('f_db_mb', (fs.statSync(db).size / 1024 / 1024).toFixed(2));
		heap();
		line('f_peak_heap_mb', (peakHeap / 1024 / 1024).toFixed(0));
		line('f_peak_heap_after_mark', peakAfter);
		line('f_peak_heap_naive_mb', (Math.max(peakHeap, peakNaive) / 1024 / 1024).toFixed(0));
		line('f_peak_external_mb', (peakExternal / 1024 / 1024).toFixed(0));
		line('f_peak_sqlite_wasm_mb', (peakSqlite / 1024 / 1024).toFixed(0));
		line('f_peak_rss_mb', (process.resourceUsage().maxRSS / 1024).toFixed(0));
	} finally {
		if (process.env.BENCH_KEEP) line('kept', dir);
		else fs.rmSync(dir, { recursive: true, force: true });
	}
}

void main();
