import { VERDICT_WORD, verdictPhrase, verdictTitle } from '../../../src/core/answers/verdict-words';

describe('the verdict vocabulary', () => {
	test('live, retired with its day, reconfirmed with its day and commit', () => {
		expect(verdictPhrase({ verdict: 'none', commit: 'abcd', day: '2026-11-20' })).toBe('live');
		expect(verdictPhrase({ verdict: 'retired', commit: 'abcd', day: '2026-11-20' })).toBe('retired 2026-11-20');
		expect(verdictPhrase({ verdict: 'reconfirmed', commit: '9c4d2e1', day: '2026-11-20' })).toBe('reconfirmed 2026-11-20 at 9c4d2e1');
		expect(verdictPhrase({ verdict: 'reconfirmed', commit: null, day: '' })).toBe('reconfirmed');
	});

	test('a title starts with a capital, the word otherwise unchanged', () => {
		expect(verdictTitle({ verdict: 'none', commit: null, day: '' })).toBe('Live');
		expect(verdictTitle({ verdict: 'reconfirmed', commit: 'abcd', day: '' })).toBe('Reconfirmed at abcd');
		expect(Object.values(VERDICT_WORD)).toEqual(['live', 'retired', 'reconfirmed']);
	});
});
