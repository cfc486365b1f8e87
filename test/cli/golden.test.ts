/**
 * Golden files for the text people and agents read: every CLI text output for every scope
 * of our own fixture vaults and the demo vault, at a fixed clock, kept under
 * test/cli/approved/<vault>/<scope>/<command>.approved.{txt,md}. A change shows as a diff
 * and a `.received.` file beside the approved one; `npm run approve` accepts it.
 * The commands run in-process, through the same command table and terminal filter as the
 * CLI's main (cli.test.ts runs the real bundle); each file is exactly what stdout shows.
 * `resume` without --markdown prints the same markdown, so it has no file of its own.
 */
import * as path from 'node:path';
import { COMMANDS, type CommandContext, UsageError } from '../../src/cli/commands';
import { stripControls } from '../../src/cli/terminal';
import { verifyApproved } from '../helpers/approval';

const ROOT = path.join(__dirname, '..', '..');
const APPROVED = path.join(__dirname, 'approved');
const NOW = 1796068800; // 2026-11-30T12:00:00-08:00

const VAULTS: Record<string, string> = {
	'vault-own': path.join(ROOT, 'test', 'fixtures', 'vault-own'),
	'vault-hostile': path.join(ROOT, 'test', 'fixtures', 'vault-hostile'),
	'demo-vault': path.join(ROOT, 'demo-vault'),
};

/** What `logos-continuity <name> --vault DIR --now NOW …` prints: stdout, or its one stderr line. */
async function cli(vaultDir: string, name: string, values: Record<string, string | boolean> = {}, json = false): Promise<string> {
	const ctx: CommandContext = { vaultDir, sessionsRel: 'sessions', values: { ...values }, args: [], now: NOW, json };
	try {
		const out = await COMMANDS[name].run(ctx);
		return json ? JSON.stringify(out) : `${stripControls(String(out))}\n`;
	} catch (e) {
		if (e instanceof UsageError) return `logos-continuity: ${stripControls(e.message)}\n`;
		throw e;
	}
}

interface ScopeRow { scope: string }
interface HistoryJson { checkpoints: { session: string }[] }

/** The scopes and their checkpoints, read when the tests are collected (the commands are synchronous here). */
function json<T>(vaultDir: string, name: string, values: Record<string, string> = {}): T {
	const ctx: CommandContext = { vaultDir, sessionsRel: 'sessions', values, args: [], now: NOW, json: true };
	return COMMANDS[name].run(ctx) as T;
}

for (const [vault, dir] of Object.entries(VAULTS)) {
	describe(vault, () => {
		const at = (...parts: string[]) => path.join(APPROVED, vault, ...parts);

		it('scopes', async () => verifyApproved(at('scopes'), await cli(dir, 'scopes')));
		it('continuity', async () => verifyApproved(at('continuity'), await cli(dir, 'continuity')));

		const { scopes } = json<{ scopes: ScopeRow[] }>(dir, 'scopes');
		it('has scopes', () => expect(scopes.length).toBeGreaterThan(0));
		for (const { scope } of scopes) {
			const s = (name: string) => at(...scope.split('/'), name);
			const sessions = json<HistoryJson>(dir, 'history', { scope }).checkpoints.map((c) => c.session);
			describe(scope, () => {
				it('resume --markdown', async () => verifyApproved(s('resume'), await cli(dir, 'resume', { scope, markdown: true }), 'md'));
				it('history', async () => verifyApproved(s('history'), await cli(dir, 'history', { scope })));
				it('conversations', async () => verifyApproved(s('conversations'), await cli(dir, 'conversations', { scope })));
				it('rulings', async () => verifyApproved(s('rulings'), await cli(dir, 'rulings', { scope })));
				it('timeline', async () => verifyApproved(s('timeline'), await cli(dir, 'timeline', { scope })));
				if (sessions.length === 0) return;
				it('chain from the latest checkpoint', async () =>
					verifyApproved(s('chain-from-latest'), await cli(dir, 'chain', { scope, session: sessions[0] })));
				it('chain from the oldest checkpoint', async () =>
					verifyApproved(s('chain-from-oldest'), await cli(dir, 'chain', { scope, session: sessions[sessions.length - 1] })));
			});
		}
	});
}
