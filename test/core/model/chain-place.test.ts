import * as path from 'node:path';
import { allConversations, chainPlace, conversationProblems, projectConversations, type ChainPlace } from '../../../src/core/model/chain-place';
import { scanVault, type VaultScan } from '../../../src/core/model/scan';
import { loadFolder } from '../../helpers/load-folder';

const OWN = path.join(__dirname, '../../fixtures/vault-own');
const DEMO = path.join(__dirname, '../../../demo-vault');

const A = 'sessions/alpha';
const a3 = `${A}/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-153000-claude.md`;
const a4 = `${A}/20261104-080000-codex.md`;
const a5 = `${A}/_convos/0199a0b0-0000-7000-8000-000000000a02/20261104-120000-codex.md`;
const a7 = `${A}/_convos/_unattached/20261106-090000-codex.md`;
const a7copy = `${A}/_convos/_unattached/20261106-090000-codex (conflicted copy).md`;
const torn = `${A}/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a04/20261112-132000-claude.md`;
const g1 = 'sessions/gamma/20261121-090000-claude.md';
const g3 = 'sessions/gamma/_convos/_unattached/20261122-110000-codex.md';

let own: VaultScan;
beforeAll(() => {
	own = scanVault(loadFolder(OWN));
});

function place(scan: VaultScan, p: string): ChainPlace {
	const found = chainPlace(scan, p);
	if (!found) throw new Error(`no place for ${p}`);
	return found;
}

const ids = (rs: { id: string }[]): string[] => rs.map((r) => r.id);

describe('the place of a checkpoint in its conversation and chain', () => {
	test('a flat file is counted in the conversation its host session names', () => {
		const p = place(own, a4);
		expect(p.conversation?.id).toBe('0199a0b0-0000-7000-8000-000000000a02');
		expect([p.position, p.total]).toEqual([1, 2]);
		expect(p.previous).toBeNull();
		expect(p.next?.path).toBe(a5);
		expect(p.first?.path).toBe(a4);
		expect(p.latest?.path).toBe(a5);
		// Along follows it crosses into the conversation before it.
		expect(p.follows?.path).toBe(a3);
	});

	test('a fork parent lists every child, newest name first, and says it forks', () => {
		const p = place(own, a5);
		expect([p.position, p.total]).toEqual([2, 2]);
		expect(ids(p.followedBy)).toEqual(['20261106-090000-codex', '20261105-170000-claude-code']);
		expect(p.problems.map((x) => x.kind)).toContain('fork');
	});

	test('a dangling follows is the problem of the file that names it', () => {
		const p = place(own, g1);
		expect(p.follows).toBeNull();
		expect(p.problems).toEqual([expect.objectContaining({ kind: 'dangling', path: g1 })]);
	});

	test('every file on a loop says it loops, not only the one the graph reports it on', () => {
		const p = place(own, g3);
		expect(p.follows?.id).toBe('20261122-100000-codex');
		expect(p.followedBy.map((r) => r.id)).toEqual(['20261122-100000-codex']);
		const cycle = p.problems.find((x) => x.kind === 'cycle');
		expect(cycle?.detail).toBe('follows loops: 20261122-110000-codex → 20261122-100000-codex → 20261122-110000-codex');
	});

	test('a conflict copy stands where its original stands and says it is a copy', () => {
		const p = place(own, a7copy);
		expect(p.canonical?.path).toBe(a7);
		expect([p.position, p.total]).toEqual([1, 1]);
		expect(p.follows?.path).toBe(a5);
		// Its own copy problem, then what `chain` says of its original: a branch of a5's fork, with a copy.
		expect(p.problems.map((x) => x.kind)).toEqual(['conflictCopy', 'fork', 'conflictCopy']);
		expect(p.problems[1].detail).toBe('20261106-090000-codex is one branch of a fork: 20261104-120000-codex is also followed by 20261105-170000-claude-code');
		expect(p.problems[2].detail).toContain(`(${a7copy}); one may hold a line this one lacks`);
	});

	test('an empty file has no place in a chain, but still belongs to its conversation', () => {
		const p = place(own, torn);
		expect(p.canonical).toBeNull();
		expect(p.position).toBe(0);
		expect(p.conversation?.id).toBe('6f1c2d3e-0a1b-4c2d-9e3f-000000000a04');
		expect(p.latest?.id).toBe('20261111-103000-claude');
		expect(p.problems.map((x) => x.kind)).toEqual(['empty']);
	});

	test('a path that is not a checkpoint has no place', () => {
		expect(chainPlace(own, 'sessions/alpha/uncommitted.md')).toBeNull();
	});
});

describe('conversations across the vault', () => {
	test('most recently active first, whatever the project', () => {
		expect(allConversations(own).map((c) => c.latest.id)).toEqual([
			'20261122-110000-codex',
			'20261122-100000-codex',
			'20261121-090000-claude',
			'20261120-120000-codex',
			'20261119-101500-claude',
			'20261118-160000-codex',
			'20261117-094500-claude',
			'20261115-100000-cursor',
			'20261114-133000-codex',
			'20261111-103000-claude',
			'20261108-143000-claude',
			'20261106-090000-codex',
			'20261105-170000-claude-code',
			'20261104-120000-codex',
			'20261103-153000-claude',
			'20261102-091500-claude',
		]);
	});

	test('a project lists its worktree conversations too', () => {
		expect(projectConversations(own, 'alpha').map((c) => c.scope)).toContain('alpha/spike');
	});

	test('problems of a conversation: its forks, copies, torn and dangling files', () => {
		const kinds = (id: string): string[] => {
			const c = allConversations(own).find((x) => x.id === id);
			if (!c) throw new Error(id);
			return conversationProblems(own, c).map((p) => p.kind).sort();
		};
		expect(kinds('0199a0b0-0000-7000-8000-000000000a02')).toEqual(['fork']);
		expect(kinds('20261106-090000-codex')).toEqual(['conflictCopy']);
		expect(kinds('6f1c2d3e-0a1b-4c2d-9e3f-000000000a04')).toEqual(['empty']);
		expect(kinds('20261121-090000-claude')).toEqual(['dangling']);
		expect(kinds('6f1c2d3e-0a1b-4c2d-9e3f-000000000a01')).toEqual([]);
	});
});

describe('the demo vault', () => {
	const demo = (): VaultScan => scanVault(loadFolder(DEMO));

	test('the middle of claude’s three checkpoints is 2 of 3, and follows runs across agents', () => {
		const scan = demo();
		const p = place(scan, 'sessions/kestrel/_convos/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261123-141020-claude.md');
		expect([p.position, p.total]).toEqual([2, 3]);
		expect(p.conversation?.name).not.toBe('');
		const last = place(scan, 'sessions/kestrel/_convos/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261124-101505-claude.md');
		expect(last.next).toBeNull();
		expect(ids(last.followedBy)).toEqual(['20261125-100233-codex']);
		expect(last.problems).toEqual([]);
	});
});
