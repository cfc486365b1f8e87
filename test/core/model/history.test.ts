import { history, latest } from '../../../src/core/model/history';
import { scanVault } from '../../../src/core/model/scan';
import { fixtureVault, loadFolder } from '../../helpers/load-folder';
import { itIf } from '../../helpers/reference';
import { checkpointText, snapshot } from '../../helpers/snapshot';

const cp = (session: string, extra: Parameters<typeof checkpointText>[0] = {}) => checkpointText({ session, project: 'k', task: `task of ${session}`, ...extra });
const names = (h: ReturnType<typeof history>) => h.entries.map((r) => r.name);

describe('history on the shared fixture', () => {
	const dir = fixtureVault('vault-basic');
	const maybe = itIf(dir !== null);
	const scan = () => scanVault(loadFolder(dir as string));

	maybe('lists each scope newest first by file name, worktrees separate', () => {
		const s = scan();
		expect(names(history(s, 'kestrel'))).toEqual([
			'20261119-113005-codex.md', '20261118-160840-claude-code.md', '20261117-101517-claude.md',
			'20261116-142233-claude.md', '20261116-091204-claude.md',
		]);
		expect(names(history(s, 'kestrel/billing-v2'))).toEqual(['20261120-151102-claude.md', '20261120-093015-claude.md']);
		expect(names(history(s, 'heron'))).toEqual([
			'20261123-121955-codex.md', '20261123-084510-codex.md', '20261116-090012-cursor.md', '20261012-154233-claude.md',
		]);
	});

	maybe('names the latest and the torn file passed over', () => {
		const s = scan();
		expect(latest(s, 'kestrel')?.id).toBe('20261119-113005-codex');
		expect(latest(s, 'heron')?.id).toBe('20261123-121955-codex');
		const wt = history(s, 'kestrel/billing-v2');
		expect(wt.entries[0].id).toBe('20261120-151102-claude');
		expect(wt.skippedAhead).toEqual(['sessions/kestrel/billing-v2/_convos/3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48/20261120-181203-claude.md']);
		expect(wt.problems.map((p) => p.kind)).toEqual(['empty']);
		expect(history(s, 'kestrel').skippedAhead).toEqual([]);
	});
});

