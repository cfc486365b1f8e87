/**
 * Checkpoint diffs on random conversations (bullets drawn from a small pool with case,
 * spacing, `Decision:` and placeholder variants, rulings sharing subjects, reviewed.md lines
 * at random times, some untimed), every ordered pair compared, each checkpoint with itself.
 *
 * Figures: "checkpoint diffs compared"; "diffs of a checkpoint with itself not empty" and
 * "diff words untrue of the files" (an item called new, kept, restated, not restated or no
 * longer listed against what the two parsed files hold; a bullet of the newer left out; a
 * ruling called retired or replaced without a retire line on it; in-effect counts that do
 * not add up), both must be zero; "exceptions".
 */
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core';
import { changeCount, diffCheckpoints, type CheckpointDiff, type ItemKind } from '../../../src/core';
import { history } from '../../../src/core';
import { decisionKey, isPlaceholder } from '../../../src/core';
import { parseReviewed, reviewKey } from '../../../src/core';
import { foldKey } from '../../../src/core';
import type { Checkpoint, CheckpointRecord, VaultFile } from '../../../src/core';
import { buildVaultModel } from '../../../src/core';
import { errorText, type CheckResult, Tally } from './report';
import { Rng } from './rng';

const CONV = 'c0000000-0000-4000-8000-0000000000d1';
const T0 = 1794823200;
const POOL = [
	'keep buckets in memory', 'Decision: Keep  buckets in memory.', 'answer 429', 'none', 'n/a', 'Nothing ruled out so far.',
	'shard by tenant — hot tenants', 'shard by tenant — fine with a cap', 'log — noisy', 'LOG — noisy', 'retry twice',
];

function stamp(i: number): string {
	const d = new Date((T0 + i * 3600) * 1000).toISOString();
	return `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}-${d.slice(11, 13)}${d.slice(14, 16)}00`;
}

function list(rng: Rng): string[] {
	const out: string[] = [];
	for (let k = rng.int(4); k > 0; k--) out.push(rng.pick(POOL));
	return out;
}

function vault(rng: Rng): { files: VaultFile[]; size: number } {
	const size = 1 + rng.int(6);
	const files: VaultFile[] = [];
	for (let i = 0; i < size; i++) {
		const c = emptyCheckpoint();
		Object.assign(c, {
			session: `${stamp(i)}-claude`, hostSession: CONV, project: 'k', agent: rng.pick(['claude', 'codex']), state: 'working',
			task: rng.pick(['', 'limit', 'Limit ']), intent: rng.pick(['', 'why']), next: rng.pick(['', 'ship', 'test']), handoffTo: rng.pick(['', 'codex']),
			decisions: list(rng), failed: list(rng), verified: list(rng), blockers: list(rng),
			ts: T0 + i * 3600, checkpointed: new Date((T0 + i * 3600) * 1000).toISOString().replace('.000Z', 'Z'), firstSeen: '2026-11-16',
		});
		const text = renderCheckpoint(c, i > 0 ? `${stamp(i - 1)}-claude` : '');
		files.push({ path: `sessions/k/_convos/${CONV}/${stamp(i)}-claude.md`, text, mtime: 0, size: text.length });
	}
	const lines: string[] = [];
	for (let k = rng.int(5); k > 0; k--) {
		const hour = rng.int(size + 1) - 0.5;
		lines.push(`- ${rng.pick(['retired', 'reconfirmed'])}: ${rng.pick(POOL)}${rng.chance(0.2) ? '' : ` <!-- ts=${Math.round(T0 + hour * 3600)} -->`}`);
	}
	if (lines.length > 0) files.push({ path: 'sessions/k/reviewed.md', text: lines.join('\n') + '\n', mtime: 0, size: 1 });
	return { files, size };
}

