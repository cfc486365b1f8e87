/** Helpers for lists of any length: vault contents have no bound. */

/**
 * Appending a list of any length. `a.push(...b)` passes every item as an argument and
 * overflows the stack past about 100,000 of them; vault contents have no such bound.
 */
export function pushAll<T>(into: T[], items: Iterable<T>): T[] {
	// An array by index: the iterator's steps cost most where code runs before it is compiled
	// (a CLI run parses thousands of checkpoints, each appending a few short lists).
	if (Array.isArray(items)) {
		for (let i = 0; i < items.length; i++) into.push(items[i] as T);
		return into;
	}
	for (const item of items) into.push(item);
	return into;
}

/** Maps with at most `limit` calls pending; results keep the input order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
	const out = new Array<R>(items.length);
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < items.length) {
			const i = next++;
			out[i] = await fn(items[i]);
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
	return out;
}
