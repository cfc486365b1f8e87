/** Test helpers for the store: sql.js from node_modules, minimal records, an in-memory disk. */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { SqlJsStatic } from 'sql.js';
import type { Checkpoint, CheckpointRecord, WorkingNote } from '../../src/core';
import { IndexStore } from '../../src/store/store';
import { openIndexBytes } from '../../src/store/open';
import { initSql } from '../../src/store/sqlite';
import type { BytesPort, Timers } from '../../src/store/persist';

export function loadSql(): Promise<SqlJsStatic> {
	const wasm = readFileSync(join(__dirname, '../../node_modules/sql.js/dist/sql-wasm.wasm'));
	return initSql(new Uint8Array(wasm));
}

export function checkpoint(over: Partial<Checkpoint> = {}): Checkpoint {
	return {
		session: '', hostSession: '', project: 'kestrel', agent: 'claude', task: '', intent: '', state: '',
		decisions: [], failed: [], verified: [], blockers: [], commands: [], questions: [], files: [], next: '',
		handoffTo: '', auto: false, autoClosed: false, follows: '', ts: 0, firstSeen: '', checkpointed: '',
		transcriptTurns: 0,
		git: { branch: '', commit: '', commitSubject: '', uncommitted: 0, uncommittedUnreadable: false, worktree: '', remote: '', repoRoot: '', touched: [] },
		inferred: null, annotations: { preamble: '', sections: [] }, problems: [],
		...over,
	};
}

/**
 * A record for `sessions/<scope>/_convos/<conversation>/<stem>.md` (or flat when
 * conversation is ''); the stem is the id unless the checkpoint names a session.
 */
export function record(stem: string, over: { scope?: string; conversation?: string; copyOf?: string | null; empty?: boolean; checkpoint?: Partial<Checkpoint> } = {}): CheckpointRecord {
	const scope = over.scope ?? 'kestrel';
	const conv = over.conversation ?? '';
	const name = `${stem}.md`;
	const path = conv === '' ? `sessions/${scope}/${name}` : `sessions/${scope}/_convos/${conv}/${name}`;
	const cp = checkpoint({ session: stem, project: scope, task: `task of ${stem}`, ...over.checkpoint });
	return {
		path, name, stem, id: cp.session || stem, scope, conversation: conv || stem, flat: conv === '',
		checkpoint: cp, empty: over.empty ?? false, copyOf: over.copyOf ?? null,
	};
}

export function note(text: string, ts: number, agent = 'claude', scope = 'kestrel'): WorkingNote {
	return { scope, text, ts, agent, line: 0 };
}

/** Unix seconds of a local wall-clock time in the test zone (TZ is fixed in setup). */
export function localTs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
	return Math.floor(new Date(y, mo - 1, d, h, mi, s).getTime() / 1000);
}

export class Crash extends Error {
	constructor() {
		super('simulated crash');
	}
}

/**
 * A disk in memory. `dieAfter(n)` lets n more writes/renames/removes through and
 * kills the next one; a killed write leaves half its bytes, as a torn write would.
 */
export class MemoryDisk implements BytesPort {
	readonly files = new Map<string, Uint8Array>();
	readonly log: string[] = [];
	private budget = Infinity;
	/** mtime of each file: a clock that moves on every write; a rename keeps it, as a file system does. */
	private readonly mtimes = new Map<string, number>();
	private clock = 0;

	dieAfter(n: number): this {
		this.budget = n;
		return this;
	}

	revive(): this {
		this.budget = Infinity;
		return this;
	}

	private step(op: string): boolean {
		if (this.budget <= 0) return false;
		this.budget--;
		this.log.push(op);
		return true;
	}

	async read(path: string): Promise<Uint8Array | null> {
		return this.files.get(path)?.slice() ?? null;
	}

	async write(path: string, bytes: Uint8Array): Promise<void> {
		if (!this.step(`write ${path}`)) {
			this.files.set(path, bytes.slice(0, Math.floor(bytes.length / 2)));
			this.mtimes.set(path, ++this.clock);
			throw new Crash();
		}
		this.files.set(path, bytes.slice());
		this.mtimes.set(path, ++this.clock);
	}

	async rename(from: string, to: string): Promise<void> {
		if (this.files.has(to)) throw new Error(`rename onto existing ${to}`);
		const bytes = this.files.get(from);
		if (!bytes) throw new Error(`rename of missing ${from}`);
		if (!this.step(`rename ${from} ${to}`)) throw new Crash();
		this.files.delete(from);
		this.files.set(to, bytes);
		this.mtimes.set(to, this.mtimes.get(from) ?? ++this.clock);
	}

	async remove(path: string): Promise<void> {
		if (!this.step(`remove ${path}`)) throw new Crash();
		this.files.delete(path);
		this.mtimes.delete(path);
	}

	async exists(path: string): Promise<boolean> {
		return this.files.has(path);
	}

	async stat(path: string): Promise<{ mtime: number; size: number } | null> {
		const bytes = this.files.get(path);
		// A file set directly (files.set, as another device's sync would) has a time of its own.
		if (bytes && !this.mtimes.has(path)) this.mtimes.set(path, ++this.clock);
		return bytes ? { mtime: this.mtimes.get(path) as number, size: bytes.length } : null;
	}

	/** Another device's copy put in a file's place by a sync client: new bytes, a new time. */
	replace(path: string, bytes: Uint8Array): void {
		this.files.set(path, bytes.slice());
		this.mtimes.set(path, ++this.clock);
	}
}

/** Timers run by hand. */
export class ManualTimers implements Timers {
	private next = 1;
	readonly due = new Map<number, () => void>();
	setTimeout(run: () => void): unknown {
		const id = this.next++;
		this.due.set(id, run);
		return id;
	}
	clearTimeout(handle: unknown): void {
		this.due.delete(handle as number);
	}
	fire(): void {
		const runs = [...this.due.values()];
		this.due.clear();
		runs.forEach((r) => r());
	}
}

/** Lets pending promise callbacks run. */
export const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

/**
 * Index bytes saved before checksums (no trailer) with one page copied over another: they
 * pass every check on opening, and `fails` then throws "database disk image is malformed".
 * Found by trying each copy of one page onto another of a fixed index, last pages first.
 */
export function damagedInUse(sql: SqlJsStatic): { bytes: Uint8Array; fails: (s: IndexStore) => void } {
	const source = IndexStore.create(sql);
	for (let i = 0; i < 40; i++) source.upsertCheckpoint(record(`202611${String(10 + (i % 20)).padStart(2, '0')}-0900${String(i).padStart(2, '0')}-claude`), i, i);
	source.addOwnNote('kestrel', 'obsidian', 'mine', 1795600000);
	const good = source.export();
	source.close();
	const use = (s: IndexStore): void => {
		s.checkpointsOfScope('kestrel');
		s.stats();
		s.upsertCheckpoint(record('20261201-090000-claude'), 1, 1);
	};
	const pages = good.length / 8192;
	for (let from = pages - 1; from > 0; from--) {
		for (let to = pages - 1; to > 0; to--) {
			const bytes = good.slice();
			bytes.copyWithin(to * 8192, from * 8192, from * 8192 + 8192);
			const opened = openIndexBytes(sql, bytes);
			if (!opened.ok) continue;
			const s = new IndexStore(opened.db, { sql });
			let failed = false;
			try {
				s.ownNotes();
				use(s);
			} catch {
				failed = true;
			}
			s.close();
			if (failed) return { bytes, fails: use };
		}
	}
	throw new Error('no page copy both opens and fails');
}
