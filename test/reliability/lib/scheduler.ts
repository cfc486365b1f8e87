/**
 * A deterministic scheduler for writers that run "at the same time": each writer is an
 * async function that parks at every point where another writer could act, and the
 * scheduler wakes one parked writer at a time, chosen by a seeded generator. The same
 * seed gives the same interleaving.
 */
import type { Rng } from './rng';

export class Scheduler {
	private parked: (() => void)[] = [];
	private running = 0;

	constructor(private readonly rng: Rng) {}

	/** A point where any other writer may act first. */
	pause(): Promise<void> {
		return new Promise((go) => {
			this.parked.push(go);
			this.running--;
		});
	}

	/** Runs the writers to the end; a writer that throws makes run() reject with its error. */
	async run(writers: (() => Promise<void>)[]): Promise<void> {
		const errors: unknown[] = [];
		this.running = writers.length;
		const done = writers.map((w) =>
			w()
				.catch((e: unknown) => {
					errors.push(e);
				})
				.finally(() => {
					this.running--;
				}),
		);
		for (;;) {
			// Let every awake writer reach its next pause (or its end) before choosing.
			// Microtasks first (every port here settles in a few); a macrotask turn when that is not enough.
			for (let spins = 0; this.running > 0; spins++) {
				if (spins < 200) await Promise.resolve();
				else await new Promise((r) => setImmediate(r));
			}
			if (this.parked.length === 0) break;
			const [go] = this.parked.splice(this.rng.int(this.parked.length), 1);
			this.running++;
			go();
		}
		await Promise.all(done);
		if (errors.length > 0) throw errors[0];
	}
}
