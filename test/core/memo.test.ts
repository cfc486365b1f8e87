import { history } from '../../src/core/model/history';
import { scanVault } from '../../src/core/model/scan';
import { Memo } from '../../src/core/memo';
import { checkpointText, snapshot } from '../helpers/snapshot';

describe('Memo', () => {
	test('works a result out once per key object, and again for another object with the same content', () => {
		const memo = new Memo<readonly number[], number>();
		let runs = 0;
		const sum = (xs: readonly number[]) => memo.get(xs, () => (runs++, xs.reduce((a, b) => a + b, 0)));
		const list = [1, 2, 3];
		expect(sum(list)).toBe(6);
		expect(sum(list)).toBe(6);
		expect(runs).toBe(1);
		expect(sum([1, 2, 3])).toBe(6);
		expect(runs).toBe(2);
	});

	test('works it out again when the kept result no longer holds', () => {
		const memo = new Memo<number[], { length: number; total: number }>();
		const totalOf = (xs: number[]) => memo.get(xs, () => ({ length: xs.length, total: xs.reduce((a, b) => a + b, 0) }), (kept) => kept.length === xs.length).total;
		const list = [1, 2];
		expect(totalOf(list)).toBe(3);
		list.push(4);
		expect(totalOf(list)).toBe(7);
	});

	test('a falsy result is kept too', () => {
		const memo = new Memo<object, number>();
		let runs = 0;
		const key = {};
		memo.get(key, () => (runs++, 0));
		memo.get(key, () => (runs++, 0));
		expect(runs).toBe(1);
	});
});

test('a history is shared between calls, and typed so that no caller can change it', () => {
	const scan = scanVault(snapshot({ 'k/20261116-091204-a.md': checkpointText({ session: 'a', project: 'k' }), 'k/20261117-091204-b.md': checkpointText({ session: 'b', project: 'k' }) }));
	const first = history(scan, 'k');
	expect(history(scan, 'k').entries).toBe(first.entries);
	// @ts-expect-error History.entries is readonly: the next caller gets the same array.
	first.entries.push(first.entries[0]);
});
