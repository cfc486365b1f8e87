/**
 * Appending a list of any length. `a.push(...b)` passes every item as an argument and
 * overflows the stack past about 100,000 of them; vault contents have no such bound.
 */
export function pushAll<T>(into: T[], items: Iterable<T>): T[] {
	for (const item of items) into.push(item);
	return into;
}
