/**
 * TEST DOUBLE — hand-built ResumeModels and a fake ResumeSources for the pane's renderer,
 * so the pane's tests do not depend on how the core assembles a model. The plugin-level
 * tests use the real core over an in-memory vault instead.
 */
import type { ResumeModel } from '../../src/core';
import type { Checkpoint, CheckpointRecord, GitState } from '../../src/core';
import type { LinkTarget, RenderEnv, ResumeSources } from '../../src/ui/resume/resume-dom';

/** 2026-11-17T19:02:56Z, the fixture's A3 checkpoint. */
export const T_A3 = 1794942176;
export const NOW = T_A3 + 3 * 3600;

export function fakeGit(over: Partial<GitState> = {}): GitState {
	return {
		branch: '',
		commit: '',
		commitSubject: '',
		uncommitted: 0,
		uncommittedUnreadable: false,
		worktree: '',
		remote: '',
		repoRoot: '',
		touched: [],
		...over,
	};
}

export function fakeCheckpoint(over: Partial<Checkpoint> = {}): Checkpoint {
	return {
		session: '',
		hostSession: '',
		project: '',
		agent: '',
		task: '',
		intent: '',
		state: '',
		decisions: [],
		failed: [],
		verified: [],
		blockers: [],
		commands: [],
		questions: [],
		files: [],
		next: '',
		handoffTo: '',
		auto: false,
		autoClosed: false,
		follows: '',
		ts: 0,
		firstSeen: '',
		checkpointed: '',
		transcriptTurns: 0,
		git: fakeGit(),
		inferred: null,
		annotations: { preamble: '', sections: [] },
		problems: [],
		...over,
	};
}

export function fakeRecord(path: string, c: Checkpoint, scope = 'kestrel'): CheckpointRecord {
	const name = path.slice(path.lastIndexOf('/') + 1);
	const stem = name.replace(/\.md$/, '');
	return { path, name, stem, id: c.session || stem, scope, conversation: c.hostSession || stem, flat: false, checkpoint: c, empty: false, copyOf: null };
}

export const A3_PATH = 'sessions/kestrel/_convos/7c0e/20261117-101517-claude.md';
export const A2_PATH = 'sessions/kestrel/_convos/7c0e/20261116-142233-claude.md';
export const NOTES_PATH = 'sessions/kestrel/uncommitted.md';

