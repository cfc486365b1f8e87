import * as path from 'node:path';
import fc from 'fast-check';
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core/format/checkpoint';
import {
	changeCount, diffCheckpoints, diffSummary, historyKeySteps, previousCheckpoint, subjectKey, verdictsAsOf,
	type CheckpointDiff, type ItemKind,
} from '../../../src/core/answers/checkpoint-diff';
import { history } from '../../../src/core/model/history';
import { decisionKey, isPlaceholder, promoteDecisions } from '../../../src/core/answers/receipts';
import { covering, lastVerdictByKey, parseReviewed, reviewKey } from '../../../src/core/format/reviews';
import { foldKey } from '../../../src/core/strings';
import type { Checkpoint, CheckpointRecord } from '../../../src/core/types';
import { buildVaultModel, type VaultModel } from '../../../src/core/model/vault-model';
import { loadFolder } from '../../helpers/load-folder';
import { snapshot } from '../../helpers/snapshot';

const ROOT = path.join(__dirname, '..', '..', '..');
const CONV = 'c0000000-0000-4000-8000-000000000001';
/** 2026-11-16T10:00:00Z; each checkpoint of a built vault is an hour after the one before. */
const T0 = 1794823200;

type Spec = Partial<Pick<Checkpoint, 'task' | 'intent' | 'next' | 'handoffTo' | 'agent' | 'decisions' | 'failed' | 'verified' | 'blockers'>> & {
	branch?: string;
	commit?: string;
};

