/**
 * A model put together from each scope's own model is the whole folder's model: what lets
 * the index build again only the scopes a change touched.
 */
import * as path from 'node:path';
import { back, forward } from '../../../src/core/model/chains';
import { fileRole, isProjectDir } from '../../../src/core/model/scan';
import { linesFromTexts } from '../../../src/core/format/lines';
import type { VaultSnapshot } from '../../../src/core/types';
import { buildScopeModel, buildVaultModel, combineScopeModels, type ScopeModel, type VaultModel } from '../../../src/core/model/vault-model';
import { loadSnapshot } from '../../../src/vault/node-fs';

const ROOT = path.join(__dirname, '..', '..', '..');
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

function combined(snap: VaultSnapshot, keep: ReadonlyMap<string, ScopeModel> = new Map()): VaultModel {
	const texts = new Map(snap.files.filter((f) => f.text !== null).map((f) => [f.path, f.text as string]));
	const parts = [...byScope(snap)].map(([scope, part]) => keep.get(scope) ?? buildScopeModel(part, scope));
	const prefix = `${snap.root}/`;
	// Top-level folders, named or holding a file (the index lists a file's folders with it).
	const tops = [...snap.dirs, ...snap.files.map((f) => f.path.slice(0, f.path.lastIndexOf('/')))]
		.filter((d) => d.startsWith(prefix)).map((d) => d.slice(prefix.length).split('/')[0]);
	const projects = [...new Set(tops)].filter(isProjectDir);
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

test('follows resolve the same on a model put together after one scope changed as on a fresh scan', () => {
	const before = loadSnapshot(path.join(ROOT, 'test/fixtures/vault-own'));
	const first = combined(before);
	const walks = (m: VaultModel): unknown => m.scan.records.map((r) => [back(m.scan, r.id, r.scope), forward(m.scan, r.id, r.scope)]);
	walks(first);
	// gamma's dangling follows now names a file in beta, and gamma takes an id alpha has too.
	const checkpoint = (session: string, follows: string): string => `---\nsession: ${session}\nrelations:\n  - { pred: follows, obj: "[[${follows}]]", conf: 1.0, src: stated }\n---\n\n## Next\n\nmore\n`;
	const after: VaultSnapshot = {
		...before,
		files: [
			...before.files.filter((f) => !f.path.startsWith('sessions/gamma/_convos')),
			{ path: 'sessions/beta/20261020-120000-claude.md', text: checkpoint('20261020-120000-claude', ''), mtime: 1, size: 1 },
			{ path: 'sessions/gamma/20261103-100000-claude.md', text: checkpoint('20261103-100000-claude', '20261121-090000-claude'), mtime: 1, size: 1 },
		],
	};
	const keep = new Map<string, ScopeModel>();
	for (const [scope, part] of byScope(before)) if (scope !== 'beta' && scope !== 'gamma') keep.set(scope, buildScopeModel(part, scope));
	const kept = combined(before, keep);
	walks(kept);
	const next = combined(after, keep);
	expect(walks(next)).toEqual(walks(buildVaultModel(after)));
});

test('projects whose names start alike, and worktrees, keep the full scan\'s path order', () => {
	const text = (session: string): string => `---\nsession: ${session}\n---\n\n## Next\n\ngo\n`;
	const files = ['a', 'a-b', 'a.b', 'ab', 'a/x', 'a/_convos/h1', 'a/x/_convos/h2', 'a-b/_convos/h3', 'é', 'z']
		.flatMap((dir, i) => [`sessions/${dir}/20261101-0${i}0000-claude.md`, `sessions/${dir}/20261102-0${i}0000-codex.md`])
		.map((p, i) => ({ path: p, text: text(`s${i}`), mtime: 1, size: 1 }));
	const snap: VaultSnapshot = { root: 'sessions', files: [...files].reverse(), dirs: [] };
	const whole = buildVaultModel(snap);
	expect(whole.scan.records.length).toBe(files.length);
	expect(comparable(combined(snap))).toEqual(comparable(whole));
});
