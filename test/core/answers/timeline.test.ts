import * as path from 'node:path';
import { buildTimeline, type Timeline } from '../../../src/core/answers/timeline';
import { buildVaultModel, type VaultModel } from '../../../src/core/model/vault-model';
import type { VaultSnapshot } from '../../../src/core/types';
import { loadFolder } from '../../helpers/load-folder';

const OWN = path.join(__dirname, '../../fixtures/vault-own');
const DEMO = path.join(__dirname, '../../../demo-vault');
/** 2026-11-30T12:00:00-08:00, the golden files' clock. */
const NOW = 1796068800;

let own: VaultModel;
let demo: VaultModel;
beforeAll(() => {
	own = buildVaultModel(loadFolder(OWN));
	demo = buildVaultModel(loadFolder(DEMO));
});

const A = 'sessions/alpha';
const a5 = `${A}/_convos/0199a0b0-0000-7000-8000-000000000a02/20261104-120000-codex.md`;
const a7 = `${A}/_convos/_unattached/20261106-090000-codex.md`;
const w2 = `${A}/spike/_convos/5d0e7a11-3c2b-4f1e-a9d8-000000000a05/20261108-143000-claude.md`;

const mark = (t: Timeline, session: string) => {
	const m = t.marks.find((x) => x.session === session);
	if (!m) throw new Error(`no mark ${session}`);
	return m;
};

describe('lanes', () => {
	test('a project scope draws every conversation of the project, its worktree conversations marked', () => {
		const t = buildTimeline(own, 'alpha', NOW);
		expect(t.scopes).toEqual(['alpha', 'alpha/spike']);
		expect(t.lanes.map((l) => [l.id, l.worktree])).toEqual([
			['6f1c2d3e-0a1b-4c2d-9e3f-000000000a04', false],
			['5d0e7a11-3c2b-4f1e-a9d8-000000000a05', true],
			['20261106-090000-codex', false],
			['b7e2a9c4-1d3f-4e5a-8b6c-000000000a03', false],
			['0199a0b0-0000-7000-8000-000000000a02', false],
			['6f1c2d3e-0a1b-4c2d-9e3f-000000000a01', false],
			['20261102-091500-claude', false],
		]);
		// Each canonical checkpoint once: copies and empty files are no marks.
		expect(t.marks).toHaveLength(10);
		expect(new Set(t.marks.map((m) => m.path)).size).toBe(10);
	});

	test('a worktree scope draws only its own conversations', () => {
		const t = buildTimeline(own, 'alpha/spike', NOW);
		expect(t.lanes.map((l) => l.id)).toEqual(['5d0e7a11-3c2b-4f1e-a9d8-000000000a05']);
		expect(t.lanes[0].marks).toEqual(['20261108-100000-claude', '20261108-143000-claude']);
		expect(t.lanes[0].worktree).toBe(true);
	});

	test('within a lane the marks run oldest first', () => {
		const t = buildTimeline(demo, 'kestrel', NOW);
		for (const lane of t.lanes) {
			const ats = lane.marks.map((s) => mark(t, s).at);
			expect(ats).toEqual([...ats].sort((a, b) => a - b));
		}
	});
});

describe('marks', () => {
	test('carry agent, short task, kind and handoff target as the files say', () => {
		const t = buildTimeline(demo, 'kestrel', NOW);
		expect(mark(t, '20261124-101505-claude')).toMatchObject({ agent: 'claude', handoffTo: 'codex', kind: 'normal' });
		expect(mark(t, '20261125-154810-codex')).toMatchObject({ agent: 'codex', handoffTo: 'claude' });
		const rivet = buildTimeline(demo, 'rivet', NOW);
		expect(mark(rivet, '20261105-163000-cursor').kind).toBe('autoClosed');
		const sluice = buildTimeline(demo, 'sluice', NOW);
		expect(mark(sluice, '20261120-071802-claude-code').kind).toBe('auto');
		expect(mark(sluice, '20261120-071802-claude-code').task).not.toBe('');
	});

	test('an undated file sits where its name puts it, never at 1970, and says it is undated', () => {
		const t = buildTimeline(own, 'beta', NOW);
		const b6 = mark(t, '20261116-110000-claude');
		expect(b6.ts).toBe(0);
		expect(b6.undated).toBe(true);
		expect(b6.at).toBe(Date.UTC(2026, 10, 16, 11, 0, 0) / 1000);
		expect(t.range?.from).toBeGreaterThan(1_700_000_000);
		for (const m of t.marks) expect(m.at).toBeGreaterThan(1_700_000_000);
	});
});

