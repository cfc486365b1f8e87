import fc from 'fast-check';
import { back, branchProblems, followsGraph, forward, resolveFollows, stepInConversation } from '../../../src/core/model/chains';
import { chainPlace } from '../../../src/core/model/chain-place';
import { conversations } from '../../../src/core/model/conversations';
import { scanVault, type VaultScan } from '../../../src/core/model/scan';
import { buildScopeModel, buildVaultModel, combineScopeModels } from '../../../src/core/model/vault-model';
import { linesFromTexts } from '../../../src/core';
import { fixtureVault, loadFolder } from '../../helpers/load-folder';
import { itIf } from '../../helpers/reference';
import { checkpointText, snapshot, type CheckpointSpec } from '../../helpers/snapshot';

const cp = (session: string, extra: CheckpointSpec = {}) => checkpointText({ session, project: 'k', task: `task of ${session}`, ...extra });
const ids = (records: { id: string }[]) => records.map((r) => r.id);
const kinds = (problems: { kind: string }[]) => problems.map((p) => p.kind);

describe('follows on the shared fixture', () => {
	const dir = fixtureVault('vault-basic');
	const maybe = itIf(dir !== null);
	const scan = () => scanVault(loadFolder(dir as string));

	maybe('resolves every follows link of the README table', () => {
		const s = scan();
		const expected: Record<string, string | null> = {
			'20261116-091204-claude': null,
			'20261116-142233-claude': '20261116-091204-claude',
			'20261117-101517-claude': '20261116-142233-claude',
			'20261118-160840-claude-code': '20261117-101517-claude',
			'20261119-113005-codex': '20261118-160840-claude-code',
			'20261120-093015-claude': null,
			'20261120-151102-claude': '20261120-093015-claude',
			'20261012-154233-claude': null,
			'20261116-090012-cursor': '20261012-154233-claude',
			'20261123-084510-codex': '20261116-090012-cursor',
			'20261123-121955-codex': '20261123-084510-codex',
		};
		const graph = followsGraph(s);
		for (const [id, parent] of Object.entries(expected)) {
			const r = s.records.find((x) => x.id === id);
			expect(r && (graph.parent.get(r.path)?.id ?? null)).toBe(parent);
		}
		expect(graph.problems).toEqual([]);
	});

	maybe('walks back and forward across conversation folders', () => {
		const s = scan();
		expect(ids(back(s, '20261119-113005-codex').chain)).toEqual([
			'20261118-160840-claude-code', '20261117-101517-claude', '20261116-142233-claude', '20261116-091204-claude',
		]);
		expect(ids(forward(s, '20261116-091204-claude').chain)).toEqual([
			'20261116-142233-claude', '20261117-101517-claude', '20261118-160840-claude-code', '20261119-113005-codex',
		]);
		expect(ids(back(s, '20261123-121955-codex', 'heron').chain)).toEqual(['20261123-084510-codex', '20261116-090012-cursor', '20261012-154233-claude']);
		const w = forward(s, '20261120-093015-claude');
		expect(ids(w.chain)).toEqual(['20261120-151102-claude']);
		expect(w.problems).toEqual([]);
	});
});

