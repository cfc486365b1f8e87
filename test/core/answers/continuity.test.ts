import {
	ABANDON_AFTER,
	abandonedSessions,
	isQuiet,
	PARALLEL_GRACE,
	QUIET_AFTER,
	withinParallelGrace,
} from '../../../src/core/answers/continuity';
import { parseUncommitted } from '../../../src/core/format/notes';
import type { WorkingNote } from '../../../src/core/types';

const HOUR = 3600;
const DAY = 24 * HOUR;
const note = (scope: string, agent: string, ts: number): WorkingNote => ({ scope, agent, ts, text: `note at ${ts}`, line: 0 });

describe('constants', () => {
	it('are the spec §7 values in seconds', () => {
		expect(ABANDON_AFTER).toBe(6 * HOUR);
		expect(PARALLEL_GRACE).toBe(30 * 60);
		expect(QUIET_AFTER).toBe(14 * DAY);
	});
});

describe('abandonedSessions', () => {
	const now = 1_800_000_000;

	it('counts silence since the newest note, not the age of the first', () => {
		const notes = [note('kestrel', 'claude', now - 3 * DAY), note('kestrel', 'claude', now - 60)];
		expect(abandonedSessions(notes, now)).toEqual([]);
	});

	it('flags a pair silent more than 6 h, and not one silent exactly 6 h', () => {
		expect(abandonedSessions([note('k', 'a', now - ABANDON_AFTER)], now)).toEqual([]);
		expect(abandonedSessions([note('k', 'a', now - ABANDON_AFTER - 1)], now)).toEqual([
			{ scope: 'k', agent: 'a', lastTs: now - ABANDON_AFTER - 1, notes: 1 },
		]);
	});

	it('keeps pairs apart by scope and by agent, longest silent first', () => {
		const notes = [
			note('kestrel', 'claude', now - 7 * HOUR),
			note('kestrel', 'codex', now - 2 * DAY),
			note('kestrel', 'codex', now - 9 * HOUR),
			note('kestrel/billing-v2', 'claude', now - 8 * HOUR),
			note('heron', 'codex', now - HOUR),
		];
		expect(abandonedSessions(notes, now)).toEqual([
			{ scope: 'kestrel', agent: 'codex', lastTs: now - 9 * HOUR, notes: 2 },
			{ scope: 'kestrel/billing-v2', agent: 'claude', lastTs: now - 8 * HOUR, notes: 1 },
			{ scope: 'kestrel', agent: 'claude', lastTs: now - 7 * HOUR, notes: 1 },
		]);
	});

	it('reads the fixture notes: both agents abandoned a day later, neither an hour after the last note', () => {
		const text = [
			'- a <!-- ts=1795629731 agent=claude -->',
			'- b <!-- ts=1795630180 agent=codex -->',
			'- c <!-- ts=1795630503 agent=claude -->',
			'- d <!-- ts=1795630907 agent=codex -->',
		].join('\n');
		const notes = parseUncommitted(text, 'kestrel');
		expect(abandonedSessions(notes, 1795630907 + HOUR)).toEqual([]);
		expect(abandonedSessions(notes, 1795630907 + DAY).map((p) => [p.agent, p.lastTs, p.notes])).toEqual([
			['claude', 1795630503, 2],
			['codex', 1795630907, 2],
		]);
	});
});

describe('isQuiet', () => {
	const now = 1_800_000_000;

	it('is quiet with no checkpoint at all', () => {
		expect(isQuiet(null, now)).toBe(true);
	});

	it('is quiet only past 14 days', () => {
		expect(isQuiet(now - QUIET_AFTER, now)).toBe(false);
		expect(isQuiet(now - QUIET_AFTER - 1, now)).toBe(true);
		expect(isQuiet(now - DAY, now)).toBe(false);
	});
});

describe('withinParallelGrace', () => {
	const now = 1_800_000_000;

	it('holds up to and including 30 minutes of silence', () => {
		expect(withinParallelGrace(now, now)).toBe(true);
		expect(withinParallelGrace(now - PARALLEL_GRACE, now)).toBe(true);
		expect(withinParallelGrace(now - PARALLEL_GRACE - 1, now)).toBe(false);
	});
});
