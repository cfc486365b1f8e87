import fc from 'fast-check';
import {
	conflictCopyOf,
	isCheckpointFile,
	listScopes,
	isTranscriptFile,
	safeName,
	safeScope,
	scanVault,
	type VaultScan,
} from '../../../src/core/model/scan';
import { fixtureVault, loadFolder } from '../../helpers/load-folder';
import { itIf } from '../../helpers/reference';
import { checkpointText, snapshot } from '../../helpers/snapshot';

const utf8 = (s: string): number => new TextEncoder().encode(s).length;
const byPath = (scan: VaultScan, path: string) => scan.records.find((r) => r.path === path);
const kinds = (scan: VaultScan, path: string) => scan.problems.filter((p) => p.path === path).map((p) => p.kind);

describe('isCheckpointFile (spec §1.2)', () => {
	it.each([
		['20261116-091204-claude.md', true],
		['12345678-.md', true],
		['20261116-091204-claude (conflicted copy).md', true],
		['2026 roadmap.md', false],
		['uncommitted.md', false],
		['ledger (conflicted copy).md', false],
		['plan-20261116-091030-claude-code.md', false],
		['notes-to-self.md', false],
		['1234567-x.md', false],
		['12345678_x.md', false],
		['12345678-x.md.partial', false],
		['12345678-x.txt', false],
		['１２３４５６７８-x.md', false],
	])('%s → %s', (name, expected) => {
		expect(isCheckpointFile(name)).toBe(expected);
	});
});

describe('safeName / safeScope (spec §8)', () => {
	it.each([
		['Kestrel One', 'kestrel-one'],
		['../../etc/passwd', 'etc-passwd'],
		['projects/kestrel-one', 'projects-kestrel-one'],
		['v1.2', 'v1-2'],
		['C#', 'c'],
		['Claude Code', 'claude-code'],
		['team/claude', 'team-claude'],
		['  --a__b  ..c--  ', 'a-b-c'],
		['日本 Projekt', '日本-projekt'],
		['Straße', 'straße'],
		['Проект', 'проект'],
		['a+b@c:d\\e', 'abcde'],
		['rocket 🚀 ship', 'rocket-ship'],
		['tab\there', 'tabhere'],
		['', ''],
		['#!?', ''],
	])('safeName(%j) = %j', (input, expected) => {
		expect(safeName(input)).toBe(expected);
	});

	it.each([
		['Kestrel One/feature X', 'kestrel-one/feature-x'],
		['kestrel/..', 'kestrel'],
		['..', ''],
		['/', ''],
		['kestrel//billing-v2/', 'kestrel/billing-v2'],
		['../../.obsidian', 'obsidian'],
	])('safeScope(%j) = %j', (input, expected) => {
		expect(safeScope(input)).toBe(expected);
	});

	it('keeps a 255-byte name whole', () => {
		const name = 'a'.repeat(255);
		expect(safeName(name)).toBe(name);
	});

	it('cuts longer names at 255 bytes on a character boundary', () => {
		expect(safeName('é'.repeat(200))).toBe('é'.repeat(127));
		expect(utf8(safeName('é'.repeat(200)))).toBe(254);
		expect(safeName('日'.repeat(100))).toBe('日'.repeat(85));
		// Astral letters are 4 bytes and two UTF-16 units: never split into a lone surrogate.
		const cut = safeName('𝒜'.repeat(70));
		expect(cut).toBe('𝒜'.repeat(63));
		expect(cut.length).toBe(126);
	});

	it('re-trims a dash the cut leaves at the end', () => {
		expect(safeName('a'.repeat(254) + '-bbb')).toBe('a'.repeat(254));
	});

	it('cuts each scope segment on its own', () => {
		const long = 'ж'.repeat(200);
		expect(safeScope(`${long}/${long}`)).toBe(`${'ж'.repeat(127)}/${'ж'.repeat(127)}`);
	});
});

describe('isTranscriptFile', () => {
	it.each([
		['transcript.jsonl', true],
		['transcript.md', true],
		['transcript.jsonl.partial', false],
		['transcript.jsonl.tmp', false],
		['transcript', false],
		['transcripts.jsonl', false],
		['old-transcript.jsonl', false],
	])('%s → %s', (name, expected) => {
		expect(isTranscriptFile(name)).toBe(expected);
	});
});

