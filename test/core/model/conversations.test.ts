import { emptyCheckpoint } from '../../../src/core/format/checkpoint';
import { conversations, findConversation, type Conversation } from '../../../src/core/model/conversations';
import { scanVault } from '../../../src/core/model/scan';
import { fixtureVault, loadFolder } from '../../helpers/load-folder';
import { itIf } from '../../helpers/reference';
import { checkpointText, snapshot, type CheckpointSpec } from '../../helpers/snapshot';

const cp = (session: string, extra: CheckpointSpec = {}) => checkpointText({ session, project: 'k', task: `task of ${session}`, ...extra });
const table = (convs: Conversation[]) => convs.map((c) => [c.id, c.scope, c.chain.map((r) => r.stem), c.flat]);

const D = '3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48';
const A = '7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6';
const B = 'd41f8e2c-95ab-47c8-9d0e-3f61a2b7c904';
const E = '0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00';

describe('conversations on the shared fixture', () => {
	const dir = fixtureVault('vault-basic');
	const maybe = itIf(dir !== null);
	const scan = () => scanVault(loadFolder(dir as string));

	maybe('lists kestrel with its worktree, most recently active first', () => {
		const convs = conversations(scan(), 'kestrel');
		expect(table(convs)).toEqual([
			[D, 'kestrel/billing-v2', ['20261120-151102-claude', '20261120-093015-claude'], false],
			['20261119-113005-codex', 'kestrel', ['20261119-113005-codex'], false],
			[B, 'kestrel', ['20261118-160840-claude-code'], false],
			[A, 'kestrel', ['20261117-101517-claude', '20261116-142233-claude', '20261116-091204-claude'], false],
		]);
		expect(convs.map((c) => c.agents)).toEqual([['claude'], ['codex'], ['claude-code'], ['claude']]);
	});

	maybe('lists heron with the flat legacy checkpoint', () => {
		expect(table(conversations(scan(), 'heron'))).toEqual([
			[E, 'heron', ['20261123-121955-codex', '20261123-084510-codex'], false],
			['20261116-090012-cursor', 'heron', ['20261116-090012-cursor'], false],
			['20261012-154233-claude', 'heron', ['20261012-154233-claude'], true],
		]);
	});

	maybe('names conversations by the latest checkpoint’s effective intent', () => {
		const s = scan();
		const kestrel = conversations(s, 'kestrel');
		const heron = conversations(s, 'heron');
		const named = (convs: Conversation[], id: string) => convs.find((c) => c.id === id)?.name;
		const a1 = s.records.find((r) => r.stem === '20261116-091204-claude')?.checkpoint.intent.trim();
		const e1 = s.records.find((r) => r.stem === '20261123-084510-codex')?.checkpoint.intent.trim();
		const c = s.records.find((r) => r.stem === '20261119-113005-codex')?.checkpoint.intent.trim();
		expect(a1).toBeTruthy();
		expect(named(kestrel, D)).toBe('billing-v2 moves invoices to the queue so a Stripe outage stops failing checkouts');
		expect(named(kestrel, A)).toBe(a1);
		expect(named(kestrel, B)).toBe(a1);
		expect(named(kestrel, '20261119-113005-codex')).toBe(c);
		expect(named(heron, E)).toBe(e1);
		expect(named(heron, '20261116-090012-cursor')).toBe('');
		expect(named(heron, '20261012-154233-claude')).toBe('');
	});

	maybe('finds fixture conversations by id, stem and name', () => {
		const convs = conversations(scan(), 'kestrel');
		expect(findConversation(convs, D).match?.id).toBe(D);
		expect(findConversation(convs, '20261116-142233-claude').match?.id).toBe(A);
		expect(findConversation(convs, 'STRIPE OUTAGE').match?.id).toBe(D);
	});
});