function stamp(i: number): string {
	const d = new Date((T0 + i * 3600) * 1000);
	const p = (n: number): string => String(n).padStart(2, '0');
	return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}00`;
}

/** A checkpoint text as logos writes it, the i-th of the conversation. */
function text(i: number, s: Spec): string {
	const c = emptyCheckpoint();
	const agent = s.agent ?? 'claude';
	Object.assign(c, {
		session: `${stamp(i)}-${agent}`, hostSession: CONV, project: 'k', agent, task: s.task ?? 'the task', intent: s.intent ?? '', state: 'working',
		decisions: s.decisions ?? [], failed: s.failed ?? [], verified: s.verified ?? [], blockers: s.blockers ?? [], next: s.next ?? '', handoffTo: s.handoffTo ?? '',
		ts: T0 + i * 3600, checkpointed: new Date((T0 + i * 3600) * 1000).toISOString().replace('.000Z', 'Z'), firstSeen: '2026-11-16',
	});
	c.git = { ...c.git, branch: s.branch ?? 'main', commit: s.commit ?? 'abc1234' };
	return renderCheckpoint(c, i > 0 ? `${stamp(i - 1)}-claude` : '');
}

/** A vault of one conversation in scope `k`, oldest first, with an optional reviewed.md. */
function vault(specs: Spec[], reviewed?: string): { model: VaultModel; recs: CheckpointRecord[]; files: Record<string, string> } {
	const files: Record<string, string> = {};
	specs.forEach((s, i) => {
		files[`k/_convos/${CONV}/${stamp(i)}-${s.agent ?? 'claude'}.md`] = text(i, s);
	});
	if (reviewed !== undefined) files['k/reviewed.md'] = reviewed;
	const model = buildVaultModel(snapshot(files));
	const recs = history(model.scan, 'k').entries.slice().reverse();
	return { model, recs, files };
}

function pair(older: Spec, newer: Spec, reviewed?: string): CheckpointDiff {
	const { model, recs } = vault([older, newer], reviewed);
	return diffCheckpoints(model, recs[0], recs[1]);
}

const items = (d: CheckpointDiff, kind: ItemKind): [string, string][] => d.recorded.filter((i) => i.kind === kind).map((i) => [i.status, i.text]);
const effects = (d: CheckpointDiff): [string, string, string, string][] => d.inEffect.map((c) => [c.kind, c.status, c.reason, c.text]);
const field = (d: CheckpointDiff, f: string) => d.fields.find((x) => x.field === f);
const at = (h: number): string => `<!-- ts=${T0 + h * 3600} -->`;

describe('what the newer checkpoint records', () => {
	it('decisions: new, also in the older, restated from earlier, not restated — matched by decisionKey', () => {
		const { model, recs } = vault([
			{ decisions: ['Decision: keep buckets in memory.'] },
			{ decisions: ['answer 429 with Retry-After'] },
			{ decisions: ['Answer 429 with  Retry-After.', 'keep buckets in memory', 'start buckets half full'] },
		]);
		const d = diffCheckpoints(model, recs[1], recs[2]);
		expect(items(d, 'decision')).toEqual([
			['kept', 'Answer 429 with Retry-After.'],
			['restated', 'keep buckets in memory'],
			['new', 'start buckets half full'],
		]);
		// Compared the other way round: what only the first side records is "not restated", never "dropped";
		// the second side's decision was in effect after the first already.
		const back = diffCheckpoints(model, recs[1], recs[0]);
		expect(items(back, 'decision')).toEqual([['restated', 'Decision: keep buckets in memory.'], ['notRestated', 'answer 429 with Retry-After']]);
		expect(diffSummary(d)).toBe('1 new decision');
	});

	it('dead ends: placeholders are dropped, keys are reviewKey, a ruling of an earlier checkpoint is restated', () => {
		const d = pair({ failed: ['none', 'a sync.Map of buckets — lock contention'] }, { failed: ['Nothing ruled out so far.', 'A sync.Map  of buckets — lock contention', 'sharing buckets across gateways — skew'] });
		expect(items(d, 'deadEnd')).toEqual([['kept', 'A sync.Map of buckets — lock contention'], ['new', 'sharing buckets across gateways — skew']]);
		expect(diffSummary(d)).toBe('1 new dead end');
	});

	it('verified items: new and not restated', () => {
		const d = pair({ verified: ['go test ./limiter passes'] }, { verified: ['the 429 carries Retry-After'] });
		expect(items(d, 'verified')).toEqual([['new', 'the 429 carries Retry-After'], ['notRestated', 'go test ./limiter passes']]);
	});

	it('blockers: one not listed any more is "no longer listed", never cleared; "n/a" blocks nothing', () => {
		const d = pair({ blockers: ['staging has no webhook endpoint', 'CI is red'] }, { blockers: ['n/a', 'ci is  red', 'the replica count is unknown'] });
		expect(items(d, 'blocker')).toEqual([['kept', 'ci is red'], ['new', 'the replica count is unknown'], ['noLongerListed', 'staging has no webhook endpoint']]);
		expect(diffSummary(d)).toBe('1 new blocker, 1 blocker no longer listed');
		expect(diffSummary(d)).not.toMatch(/clear|fix|resolv/);
	});

	it('items link to their bullet: the newer’s file, or the older’s for an item only it records', () => {
		const { model, recs, files } = vault([{ blockers: ['old one'] }, { blockers: ['first', 'second'] }]);
		const d = diffCheckpoints(model, recs[0], recs[1]);
		expect(d.recorded.map((i) => [i.path, i.text])).toEqual([[recs[1].path, 'first'], [recs[1].path, 'second'], [recs[0].path, 'old one']]);
		for (const i of d.recorded) expect(files[i.path.slice('sessions/'.length)].split('\n')[i.line]).toBe(`- ${i.text}`);
	});
});

describe('single values', () => {
	it('the next step: changed, kept (case and spacing aside), no longer given, given', () => {
		expect(field(pair({ next: 'write the migration' }, { next: 'run the migration' }), 'next')).toMatchObject({ status: 'changed', before: 'write the migration', after: 'run the migration' });
		expect(field(pair({ next: 'Write the  migration' }, { next: 'write the migration' }), 'next')?.status).toBe('kept');
		const gone = pair({ next: 'write the migration' }, {});
		expect(field(gone, 'next')?.status).toBe('noLongerGiven');
		expect(diffSummary(gone)).toBe('next step no longer given');
		expect(field(pair({}, { next: 'ship it' }), 'next')?.status).toBe('given');
		expect(field(pair({}, {}), 'next')).toBeUndefined();
	});

	it('task, handoff and git', () => {
		const d = pair({ task: 'limit the API', handoffTo: 'codex', branch: 'main', commit: 'aaa1111' }, { task: 'limit the API', branch: 'feat/x', commit: 'bbb2222' });
		expect(field(d, 'task')?.status).toBe('kept');
		expect(field(d, 'handoff')).toMatchObject({ status: 'noLongerGiven', before: 'codex' });
		expect(field(d, 'branch')).toMatchObject({ status: 'changed', before: 'main', after: 'feat/x' });
		expect(diffSummary(d)).toBe('handoff no longer given, branch changed, commit changed');
		expect(diffSummary(pair({}, { handoffTo: 'cursor' }))).toBe('handed off to cursor');
	});

	it('intent is the effective one: an intent the newer inherits is kept, not "no longer given"', () => {
		expect(field(pair({ intent: 'the gateway falls over' }, {}), 'intent')).toMatchObject({ status: 'kept', after: 'the gateway falls over' });
		// A new task inherits nothing: the newer gives no intent.
		expect(field(pair({ intent: 'the gateway falls over' }, { task: 'another task' }), 'intent')?.status).toBe('noLongerGiven');
	});
});

describe('what was in effect after each', () => {
	const RULING = 'showing the total before Stripe answers — it flickered';

	it('a decision the newer records is now in effect; one it does not restate stays in effect', () => {
		const d = pair({ decisions: ['keep buckets in memory'] }, { decisions: ['answer 429'] });
		expect(effects(d)).toEqual([['decision', 'nowInEffect', 'recorded', 'answer 429']]);
		expect(d.older.decisionsInEffect).toBe(1);
		expect(d.newer.decisionsInEffect).toBe(2);
	});

	it('a decision leaves the hand-over only past the newest 200 checkpoints', () => {
		const specs: Spec[] = [{ decisions: ['the oldest decision'] }];
		for (let i = 1; i <= 200; i++) specs.push({});
		const { model, recs } = vault(specs);
		const d = diffCheckpoints(model, recs[199], recs[200]);
		expect(effects(d)).toEqual([['decision', 'noLongerInEffect', 'window', 'the oldest decision']]);
		expect(diffSummary(d)).toBe('1 decision no longer handed over');
		// The step before: still within the window, nothing changed.
		expect(changeCount(diffCheckpoints(model, recs[198], recs[199]))).toBe(0);
	});

	it('a ruling is retired only by a retire line written between the two', () => {
		const specs: Spec[] = [{ failed: [RULING] }, {}];
		const between = pair(specs[0], specs[1], `- retired: ${RULING} ${at(0.5)}\n`);
		expect(effects(between)).toEqual([['ruling', 'retired', 'verdict', RULING]]);
		expect(between.inEffect[0].verdict).toMatchObject({ kind: 'retired', path: 'sessions/k/reviewed.md', line: 0 });
		expect(diffSummary(between)).toBe('1 ruling retired');
		// Written after the newer checkpoint: as of then the ruling was live in both.
		expect(effects(pair(specs[0], specs[1], `- retired: ${RULING} ${at(2)}\n`))).toEqual([]);
		// Written before both: retired in both, no change.
		expect(effects(pair({ failed: [RULING] }, {}, `- retired: ${RULING} ${at(0)}\n`))).toEqual([]);
	});

	it('"replaced": a ruling retired and a new one on the same subject recorded in the same step', () => {
		const d = pair({ failed: [RULING] }, { failed: ['showing the total before Stripe answers — fine once the spinner is shown'] }, `- retired: ${RULING} ${at(0.5)}\n`);
		expect(effects(d)).toEqual([['ruling', 'replaced', 'verdict', 'showing the total before Stripe answers — fine once the spinner is shown']]);
		expect(d.inEffect[0].replaces).toMatchObject({ text: RULING });
		expect(diffSummary(d)).toBe('1 new dead end, 1 ruling replaced');
		// Another subject: a retirement and a new ruling, not a replacement.
		const other = pair({ failed: [RULING] }, { failed: ['parsing the body twice — the stream was gone'] }, `- retired: ${RULING} ${at(0.5)}\n`);
		expect(effects(other).map((e) => e[1])).toEqual(['nowInEffect', 'retired']);
		// The new ruling without a retirement: both stay in effect, nothing replaced.
		const noVerdict = pair({ failed: [RULING] }, { failed: ['showing the total before Stripe answers — fine once the spinner is shown'] });
		expect(effects(noVerdict).map((e) => e[1])).toEqual(['nowInEffect']);
	});

	it('reconfirmed, and live again by a newer copy after its retirement', () => {
		const re = pair({ failed: [RULING] }, {}, `- reconfirmed at 71c5b3e: ${RULING} ${at(0.5)}\n`);
		expect(effects(re)).toEqual([['ruling', 'reconfirmed', 'verdict', RULING]]);
		expect(diffSummary(re)).toBe('1 ruling reconfirmed');
		const again = pair({ failed: [RULING] }, { failed: [RULING] }, `- retired: ${RULING} ${at(0)}\n`);
		// Retired as of the older (the line covers its copy), live again in the newer's copy.
		expect(effects(again)).toEqual([['ruling', 'liveAgain', 'copy', RULING]]);
		expect(items(again, 'deadEnd')).toEqual([['kept', RULING]]);
	});

	it('reviewed.md as of a time: the lines before the first one timed later', () => {
		const v = parseReviewed(`- retired: a ${at(1)}\n- retired: b\n- retired: c ${at(3)}\n- retired: d ${at(2)}\n`);
		expect(verdictsAsOf(v, T0 + 2 * 3600).map((x) => x.text)).toEqual(['a', 'b']);
		expect(verdictsAsOf(v, T0 + 5 * 3600).map((x) => x.text)).toEqual(['a', 'b', 'c', 'd']);
	});

	it('the subject of a ruling is what comes before its reason', () => {
		expect(subjectKey('Showing the total  — it flickered')).toBe('showing the total');
		expect(subjectKey('no reason given')).toBe('no reason given');
	});
});

describe('a long history, a step at a time', () => {
	it('works out what a comparison reads 500 checkpoints a step, then compares as without the steps', () => {
		// Decisions that leave the newest 200, a ruling retired half way and written again, rulings repeated.
		const specs: Spec[] = Array.from({ length: 1201 }, (_, i) => ({
			decisions: [`decision ${i % 300}`, i === 3 ? 'only in the oldest' : 'kept'],
			failed: i % 7 === 0 ? ['retry on 409 — too slow'] : [`idea ${i % 50} — too slow`, 'none'],
		}));
		const reviewed = `- retired: retry on 409 — too slow ${at(600)}\n- reconfirmed: idea 3 — too slow ${at(900)}\n`;
		const stepped = vault(specs, reviewed);
		const plain = vault(specs, reviewed);
		let steps = 0;
		for (const steps_ = historyKeySteps(stepped.model, 'k'); !steps_.next().done;) steps++;
		// Steps after 500 and 1,000 checkpoints; the rest ends the walk.
		expect(steps).toBe(2);
		for (const [a, b] of [[1199, 1200], [300, 900], [900, 300], [0, 1200], [1200, 1200]]) {
			expect(diffCheckpoints(stepped.model, stepped.recs[a], stepped.recs[b])).toEqual(diffCheckpoints(plain.model, plain.recs[a], plain.recs[b]));
		}
		// Made once: a second walk has nothing left to do.
		expect(historyKeySteps(stepped.model, 'k').next().done).toBe(true);
		// What was in effect after a checkpoint, against a plain walk of its history: the decisions
		// promoted from it, and each ruling's newest copy from it on, live unless a retire line
		// written by then covers it.
		const entries = history(stepped.model.scan, 'k').entries;
		const verdicts = parseReviewed(reviewed);
		for (const i of [0, 1, 199, 200, 500, 899, 1200]) {
			const from = entries.slice(i);
			const newest = new Map<string, number>();
			for (const r of from) r.checkpoint.failed.forEach((t) => {
				if (!isPlaceholder(t) && !newest.has(reviewKey(t))) newest.set(reviewKey(t), r.checkpoint.ts);
			});
			const lastByKey = lastVerdictByKey(verdictsAsOf(verdicts, from[0].checkpoint.ts));
			const live = [...newest].filter(([key, ts]) => covering(lastByKey.get(key), ts)?.kind !== 'retired').length;
			const side = diffCheckpoints(stepped.model, from[0], from[0]).newer;
			expect([side.decisionsInEffect, side.rulingsInEffect]).toEqual([promoteDecisions(from.map((r) => r.checkpoint)).length, live]);
		}
	});
});

describe('the previous checkpoint', () => {
	it('is the one before in its conversation, else the one it follows, else none', () => {
		const { model, recs } = vault([{}, {}]);
		expect(previousCheckpoint(model, recs[1])).toMatchObject({ record: recs[0], via: 'conversation' });
		expect(previousCheckpoint(model, recs[0])).toBeNull();
	});
});

/** The raw lines of a vault file. */
function linesOf(dir: string, vaultPath: string): string[] {
	return (loadFolder(dir).files.find((f) => f.path === vaultPath)?.text ?? '').split('\n');
}

describe.each([
	['vault-own', path.join(ROOT, 'test/fixtures/vault-own')],
	['demo-vault', path.join(ROOT, 'demo-vault')],
])('every consecutive pair of %s: the words are true of the files', (_name, dir) => {
	const model = buildVaultModel(loadFolder(dir));
	const pairs: [CheckpointRecord, CheckpointRecord][] = [];
	for (const s of model.scopes) {
		for (const r of history(model.scan, s).entries) {
			const p = previousCheckpoint(model, r);
			if (p) pairs.push([p.record, r]);
		}
	}
	const parsed = (r: CheckpointRecord): Checkpoint => parseCheckpoint(linesOf(dir, r.path).join('\n'));
	const keysOf = (c: Checkpoint, kind: ItemKind): Set<string> => {
		if (kind === 'decision') return new Set(c.decisions.map(decisionKey));
		const list = kind === 'deadEnd' ? c.failed : kind === 'verified' ? c.verified : c.blockers;
		return new Set(list.filter((t) => !isPlaceholder(t)).map(foldKey));
	};

	it('has pairs', () => expect(pairs.length).toBeGreaterThan(5));

	it.each(pairs.map(([o, n]) => [`${n.id} against ${o.id}`, o, n] as const))('%s', (_t, older, newer) => {
		const d = diffCheckpoints(model, older, newer);
		const oldC = parsed(older);
		const newC = parsed(newer);
		for (const i of d.recorded) {
			// Each item is the bullet on the line it links to.
			expect(linesOf(dir, i.path)[i.line]).toMatch(/^[-*+] /);
			expect(linesOf(dir, i.path)[i.line].slice(2).trim()).toBe(i.text.trim());
			const inNew = keysOf(newC, i.kind).has(i.key);
			const inOld = keysOf(oldC, i.kind).has(i.key);
			if (i.status === 'notRestated' || i.status === 'noLongerListed') {
				expect([inOld, inNew]).toEqual([true, false]);
			} else {
				expect(inNew).toBe(true);
				expect(inOld).toBe(i.status === 'kept');
			}
		}
		for (const f of d.fields) {
			if (f.status === 'changed') expect(foldKey(f.before)).not.toBe(foldKey(f.after));
			if (f.status === 'noLongerGiven') expect(f.after).toBe('');
			if (f.status === 'given') expect(f.before).toBe('');
		}
		const reviewed = newer.scope === older.scope ? linesOf(dir, `sessions/${newer.scope}/reviewed.md`) : [];
		for (const c of d.inEffect) {
			if (c.status === 'retired' || c.status === 'replaced') {
				// A retire line on that ruling, written after the older and by the newer.
				const v = parseReviewed(reviewed.join('\n')).find((x) => x.line === c.verdict?.line);
				expect(v?.kind).toBe('retired');
				expect(reviewKey(v?.text ?? '')).toBe(c.status === 'retired' ? c.key : c.replaces?.key);
				expect(v?.ts ?? 0).toBeGreaterThan(older.checkpoint.ts);
				expect(v?.ts ?? Infinity).toBeLessThanOrEqual(newer.checkpoint.ts);
			}
			if (c.status === 'nowInEffect' && c.reason === 'recorded') expect(keysOf(newC, c.kind === 'decision' ? 'decision' : 'deadEnd').has(c.key)).toBe(true);
		}
		expect(diffSummary(d)).not.toMatch(/dropped|cleared/);
	});

	it('the demo’s kestrel hand-over from cursor to claude says what the files show', () => {
		const newer = model.scan.records.find((r) => r.id === '20261129-083015-claude') as CheckpointRecord;
		if (!dir.endsWith('demo-vault')) return;
		const prev = previousCheckpoint(model, newer);
		expect(prev?.record.id).toBe('20261127-111502-cursor');
		expect(prev?.via).toBe('follows');
		const d = diffCheckpoints(model, prev?.record as CheckpointRecord, newer);
		expect(diffSummary(d)).toBe('2 new decisions, 1 new dead end, 1 new verified item, task changed, intent given, next step changed, commit changed, 1 ruling retired');
	});
});

describe('properties', () => {
	const word = fc.constantFrom('keep buckets', 'Keep  buckets.', 'answer 429', 'none', 'n/a', 'shard by tenant', 'log — noisy', 'log — quiet', '');
	const list = fc.array(word, { maxLength: 4 });
	const spec: fc.Arbitrary<Spec> = fc.record({
		task: fc.constantFrom('', 'limit', 'Limit'),
		intent: fc.constantFrom('', 'why'),
		next: fc.constantFrom('', 'ship', 'test'),
		handoffTo: fc.constantFrom('', 'codex'),
		decisions: list,
		failed: list,
		verified: list,
		blockers: list,
		branch: fc.constantFrom('', 'main', 'x'),
	});
	const reviewed = fc.array(fc.tuple(fc.constantFrom('retired', 'reconfirmed'), word, fc.integer({ min: -1, max: 4 })), { maxLength: 4 })
		.map((lines) => lines.filter(([, w]) => w !== '').map(([k, w, h]) => `- ${k}: ${w}${h < 0 ? '' : ` ${at(h)}`}`).join('\n') + '\n');

	it('a checkpoint against itself has no changes', () => {
		fc.assert(fc.property(fc.array(spec, { minLength: 1, maxLength: 4 }), reviewed, (specs, rev) => {
			const { model, recs } = vault(specs, rev);
			for (const r of recs) {
				const d = diffCheckpoints(model, r, r);
				expect(changeCount(d)).toBe(0);
				expect(d.inEffect).toEqual([]);
				expect(diffSummary(d)).toBe('no changes');
			}
		}), { numRuns: 60 });
	});

	it('every item of the newer is accounted for, and the counts in effect add up', () => {
		fc.assert(fc.property(fc.array(spec, { minLength: 2, maxLength: 4 }), reviewed, fc.nat(), fc.nat(), (specs, rev, a, b) => {
			const { model, recs } = vault(specs, rev);
			const older = recs[a % recs.length];
			const newer = recs[b % recs.length];
			const d = diffCheckpoints(model, older, newer);
			const c = newer.checkpoint;
			const lists: [ItemKind, string[], (t: string) => string][] = [
				['decision', c.decisions, decisionKey], ['deadEnd', c.failed.filter((t) => !isPlaceholder(t)), reviewKey],
				['verified', c.verified, foldKey], ['blocker', c.blockers.filter((t) => !isPlaceholder(t)), foldKey],
			];
			for (const [kind, xs, key] of lists) {
				for (const t of xs) {
					if (key(t) === '') continue;
					const found = d.recorded.find((i) => i.kind === kind && i.key === key(t));
					expect(found && found.path === newer.path && found.status !== 'notRestated' && found.status !== 'noLongerListed').toBe(true);
				}
			}
			for (const [f, v] of [['task', c.task], ['next', c.next], ['handoff', c.handoffTo], ['branch', c.git.branch]] as const) {
				if (v.trim() !== '') expect(d.fields.find((x) => x.field === f)?.after).toBe(v.trim());
			}
			const n = (kind: string, ...statuses: string[]): number => d.inEffect.filter((x) => x.kind === kind && statuses.includes(x.status)).length;
			expect(d.newer.decisionsInEffect).toBe(d.older.decisionsInEffect + n('decision', 'nowInEffect') - n('decision', 'noLongerInEffect'));
			expect(d.newer.rulingsInEffect).toBe(d.older.rulingsInEffect + n('ruling', 'nowInEffect', 'liveAgain') - n('ruling', 'retired', 'noLongerInEffect'));
		}), { numRuns: 120 });
	});
});