describe('follows on in-memory vaults', () => {
	const linear = (): VaultScan => scanVault(snapshot({
		'k/_convos/h1/20261101-000000-a.md': cp('20261101-000000-a'),
		'k/_convos/h1/20261102-000000-a.md': cp('20261102-000000-a', { follows: '20261101-000000-a' }),
		'k/_convos/h2/20261103-000000-a.md': cp('20261103-000000-a', { follows: '20261102-000000-a' }),
	}));

	it('walks nearest first and stops at the ends', () => {
		const s = linear();
		expect(ids(back(s, '20261103-000000-a').chain)).toEqual(['20261102-000000-a', '20261101-000000-a']);
		expect(ids(forward(s, '20261101-000000-a').chain)).toEqual(['20261102-000000-a', '20261103-000000-a']);
		expect(back(s, '20261101-000000-a').chain).toEqual([]);
		expect(forward(s, '20261103-000000-a')).toMatchObject({ chain: [], fork: [], problems: [] });
	});

	it('answers an unknown id with an error, not a crash', () => {
		const w = back(linear(), 'nope');
		expect(w.start).toBeNull();
		expect(w.error).toMatch(/no checkpoint nope/);
	});

	it('resolves in the scope first, then anywhere under the sessions folder', () => {
		const s = scanVault(snapshot({
			'k/20261101-000000-a.md': cp('20261101-000000-a', { state: 'in k' }),
			'k/wt/20261101-000000-a.md': cp('20261101-000000-a', { project: 'k/wt', state: 'in wt' }),
			'k/wt/20261102-000000-a.md': cp('20261102-000000-a', { project: 'k/wt', follows: '20261101-000000-a' }),
			'other/20261103-000000-a.md': cp('20261103-000000-a', { project: 'other', follows: '20261101-000000-a' }),
		}));
		const from = (id: string) => s.records.find((r) => r.id === id) as VaultScan['records'][number];
		expect(resolveFollows(s, from('20261102-000000-a')).target?.scope).toBe('k/wt');
		const far = resolveFollows(s, from('20261103-000000-a'));
		expect(far.target?.scope).toBe('k');
		expect(kinds(far.problems)).toEqual(['duplicate']);
	});

	it('reports a dangling link, and one to a torn file, and stops there', () => {
		const s = scanVault(snapshot({
			'k/20261101-000000-a.md': '',
			'k/20261102-000000-a.md': cp('20261102-000000-a', { follows: '20261101-000000-a' }),
			'k/20261103-000000-a.md': cp('20261103-000000-a', { follows: '20260101-000000-gone' }),
		}));
		const torn = back(s, '20261102-000000-a');
		expect(torn.chain).toEqual([]);
		expect(torn.problems.map((p) => [p.kind, p.session])).toEqual([['dangling', '20261102-000000-a']]);
		expect(torn.problems[0].detail).toMatch(/empty or unreadable/);
		expect(kinds(back(s, '20261103-000000-a').problems)).toEqual(['dangling']);
		expect(kinds(followsGraph(s, 'k').problems)).toEqual(['dangling', 'dangling']);
	});

	it('stops forward at a fork and names the children', () => {
		const s = scanVault(snapshot({
			'k/20261101-000000-a.md': cp('20261101-000000-a'),
			'k/20261102-000000-a.md': cp('20261102-000000-a', { follows: '20261101-000000-a' }),
			'k/20261103-000000-a.md': cp('20261103-000000-a', { follows: '20261102-000000-a' }),
			'k/20261103-120000-b.md': cp('20261103-120000-b', { follows: '20261102-000000-a' }),
		}));
		const w = forward(s, '20261101-000000-a');
		expect(ids(w.chain)).toEqual(['20261102-000000-a']);
		expect(ids(w.fork)).toEqual(['20261103-120000-b', '20261103-000000-a']);
		expect(w.problems.map((p) => [p.kind, p.session])).toEqual([['fork', '20261102-000000-a']]);
		expect(kinds(followsGraph(s).problems)).toEqual(['fork']);
		expect(ids(back(s, '20261103-120000-b').chain)).toEqual(['20261102-000000-a', '20261101-000000-a']);
	});

	it('terminates on cycles and reports them', () => {
		const s = scanVault(snapshot({
			'k/20261101-000000-a.md': cp('20261101-000000-a', { follows: '20261103-000000-a' }),
			'k/20261102-000000-a.md': cp('20261102-000000-a', { follows: '20261101-000000-a' }),
			'k/20261103-000000-a.md': cp('20261103-000000-a', { follows: '20261102-000000-a' }),
			'k/20261104-000000-a.md': cp('20261104-000000-a', { follows: '20261104-000000-a' }),
		}));
		const b = back(s, '20261103-000000-a');
		expect(ids(b.chain)).toEqual(['20261102-000000-a', '20261101-000000-a']);
		expect(kinds(b.problems)).toEqual(['cycle']);
		const f = forward(s, '20261101-000000-a');
		expect(ids(f.chain)).toEqual(['20261102-000000-a', '20261103-000000-a']);
		expect(kinds(f.problems)).toEqual(['cycle']);
		expect(kinds(back(s, '20261104-000000-a').problems)).toEqual(['cycle']);
		expect(kinds(forward(s, '20261104-000000-a').problems)).toEqual(['cycle']);
		expect(kinds(followsGraph(s).problems)).toEqual(['cycle', 'cycle']);
	});

	it('says when a checkpoint is one branch of a fork, naming the sibling, and when it has copies', () => {
		const b = cp('20261103-000000-b', { follows: '20261102-000000-a' });
		const s = scanVault(snapshot({
			'k/20261102-000000-a.md': cp('20261102-000000-a'),
			'k/20261103-000000-a.md': cp('20261103-000000-a', { follows: '20261102-000000-a' }),
			'k/20261103-000000-b.md': b,
			'k/20261103-000000-b (conflicted copy).md': b.replace('task of', 'other task of'),
		}));
		const start = s.records.find((r) => r.path === 'sessions/k/20261103-000000-b.md');
		const found = branchProblems(s, start as NonNullable<typeof start>);
		expect(found.map((p) => [p.kind, p.detail])).toEqual([
			['fork', '20261103-000000-b is one branch of a fork: 20261102-000000-a is also followed by 20261103-000000-a'],
			['conflictCopy', '20261103-000000-b has a copy (sessions/k/20261103-000000-b (conflicted copy).md); one may hold a line this one lacks'],
		]);
		// The chain bar says the same.
		const place = chainPlace(s, 'sessions/k/20261103-000000-b.md');
		for (const p of found) expect(place?.problems).toContainEqual(p);
		// The parent alone is not a branch.
		const root = s.records.find((r) => r.id === '20261102-000000-a');
		expect(branchProblems(s, root as NonNullable<typeof root>)).toEqual([]);
	});

	it('names the fork into a loop the walk back ends in', () => {
		const s = scanVault(snapshot({
			'k/20261101-000000-a.md': cp('20261101-000000-a', { follows: '20261103-000000-a' }),
			'k/20261102-000000-a.md': cp('20261102-000000-a', { follows: '20261101-000000-a' }),
			'k/20261103-000000-a.md': cp('20261103-000000-a', { follows: '20261102-000000-a' }),
			'k/20261105-000000-x.md': cp('20261105-000000-x', { follows: '20261104-000000-x' }),
			'k/20261104-000000-x.md': cp('20261104-000000-x', { follows: '20261102-000000-a' }),
		}));
		const w = back(s, '20261105-000000-x');
		expect(ids(w.chain)).toEqual(['20261104-000000-x', '20261102-000000-a', '20261101-000000-a', '20261103-000000-a']);
		expect(w.problems.map((p) => [p.kind, p.session])).toEqual([['cycle', '20261103-000000-a'], ['fork', '20261102-000000-a']]);
		expect(w.problems[1].detail).toBe('the walk back from 20261105-000000-x runs into a loop at 20261102-000000-a: it is followed by 20261104-000000-x (the way here) and by 20261103-000000-a (on the loop)');
		// Starting on the loop itself there is no way in to name.
		expect(kinds(back(s, '20261103-000000-a').problems)).toEqual(['cycle']);
	});

	it('never lets a conflict copy or a second copy fork a chain', () => {
		const child = cp('20261102-000000-a', { follows: '20261101-000000-a', host: 'h1' });
		const s = scanVault(snapshot({
			'k/20261101-000000-a.md': cp('20261101-000000-a'),
			'k/_convos/h1/20261102-000000-a.md': child,
			'k/_convos/h1/20261102-000000-a (conflicted copy).md': child.replace('working', 'other'),
			'k/_convos/h1/20261102-000000-a.sync-conflict-20261102-000001-ABCDEF7.md': child,
			'k/_convos/h1/20261102-000000-a 2.md': child,
			'k/20261102-000000-a.md': child,
		}));
		const w = forward(s, '20261101-000000-a');
		expect(ids(w.chain)).toEqual(['20261102-000000-a']);
		expect(w.fork).toEqual([]);
		expect(followsGraph(s).problems).toEqual([]);
	});
});

