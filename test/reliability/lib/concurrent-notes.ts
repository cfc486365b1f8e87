/**
 * Nothing lost under concurrent writers (docs/decisions.md §6): a simulated logos rewrites
 * uncommitted.md whole from its own cache while the plugin appends the person's notes,
 * re-appends the ones logos dropped, and retries the ones a failing disk refused.
 *
 * At the end every note the person wrote is in uncommitted.md, or in a checkpoint no
 * older than it, or — when logos dropped it and then checkpointed without it, where §6
 * stops re-appending — still in the index, shown to the person as not folded. Anything
 * else is a lost note.
 *
 * logos here does what docs/format.md §4.3–§4.6 say it does: each note it records rewrites the file
 * from its open notes; a checkpoint folds the notes of its agent and of agents silent past
 * the parallel grace, then rewrites the file from what is still open (or removes it);
 * now and then it imports the file (`logos index`), which adopts the person's lines.
 */
import type { SqlJsStatic } from 'sql.js';
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core';
import { PARALLEL_GRACE } from '../../../src/core';
import { maskNoteText, notesToReappend, parseUncommitted, renderUncommitted } from '../../../src/core';
import { collapseSpace } from '../../../src/core';
import type { WorkingNote } from '../../../src/core';
import { IndexStore } from '../../../src/store/store';
import { appendNote, type WriteTarget } from '../../../src/vault/writer';
import { DiskError, faultyPort, memoryDisk, nodeDisk, recordingPort, type SimDisk } from './disks';
import { errorText, type CheckResult, Tally } from './report';
import { Rng } from './rng';
import { Scheduler } from './scheduler';

const SCOPE = 'kestrel';
const ROOT = 'sessions';
const NOTES = `${ROOT}/${SCOPE}/uncommitted.md`;
const PERSON = 'obsidian';
const AGENTS = ['claude', 'codex'];
/** Secrets a person might paste; none may reach the disk. */
const SECRETS = ['ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', 'sk-live0123456789abcdefXYZ', 'AKIAIOSFODNN7EXAMPLE'];

export interface NotesOptions {
	interleavings: number;
	seed: number;
	disk: 'memory' | 'node';
	/** Share of the plugin's appends that fail while faults are on. */
	faultRate?: number;
	/** Off only to show the check catches a plugin that never re-appends. */
	reappend?: boolean;
}

class Clock {
	now = 1795600000;
	constructor(private readonly rng: Rng) {}
	/** Same second, a minute or two, or past the parallel grace. */
	tick(): number {
		const r = this.rng.next();
		if (r < 0.2) return this.now;
		this.now += r < 0.8 ? 1 + this.rng.int(120) : PARALLEL_GRACE + this.rng.int(3600);
		return this.now;
	}
}

interface LogosNote {
	agent: string;
	text: string;
	ts: number;
}

interface PersonNote {
	id: number;
	text: string;
	ts: number;
	raw: string;
}

