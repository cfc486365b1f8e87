/**
 * The indexer's picture of the folder classifies every file as the core's layout rules do,
 * whatever order a listing names files in (it reuses a folder's answer for checkpoint names).
 */
import fc from 'fast-check';
import { fileRole, isProjectDir } from '../../src/core';
import { VaultFiles } from '../../src/store/vault-files';

const FOLDERS = [
	'sessions', 'sessions/kestrel', 'sessions/kestrel/_convos/7c0e', 'sessions/kestrel/_convos/_unattached',
	'sessions/kestrel/_convos/.trash', 'sessions/kestrel/plans', 'sessions/kestrel/billing-v2',
	'sessions/kestrel/billing-v2/_convos/0199', 'sessions/kestrel/billing-v2/deeper', 'sessions/.obsidian',
	'sessions/kestrel/_convos', 'sessions/kestrel/_convos/7c0e/nested', 'elsewhere/kestrel',
];
const NAMES = [
	'20261116-091204-claude.md', '20261116-091205-codex.md', '20261116-091204-claude (conflicted copy).md',
	'uncommitted.md', 'reviewed.md', 'transcript.jsonl', 'notes.md', '.20261116-091204-claude.md',
	'20261116-091204-claude.md.tmp', '2026111-091204-claude.md', '20261116_091204.md',
];

describe('VaultFiles', () => {
	it('gives every file the role and scope fileRole gives it, in any listing order', () => {
		const paths = FOLDERS.flatMap((d) => NAMES.map((n) => `${d}/${n}`));
		fc.assert(fc.property(fc.shuffledSubarray(paths), (listed) => {
			const files = new VaultFiles();
			files.reset({ root: 'sessions', files: listed.map((p, i) => ({ path: p, mtime: i, size: 1 })), dirs: [] });
			for (const p of listed) {
				const want = fileRole('sessions', p);
				expect([p, files.get(p)?.role ?? null, files.get(p)?.scope ?? null]).toEqual([p, want?.role ?? null, want?.scope ?? null]);
			}
		}), { numRuns: 200 });
	});

	it("keeps each scope's files as the whole listing holds them, and the project folders as the folders stand, through files added and removed and folders created", () => {
		const paths = FOLDERS.flatMap((d) => NAMES.map((n) => `${d}/${n}`));
		// Folders created empty too (a new project is a project before it holds a file).
		const folder = fc.constantFrom('sessions/heron', 'sessions/_convos', 'sessions/.trash', 'sessions/heron/_convos/c1', 'elsewhere/wren');
		const step = fc.oneof(fc.record({ add: fc.constantFrom(...paths) }), fc.record({ remove: fc.constantFrom(...paths, ...FOLDERS, 'sessions/heron') }), fc.record({ folder }));
		// The project folders read from the folders as they stand, asked after every step.
		const projects = (files: VaultFiles) => [...files.dirs].filter((d) => d.startsWith('sessions/') && isProjectDir(d.slice('sessions/'.length))).map((d) => d.slice('sessions/'.length)).sort();
		fc.assert(fc.property(fc.shuffledSubarray(paths), fc.array(step, { maxLength: 30 }), (listed, steps) => {
			const files = new VaultFiles();
			files.reset({ root: 'sessions', files: listed.map((p, i) => ({ path: p, mtime: i, size: 1 })), dirs: [] });
			steps.forEach((s, i) => {
				if ('add' in s) files.set({ path: s.add, mtime: 100 + i, size: 1 });
				else if ('remove' in s) files.remove(s.remove);
				else files.dirs.add(s.folder);
				expect([...files.projects()].sort()).toEqual(projects(files));
			});
			// What every file says, read one by one: the scopes and each scope's files.
			const all = [...files.files.values()].filter((f) => f.role !== null && f.scope !== null);
			const scopes = [...new Set(all.filter((f) => f.role === 'checkpoint' || f.role === 'notes').map((f) => f.scope as string))].sort();
			expect(files.scopes()).toEqual(scopes);
			const byScope = (want?: Set<string>) => {
				const out: Record<string, string[]> = {};
				for (const f of all) if (!want || want.has(f.scope as string)) (out[f.scope as string] ??= []).push(f.path);
				return out;
			};
			// Each scope's files as a model of these scopes reads them.
			const sorted = (scopes: string[]) => Object.fromEntries(scopes.map((k) => [k, files.filesOf(k).map((f) => f.path).sort()]));
			const plain = (want?: Set<string>) => Object.fromEntries(Object.entries(byScope(want)).map(([k, v]) => [k, v.sort()]));
			expect(sorted(files.scopesWithFiles())).toEqual(plain());
			const some = new Set(['kestrel/billing-v2', 'nowhere']);
			expect(sorted(files.scopesWithFiles(some))).toEqual(plain(some));
			expect(files.otherFiles(some).map((f) => f.path).sort()).toEqual(all.filter((f) => some.has(f.scope as string) && f.role !== 'checkpoint').map((f) => f.path).sort());
		}), { numRuns: 200 });
	});

	it('takes a listing in steps as in one go, and shows the listing before, whole, until its last step', () => {
		const paths = FOLDERS.flatMap((d) => NAMES.map((n) => `${d}/${n}`));
		const listingOf = (ps: string[], mtime: number) => ({ root: 'sessions', files: ps.map((p) => ({ path: p, mtime, size: 1 })), dirs: [] });
		const picture = (files: VaultFiles) => ({
			files: [...files.files.values()],
			scopes: files.scopes(),
			byScope: files.scopesWithFiles().map((s) => [s, files.filesOf(s).map((f) => f.path)]),
			projects: files.projects(),
		});
		fc.assert(fc.property(fc.shuffledSubarray(paths), fc.shuffledSubarray(paths), fc.integer({ min: 1, max: 40 }), (first, second, step) => {
			const files = new VaultFiles();
			files.reset(listingOf(first, 1));
			const before = picture(files);
			const revisions = files.scopes().map((s) => files.scopeRevision(s));
			const steps = files.resetSteps(listingOf(second, 2), step);
			let yields = 0;
			while (!steps.next().done) {
				yields++;
				expect(picture(files)).toEqual(before);
			}
			expect(yields).toBe(Math.max(0, Math.ceil(second.length / step) - 1));
			const whole = new VaultFiles();
			whole.reset(listingOf(second, 2));
			expect(picture(files)).toEqual(picture(whole));
			// A model of any scope worked out from the listing before does not hold now.
			expect(files.scopes().filter((s, i) => files.scopeRevision(s) === revisions[i])).toEqual([]);
		}), { numRuns: 200 });
	});
});
