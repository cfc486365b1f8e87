/**
 * Work that yields between its steps and returns its result: a caller that must give the main
 * thread back (the plugin) pauses at each `yield`; any other runs it through in one go, and the
 * same code gives the same answer either way.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs the steps in one go. */
export function runThrough<T>(steps: Steps<T>): T {
	for (;;) {
		const r = steps.next();
		if (r.done) return r.value;
	}
}
