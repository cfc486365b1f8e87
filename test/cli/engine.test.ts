/**
 * The CLI sets V8 flags for a short run only where the engine knows them: V8 prints
 * "Error: unrecognized flag" on stderr for any other, on every command a person or an agent runs.
 */
import { spawnSync } from 'node:child_process';
import { shortRunFlags } from '../../src/cli/engine';

it('raises the budget on the V8 of Node 20 and sets nothing on later engines', () => {
	expect(shortRunFlags('11.3.244.8-node.38')).toEqual(['--interrupt-budget=270336']);
	for (const later of ['12.4.254.21-node.57', '13.6.233.10-node.28', '14.0.1']) expect(shortRunFlags(later)).toEqual([]);
});

it('sets no flag the engine running it does not list', () => {
	const listed = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8', maxBuffer: 1 << 24 }).stdout;
	for (const flag of shortRunFlags(process.versions.v8)) {
		const name = flag.replace(/=.*/, '');
		expect(listed).toMatch(new RegExp(`^\\s*${name}\\b`, 'm'));
	}
});