const KEYS: Record<ItemKind, (c: Checkpoint) => Set<string>> = {
	decision: (c) => new Set(c.decisions.map(decisionKey).filter((k) => k !== '')),
	deadEnd: (c) => new Set(c.failed.filter((t) => !isPlaceholder(t)).map(reviewKey).filter((k) => k !== '')),
	verified: (c) => new Set(c.verified.map(foldKey).filter((k) => k !== '')),
	blocker: (c) => new Set(c.blockers.filter((t) => !isPlaceholder(t)).map(foldKey).filter((k) => k !== '')),
};

/** What is wrong with a diff's words against the two files as parsed again; '' when nothing. */
function untrue(d: CheckpointDiff, oldText: string, newText: string, reviewed: string): string {
	const o = parseCheckpoint(oldText);
	const n = parseCheckpoint(newText);
	for (const kind of Object.keys(KEYS) as ItemKind[]) {
		const inOld = KEYS[kind](o);
		const inNew = KEYS[kind](n);
		for (const key of inNew) if (!d.recorded.some((i) => i.kind === kind && i.key === key && i.path === d.newer.path)) return `${kind} "${key}" of the newer not accounted for`;
		for (const i of d.recorded.filter((x) => x.kind === kind)) {
			const gone = i.status === 'notRestated' || i.status === 'noLongerListed';
			if (gone ? !inOld.has(i.key) || inNew.has(i.key) : !inNew.has(i.key) || (i.status === 'kept') !== inOld.has(i.key)) return `${kind} "${i.key}" called ${i.status}`;
			if ((i.status === 'noLongerListed') !== (gone && kind === 'blocker')) return `${kind} "${i.key}" called ${i.status}`;
		}
	}
	const verdicts = parseReviewed(reviewed);
	for (const c of d.inEffect) {
		if (c.status !== 'retired' && c.status !== 'replaced') continue;
		const v = verdicts.find((x) => x.line === c.verdict?.line);
		const key = c.status === 'retired' ? c.key : c.replaces?.key;
		if (!v || v.kind !== 'retired' || reviewKey(v.text) !== key) return `${c.status} "${c.text}" without a retire line on it`;
	}
	const count = (kind: string, ...s: string[]): number => d.inEffect.filter((c) => c.kind === kind && s.includes(c.status)).length;
	if (d.newer.decisionsInEffect !== d.older.decisionsInEffect + count('decision', 'nowInEffect') - count('decision', 'noLongerInEffect')) return 'decisions in effect do not add up';
	if (d.newer.rulingsInEffect !== d.older.rulingsInEffect + count('ruling', 'nowInEffect', 'liveAgain') - count('ruling', 'retired', 'noLongerInEffect')) return 'rulings in effect do not add up';
	return '';
}

export function checkpointDiffs(vaults: number, seed: number): CheckResult {
	const t = new Tally();
	t.zero('checkpoint diffs compared', 'diffs of a checkpoint with itself not empty', 'diff words untrue of the files', 'exceptions');
	for (let v = 0; v < vaults; v++) {
		const rng = new Rng(seed + v);
		const { files } = vault(rng);
		try {
			const model = buildVaultModel({ root: 'sessions', files, dirs: ['sessions', 'sessions/k', 'sessions/k/_convos', `sessions/k/_convos/${CONV}`] });
			const recs: readonly CheckpointRecord[] = history(model.scan, 'k').entries;
			const text = (r: CheckpointRecord): string => files.find((f) => f.path === r.path)?.text ?? '';
			const reviewed = files.find((f) => f.path.endsWith('reviewed.md'))?.text ?? '';
			for (const a of recs) {
				for (const b of recs) {
					const d = diffCheckpoints(model, a, b);
					t.add('checkpoint diffs compared');
					if (a === b && (changeCount(d) !== 0 || d.inEffect.length !== 0)) t.fail('diffs of a checkpoint with itself not empty', `seed ${seed + v}: ${a.id}`);
					const why = untrue(d, text(a), text(b), reviewed);
					if (why !== '') t.fail('diff words untrue of the files', `seed ${seed + v}: ${b.id} against ${a.id}: ${why}`);
				}
			}
		} catch (e) {
			t.fail('exceptions', `seed ${seed + v}: ${errorText(e)}`);
		}
	}
	return t.result();
}