/** A full model: every section of the pane has something to show. */
export function fullModel(over: Partial<Checkpoint> = {}): ResumeModel {
	const a3 = fakeCheckpoint({
		session: '20261117-101517-claude',
		hostSession: '7c0e',
		agent: 'claude',
		task: 'wire the annual toggle into PricingTable',
		state: 'Previews are cached server-side per (plan, coupon).',
		decisions: ['cache previews on the server keyed by plan and coupon'],
		failed: ['caching previews in localStorage — stale after a coupon changes'],
		verified: ['a coupon change invalidates the cached preview'],
		blockers: ['the annual coupon is off by one cent'],
		commands: ['go test ./api -run TestPreviewCacheCoupon'],
		questions: ['should trials round before or after the coupon?'],
		files: ['api/preview.go', 'api/cache.go'],
		next: 'find why the annual coupon total is one cent off',
		handoffTo: 'codex',
		ts: T_A3,
		git: fakeGit({ branch: 'feat/annual-billing', commit: '4e1b9c0', commitSubject: 'billing: cache previews per coupon', uncommitted: 2, touched: ['billing/proration.go'] }),
		...over,
	});
	return {
		scope: 'kestrel',
		conversation: null,
		now: NOW,
		latest: { record: fakeRecord(A3_PATH, a3), intent: 'annual plans must show the real price', intentFrom: '20261116-142233-claude' },
		rulings: [
			{ text: a3.failed[0] ?? '', key: 'k-local', session: a3.session, path: A3_PATH, line: 27, verdict: 'none', commit: '4e1b9c0', at: T_A3, copyTs: T_A3, inLatest: true },
			{ text: 'computing proration client-side', key: 'k-client', session: '20261116-142233-claude', path: A2_PATH, line: 30, verdict: 'reconfirmed', commit: 'd2c7a15', at: T_A3 - 50000, copyTs: T_A3 - 70000, inLatest: false },
			{ text: "calling Stripe's upcoming-invoice endpoint on every toggle", key: 'k-stripe', session: '20261116-142233-claude', path: A2_PATH, line: 31, verdict: 'retired', commit: null, at: T_A3 - 40000, copyTs: T_A3 - 70000, inLatest: false },
			{ text: 'computing proration client-side', key: 'k-client', session: '20261116-091204-claude', path: 'sessions/kestrel/old.md', line: 20, verdict: 'reconfirmed', commit: 'd2c7a15', at: T_A3 - 50000, copyTs: T_A3 - 90000, inLatest: false },
		],
		decisions: [
			{ text: 'cache previews on the server keyed by plan and coupon', key: 'd1', count: 1, session: a3.session, inLatest: true },
			{ text: 'round once, at the end', key: 'd2', count: 2, session: '20261116-142233-claude', inLatest: false },
		],
		receipts: [{ kind: 'nextMultiStep', session: a3.session, detail: 'two verbs' }],
		uncommitted: [{ scope: 'kestrel', text: 'PricingTable renders the annual price', ts: NOW - 600, agent: 'codex', line: 7 }],
		abandoned: [{ scope: 'kestrel', agent: 'cursor', lastTs: NOW - 8 * 3600, notes: 2 }],
		conversations: [
			{ id: 'd41f', scope: 'kestrel', name: 'why is the annual total off', latest: '20261118-160840-claude-code', latestPath: 'sessions/kestrel/_convos/d41f/20261118-160840-claude-code.md', latestTs: NOW - 7200, chain: ['20261118-160840-claude-code'], flat: false, agents: ['claude-code'], auto: true, handoffTo: '', next: 'check trials' },
		],
		problems: [{ kind: 'conflictCopy', path: 'sessions/kestrel/ledger (conflicted copy).md', session: null, detail: 'copy of ledger.md' }],
		notices: ['something the core wants said'],
		skippedAhead: ['sessions/kestrel/_convos/7c0e/20261118-000000-claude.md'],
	};
}

export function emptyModel(): ResumeModel {
	return { scope: 'kestrel', conversation: null, now: NOW, latest: null, rulings: [], decisions: [], receipts: [], uncommitted: [], abandoned: [], conversations: [], problems: [], notices: [], skippedAhead: [] };
}

/** Sources that know the A2/A3 records and answer bullet k of any heading as line 100 + k. */
export function fakeSources(records: CheckpointRecord[] = []): ResumeSources {
	return {
		recordOf: (id) => records.find((r) => r.id === id) ?? null,
		bulletLine: (_path, _heading, k) => (k < 0 ? 90 : 100 + k),
		keyLine: (_path, key) => (key === 'branch' ? 9 : key === 'touched' ? 14 : -1),
		notesPath: (scope) => `sessions/${scope}/uncommitted.md`,
	};
}

/** An env that records links and actions by element, and markdown calls, for assertions. */
export interface RecordingEnv extends RenderEnv {
	links: Map<HTMLElement, LinkTarget>;
	actions: Map<HTMLElement, () => void>;
	markdownCalls: { text: string; sourcePath: string }[];
}

export function recordingEnv(sources: ResumeSources = fakeSources()): RecordingEnv {
	const links = new Map<HTMLElement, LinkTarget>();
	const actions = new Map<HTMLElement, () => void>();
	const markdownCalls: { text: string; sourcePath: string }[] = [];
	return {
		sources,
		links,
		actions,
		markdownCalls,
		link: (el, t) => void links.set(el, t),
		action: (el, fn) => void actions.set(el, fn),
		markdown: (_el, text, sourcePath) => void markdownCalls.push({ text, sourcePath }),
	};
}
