/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { ForkChooser } from '../../../src/ui/chain/chain-chooser';
import { CHAIN_TEXT, moveFrom } from '../../../src/ui/chain/chain-nav';
import { CHAIN_COMMANDS } from '../../../src/ui/chain/register';
import { EMPTY } from '../../../src/ui/shared/labels';
import { activePath, captureNotices, command, DEMO_DIR, folderFiles, offered, openNote, OWN, OWN_DIR, run } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, settle } from '../../helpers/harness';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;

async function setup(dir = OWN_DIR): Promise<void> {
	app = makeApp({ ...folderFiles(dir), 'notes/outside.md': '# not logos\n' });
	plugin = await loadPlugin(app);
}

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

describe('chain commands', () => {
	beforeEach(() => setup());

	test('stable ids, verb-first sentence-case names, no default hotkeys', () => {
		for (const c of CHAIN_COMMANDS) {
			const cmd = command(plugin, c.id);
			expect(cmd.name).toBe(c.name);
			expect(cmd.name).toMatch(/^(Open|Go) [a-z]/);
			expect(cmd.hotkeys).toBeUndefined();
			expect(cmd.id).not.toMatch(/logos-continuity/);
		}
		expect(command(plugin, 'switch-conversation').name).toBe('Switch conversation');
	});

	test('offered only on a checkpoint note; the scope’s latest from any note of a scope', async () => {
		const chainIds = CHAIN_COMMANDS.filter((c) => c.move !== 'scope-latest').map((c) => c.id);
		expect(chainIds.some((id) => offered(plugin, id))).toBe(false);
		await openNote(app, 'notes/outside.md');
		expect(chainIds.some((id) => offered(plugin, id))).toBe(false);
		expect(offered(plugin, 'latest-in-scope')).toBe(false);
		await openNote(app, OWN.notes);
		expect(chainIds.some((id) => offered(plugin, id))).toBe(false);
		expect(offered(plugin, 'latest-in-scope')).toBe(true);
		await openNote(app, OWN.a4);
		expect(chainIds.every((id) => offered(plugin, id))).toBe(true);
	});

	test('previous / next / first / latest stay in the conversation', async () => {
		await openNote(app, OWN.a4);
		await run(plugin, 'next-in-conversation');
		expect(activePath(app)).toBe(OWN.a5);
		await run(plugin, 'previous-in-conversation');
		expect(activePath(app)).toBe(OWN.a4);
		await run(plugin, 'latest-in-conversation');
		expect(activePath(app)).toBe(OWN.a5);
		await run(plugin, 'first-in-conversation');
		expect(activePath(app)).toBe(OWN.a4);
	});

	test('back and forward along follows cross conversations', async () => {
		await openNote(app, OWN.a4);
		await run(plugin, 'follows-back');
		expect(activePath(app)).toBe(OWN.a3);
		await run(plugin, 'follows-forward');
		expect(activePath(app)).toBe(OWN.a4);
		await openNote(app, OWN.a8);
		await run(plugin, 'follows-back');
		expect(activePath(app)).toBe(OWN.a7);
	});

	test('at the ends of a conversation it says so and stays', async () => {
		expect(await moveFrom(plugin, OWN.a4, 'previous')).toMatchObject({ opened: null, notice: CHAIN_TEXT.atFirst });
		expect(await moveFrom(plugin, OWN.a5, 'next')).toMatchObject({ opened: null, notice: CHAIN_TEXT.atLatest });
		expect(await moveFrom(plugin, OWN.a5, 'latest')).toMatchObject({ opened: null, notice: CHAIN_TEXT.alreadyLatest });
		expect(await moveFrom(plugin, OWN.a1, 'back')).toMatchObject({ opened: null, notice: CHAIN_TEXT.startsChain });
		expect(await moveFrom(plugin, OWN.a8, 'forward')).toMatchObject({ opened: null, notice: CHAIN_TEXT.nothingFollows });
	});

	test('a fork offers a chooser of its children; choosing one opens it', async () => {
		const opened: ForkChooser[] = [];
		jest.spyOn(ForkChooser.prototype, 'open').mockImplementation(function (this: ForkChooser) {
			opened.push(this);
		});
		await openNote(app, OWN.a5);
		const result = await moveFrom(plugin, OWN.a5, 'forward');
		expect(result.opened).toBeNull();
		expect(result.fork.map((r) => r.path)).toEqual([OWN.a7, OWN.a6]);
		expect(opened).toHaveLength(1);
		const chooser = opened[0];
		expect(chooser.getSuggestions('').map((r) => r.path)).toEqual([OWN.a7, OWN.a6]);
		expect(chooser.getSuggestions('claude-code').map((r) => r.path)).toEqual([OWN.a6]);
		const el = document.body.createDiv();
		chooser.renderSuggestion(chooser.getSuggestions('')[1], el);
		expect(el.textContent).toContain('20261105-170000-claude-code');
		expect(el.textContent).toContain('auto');
		chooser.onChooseSuggestion(chooser.getSuggestions('')[1], new MouseEvent('click'));
		await settle();
		expect(activePath(app)).toBe(OWN.a6);
	});

	test('a dangling follows is a notice naming the missing checkpoint, not a step', async () => {
		const said = captureNotices();
		await openNote(app, OWN.g1);
		const result = await moveFrom(plugin, OWN.g1, 'back');
		expect(result.opened).toBeNull();
		expect(result.notice).toBe('20261121-090000-claude follows 20261020-120000-claude, which is not in the vault.');
		await run(plugin, 'follows-back');
		expect(activePath(app)).toBe(OWN.g1);
		expect(said).toEqual([result.notice, result.notice]);
	});

	test('a loop is walked one step at a time, each step saying it loops', async () => {
		const back = await moveFrom(plugin, OWN.g3, 'back');
		expect(back.opened).toBe(OWN.g2);
		expect(back.notice).toMatch(/^The follows chain loops back on itself \(follows loops: /);
		const again = await moveFrom(plugin, OWN.g2, 'back');
		expect(again.opened).toBe(OWN.g3);
		const forward = await moveFrom(plugin, OWN.g3, 'forward');
		expect(forward.opened).toBe(OWN.g2);
		expect(forward.notice).toContain('loops');
	});

	test('the latest checkpoint of the scope, from a note of the scope or a worktree', async () => {
		expect(await moveFrom(plugin, OWN.notes, 'scope-latest')).toMatchObject({ opened: OWN.a8 });
		expect(await moveFrom(plugin, OWN.w1, 'scope-latest')).toMatchObject({ opened: OWN.w2 });
		expect(await moveFrom(plugin, OWN.a8, 'scope-latest')).toMatchObject({ opened: null, notice: CHAIN_TEXT.alreadyScopeLatest });
	});

	test('a file the vault does not know as a checkpoint is a notice', async () => {
		expect(await moveFrom(plugin, 'sessions/alpha/20261130-000000-ghost.md', 'next')).toMatchObject({ notice: CHAIN_TEXT.notCheckpoint });
	});
});

test('an empty scope says there is nothing to open', async () => {
	app = makeApp({ 'sessions/fresh/uncommitted.md': '- an idea <!-- ts=1794000000 agent=claude -->\n' });
	plugin = await loadPlugin(app);
	expect(await moveFrom(plugin, 'sessions/fresh/uncommitted.md', 'scope-latest')).toMatchObject({ notice: EMPTY.noCheckpoints });
});

test('the demo vault: claude → codex → cursor → claude in kestrel', async () => {
	await setup(DEMO_DIR);
	const K = 'sessions/kestrel/_convos';
	await openNote(app, `${K}/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261124-101505-claude.md`);
	const walk: string[] = [];
	for (let i = 0; i < 4; i++) {
		await run(plugin, 'follows-forward');
		walk.push(activePath(app) ?? '');
	}
	expect(walk).toEqual([
		`${K}/019ab4e2-3c71-7d05-9f2a-6b8c0d1e2f34/20261125-100233-codex.md`,
		`${K}/019ab4e2-3c71-7d05-9f2a-6b8c0d1e2f34/20261125-154810-codex.md`,
		`${K}/_unattached/20261127-111502-cursor.md`,
		`${K}/a9c0d1e2-4b3f-4c5d-8e6f-7a8b9c0d1e2f/20261129-083015-claude.md`,
	]);
	await run(plugin, 'first-in-conversation');
	expect(activePath(app)).toBe(`${K}/a9c0d1e2-4b3f-4c5d-8e6f-7a8b9c0d1e2f/20261129-083015-claude.md`);
});
