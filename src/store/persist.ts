/**
 * The index file on disk, written so that a crash at any moment leaves a usable copy.
 *
 * The new bytes go to `<path>.new` first; the current file steps aside to `<path>.old`
 * and is removed only once the new one has its place. Nothing here relies on a rename
 * onto an existing file (not documented as atomic for Obsidian's adapter): every
 * rename's target is cleared first.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { checkedBytesSteps, savedSum, withChecksum, withChecksumSteps } from './checksum';
import { createIndexDbSteps, openIndexBytes, openIndexBytesSteps, type Opened, type UnusableReason } from './open';
import { applyPages, type Base, baseSteps, changedPagesSteps, encodePagesSteps } from './pages';
import { salvageOwnNotes, type SalvagedNote } from './salvage';
import { type Pause, runPaused } from './steps';

export type { Base } from './pages';

/** What a file system says of a file without reading it. */
export interface FileStat {
	mtime: number;
	size: number;
}

/** Bytes in, bytes out: the Obsidian adapter and Node fs both fit behind it. */
export interface BytesPort {
	/** null when the file does not exist. */
	read(path: string): Promise<Uint8Array | null>;
	/** Creates or replaces the file. */
	write(path: string, bytes: Uint8Array): Promise<void>;
	/** Only ever called with a target that does not exist. */
	rename(from: string, to: string): Promise<void>;
	remove(path: string): Promise<void>;
	exists(path: string): Promise<boolean>;
	/**
	 * mtime and size, null when the file does not exist. Without it a save cannot tell that
	 * the index was replaced by another device, and writes it whole every time.
	 */
	stat?(path: string): Promise<FileStat | null>;
}

export const newCopy = (path: string): string => `${path}.new`;
export const oldCopy = (path: string): string => `${path}.old`;
/** The pages changed since the index was written whole (pages.ts). */
export const pagesFile = (path: string): string => `${path}.pages`;

/**
 * Crash analysis, by the step a crash interrupts:
 * promoting a leftover .new (only when there is neither a current file nor .old) — the
 *   leftover is in one of the two places, where the loader finds it;
 * writing .new — the current file is untouched;
 * clearing a stale .old — the current file is untouched;
 * current → .old — .old holds the previous index, .new the complete new one;
 * .new → current — the current file holds the new index;
 * removing .old — the current file holds the new index.
 */
export async function saveIndex(port: BytesPort, path: string, bytes: Uint8Array): Promise<void> {
	await swapWrite(port, path, withChecksum(bytes));
}

/** saveIndex's steps for bytes already final (the index with its checksum, or a pages file). */
async function swapWrite(port: BytesPort, path: string, bytes: Uint8Array): Promise<void> {
	const fresh = newCopy(path);
	const previous = oldCopy(path);
	// A first save that stopped after writing .new left that copy as the only one (the
	// loader reads it): give it the index's place before .new is written over.
	if (!(await port.exists(path)) && !(await port.exists(previous)) && (await port.exists(fresh))) await port.rename(fresh, path);
	await port.write(fresh, bytes);
	if (await port.exists(path)) {
		// A stale .old only goes while a current file still exists to fall back on.
		if (await port.exists(previous)) await port.remove(previous);
		await port.rename(path, previous);
	}
	await port.rename(fresh, path);
	if (await port.exists(previous)) await port.remove(previous);
}

export type LoadSource = 'current' | 'old' | 'new';

export type Loaded =
	/**
	 * `base`: the index file as written whole, when it was the current file (a save writes only
	 * pages changed since). Its pages are hashed when first asked for, not on the start's path:
	 * the first counts do not wait for what only a save needs.
	 */
	| { db: Database; rebuilt: false; source: LoadSource; migratedFrom: number; base: BaseLater; stat: FileStat | null; pages: boolean }
	| { db: Database; rebuilt: true; reason: UnusableReason; detail: string; salvaged: SalvagedNote[] };

async function readSafely(port: BytesPort, path: string): Promise<Uint8Array | null | Error> {
	try {
		return await port.read(path);
	} catch (err) {
		return err instanceof Error ? err : new Error(String(err));
	}
}

/**
 * The current file, else the previous copy a save set aside, else a complete new copy
 * a save left behind. When none is usable the caller gets an empty index to fill from
 * the vault, the reason the current file could not be used (for one Notice; `missing`
 * with nothing else around is simply a first run) and the person's own notes that could
 * still be read from the unusable files (docs/decisions.md §6), the first file's first.
 */
