import fc from 'fast-check';
import { abandonedSessions, ABANDON_AFTER } from '../../../src/core/answers/continuity';
import { continuityRows } from '../../../src/core/answers/continuity-report';
import { tallyNotes } from '../../../src/core/format/notes';
import type { WorkingNote } from '../../../src/core/types';

const NOW = 1_800_000_000;

describe('continuityRows from a tally of the notes', () => {
	const note = fc.record({
		agent: fc.constantFrom('claude', 'codex', 'agent'),
		ts: fc.oneof(fc.constantFrom(NOW - ABANDON_AFTER, NOW - ABANDON_AFTER - 1, NOW), fc.integer({ min: NOW - 3 * ABANDON_AFTER, max: NOW })),
	}).map(({ agent, ts }): WorkingNote => ({ scope: 'proj', text: 'a note', ts, agent, line: 0 }));

	it('counts the notes and the agents silent past the window, as abandonedSessions does', () => {
		fc.assert(fc.property(fc.array(note, { maxLength: 10 }), (notes) => {
			const [row] = continuityRows([{ scope: 'proj', checkpoints: 0, latest: null, notes: tallyNotes(notes) }], NOW);
			expect(row.uncommitted).toBe(notes.length);
			expect(row.abandoned).toBe(abandonedSessions(notes, NOW).length);
		}), { numRuns: 2000 });
	});

	it('counts an agent silent exactly 6 h as live and one silent a second longer as abandoned', () => {
		const notes = [
			{ scope: 'proj', text: 'x', ts: NOW - ABANDON_AFTER - 1, agent: 'codex', line: 0 },
			{ scope: 'proj', text: 'y', ts: NOW - ABANDON_AFTER, agent: 'claude', line: 1 },
		];
		expect(continuityRows([{ scope: 'proj', checkpoints: 2, latest: null, notes: tallyNotes(notes) }], NOW)[0]).toMatchObject({ uncommitted: 2, abandoned: 1 });
	});
});
