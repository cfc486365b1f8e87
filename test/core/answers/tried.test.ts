import * as path from 'node:path';
import { matchTried, triedRulings, wordMatch, wordsOf, type TriedRuling } from '../../../src/core/answers/tried';
import { buildVaultModel } from '../../../src/core/model/vault-model';
import { loadFolder } from '../../helpers/load-folder';

const OWN = path.join(__dirname, '../../fixtures/vault-own');
const R1 = 'sharing buckets across gateway replicas through Redis — each Allow call added a 4 ms round trip';

let rulings: TriedRuling[];
beforeAll(() => {
	rulings = triedRulings(buildVaultModel(loadFolder(OWN)));
});

const texts = (query: string): string[] => matchTried(rulings, query).map((m) => m.ruling.row.text);

describe('the rulings of the vault', () => {
	test('one entry per scope and ruling, its newest copy, newest first', () => {
		const r1 = rulings.filter((r) => r.row.text === R1);
		expect(r1).toHaveLength(1);
		expect(r1[0]).toMatchObject({ scope: 'alpha', copies: 2, agent: 'claude' });
		// The newer copy (a8) was written after the retirement: it is live again.
		expect(r1[0].row).toMatchObject({ session: '20261111-103000-claude', verdict: 'none' });
		expect(rulings.map((r) => r.row.copyTs)).toEqual([...rulings.map((r) => r.row.copyTs)].sort((a, b) => b - a));
	});

	test('placeholders are not rulings; dead-end notes are, with their agent', () => {
		expect(rulings.some((r) => r.row.text === 'none this session')).toBe(false);
		const route = rulings.find((r) => r.row.session === null);
		expect(route).toMatchObject({ scope: 'alpha', agent: 'codex' });
		expect(route?.approach).toEqual(['key', 'buckets', 'cdn', 'edge']);
	});

	test('verdicts are per scope: alpha’s reviews do not reach alpha/spike', () => {
		const spike = rulings.find((r) => r.scope === 'alpha/spike');
		expect(spike?.row.verdict).toBe('none');
		const r2 = rulings.find((r) => r.row.text.startsWith('matching internal callers'));
		expect(r2?.row).toMatchObject({ verdict: 'reconfirmed', commit: '9c4d2e1' });
	});
});

describe('was this tried?', () => {
	test('a paraphrase finds the ruling', () => {
		expect(texts('share the buckets through redis')[0]).toBe(R1);
		expect(texts('Redis')).toEqual([R1]);
	});

	test('a pasted plan finds the ruling whose approach it contains', () => {
		expect(texts("Next I'll try sharing the rate-limit buckets between gateway replicas via Redis so limits hold across pods")[0]).toBe(R1);
	});

	test('a typo still matches; unrelated words do not', () => {
		expect(texts('tomlib')).toEqual(['tomllib — it only ships with Python 3.11 and beta supports 3.10']);
		expect(texts('bananas in the fridge')).toEqual([]);
		expect(texts('the of and')).toEqual([]);
	});

	test('a word shared with many rulings is not enough on its own in a longer query', () => {
		expect(texts('buckets in memory with a mutex')).toEqual([]);
	});

	test('the whole text of a ruling finds it first', () => {
		expect(texts('a sync.Map of buckets')[0]).toBe('a sync.Map of buckets — lock contention doubled p99 latency under load');
	});
});

describe('words', () => {
	test('stop words and single letters go, unless nothing else is left', () => {
		expect(wordsOf("Let's use a sync.Map")).toEqual(['sync', 'map']);
		expect(wordsOf('of the')).toEqual(['of', 'the']);
	});

	test('same word, same stem, one typo', () => {
		expect(wordMatch('redis', 'redis')).toBe(1);
		expect(wordMatch('share', 'sharing')).toBeGreaterThan(0.5);
		expect(wordMatch('tomlib', 'tomllib')).toBeGreaterThan(0.5);
		expect(wordMatch('map', 'mat')).toBe(0);
	});
});