describe('conversations on in-memory vaults', () => {
	it('groups flat, folder, _unattached and worktree checkpoints', () => {
		const s = scanVault(snapshot({
			'k/20261101-000000-claude.md': cp('20261101-000000-claude', { host: 'h1' }),
			'k/20261102-000000-claude.md': cp('20261102-000000-claude'),
			'k/_convos/h1/20261103-000000-claude.md': cp('20261103-000000-claude', { host: 'h1' }),
			'k/_convos/_unattached/20261104-000000-codex.md': cp('20261104-000000-codex', { agent: 'codex' }),
			'k/_convos/_unattached/20261105-000000-codex.md': cp('20261105-000000-codex', { agent: 'codex' }),
			'k/wt/_convos/h2/20261106-000000-claude.md': cp('20261106-000000-claude', { project: 'k/wt', host: 'h2' }),
			'k/wt/_convos/h2/20261107-000000-claude.md': '',
			'other/_convos/h9/20261201-000000-claude.md': cp('20261201-000000-claude', { project: 'other', host: 'h9' }),
		}));
		expect(table(conversations(s, 'k'))).toEqual([
			['h2', 'k/wt', ['20261106-000000-claude'], false],
			['20261105-000000-codex', 'k', ['20261105-000000-codex'], false],
			['20261104-000000-codex', 'k', ['20261104-000000-codex'], false],
			['h1', 'k', ['20261103-000000-claude', '20261101-000000-claude'], true],
			['20261102-000000-claude', 'k', ['20261102-000000-claude'], true],
		]);
		expect(conversations(s, 'nope')).toEqual([]);
	});

	it('counts a checkpoint left both flat and in its folder once, and not as flat', () => {
		const body = cp('20261101-000000-claude', { host: 'h1' });
		const s = scanVault(snapshot({ 'k/20261101-000000-claude.md': body, 'k/_convos/h1/20261101-000000-claude.md': body }));
		expect(table(conversations(s, 'k'))).toEqual([['h1', 'k', ['20261101-000000-claude'], false]]);
	});

	it('keeps conflict copies out of the chain', () => {
		const body = cp('20261101-000000-claude', { host: 'h1' });
		const s = scanVault(snapshot({
			'k/_convos/h1/20261101-000000-claude.md': body,
			'k/_convos/h1/20261101-000000-claude (conflicted copy).md': body,
			'k/_convos/h1/20261101-000000-claude.sync-conflict-20261101-000001-ABCDEF7.md': body,
		}));
		expect(table(conversations(s, 'k'))).toEqual([['h1', 'k', ['20261101-000000-claude'], false]]);
	});

	it('merges a conversation that moved into a worktree mid-way', () => {
		const s = scanVault(snapshot({
			'k/_convos/h1/20261101-000000-claude.md': cp('20261101-000000-claude', { host: 'h1' }),
			'k/wt/_convos/h1/20261102-000000-claude.md': cp('20261102-000000-claude', { project: 'k/wt', host: 'h1' }),
		}));
		expect(table(conversations(s, 'k'))).toEqual([['h1', 'k/wt', ['20261102-000000-claude', '20261101-000000-claude'], false]]);
	});

	it('lists every agent of a conversation once, newest first', () => {
		const s = scanVault(snapshot({
			'k/_convos/h1/20261101-000000-claude.md': cp('20261101-000000-claude', { host: 'h1' }),
			'k/_convos/h1/20261102-000000-codex.md': cp('20261102-000000-codex', { host: 'h1', agent: 'codex' }),
			'k/_convos/h1/20261103-000000-claude.md': cp('20261103-000000-claude', { host: 'h1' }),
		}));
		expect(conversations(s, 'k')[0].agents).toEqual(['claude', 'codex']);
	});

	describe('names', () => {
		it('inherit the intent of the same task (case and spaces aside), across conversations', () => {
			const s = scanVault(snapshot({
				'k/_convos/h1/20261101-000000-claude.md': cp('20261101-000000-claude', { host: 'h1', task: 'Fix  the Cent', intent: 'totals must match Stripe' }),
				'k/_convos/h1/20261102-000000-claude.md': cp('20261102-000000-claude', { host: 'h1', task: 'other work', intent: 'unrelated' }),
				'k/_convos/h2/20261103-000000-claude.md': cp('20261103-000000-claude', { host: 'h2', task: 'fix the\ncent' }),
				'k/_convos/h3/20261104-000000-claude.md': cp('20261104-000000-claude', { host: 'h3', task: 'new task' }),
			}));
			const convs = conversations(s, 'k');
			expect(convs.find((c) => c.id === 'h2')?.name).toBe('totals must match Stripe');
			expect(convs.find((c) => c.id === 'h1')?.name).toBe('unrelated');
			expect(convs.find((c) => c.id === 'h3')?.name).toBe('');
		});

		it('give an auto record what the newest earlier non-auto checkpoint had', () => {
			const s = scanVault(snapshot({
				'k/_convos/h1/20261101-000000-claude.md': cp('20261101-000000-claude', { host: 'h1', task: 't', intent: 'the reason' }),
				'k/_convos/h1/20261102-000000-claude.md': cp('20261102-000000-claude', { host: 'h1', task: 't' }),
				'k/_convos/h2/20261103-000000-claude-code.md': cp('20261103-000000-claude-code', { host: 'h2', auto: true, task: 'first prompt' }),
				'k/_convos/h3/20261104-000000-claude-code.md': cp('20261104-000000-claude-code', { host: 'h3', auto: true, task: 'another prompt' }),
			}));
			const convs = conversations(s, 'k');
			expect(convs.find((c) => c.id === 'h2')?.name).toBe('the reason');
			expect(convs.find((c) => c.id === 'h3')?.name).toBe('the reason');
		});

	});
});

