/** @jest-environment jsdom */
import { pausesAfterLongSteps } from '../../src/vault/next-task';

/**
 * Runs steps of the given lengths (ms) on a clock of our own; the moments the main thread was
 * given back (`scheduler.yield`, which nextTask uses where the runtime has it, as Chromium does).
 */
async function givenBack(steps: number[], longMs: number): Promise<number[]> {
	let now = 0;
	const back: number[] = [];
	(window as unknown as { scheduler: unknown }).scheduler = { yield: () => (back.push(now), Promise.resolve()) };
	const pause = pausesAfterLongSteps(longMs, () => now);
	for (const ms of steps) {
		now += ms;
		await pause();
	}
	return back;
}

it('gives the thread back once the steps since it last did add up to the limit, not only after one long step', async () => {
	// Steps of 5 ms: the second brings the work to 10 ms, over 7.5.
	expect(await givenBack([5, 5, 5, 5], 7.5)).toEqual([10, 20]);
	// A long step gives it back at once; short ones under the limit do not.
	expect(await givenBack([2, 2, 9, 1], 7.5)).toEqual([13]);
	expect(await givenBack([1, 1, 1], 7.5)).toEqual([]);
});
