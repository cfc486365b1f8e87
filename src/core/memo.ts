/**
 * Results worked out once per key object. A key is data that never changes once built (a
 * scan, a scope's list of records, a parsed list of bullets) and an index hands later
 * models the same object for what did not change, so a result holds for as long as its key
 * lives, and goes with it (a WeakMap). Results are shared by every caller: they come back
 * readonly, and a caller that wants to change one copies it.
 */
export class Memo<K extends object, V> {
	private readonly kept = new WeakMap<K, V>();

	/** Whether a result is kept for `key`. */
	has(key: K): boolean {
		return this.kept.has(key);
	}

	/**
	 * The result kept for `key`, or `work`'s, kept from now on. `fresh` says whether a kept
	 * result still holds, for a key that can grow (a list appended to in place).
	 */
	get(key: K, work: (key: K) => V, fresh?: (kept: Readonly<V>) => boolean): Readonly<V> {
		const kept = this.kept.get(key);
		if (kept !== undefined && (fresh === undefined || fresh(kept))) return kept;
		const made = work(key);
		this.kept.set(key, made);
		return made;
	}
}