describe('conflictCopyOf (decisions §5)', () => {
	const none = (): boolean => false;
	const all = (): boolean => true;
	it.each([
		['20261116-091204-claude (conflicted copy).md', 'dropbox'],
		["20261116-091204-claude (Dana's conflicted copy 2026-11-16).md", 'dropbox'],
		["20261116-091204-claude (Dana's conflicted copy 2026-11-16 (1)).md", 'dropbox'],
		['20261116-091204-claude (Case Conflict).md', 'dropbox'],
		['20261116-091204-claude.sync-conflict-20261116-101500-ABCDEF7.md', 'syncthing'],
	])('%s is a %s copy of the original', (name, kind) => {
		expect(conflictCopyOf(name, none)).toEqual({ kind, original: '20261116-091204-claude.md' });
	});

	it("takes iCloud's ` 2` for a copy only when the original is beside it", () => {
		expect(conflictCopyOf('20261116-091204-claude 2.md', none)).toBeNull();
		expect(conflictCopyOf('20261116-091204-claude 2.md', (n) => n === '20261116-091204-claude.md'))
			.toEqual({ kind: 'icloud', original: '20261116-091204-claude.md' });
		expect(conflictCopyOf('20261116-091204-claude 3.md', all)?.kind).toBe('icloud');
		expect(conflictCopyOf('20261116-091204-claude 1.md', all)).toBeNull();
	});

	it('leaves ordinary names alone', () => {
		expect(conflictCopyOf('20261116-091204-claude.md', all)).toBeNull();
		expect(conflictCopyOf('20261116-091204-claude (draft).md', all)).toBeNull();
		expect(conflictCopyOf('20261116-091204-claude.sync-conflict-bad.md', all)).toBeNull();
	});
});

describe('scanVault on the shared fixture', () => {
	const dir = fixtureVault('vault-basic');
	const maybe = itIf(dir !== null);
	const scan = (): VaultScan => scanVault(loadFolder(dir as string));

	maybe('finds the projects and the scopes holding records', () => {
		const s = scan();
		expect(s.projects).toEqual(['heron', 'kestrel']);
		expect(s.scopes.map((x) => x.scope)).toEqual(['heron', 'kestrel', 'kestrel/billing-v2']);
	});

	maybe('finds every checkpoint file and nothing else', () => {
		const s = scan();
		const names = (scope: string) => s.records.filter((r) => r.scope === scope).map((r) => r.name).sort();
		expect(names('kestrel')).toEqual([
			'20261116-091204-claude.md', '20261116-142233-claude.md', '20261117-101517-claude.md',
			'20261118-160840-claude-code.md', '20261119-113005-codex.md',
		]);
		expect(names('kestrel/billing-v2')).toEqual(['20261120-093015-claude.md', '20261120-151102-claude.md', '20261120-181203-claude.md']);
		expect(names('heron')).toEqual(['20261012-154233-claude.md', '20261116-090012-cursor.md', '20261123-084510-codex.md', '20261123-121955-codex.md']);
		expect(s.records.every((r) => r.copyOf === null && r.id === r.stem)).toBe(true);
	});

	maybe('places files in conversations and knows the scope files', () => {
		const s = scan();
		const conv = (name: string) => s.records.find((r) => r.name === name)?.conversation;
		expect(conv('20261118-160840-claude-code.md')).toBe('d41f8e2c-95ab-47c8-9d0e-3f61a2b7c904');
		expect(conv('20261119-113005-codex.md')).toBe('20261119-113005-codex');
		expect(conv('20261012-154233-claude.md')).toBe('20261012-154233-claude');
		expect(s.records.filter((r) => r.flat).map((r) => r.name)).toEqual(['20261012-154233-claude.md']);
		const kestrel = s.scopes.find((x) => x.scope === 'kestrel');
		expect(kestrel?.uncommitted).toBe('sessions/kestrel/uncommitted.md');
		expect(kestrel?.reviewed).toBe('sessions/kestrel/reviewed.md');
		expect(s.scopes.find((x) => x.scope === 'heron')?.uncommitted).toBeNull();
		expect(s.transcripts).toEqual([{
			scope: 'kestrel', conversation: 'd41f8e2c-95ab-47c8-9d0e-3f61a2b7c904',
			path: 'sessions/kestrel/_convos/d41f8e2c-95ab-47c8-9d0e-3f61a2b7c904/transcript.jsonl',
		}]);
	});

	maybe('reports only the torn file', () => {
		const s = scan();
		expect(s.problems.map((p) => [p.kind, p.path])).toEqual([
			['empty', 'sessions/kestrel/billing-v2/_convos/3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48/20261120-181203-claude.md'],
		]);
	});
});

