/**
 * The hostile vault through the built CLI (expected answers in
 * test/fixtures/vault-hostile/expected.json) and through the Node reader the CLI uses.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildVaultModel } from '../../src/core';
import { history } from '../../src/core';
import { loadSnapshot } from '../../src/vault/node-fs';
import { buildCliBundle } from './lib/bundle';
import { cliChecks } from './lib/cli-checks';
import { bigCheckpoint, buildHostileVault, FIXTURE, type HostileVault } from './lib/hostile-vault';

const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8'));

it('the CLI answers every read right (exit 0, problems listed, the rest shown), prints no control character and writes nowhere it should not', async () => {
	const cli = await buildCliBundle();
	const r = await cliChecks(cli).finally(() => fs.rmSync(path.dirname(cli), { recursive: true, force: true }));
	expect(r.failures).toEqual([]);
	expect(r.figures).toMatchObject({
		'hostile vault wrong answers': 0, 'control sequences printed': 0, 'writes outside the allowed folders': 0, 'cli failures': 0, 'unmasked secrets written': 0,
	});
}, 120_000);

describe('the Node reader over the hostile vault', () => {
	let vault: HostileVault;
	beforeAll(() => {
		vault = buildHostileVault();
	});
	afterAll(() => vault.dispose());

	it('reads the 5 MB checkpoint whole', () => {
		expect(bigCheckpoint().length).toBeGreaterThanOrEqual(expected.bigCheckpointBytes);
		const model = buildVaultModel(loadSnapshot(vault.dir));
		const latest = history(model.scan, 'delta').entries[0];
		expect(latest.id).toBe(expected.latest.delta);
		expect(latest.checkpoint.state.length).toBeGreaterThan(5_000_000);
		expect(latest.checkpoint.next).toBe('ship the streaming importer');
	});

	it('lists what cannot be read as a file, and only at checkpoint places or note files', () => {
		const model = buildVaultModel(loadSnapshot(vault.dir));
		const unreadable = model.problems.filter((p) => p.kind === 'unreadable').map((p) => p.path).sort();
		const want = [...expected.problems.delta, ...expected.problems.epsilon]
			.filter((p: { kind: string; path: string }) => p.kind === 'unreadable' && (vault.fifo || !p.path.includes('20261209')))
			.map((p: { path: string }) => p.path)
			.sort();
		expect(unreadable).toEqual(want);
		// The folder link loop, the deep tree and the files that are not markdown raise nothing.
		expect(model.problems.map((p) => p.path).filter((p) => p !== null && /\/(loop|deep)\/|\.(png|txt|json|canvas|MD|md~|tmp)$/.test(p))).toEqual([]);
		expect(model.scopes).toEqual(expected.scopes);
	});

	it('reads a link to a checkpoint inside the vault as a byte-identical copy of it (folded, no problem)', () => {
		const model = buildVaultModel(loadSnapshot(vault.dir));
		const link = model.scan.records.find((r) => r.name === '20261211-090000-claude.md');
		expect(link?.copyOf).toBe('20261201-090000-claude');
		expect(model.scan.folded.map((f) => path.basename(f.path))).toContain('20261211-090000-claude.md');
	});
});
