/**
 * Work over a whole index file (hashing it, copying it: 15 MB at 10,000 checkpoints) as steps
 * of about a megabyte, so the plugin can give the main thread back between them
 * (docs/decisions.md, "A save in tasks"); the CLI runs them through. A step is a generator's
 * `yield`: the same code gives the same bytes either way.
 */
import { runThrough, type Steps } from '../core';

export { runThrough, type Steps };

/** Gives the main thread back when the work since its last call was long (the plugin's pausesAfterLongSteps). */
export type Pause = () => Promise<void>;

/** Bytes hashed or copied in one step: about a millisecond's work, so a pause comes soon after its due time. */
export const STEP_BYTES = 1 << 20;

/** Runs the steps with `pause` awaited between them; without one, in one go. */
export async function runPaused<T>(steps: Steps<T>, pause?: Pause): Promise<T> {
	if (!pause) return runThrough(steps);
	for (;;) {
		const r = steps.next();
		if (r.done) return r.value;
		await pause();
	}
}