describe('scanVault on in-memory vaults', () => {
	const A = '7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6';
	const cp = (session: string, extra: Parameters<typeof checkpointText>[0] = {}) => checkpointText({ session, task: `task of ${session}`, ...extra });

	it('finds projects, scopes and places with flat, _convos and worktree layouts', () => {
		const s = scanVault(snapshot({
			'kestrel/20261001-100000-claude.md': cp('20261001-100000-claude'),
			[`kestrel/_convos/${A}/20261116-091204-claude.md`]: cp('20261116-091204-claude', { host: A }),
			'kestrel/_convos/_unattached/20261119-113005-codex.md': cp('20261119-113005-codex', { agent: 'codex' }),
			'kestrel/billing-v2/_convos/b1/20261120-093015-claude.md': cp('20261120-093015-claude', { project: 'kestrel/billing-v2', host: 'b1' }),
			'kestrel/notes-only/uncommitted.md': '# notes\n',
			'kestrel/empty-worktree/readme.md': 'nothing here',
			'kestrel/plans/plan-20261116-091030-claude.md': '---\ntype: plan\n---\n',
			'kestrel/plans/20261116-091030-claude.md': cp('20261116-091030-claude'),
			'kestrel/_convos/20261116-091030-claude.md': cp('20261116-091030-claude'),
			[`kestrel/_convos/${A}/deeper/20261116-091030-claude.md`]: cp('20261116-091030-claude'),
			'kestrel/billing-v2/deep/er/20261116-091030-claude.md': cp('20261116-091030-claude'),
			'20261116-091030-claude.md': cp('20261116-091030-claude'),
		}, 'sessions', ['gull']));
		expect(s.projects).toEqual(['gull', 'kestrel']);
		// docs/format.md §1.3: the empty folder gull and kestrel/empty-worktree hold no record: no scopes.
		expect(s.scopes.map((x) => x.scope)).toEqual(['kestrel', 'kestrel/billing-v2', 'kestrel/notes-only']);
		expect(s.scopes.find((x) => x.scope === 'kestrel/notes-only')).toMatchObject({
			project: 'kestrel', worktree: 'notes-only', dir: 'sessions/kestrel/notes-only',
			uncommitted: 'sessions/kestrel/notes-only/uncommitted.md', reviewed: null,
		});
		expect(s.records.map((r) => [r.path, r.scope, r.conversation, r.flat])).toEqual([
			['sessions/kestrel/20261001-100000-claude.md', 'kestrel', '20261001-100000-claude', true],
			[`sessions/kestrel/_convos/${A}/20261116-091204-claude.md`, 'kestrel', A, false],
			['sessions/kestrel/_convos/_unattached/20261119-113005-codex.md', 'kestrel', '20261119-113005-codex', false],
			['sessions/kestrel/billing-v2/_convos/b1/20261120-093015-claude.md', 'kestrel/billing-v2', 'b1', false],
		]);
	});

	it('ignores dotfiles, temp and partial files, non-markdown files and hidden folders', () => {
		const s = scanVault(snapshot({
			'kestrel/.logos-123.tmp': cp('x'),
			'kestrel/20261116-091204-claude.md.tmp': cp('20261116-091204-claude'),
			'kestrel/_convos/a/20261116-091204-claude.md.partial': cp('20261116-091204-claude'),
			'kestrel/_convos/a/transcript.jsonl.partial': '{}',
			'kestrel/_convos/a/20261116-091204-claude.txt': cp('20261116-091204-claude'),
			'kestrel/_convos/.stversions/20261116-091204-claude.md': cp('20261116-091204-claude'),
			'.stfolder/20261116-091204-claude.md': cp('20261116-091204-claude'),
			'kestrel/.trash/20261116-091204-claude.md': cp('20261116-091204-claude'),
		}));
		expect(s.projects).toEqual(['kestrel']);
		expect(s.records).toEqual([]);
		expect(s.transcripts).toEqual([]);
		expect(s.scopes.map((x) => x.scope)).toEqual([]);
	});

	it('lists a folder as a scope only when it holds a record, as logos does (spec §1.3)', () => {
		const s = scanVault(snapshot({
			'kestrel/20261116-091204-claude.md': cp('20261116-091204-claude'),
			'empty-project/readme.md': 'a person\'s own note',
			'reviewed-only/reviewed.md': '- [retired] x <!-- ts=1795370000 session=a -->\n',
			'notes-only/uncommitted.md': '# uncommitted — notes-only\n',
			'convo-only/_convos/c1/20261116-091204-codex.md': cp('20261116-091204-codex', { host: 'c1', project: 'convo-only' }),
			'parent/wt/uncommitted.md': '# uncommitted — parent/wt\n',
		}, 'sessions', ['bare']));
		expect(s.projects).toEqual(['bare', 'convo-only', 'empty-project', 'kestrel', 'notes-only', 'parent', 'reviewed-only']);
		expect(s.scopes.map((x) => x.scope)).toEqual(['convo-only', 'kestrel', 'notes-only', 'parent/wt']);
	});

	it('says a hand-written note has no logos sections, and keeps "torn write" for what looks cut short', () => {
		const s = scanVault(snapshot({
			'k/20261116-000001-me.md': 'Ideas for tomorrow.\nCall the vendor about the driver.\n',
			'k/20261116-000002-me.md': '## My own heading\nnot one logos writes\n',
			'k/20261116-000003-claude.md': '',
			'k/20261116-000004-claude.md': '---\ntype: checkpoint\nsession: 20261116-000004-claude\n',
			'k/20261116-000005-claude.md': '---\ntype: checkpoint\nsession: 20261116-000005-claude\nagent: claude\n---\n',
		}));
		const detail = (stem: string): string => s.problems.find((p) => p.path === `sessions/k/${stem}.md`)?.detail ?? '';
		for (const stem of ['20261116-000001-me', '20261116-000002-me']) {
			expect(detail(stem)).toMatch(/^no logos sections in this note/);
			expect(detail(stem)).not.toMatch(/torn/);
		}
		expect(detail('20261116-000003-claude')).toMatch(/torn write/);
		expect(detail('20261116-000004-claude')).toMatch(/cut off.*torn write/);
		expect(detail('20261116-000005-claude')).toMatch(/no sections after it \(a torn write\)/);
		expect(s.problems.every((p) => p.kind === 'empty' || p.kind === 'malformed')).toBe(true);
		expect(s.records.every((r) => r.empty)).toBe(true);
	});

	it('reads a sessions folder that is not at the vault root, and nothing outside it', () => {
		const snap = snapshot({ 'kestrel/20261116-091204-claude.md': cp('20261116-091204-claude') }, 'logos/sessions');
		snap.files.push({ path: 'other/20261116-091204-claude.md', text: cp('x'), mtime: 0, size: 1 });
		const s = scanVault(snap);
		expect(s.root).toBe('logos/sessions');
		expect(s.records.map((r) => r.path)).toEqual(['logos/sessions/kestrel/20261116-091204-claude.md']);
	});

	it('turns an unreadable file into a problem, never a crash', () => {
		const s = scanVault(snapshot({
			'kestrel/20261117-000000-claude.md': null,
			'kestrel/20261116-000000-claude.md': '\u0000\u0001---\n:::: [ {{\n## Task\n',
			'kestrel/20261115-000000-claude.md': '---\ntitle: [unclosed\n---\n\n## Task\n\nstill a task\n',
		}));
		const unreadable = byPath(s, 'sessions/kestrel/20261117-000000-claude.md');
		expect(unreadable).toMatchObject({ id: '20261117-000000-claude', empty: true, copyOf: null });
		expect(kinds(s, 'sessions/kestrel/20261117-000000-claude.md')).toEqual(['unreadable']);
		expect(byPath(s, 'sessions/kestrel/20261116-000000-claude.md')?.empty).toBe(true);
		expect(byPath(s, 'sessions/kestrel/20261115-000000-claude.md')?.checkpoint.task).toBe('still a task');
	});

	it('uses frontmatter session as the id, else the stem', () => {
		const s = scanVault(snapshot({
			'kestrel/20261116-091204-claude.md': cp('20261116-091204-other'),
			'kestrel/20261117-091204-claude.md': '## Task\n\nno frontmatter\n',
		}));
		expect(s.records.map((r) => r.id)).toEqual(['20261116-091204-other', '20261117-091204-claude']);
	});

	it('files a flat checkpoint with host_session into that conversation; without it, alone', () => {
		const s = scanVault(snapshot({
			'kestrel/20261116-091204-claude.md': cp('20261116-091204-claude', { host: A.toUpperCase() }),
			'kestrel/20261117-091204-claude.md': cp('20261117-091204-claude'),
			'kestrel/_convos/_unattached/20261118-091204-claude.md': cp('20261118-091204-claude', { host: A }),
			'kestrel/_convos/other-folder/20261119-091204-claude.md': cp('20261119-091204-claude', { host: A }),
		}));
		expect(s.records.map((r) => r.conversation)).toEqual([A, '20261117-091204-claude', A, 'other-folder']);
	});

	it('reports a frontmatter project that disagrees with the folder, and keeps the folder', () => {
		const s = scanVault(snapshot({
			'kestrel/20261116-091204-claude.md': cp('20261116-091204-claude', { project: '../../.obsidian' }),
			'kestrel/billing-v2/20261116-091204-claude.md': cp('20261116-091204-claude', { project: 'kestrel' }),
		}));
		expect(s.records.map((r) => r.scope)).toEqual(['kestrel', 'kestrel/billing-v2']);
		expect(s.problems.map((p) => p.kind)).toEqual(['projectMismatch', 'projectMismatch']);
		expect(s.scopes.map((x) => x.scope)).toEqual(['kestrel', 'kestrel/billing-v2']);
		expect(s.scopes.map((x) => x.dir)).toEqual(['sessions/kestrel', 'sessions/kestrel/billing-v2']);
	});

	describe('copies', () => {
		const id = '20261116-091204-claude';
		const body = cp(id, { host: A });

		it('marks conflict copies of all three kinds, never the original', () => {
			const dirPath = `kestrel/_convos/${A}`;
			const s = scanVault(snapshot({
				[`${dirPath}/${id}.md`]: body,
				[`${dirPath}/${id} (Dana's conflicted copy 2026-11-16).md`]: body.replace('working', 'edited on the laptop'),
				[`${dirPath}/${id}.sync-conflict-20261116-101500-ABCDEF7.md`]: body,
				[`${dirPath}/${id} 2.md`]: body,
			}));
			const original = byPath(s, `sessions/${dirPath}/${id}.md`);
			expect(original?.copyOf).toBeNull();
			const copies = s.records.filter((r) => r.copyOf !== null);
			expect(copies).toHaveLength(3);
			expect(copies.every((r) => r.copyOf === id && r.id === id)).toBe(true);
			expect(s.problems.map((p) => p.kind)).toEqual(['conflictCopy', 'conflictCopy', 'conflictCopy']);
		});

		it('treats a conflict copy whose original is gone as a copy still', () => {
			const s = scanVault(snapshot({ [`kestrel/${id} (conflicted copy).md`]: '' }));
			expect(s.records[0]).toMatchObject({ id, copyOf: id });
			expect(kinds(s, `sessions/kestrel/${id} (conflicted copy).md`)).toContain('conflictCopy');
		});

		it('folds the same checkpoint flat and in its conversation folder into one, silently', () => {
			const s = scanVault(snapshot({ [`kestrel/${id}.md`]: body, [`kestrel/_convos/${A}/${id}.md`]: body }));
			expect(byPath(s, `sessions/kestrel/_convos/${A}/${id}.md`)?.copyOf).toBeNull();
			expect(byPath(s, `sessions/kestrel/${id}.md`)?.copyOf).toBe(id);
			expect(s.problems).toEqual([]);
			expect(s.folded).toEqual([{ path: `sessions/kestrel/${id}.md`, canonical: `sessions/kestrel/_convos/${A}/${id}.md` }]);
		});

		it('reports a second copy with different bytes as a duplicate', () => {
			const s = scanVault(snapshot({ [`kestrel/${id}.md`]: body.replace('working', 'edited'), [`kestrel/_convos/${A}/${id}.md`]: body }));
			expect(byPath(s, `sessions/kestrel/${id}.md`)?.copyOf).toBe(id);
			expect(s.problems.map((p) => [p.kind, p.path])).toEqual([['duplicate', `sessions/kestrel/${id}.md`]]);
		});

		it('prefers the file named after the id, then the first path', () => {
			const s = scanVault(snapshot({
				'kestrel/_convos/b/20261116-091205-claude.md': cp(id),
				[`kestrel/_convos/a/${id}.md`]: cp(id, { state: 'a' }),
				[`kestrel/_convos/c/${id}.md`]: cp(id, { state: 'c' }),
			}));
			expect(s.records.filter((r) => r.copyOf === null).map((r) => r.path)).toEqual([`sessions/kestrel/_convos/a/${id}.md`]);
		});

		it('never lets a torn file win over the copy with content', () => {
			const s = scanVault(snapshot({ [`kestrel/_convos/_unattached/${id}.md`]: '', [`kestrel/${id}.md`]: cp(id) }));
			expect(byPath(s, `sessions/kestrel/${id}.md`)?.copyOf).toBeNull();
			expect(byPath(s, `sessions/kestrel/_convos/_unattached/${id}.md`)?.copyOf).toBe(id);
		});

		it('keeps the same id in two scopes as two records', () => {
			const s = scanVault(snapshot({ [`kestrel/${id}.md`]: cp(id), [`heron/${id}.md`]: cp(id, { project: 'heron' }) }));
			expect(s.records.every((r) => r.copyOf === null)).toBe(true);
		});
	});
});

