import { mapBounded, pushAll } from '../../src/core/arrays';

describe('mapBounded', () => {
	test('keeps input order when later items finish first', async () => {
		const mapping = mapBounded([30, 10, 20], 2, (ms) => new Promise<number>((r) => setTimeout(() => r(ms), ms)));
		await jest.runAllTimersAsync();
		expect(await mapping).toEqual([30, 10, 20]);
		expect(await mapBounded([], 8, () => Promise.resolve(1))).toEqual([]);
	});

	test('has at most `limit` calls pending, and uses them all', async () => {
		let pending = 0;
		let peak = 0;
		const mapping = mapBounded(Array.from({ length: 50 }, (_, i) => i), 4, async (i) => {
			peak = Math.max(peak, ++pending);
			await new Promise((r) => setTimeout(r, 1 + (i % 3)));
			pending--;
			return i * 2;
		});
		await jest.runAllTimersAsync();
		expect(await mapping).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
		expect(peak).toBe(4);
	});
});

test('pushAll appends more items than a spread into a call could pass', () => {
	const into = [0];
	pushAll(into, new Array<number>(300_000).fill(1));
	expect(into).toHaveLength(300_001);
});