export async function loadIndex(sql: SqlJsStatic, port: BytesPort, path: string, pause?: () => Promise<void>): Promise<Loaded> {
	const candidates: [LoadSource, string][] = [['current', path], ['old', oldCopy(path)], ['new', newCopy(path)]];
	let first: { reason: UnusableReason; detail: string } | null = null;
	const unusable: Uint8Array[] = [];
	// Taken before the read: a file replaced in between is taken for replaced, never the reverse.
	const stat = (await port.stat?.(path).catch(() => null)) ?? null;
	for (const [source, file] of candidates) {
		const bytes = await readSafely(port, file);
		if (bytes instanceof Uint8Array) {
			const withPages = await openWithPages(sql, port, path, bytes, pause);
			if (withPages) return { db: withPages.db, rebuilt: false, source, migratedFrom: withPages.migratedFrom, base: source === 'current' ? baseLater(bytes, pause) : null, stat, pages: true };
		}
		const opened = bytes instanceof Error
			? { ok: false as const, reason: 'unreadable' as const, detail: bytes.message }
			: bytes === null ? openIndexBytes(sql, null) : await openPaused(sql, bytes, pause);
		if (opened.ok) return { db: opened.db, rebuilt: false, source, migratedFrom: opened.migratedFrom, base: source === 'current' && bytes instanceof Uint8Array ? baseLater(bytes, pause) : null, stat, pages: false };
		if (bytes instanceof Uint8Array) unusable.push(bytes);
		first ??= { reason: opened.reason, detail: opened.detail };
	}
	const why = first ?? { reason: 'missing' as const, detail: 'there is no index file' };
	// Only read when every copy failed: a rare path, so reading each damaged file once more is fine.
	const salvaged: SalvagedNote[] = [];
	for (const bytes of unusable) for (const n of salvageOwnNotes(sql, bytes)) salvaged.push(n);
	return { db: await runPaused(createIndexDbSteps(sql), pause), rebuilt: true, reason: why.reason, detail: why.detail, salvaged };
}

/**
 * openIndexBytes with the checksum taken first, a megabyte a step with `pause` between them (15 MB
 * at 10,000 checkpoints), then the opening's own steps (openIndexBytesSteps).
 */
async function openPaused(sql: SqlJsStatic, bytes: Uint8Array, pause?: Pause): Promise<Opened> {
	const checked = await runPaused(checkedBytesSteps(bytes), pause);
	return runPaused(openIndexBytesSteps(sql, bytes, checked), pause);
}

/** The pages' sums of a loaded index: known, none, or hashed on first call (once). */
export type BaseLater = Base | null | (() => Promise<Base | null>);

/** A hash that fails leaves no base: the next save writes the index whole. */
function baseLater(loaded: Uint8Array, pause?: Pause): () => Promise<Base | null> {
	let bytes: Uint8Array | null = loaded;
	let hashed: Promise<Base | null> | null = null;
	const hash = async (of: Uint8Array): Promise<Base | null> => {
		try {
			await pause?.();
			return await runPaused(baseSteps(of), pause);
		} catch {
			return null;
		} finally {
			// The loaded file is let go once hashed.
			bytes = null;
		}
	};
	return () => (hashed ??= bytes ? hash(bytes) : Promise.resolve(null));
}

/**
 * The saved index with a pages file applied, when one was written for exactly these bytes
 * (pages.ts); the crash-safe swap leaves it, like the index, at one of three names.
 */
async function openWithPages(sql: SqlJsStatic, port: BytesPort, path: string, saved: Uint8Array, pause?: Pause): Promise<{ db: Database; migratedFrom: number } | null> {
	const file = pagesFile(path);
	for (const name of [file, oldCopy(file), newCopy(file)]) {
		const pages = await readSafely(port, name);
		if (!(pages instanceof Uint8Array)) continue;
		const merged = applyPages(saved, pages);
		const opened = merged ? await openPaused(sql, merged, pause) : null;
		if (opened?.ok) return opened;
	}
	return null;
}

/** How a save went: the pages changed since the index was written whole, or the whole index. */
export interface SaveReport {
	kind: 'pages' | 'whole';
	bytes: number;
	/** The index file was not the one this writer last wrote or loaded (another device's). */
	replaced: boolean;
}

export interface WriterOptions {
	/** The index as loaded (loadIndex's `base`, hashed by the first save at the latest); null writes it whole first. */
	base: BaseLater;
	/** The index file's stat when it was loaded (loadIndex's `stat`). */
	stat: FileStat | null;
	/**
	 * The index file was replaced since (another device, a sync client): its bytes, before this
	 * writer writes over it, so the person's notes it holds can be kept (docs/decisions.md §6).
	 */
	onReplaced?: (bytes: Uint8Array) => void;
}

/**
 * Saves of one open index: the pages changed since it was last written whole go to the pages
 * file, each file by the crash-safe swap; the index is written whole when those pages come to
 * an eighth of it, when there is no base yet, or when the index file is not the one this
 * writer knows (its mtime and size say so: another device wrote it, docs/decisions.md,
 * "Bytes written per change").
 */
export class IndexWriter {
	private base: BaseLater;
	private stat: FileStat | null;

	constructor(private readonly port: BytesPort, private readonly path: string, private readonly opts: WriterOptions) {
		this.base = opts.base;
		this.stat = opts.stat;
	}