describe('history on in-memory vaults', () => {
	it('orders by file name bytes, not by folder, time field or locale', () => {
		const s = scanVault(snapshot({
			'k/_convos/zzz/20261116-091204-Zed.md': cp('20261116-091204-Zed', { checkpointed: '2030-01-01T00:00:00Z' }),
			'k/_convos/aaa/20261116-091204-amy.md': cp('20261116-091204-amy'),
			'k/20261116-091204-\uFF5A.md': cp('20261116-091204-\uFF5A'),
			'k/20261116-091204-\u{1D4B6}.md': cp('20261116-091204-\u{1D4B6}'),
			'k/_convos/_unattached/20261115-235959-x.md': cp('20261115-235959-x'),
		}));
		// Go byte order: 𝒶 (F0…) > ｚ (EF…) > a > Z; UTF-16 or localeCompare would differ.
		expect(names(history(s, 'k'))).toEqual([
			'20261116-091204-\u{1D4B6}.md', '20261116-091204-\uFF5A.md', '20261116-091204-amy.md',
			'20261116-091204-Zed.md', '20261115-235959-x.md',
		]);
	});

	it('skips torn and unreadable files without hiding older history, and says which were ahead', () => {
		const s = scanVault(snapshot({
			'k/20261120-000000-a.md': '',
			'k/20261119-000000-a.md': null,
			'k/20261118-000000-a.md': '---\nsession: 20261118-000000-a\n---\n\n## Files\n\n- a.go\n',
			'k/20261117-000000-a.md': cp('20261117-000000-a'),
			'k/20261116-000000-a.md': '',
			'k/20261115-000000-a.md': cp('20261115-000000-a'),
		}));
		const h = history(s, 'k');
		expect(h.entries.map((r) => r.id)).toEqual(['20261117-000000-a', '20261115-000000-a']);
		expect(h.skippedAhead).toEqual(['sessions/k/20261120-000000-a.md', 'sessions/k/20261119-000000-a.md', 'sessions/k/20261118-000000-a.md']);
		expect(h.problems.map((p) => [p.kind, p.path])).toEqual([
			['empty', 'sessions/k/20261116-000000-a.md'],
			['empty', 'sessions/k/20261118-000000-a.md'],
			['unreadable', 'sessions/k/20261119-000000-a.md'],
			['empty', 'sessions/k/20261120-000000-a.md'],
		]);
	});

	it('reports every skipped file as ahead when nothing is left', () => {
		const s = scanVault(snapshot({ 'k/20261120-000000-a.md': '', 'k/20261119-000000-a.md': '' }));
		const h = history(s, 'k');
		expect(h.entries).toEqual([]);
		expect(h.skippedAhead).toHaveLength(2);
		expect(latest(s, 'k')).toBeNull();
	});

	it('is never capped unless a limit is given', () => {
		const files: Record<string, string> = {};
		for (let i = 0; i < 130; i++) {
			const id = `20261116-${String(100000 + i)}-a`;
			files[`k/${id}.md`] = cp(id);
		}
		const s = scanVault(snapshot(files));
		expect(history(s, 'k').entries).toHaveLength(130);
		expect(history(s, 'k', 3).entries.map((r) => r.id)).toEqual(['20261116-100129-a', '20261116-100128-a', '20261116-100127-a']);
		expect(history(s, 'k', 0).entries).toEqual([]);
	});

	it('never includes a worktree in its project, nor the project in the worktree', () => {
		const s = scanVault(snapshot({
			'k/20261116-000000-a.md': cp('20261116-000000-a'),
			'k/wt/20261117-000000-a.md': cp('20261117-000000-a', { project: 'k/wt' }),
			'k/wt/_convos/c/20261118-000000-a.md': cp('20261118-000000-a', { project: 'k/wt' }),
		}));
		expect(history(s, 'k').entries.map((r) => r.id)).toEqual(['20261116-000000-a']);
		expect(history(s, 'k/wt').entries.map((r) => r.id)).toEqual(['20261118-000000-a', '20261117-000000-a']);
		expect(latest(s, 'k')?.id).toBe('20261116-000000-a');
	});

	it('counts a checkpoint that is both flat and in its folder once', () => {
		const body = cp('20261116-000000-a', { host: 'c1' });
		const s = scanVault(snapshot({ 'k/20261116-000000-a.md': body, 'k/_convos/c1/20261116-000000-a.md': body }));
		const h = history(s, 'k');
		expect(h.entries.map((r) => r.path)).toEqual(['sessions/k/_convos/c1/20261116-000000-a.md']);
		expect(h.problems).toEqual([]);
	});

	it('never makes a conflict copy the latest, even when its name sorts first', () => {
		const body = cp('20261116-000000-a');
		const s = scanVault(snapshot({
			'k/20261116-000000-a.md': body,
			'k/20261116-000000-a.sync-conflict-20261117-000000-ABCDEF7.md': body.replace('working', 'newer edit'),
			'k/20261116-000000-a (conflicted copy).md': body,
			'k/20261116-000000-a 2.md': body,
		}));
		const h = history(s, 'k');
		expect(h.entries.map((r) => r.name)).toEqual(['20261116-000000-a.md']);
		expect(h.skippedAhead).toEqual([]);
		expect(h.problems.map((p) => p.kind)).toEqual(['conflictCopy', 'conflictCopy', 'conflictCopy']);
	});

	it('orders an auto-closed record by its file name, whatever it follows', () => {
		const s = scanVault(snapshot({
			'k/_convos/_unattached/20261116-090012-cursor.md': cp('20261116-090012-cursor', { autoClosed: true, follows: '20261117-000000-a' }),
			'k/20261117-000000-a.md': cp('20261117-000000-a'),
		}));
		expect(history(s, 'k').entries.map((r) => r.id)).toEqual(['20261117-000000-a', '20261116-090012-cursor']);
	});

	it('answers an unknown scope with nothing', () => {
		const s = scanVault(snapshot({ 'k/20261117-000000-a.md': cp('20261117-000000-a') }));
		expect(history(s, 'nope')).toEqual({ entries: [], skippedAhead: [], problems: [] });
		expect(latest(s, 'nope')).toBeNull();
	});
});