describe('stepping within a conversation', () => {
	const s = scanVault(snapshot({
		'k/_convos/h1/20261101-000000-a.md': cp('20261101-000000-a', { host: 'h1' }),
		'k/_convos/h1/20261102-000000-a.md': cp('20261102-000000-a', { host: 'h1' }),
		'k/_convos/h2/20261102-120000-b.md': cp('20261102-120000-b', { host: 'h2' }),
		'k/_convos/h1/20261103-000000-a.md': cp('20261103-000000-a', { host: 'h1' }),
	}));
	const conv = conversations(s, 'k').find((c) => c.id === 'h1');
	if (!conv) throw new Error('conversation h1 missing');

	it('moves by file name within the conversation only', () => {
		expect(stepInConversation(conv, '20261102-000000-a', 'previous')?.id).toBe('20261101-000000-a');
		expect(stepInConversation(conv, '20261102-000000-a', 'next')?.id).toBe('20261103-000000-a');
		expect(stepInConversation(conv, 'sessions/k/_convos/h1/20261101-000000-a.md', 'next')?.id).toBe('20261102-000000-a');
		expect(stepInConversation(conv, '20261102-000000-a', 'first')?.id).toBe('20261101-000000-a');
		expect(stepInConversation(conv, '20261102-000000-a', 'latest')?.id).toBe('20261103-000000-a');
	});

	it('has no step past either end, nor from outside', () => {
		expect(stepInConversation(conv, '20261101-000000-a', 'previous')).toBeNull();
		expect(stepInConversation(conv, '20261103-000000-a', 'next')).toBeNull();
		expect(stepInConversation(conv, '20261102-120000-b', 'next')).toBeNull();
	});
});