describe('listScopes', () => {
	// Segments that place a file differently: hidden, reserved, conversation, unattached, empty, odd.
	const SEG = ['alpha', 'beta', '.hidden', '_convos', 'plans', 'c1', '_unattached', 'wt', '', 'x.md'];
	const NAME = ['20261110-090000-claude.md', '20261111-090000-codex 2.md', 'uncommitted.md', 'reviewed.md', 'transcript.jsonl', '.20261112-090000-a.md', '20261112-090000-a.md.tmp', 'notes.md'];
	const path = fc.tuple(fc.constantFrom('sessions/', '', 'other/'), fc.array(fc.constantFrom(...SEG), { maxLength: 5 }), fc.constantFrom(...NAME))
		.map(([root, dirs, name]) => root + [...dirs, name].join('/'));

	it('places every file as a scan of the same files does, in any order of the paths', () => {
		fc.assert(fc.property(fc.uniqueArray(path, { maxLength: 30 }), (paths) => {
			const scan = scanVault({ root: 'sessions', files: paths.map((p) => ({ path: p, text: '', mtime: 0, size: 0 })), dirs: [] });
			const listing = listScopes('sessions', [], paths);
			expect(listing.scopes).toEqual(scan.scopes.map((s) => s.scope));
			for (const s of scan.scopes) {
				expect(listing.notes.get(s.scope) ?? null).toEqual(s.uncommitted);
				const listed = (listing.folders.get(s.scope) ?? []).flatMap((f) => f.names.map((n) => [f.key + n, f.place.folder === null, n])).sort();
				const scanned = scan.records.filter((r) => r.scope === s.scope).map((r) => [r.path, r.flat, r.name]).sort();
				expect(listed).toEqual(scanned);
			}
		}), { numRuns: 500 });
	});
});

