/**
 * Golden files for `why` and `plans` over the demo vault, at the fixed clock of the other
 * golden files: the text a person reads (test/cli/approved/demo-vault/why, …/plans).
 */
import * as path from 'node:path';
import { COMMANDS, type CommandContext, UsageError } from '../../src/cli/commands';
import { stripControls } from '../../src/cli/terminal';
import { verifyApproved } from '../helpers/approval';

const ROOT = path.join(__dirname, '..', '..');
const DEMO = path.join(ROOT, 'demo-vault');
const APPROVED = path.join(__dirname, 'approved', 'demo-vault');
const NOW = 1796068800;

async function cli(name: string, args: string[], values: Record<string, string | boolean> = {}): Promise<string> {
	const ctx: CommandContext = { vaultDir: DEMO, sessionsRel: 'sessions', values, args, now: NOW, json: false };
	try {
		return `${stripControls(String(await COMMANDS[name].run(ctx)))}\n`;
	} catch (e) {
		if (e instanceof UsageError) return `logos-continuity: ${stripControls(e.message)}\n`;
		throw e;
	}
}

describe('demo-vault why and plans', () => {
	it('why api/webhooks/stripe.ts', async () => verifyApproved(path.join(APPROVED, 'why', 'stripe'), await cli('why', ['api/webhooks/stripe.ts'])));
	it('why stripe.ts --scope kestrel (recorded as)', async () =>
		verifyApproved(path.join(APPROVED, 'why', 'stripe-in-kestrel'), await cli('why', ['stripe.ts'], { scope: 'kestrel' })));
	it('why of a path nobody recorded', async () => verifyApproved(path.join(APPROVED, 'why', 'nothing'), await cli('why', ['nothing.go'])));
	it('plans --scope kestrel', async () => verifyApproved(path.join(APPROVED, 'kestrel', 'plans'), await cli('plans', [], { scope: 'kestrel' })));
	it('why with no path is a usage error', async () => expect(await cli('why', [])).toBe('logos-continuity: why needs a PATH\n'));
});
