/**
 * What "since I last looked" keeps on this device only (docs/decisions.md §1: `app.saveLocalStorage`,
 * never data.json nor the vault): when the person last had each scope on screen, and the verdict
 * lines this device wrote, which are never news to it (docs/decisions.md, "Since I last looked").
 */

export const LAST_LOOKED_KEY = 'logos-continuity-last-looked';
export const OWN_VERDICTS_KEY = 'logos-continuity-own-verdicts';

/** The newest lines kept: enough for years of a person's verdicts, small enough to load at start. */
export const OWN_VERDICTS_KEPT = 2000;

/** The app's device-local storage; older Obsidian versions lack it, and then nothing is remembered. */
export interface DeviceStorage {
	loadLocalStorage?(key: string): unknown;
	saveLocalStorage?(key: string, data: unknown): void;
}

/**
 * A list this plugin kept under `key` on this device: the entries of the shape this version
 * writes; none when the storage cannot be read (what is kept is only ever a head start).
 */
export function loadKeptList<T>(storage: DeviceStorage, key: string, isShape: (x: unknown) => x is T): T[] {
	let raw: unknown = null;
	try {
		raw = storage.loadLocalStorage?.(key) ?? null;
	} catch {
		// Nothing kept is no harm.
	}
	return Array.isArray(raw) ? raw.filter(isShape) : [];
}

/** Keeps `list` under `key`; a storage that refuses (full) keeps nothing and says nothing. */
export function saveKeptList(storage: DeviceStorage, key: string, list: readonly unknown[]): void {
	try {
		storage.saveLocalStorage?.(key, list);
	} catch {
		// Nothing kept is no harm.
	}
}

/** When the person last looked at each scope, in milliseconds of the injected clock. */
export class LastLooked {
	private readonly at = new Map<string, number>();

	constructor(
		private readonly storage: DeviceStorage,
		private readonly clock: () => number = Date.now,
	) {
		const saved: unknown = storage.loadLocalStorage?.(LAST_LOOKED_KEY) ?? null;
		if (saved !== null && typeof saved === 'object') {
			for (const [scope, ms] of Object.entries(saved)) if (typeof ms === 'number' && Number.isFinite(ms)) this.at.set(scope, ms);
		}
	}

	/** Null for a scope never looked at: it has no news yet, as there is no moment to count from. */
	get(scope: string): number | null {
		return this.at.get(scope) ?? null;
	}

	/** Every scope looked at, with when. */
	entries(): [string, number][] {
		return [...this.at];
	}

	/** The first look at a scope starts its clock; a later one changes nothing until it ends. */
	begin(scope: string): void {
		if (!this.at.has(scope)) this.touch(scope);
	}

	/** Looked at until now (the pane stopped showing it, or "Mark as seen"). */
	touch(scope: string): void {
		this.at.set(scope, this.clock());
		this.storage.saveLocalStorage?.(LAST_LOOKED_KEY, Object.fromEntries(this.at));
	}
}

/** The verdict lines this device appended to a reviewed.md, exactly as written. */
export class OwnVerdicts {
	private readonly lines: string[] = [];

	constructor(private readonly storage: DeviceStorage) {
		const saved: unknown = storage.loadLocalStorage?.(OWN_VERDICTS_KEY) ?? null;
		if (Array.isArray(saved)) for (const l of saved) if (typeof l === 'string') this.lines.push(l);
	}

	all(): readonly string[] {
		return this.lines;
	}

	add(line: string): void {
		this.lines.push(line.trim());
		if (this.lines.length > OWN_VERDICTS_KEPT) this.lines.splice(0, this.lines.length - OWN_VERDICTS_KEPT);
		this.storage.saveLocalStorage?.(OWN_VERDICTS_KEY, [...this.lines]);
	}
}