describe('scanVault projects', () => {
	/** The plain rule: every folder and its parents, then the top ones that are not hidden. */
	function plainProjects(root: string, dirs: string[], paths: string[]): string[] {
		const all = new Set<string>();
		const add = (rel: string): void => {
			const parts = rel.split('/');
			for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('/'));
		};
		const rel = (p: string): string | null => (root === '' ? p : p.startsWith(`${root}/`) ? p.slice(root.length + 1) : null);
		for (const d of dirs) {
			const r = rel(d.replace(/\/+$/, ''));
			if (r) add(r);
		}
		for (const p of paths) {
			const r = rel(p);
			if (r && r.includes('/')) add(r.slice(0, r.lastIndexOf('/')));
		}
		return [...all].filter((d) => d !== '' && !d.includes('/') && !d.startsWith('.')).sort();
	}

	it('are the top folders of every folder and file, hidden ones left out, whatever the nesting', () => {
		const part = fc.constantFrom('kestrel', 'heron', '.obsidian', '_convos', '', 'a b', 'x');
		const path = fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => ps.join('/'));
		fc.assert(fc.property(fc.constantFrom('', 'sessions'), fc.array(path, { maxLength: 4 }), fc.array(path, { maxLength: 5 }), (root, dirs, files) => {
			const inRoot = (p: string): string => (root === '' ? p : `${root}/${p}`);
			const snap = { root, dirs: dirs.map((d) => `${inRoot(d)}/`), files: files.map((f) => ({ path: inRoot(`${f}.md`), text: '', mtime: 0, size: 0 })) };
			expect(scanVault(snap).projects).toEqual(plainProjects(root, snap.dirs, snap.files.map((f) => f.path)));
		}), { numRuns: 2000 });
	});
});