describe('a follows link resolved in its own scope first', () => {
	// The rule written plainly (docs/decisions.md §9): every live record by that name in the vault;
	// one alone is the target; else those of the link's scope when it has any; an exact file name
	// first, then path order. The index answers from the link's own scope before merging the vault's.
	const plain = (s: VaultScan, from: VaultScan['records'][number]) => {
		const key = from.checkpoint.follows.trim();
		const found = s.records.filter((r) => r.copyOf === null && !r.empty && (r.stem === key || r.id === key));
		if (found.length === 1) return { target: found[0].path, duplicates: 0 };
		const near = found.filter((r) => r.scope === from.scope);
		const pool = (near.length > 0 ? near : found).sort((a, b) => Number(b.stem === key) - Number(a.stem === key) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
		return { target: pool[0]?.path ?? null, duplicates: pool.length > 1 ? pool.length : 0 };
	};
	const stems = ['20261101-000000-a', '20261102-000000-b', '20261103-000000-c', '20261104-000000-d'];
	const file = fc.record({
		scope: fc.constantFrom('k', 'k/wt', 'h'),
		conv: fc.constantFrom('', '_convos/c1/', '_convos/c2/'),
		stem: fc.constantFrom(...stems),
		session: fc.option(fc.constantFrom(...stems), { nil: undefined }),
		follows: fc.option(fc.constantFrom(...stems, '20261199-000000-gone'), { nil: undefined }),
		torn: fc.boolean(),
	});

	test('resolves every link as the plain rule over the whole vault does', () => {
		fc.assert(
			fc.property(fc.array(file, { minLength: 1, maxLength: 12 }), (files) => {
				const texts: Record<string, string> = {};
				for (const f of files) {
					texts[`${f.scope}/${f.conv}${f.stem}.md`] = f.torn ? '---\ntype: checkpoint\n' : cp(f.session ?? f.stem, { follows: f.follows, project: f.scope.split('/')[0] });
				}
				const s = scanVault(snapshot(texts));
				for (const r of s.records) {
					if (r.copyOf !== null || r.empty || r.checkpoint.follows.trim() === '') continue;
					const got = resolveFollows(s, r);
					const want = plain(s, r);
					expect(got.target?.path ?? null).toBe(want.target);
					expect(got.problems.filter((p) => p.kind === 'duplicate').length).toBe(want.duplicates > 0 ? 1 : 0);
					expect(got.problems.some((p) => p.kind === 'dangling')).toBe(want.target === null);
				}
			}),
			{ numRuns: 300 },
		);
	});

	test('a walk back kept for a scope answers as a fresh walk once other scopes changed', () => {
		// The index hands a model built again after a change the same list of records for each
		// scope whose files did not change: here scope k's, while the other scopes gain files
		// that may now hold a link of k's that dangled or left k, or take one away.
		const shown = (w: ReturnType<typeof back>) => ({
			start: w.start?.path ?? null, chain: w.chain.map((r) => r.path), problems: w.problems.map((p) => `${p.kind} ${p.path} ${p.detail}`), error: w.error,
		});
		const textsOf = (files: { scope: string; conv: string; stem: string; session?: string; follows?: string; torn: boolean }[]) => {
			const texts: Record<string, string> = {};
			for (const f of files) texts[`${f.scope}/${f.conv}${f.stem}.md`] = f.torn ? '---\ntype: checkpoint\n' : cp(f.session ?? f.stem, { follows: f.follows, project: f.scope.split('/')[0] });
			return texts;
		};
		const elsewhere = file.filter((f) => f.scope !== 'k');
		fc.assert(
			fc.property(fc.array(file, { minLength: 1, maxLength: 10 }), fc.array(elsewhere, { maxLength: 6 }), (files, later) => {
				const kFiles = files.filter((f) => f.scope === 'k');
				const before = snapshot(textsOf(files));
				const after = snapshot(textsOf([...kFiles, ...later]));
				const partsOf = (snap: ReturnType<typeof snapshot>) => ['h', 'k', 'k/wt'].map((sc) => buildScopeModel(snap, sc));
				const first = partsOf(before);
				const kept = first.find((p) => p.scope === 'k');
				const m1 = combineScopeModels('sessions', ['h', 'k'], first, linesFromTexts(new Map()));
				const m2 = combineScopeModels('sessions', ['h', 'k'], partsOf(after).map((p) => (p.scope === 'k' && kept ? kept : p)), linesFromTexts(new Map()));
				const fresh = buildVaultModel(after);
				for (const r of m1.scan.byScope.get('k') ?? []) back(m1.scan, r.id, 'k');
				for (const r of fresh.scan.byScope.get('k') ?? []) {
					expect(shown(back(m2.scan, r.id, 'k'))).toEqual(shown(back(fresh.scan, r.id, 'k')));
				}
			}),
			{ numRuns: 300 },
		);
	});
});