const iso = (ts: number): string => new Date(ts * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const stampOf = (ts: number): string => iso(ts).slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

function personText(rng: Rng, i: number, seed: number): string {
	const words = [`person note n${i}s${seed}x`, rng.pick(['check', 'the retry path', 'mind the\tcache', 'wait\nfor CI'])];
	if (rng.chance(0.3)) words.push(`token ${rng.pick(SECRETS)}`);
	return words.join(' ');
}

/** One interleaving: logos and the plugin run to the end, then the plugin settles with a healthy disk. */
async function once(sql: SqlJsStatic, blank: Uint8Array, opts: NotesOptions, seed: number, t: Tally): Promise<void> {
	const rng = new Rng(seed);
	const disk: SimDisk = opts.disk === 'memory' ? memoryDisk() : nodeDisk([`${ROOT}/${SCOPE}`]);
	// A copy of one empty index: creating the schema anew each time costs more than the run.
	const store = new IndexStore(new sql.Database(blank));
	try {
		await simulate(rng, disk, store, opts, seed, t);
	} finally {
		store.close();
		disk.dispose();
	}
}

async function simulate(rng: Rng, disk: SimDisk, store: IndexStore, opts: NotesOptions, seed: number, t: Tally): Promise<void> {
	const clock = new Clock(rng);
	const sched = new Scheduler(rng);
	const writes: string[] = [];
	const port = faultyPort(recordingPort(disk.port, writes), disk, rng, opts.faultRate ?? 0.15);
	const target: WriteTarget = { port, sessionsRoot: ROOT, scopes: [SCOPE] };
	if (rng.chance(0.3)) disk.replace(NOTES, renderUncommitted(SCOPE, [{ scope: SCOPE, agent: 'codex', text: 'left from yesterday', ts: clock.now - 86400, line: 0 }]));

	// ---- logos ----
	let db: LogosNote[] = rng.chance(0.3) ? [{ agent: 'codex', text: 'left from yesterday', ts: clock.now - 86400 }] : [];
	let follows = '';
	// The plugin reacts to change events, not to content: a rewrite that restores the bytes
	// it saw before its own append is still a change.
	let version = 0;
	const rewrite = (): void => {
		version++;
		const open = db.map((n): WorkingNote => ({ scope: SCOPE, text: n.text, ts: n.ts, agent: n.agent, line: 0 }));
		disk.replace(NOTES, open.length === 0 ? null : renderUncommitted(SCOPE, open));
	};
	const importFile = (): void => {
		const text = disk.read(NOTES);
		for (const n of text === null ? [] : parseUncommitted(text, SCOPE)) {
			if (!db.some((d) => d.text === n.text && d.ts === n.ts)) db.push({ agent: n.agent, text: n.text, ts: n.ts });
		}
	};
	const checkpoint = (k: number): void => {
		const now = clock.now;
		const agent = rng.pick(AGENTS);
		const last = new Map<string, number>();
		for (const n of db) last.set(n.agent, Math.max(last.get(n.agent) ?? 0, n.ts));
		const folds = (n: LogosNote): boolean => n.agent === agent || (last.get(n.agent) ?? 0) < now - PARALLEL_GRACE;
		const folded = db.filter(folds);
		db = db.filter((n) => !folds(n));
		const c = emptyCheckpoint();
		c.project = SCOPE;
		c.agent = agent;
		c.task = `step ${k}`;
		c.state = folded.length === 0 ? 'working' : folded.map((n) => `(${n.agent}) ${n.text}`).join('\n');
		c.checkpointed = iso(now);
		for (let walk = 0; walk < 60; walk++) {
			const id = `${stampOf(now + walk)}-${agent}`;
			c.session = id;
			if (disk.create(`${ROOT}/${SCOPE}/_convos/c-${agent}/${id}.md`, renderCheckpoint(c, follows))) {
				follows = id;
				break;
			}
		}
	};
	const logos = async (): Promise<void> => {
		const ops = 4 + rng.int(10);
		for (let k = 0; k < ops; k++) {
			await sched.pause();
			clock.tick();
			const r = rng.next();
			if (r < 0.55) {
				const agent = rng.pick(AGENTS);
				db.push({ agent, text: `${agent} finding k${k}s${seed}x`, ts: clock.now });
				await sched.pause();
				rewrite();
			} else if (r < 0.75) {
				importFile();
			} else {
				checkpoint(k);
				await sched.pause();
				rewrite();
			}
		}
	};

	// ---- the plugin ----
	const person: PersonNote[] = [];
	let seen = -1;
	let notFolded: { text: string; ts: number }[] = [];
	// Checkpoints are created once and never rewritten here, so each is parsed once.
	const parsed = new Map<string, { ts: number; state: string }>();
	const checkpoints = (): { ts: number; state: string }[] =>
		disk.list().filter((p) => p.endsWith('.md') && p !== NOTES).map((p) => {
			let c = parsed.get(p);
			if (!c) {
				const cp = parseCheckpoint(disk.read(p) ?? '');
				parsed.set(p, (c = { ts: cp.ts, state: collapseSpace(cp.state) }));
			}
			return c;
		});
	const newestCheckpointTs = (): number => Math.max(0, ...checkpoints().map((c) => c.ts));
	const foldedInto = (text: string, ts: number): boolean => checkpoints().some((c) => c.ts >= ts && c.state.includes(collapseSpace(text)));
	const write = async (id: number, text: string, ts: number): Promise<void> => {
		// Even a failed append may have torn a line into the file.
		version++;
		try {
			await appendNote(target, SCOPE, PERSON, text, ts);
			store.markFlushed(id);
			t.add('note writes');
		} catch (e) {
			if (!(e instanceof DiskError)) throw e;
			// The note stays pending in the index; the next pass writes it.
			t.add('failed note writes');
		}
	};
	const retryPending = async (pause: () => Promise<void>): Promise<void> => {
		for (const n of store.pendingOwnNotes()) {
			await pause();
			await write(n.id, n.text, n.ts);
		}
	};
	const reconcile = async (pause: () => Promise<void>): Promise<void> => {
		if (version === seen) return;
		seen = version;
		const text = disk.read(NOTES);
		const fileNotes = text === null ? [] : parseUncommitted(text, SCOPE);
		const own = store.ownNotes(SCOPE).filter((n) => !n.unflushed);
		const decided = notesToReappend(own, fileNotes, newestCheckpointTs(), (n) => foldedInto(n.text, n.ts));
		notFolded = decided.notFolded;
		if (opts.reappend === false) return;
		for (const n of decided.reappend) {
			await pause();
			// Pending again until written: a failure here is retried like any other.
			store.addOwnNote(SCOPE, n.agent, n.text, n.ts);
			await write(n.id, n.text, n.ts);
			t.add('re-appended notes');
		}
	};
	const plugin = async (): Promise<void> => {
		const count = 2 + rng.int(5);
		const pause = (): Promise<void> => sched.pause();
		for (let i = 0; i < count; i++) {
			for (let w = rng.int(4); w > 0; w--) {
				await pause();
				await retryPending(pause);
				await reconcile(pause);
			}
			await pause();
			const ts = clock.tick();
			const raw = personText(rng, i, seed);
			const masked = maskNoteText(raw).text;
			const id = store.addOwnNote(SCOPE, PERSON, masked, ts);
			person.push({ id, text: masked, ts, raw });
			await pause();
			await write(id, masked, ts);
		}
		for (let w = rng.int(6); w > 0; w--) {
			await pause();
			await retryPending(pause);
			await reconcile(pause);
		}
	};

	await sched.run([logos, plugin]);
	// logos is done; the disk heals; the plugin settles (it reacts to every change and retries).
	port.failing = false;
	const now = async (): Promise<void> => undefined;
	for (let round = 0; round < 10; round++) {
		await retryPending(now);
		const before = version;
		await reconcile(now);
		if (store.pendingOwnNotes().length === 0 && version === before) break;
	}

	judge(disk, store, person, notFolded, writes, seed, t);
}

function judge(disk: SimDisk, store: IndexStore, person: PersonNote[], notFolded: { text: string; ts: number }[], writes: string[], seed: number, t: Tally): void {
	const text = disk.read(NOTES);
	const fileNotes = text === null ? [] : parseUncommitted(text, SCOPE);
	const checkpoints = disk.list().filter((p) => p.endsWith('.md') && p !== NOTES).map((p) => parseCheckpoint(disk.read(p) ?? ''));
	const visible = store.ownNotes(SCOPE);
	for (const n of person) {
		t.add('notes written by the person');
		const key = collapseSpace(n.text);
		if (fileNotes.some((f) => f.text === key && f.ts === n.ts)) t.add('notes in uncommitted.md');
		else if (checkpoints.some((c) => c.ts >= n.ts && collapseSpace(c.state).includes(key))) t.add('notes folded into a newer checkpoint');
		else if (notFolded.some((f) => f.text === n.text && f.ts === n.ts) && visible.some((v) => v.text === n.text && v.ts === n.ts)) {
			t.add('notes held for the person (not folded)');
		} else {
			t.fail('lost notes', `seed ${seed}: "${key}" ts=${n.ts}; file:\n${text ?? '(none)'}`);
		}
	}
	const pending = store.pendingOwnNotes();
	for (const p of pending) t.fail('pending notes never written', `seed ${seed}: "${p.text}"`);
	for (const p of writes) if (p !== NOTES) t.fail('writes outside the allowed folders', `seed ${seed}: ${p}`);
	const everything = disk.list().map((p) => disk.read(p) ?? '').join('\n');
	for (const n of person) {
		for (const s of SECRETS) if (n.raw.includes(s) && everything.includes(s)) t.fail('unmasked secrets written', `seed ${seed}: ${s}`);
	}
	if (text !== null) {
		const keys = (text.match(/^- .*<!-- ts=\d+ agent=obsidian -->$/gm) ?? []);
		t.add('duplicate note lines', keys.length - new Set(keys).size);
	}
}

export async function concurrentNotes(sql: SqlJsStatic, opts: NotesOptions): Promise<CheckResult> {
	const t = new Tally();
	t.zero('lost notes', 'pending notes never written', 'writes outside the allowed folders', 'unmasked secrets written', 'exceptions');
	const template = IndexStore.create(sql);
	const blank = template.export();
	template.close();
	for (let i = 0; i < opts.interleavings; i++) {
		const seed = opts.seed + i;
		try {
			await once(sql, blank, opts, seed, t);
			t.add('note interleavings');
		} catch (e) {
			t.fail('exceptions', `notes seed ${seed} (${opts.disk}): ${errorText(e)}`);
		}
	}
	return t.result();
}