describe('findConversation', () => {
	const mk = (id: string, name: string, stems: string[]): Conversation => {
		const chain = stems.map((stem) => ({ stem, id: stem, name: `${stem}.md` })) as unknown as Conversation['chain'];
		return { id, scope: 'k', name, latest: chain[0], chain, flat: false, agents: [] };
	};
	const convs = [
		mk('0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00', 'Move the relay to the queue', ['20261123-121955-codex', '20261123-084510-codex']),
		mk('20261116-090012-cursor', 'Queue billing retries', ['20261116-090012-cursor']),
		mk('move', 'something else entirely', ['20261101-000000-claude']),
	];

	it('matches an exact id first, even when the query is also part of names', () => {
		expect(findConversation(convs, 'move').match?.id).toBe('move');
	});

	it('matches the id as it would be sanitized', () => {
		expect(findConversation(convs, ' 0199F3A2-6C1D-7E42-9B8A-5D4C3B2A1F00 ').match?.id).toBe('0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00');
	});

	it('matches a checkpoint stem of any checkpoint in the chain', () => {
		expect(findConversation(convs, '20261123-084510-codex').match?.id).toBe('0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00');
		expect(findConversation(convs, '20261123-084510-codex.md').match?.id).toBe('0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00');
	});

	it('matches a unique part of a name, ignoring case', () => {
		expect(findConversation(convs, 'RELAY').match?.id).toBe('0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00');
	});

	it('never guesses between several names', () => {
		const r = findConversation(convs, 'queue');
		expect(r.match).toBeNull();
		expect(r.candidates.map((c) => c.id)).toEqual(['0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00', '20261116-090012-cursor']);
		expect(r.error).toMatch(/2 conversations/);
	});

	it('says so when nothing matches', () => {
		expect(findConversation(convs, 'kestrel')).toEqual({ match: null, candidates: [], error: 'no conversation matches "kestrel"' });
		expect(findConversation(convs, '  ').error).toBeDefined();
		expect(findConversation([], 'x').match).toBeNull();
	});
});