describe('links', () => {
	test('a change of agent along follows is a handoff, drawn from the followed checkpoint', () => {
		const t = buildTimeline(demo, 'kestrel', NOW);
		expect(t.links).toContainEqual(expect.objectContaining({ from: '20261124-101505-claude', to: '20261125-100233-codex', kind: 'handoff', crossLane: true }));
		// The same agent along its own conversation is the lane itself, not a link.
		expect(t.links.find((l) => l.from === '20261123-093412-claude' && l.to === '20261123-141020-claude')).toBeUndefined();
	});

	test('the same agent followed across conversations is a follows connector', () => {
		const t = buildTimeline(own, 'alpha', NOW);
		expect(t.links).toContainEqual(expect.objectContaining({ from: '20261104-120000-codex', to: '20261106-090000-codex', kind: 'follows', crossLane: true }));
		for (const l of t.links) {
			const from = mark(t, l.from);
			const to = mark(t, l.to);
			expect(to.follows).toBe(from.session);
			expect(l.kind === 'handoff').toBe(from.agent !== to.agent);
			expect(l.crossLane).toBe(from.lane !== to.lane);
		}
	});
});

describe('problems', () => {
	test('a fork is flagged on the checkpoint followed twice, a conflict copy on its original', () => {
		const t = buildTimeline(own, 'alpha', NOW);
		expect(t.problems).toContainEqual(expect.objectContaining({ kind: 'fork', mark: a5, lane: '0199a0b0-0000-7000-8000-000000000a02' }));
		expect(t.problems).toContainEqual(expect.objectContaining({ kind: 'conflictCopy', mark: a7 }));
		expect(t.problems).toContainEqual(expect.objectContaining({ kind: 'conflictCopy', mark: w2, lane: '5d0e7a11-3c2b-4f1e-a9d8-000000000a05' }));
		// The torn file is no mark: its lane carries the flag.
		expect(t.problems).toContainEqual(expect.objectContaining({ kind: 'empty', mark: null, lane: '6f1c2d3e-0a1b-4c2d-9e3f-000000000a04' }));
	});

	test('cycles and dangling links are flagged where they are', () => {
		const t = buildTimeline(own, 'gamma', NOW);
		expect(t.problems.map((p) => [p.kind, p.session])).toEqual([
			['dangling', '20261121-090000-claude'],
			['cycle', '20261122-100000-codex'],
		]);
		expect(t.problems.every((p) => p.mark !== null)).toBe(true);
	});

	test('another scope\'s problems stay out', () => {
		const t = buildTimeline(own, 'gamma', NOW);
		expect(t.problems.every((p) => p.path?.startsWith('sessions/gamma/'))).toBe(true);
		const spike = buildTimeline(own, 'alpha/spike', NOW);
		expect(spike.problems.map((p) => p.kind)).toEqual(['conflictCopy']);
	});
});

describe('abandoned sessions', () => {
	test('a working-note pair silent past the limit is shown at its last note', () => {
		const t = buildTimeline(demo, 'kestrel', NOW);
		expect(t.abandoned).toEqual([{ scope: 'kestrel', agent: 'codex', lastTs: 1795999325, notes: 3 }]);
		expect(t.range?.to).toBeGreaterThanOrEqual(1795999325);
	});

	test('the same pair is live when `now` is within the limit of its last note', () => {
		expect(buildTimeline(demo, 'kestrel', 1795999325 + 60).abandoned).toEqual([]);
	});
});

test('an empty scope folder gives an empty timeline, not an error', () => {
	const snap: VaultSnapshot = { root: 'sessions', files: [{ path: 'sessions/p/uncommitted.md', text: '', mtime: 0, size: 0 }], dirs: ['sessions/p'] };
	const t = buildTimeline(buildVaultModel(snap), 'p', NOW);
	expect(t).toMatchObject({ lanes: [], marks: [], links: [], range: null });
});
