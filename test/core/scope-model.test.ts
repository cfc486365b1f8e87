/**
 * A model put together from each scope's own model is the whole folder's model: what lets
 * the index build again only the scopes a change touched.
 */
import * as path from 'node:path';
import { fileRole, isProjectDir } from '../../src/core/layout';
import { linesFromTexts } from '../../src/core/lines';
import type { VaultSnapshot } from '../../src/core/types';
import { buildScopeModel, buildVaultModel, combineScopeModels, type VaultModel } from '../../src/core/vault-model';
import { loadSnapshot } from '../../src/vault/node-fs';

const ROOT = path.join(__dirname, '..', '..');
const VAULTS = ['test/fixtures/vault-own', 'test/fixtures/vault-hostile', 'demo-vault'];

function byScope(snap: VaultSnapshot): Map<string, VaultSnapshot> {
	const out = new Map<string, VaultSnapshot>();
	for (const f of snap.files) {
		const scope = fileRole(snap.root, f.path)?.scope;
		if (scope === undefined) continue;
		let part = out.get(scope);
		if (!part) out.set(scope, (part = { root: snap.root, files: [], dirs: [] }));
		part.files.push(f);
	}
	return out;
}

function combined(snap: VaultSnapshot): VaultModel {
	const texts = new Map(snap.files.filter((f) => f.text !== null).map((f) => [f.path, f.text as string]));
	const parts = [...byScope(snap)].map(([scope, part]) => buildScopeModel(part, scope));
	const prefix = `${snap.root}/`;
	const projects = snap.dirs.filter((d) => d.startsWith(prefix)).map((d) => d.slice(prefix.length)).filter(isProjectDir);
	return combineScopeModels(snap.root, projects, parts, linesFromTexts(texts));
}

/** Everything but the line source, which each build makes anew: its answers are compared apart. */
function comparable(m: VaultModel): unknown {
	const { lines, ...rest } = m;
	return { ...rest, byScope: [...m.scan.byScope], notes: [...m.notes], verdicts: [...m.verdicts], bullets: m.scan.records.map((r) => lines.bullet(r.path, "Didn't work", 0)) };
}

describe.each(VAULTS)('scope models of %s', (vault) => {
	const snap = loadSnapshot(path.join(ROOT, vault));

	test('put together, they are the whole folder\'s model', () => {
		const whole = buildVaultModel(snap);
		expect(whole.scan.records.length).toBeGreaterThan(0);
		expect(comparable(combined(snap))).toEqual(comparable(whole));
	});

	test('file order does not matter', () => {
		const reversed = { ...snap, files: [...snap.files].reverse(), dirs: [...snap.dirs].reverse() };
		expect(comparable(combined(reversed))).toEqual(comparable(buildVaultModel(snap)));
	});
});