	/** Hashes the loaded index's pages now, ahead of the first save, if they are not yet. */
	prepare(): Promise<Base | null> {
		const base = this.base;
		return typeof base === 'function' ? base() : Promise.resolve(base);
	}

	/**
	 * `database` exports the index: called once the writer knows what it writes over. `pause`
	 * comes after the export and between the steps of hashing and copying its bytes: they are
	 * the export's, so a change of the index meanwhile is not in them; it schedules the next
	 * save (docs/decisions.md, "A save in tasks").
	 */
	async save(database: () => Uint8Array, pause?: Pause): Promise<SaveReport> {
		const replaced = await this.replacedSince();
		const bytes = database();
		await pause?.();
		const base = await this.prepare();
		const changed = base ? await runPaused(changedPagesSteps(base, bytes), pause) : null;
		if (base && changed && changed.length * base.pageSize <= bytes.length / 8) {
			const file = await runPaused(encodePagesSteps(base, bytes, changed), pause);
			await swapWrite(this.port, pagesFile(this.path), file);
			return { kind: 'pages', bytes: file.length, replaced };
		}
		// Not packed first: VACUUM would take back ~2% of a 10k index for 0.4–1 s of main thread.
		const whole = await runPaused(withChecksumSteps(bytes), pause);
		// The pages' sums of the new file, taken before it is written: once it is, the next save is measured against them.
		const next = await runPaused(baseSteps(whole), pause);
		await swapWrite(this.port, this.path, whole);
		this.base = next;
		await this.remember();
		// Pages written for the previous index would never apply again: they go.
		const file = pagesFile(this.path);
		for (const name of [file, oldCopy(file), newCopy(file)]) if (await this.port.exists(name)) await this.port.remove(name);
		return { kind: 'whole', bytes: whole.length, replaced };
	}

	/**
	 * Whether another index file took this one's place since this writer wrote or loaded it
	 * (unknown without stat: no). Any change of the file, a removal too, means writing it whole.
	 */
	private async replacedSince(): Promise<boolean> {
		if (!this.port.stat) return false;
		const now = await this.port.stat(this.path);
		const before = this.stat;
		const same = now === null ? before === null : before !== null && now.mtime === before.mtime && now.size === before.size;
		if (same) return false;
		const theirs = now === null ? null : await readSafely(this.port, this.path);
		// Only touched (a sync client writing the same bytes back): the same index, by its checksum.
		const loaded = await this.prepare();
		const known = loaded ? loaded.sum : null;
		const sum = theirs instanceof Uint8Array ? savedSum(theirs) : null;
		if (known && sum && sum[0] === known[0] && sum[1] === known[1]) {
			this.stat = now;
			return false;
		}
		this.base = null;
		if (!(theirs instanceof Uint8Array)) return false;
		this.opts.onReplaced?.(theirs);
		return true;
	}

	private async remember(): Promise<void> {
		this.stat = (await this.port.stat?.(this.path)) ?? null;
	}
}

export interface Timers {
	setTimeout(run: () => void, ms: number): unknown;
	clearTimeout(handle: unknown): void;
}

export interface Saver {
	/** Asks for a save within the delay; calls meanwhile join the same save. */
	scheduleSave(): void;
	/** Saves now if anything is waiting (on unload); rejects when the save fails. */
	flush(): Promise<void>;
	/** Forgets a waiting save (the index is being thrown away). */
	cancel(): void;
	readonly pending: boolean;
}

export interface SaverOptions {
	save: () => Promise<void>;
	delayMs?: number;
	/**
	 * Given, not assumed: the plugin passes `window`'s (popout-safe), the CLI Node's;
	 * the store itself names no global.
	 */
	timers: Timers;
	/** Failures of timed saves, which have no caller to reject to. */
	onError?: (err: unknown) => void;
}

/**
 * A save at most once per delay, never two at a time. The timer is not pushed back
 * by later changes, so a steady stream of changes still gets saved.
 */
export function createSaver(opts: SaverOptions): Saver {
	const delay = opts.delayMs ?? 2000;
	const timers = opts.timers;
	let dirty = false;
	let handle: unknown = null;
	let running: Promise<void> | null = null;

	const run = async (): Promise<void> => {
		while (running) await running.catch(() => undefined);
		if (!dirty) return;
		dirty = false;
		const attempt = opts.save();
		running = attempt;
		try {
			await attempt;
		} catch (err) {
			dirty = true; // still unsaved: the next save tries again
			throw err;
		} finally {
			running = null;
		}
	};

	const stopTimer = (): void => {
		if (handle !== null) timers.clearTimeout(handle);
		handle = null;
	};

	return {
		scheduleSave() {
			dirty = true;
			if (handle !== null) return;
			handle = timers.setTimeout(() => {
				handle = null;
				run().catch((err: unknown) => opts.onError?.(err));
			}, delay);
		},
		flush() {
			stopTimer();
			return run();
		},
		cancel() {
			stopTimer();
			dirty = false;
		},
		get pending() {
			return dirty || running !== null;
		},
	};
}
