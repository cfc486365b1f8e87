/**
 * The CLI's text for a person at a terminal counts in words that agree with the number:
 * "1 checkpoint", "2 checkpoints" (the golden files under test/cli/approved show it over whole vaults).
 */
import { continuityText, conversationsText, count, scopesText } from '../../src/cli/output';

describe('CLI text counts in the singular for one', () => {
	it('count', () => {
		expect([count(0, 'checkpoint'), count(1, 'checkpoint'), count(2, 'checkpoint'), count(1, 'scope'), count(3, 'session')]).toEqual([
			'0 checkpoints',
			'1 checkpoint',
			'2 checkpoints',
			'1 scope',
			'3 sessions',
		]);
	});

	it('scopes', () => {
		const text = scopesText([
			{ scope: 'one', checkpoints: 1, uncommitted: 0, latest: 'a' },
			{ scope: 'two', checkpoints: 2, uncommitted: 1, latest: 'b' },
		]);
		expect(text.split('\n').map((l) => l.split('\t')[1])).toEqual(['1 checkpoint file', '2 checkpoint files']);
	});

	it('continuity', () => {
		const row = { lastCheckpoint: 0, latest: null, lastAgent: 'codex', uncommitted: 0, abandoned: 0, quiet: false };
		const text = continuityText([
			{ ...row, scope: 'one', checkpoints: 1 },
			{ ...row, scope: 'two', checkpoints: 2 },
		]);
		expect(text.split('\n').map((l) => l.split('\t')[1])).toEqual(['1 checkpoint file', '2 checkpoint files']);
	});

	it('conversations', () => {
		const text = conversationsText([
			{ id: 'c1', scope: 'one', chain: ['a'], flat: false, name: 'first' },
			{ id: 'c2', scope: 'one', chain: ['a', 'b'], flat: false, name: 'second' },
		]);
		expect(text.split('\n').map((l) => l.split('\t')[2])).toEqual(['1 checkpoint', '2 checkpoints']);
	});
});
