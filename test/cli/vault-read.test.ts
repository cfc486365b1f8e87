/**
 * The CLI reads a markdown file for its bytes alone, no stat (vault-read.ts readWanted): the
 * snapshot it makes is the vault layer's (readTree), stamps aside, for plain files, links,
 * folders and special files where a note should be, and files that cannot be read.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readWanted } from '../../src/cli/vault-read';
import { summaryCommands } from '../../src/cli/summary-commands';
import type { CommandContext } from '../../src/cli/command-base';
import { readTree, walkTree } from '../../src/vault/node-fs';
import type { VaultFile } from '../../src/core';

const ROOT = path.join(__dirname, '..', '..');

const stampless = (files: VaultFile[]) => files.map((f) => ({ ...f, mtime: 0 }));

function bothWays(vaultDir: string): { got: VaultFile[]; want: VaultFile[]; reads: string[]; wantReads: string[] } {
	const tree = walkTree(vaultDir, 'sessions');
	const reads: string[] = [];
	const wantReads: string[] = [];
	const got = readWanted({ vaultDir, onRead: (p) => reads.push(p) }, tree, () => true).files;
	const want = readTree(vaultDir, tree, () => true, (p) => wantReads.push(p)).files;
	return { got, want, reads, wantReads };
}

describe('readWanted', () => {
	it.each(['test/fixtures/vault-own', 'test/fixtures/vault-hostile', 'demo-vault'])('%s: the same files, bytes and sizes as readTree, in the same order', (rel) => {
		const { got, want, reads, wantReads } = bothWays(path.join(ROOT, rel));
		expect(got.length).toBeGreaterThan(0);
		expect(stampless(got)).toEqual(stampless(want));
		expect(reads).toEqual(wantReads);
	});

	it('links in and out of the vault, a dangling link, a folder named like a note, bad UTF-8 and a transcript stand in it as readTree has them', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-read-'));
		try {
			const scope = path.join(dir, 'sessions', 'alpha');
			fs.mkdirSync(scope, { recursive: true });
			const note = '---\nagent: claude\n---\n\n## Next\n\nré — ü\n';
			fs.writeFileSync(path.join(scope, '20261110-090000-claude.md'), note);
			fs.writeFileSync(path.join(scope, 'transcript.jsonl'), '{}\n');
			fs.writeFileSync(path.join(scope, '20261110-100000-bad.md'), Buffer.from([0x2d, 0xff, 0xfe, 0x0a]));
			fs.symlinkSync(path.join(scope, '20261110-090000-claude.md'), path.join(scope, '20261111-090000-link.md'));
			fs.symlinkSync(path.join(dir, 'nowhere.md'), path.join(scope, '20261112-090000-dangling.md'));
			fs.symlinkSync('/etc/hostname', path.join(scope, '20261113-090000-outside.md'));
			fs.mkdirSync(path.join(scope, '20261114-090000-folder.md'));
			const { got, want } = bothWays(dir);
			expect(got.map((f) => f.path).sort()).toEqual(want.map((f) => f.path).sort());
			expect(stampless(got)).toEqual(stampless(want));
			expect(got.find((f) => f.path.endsWith('claude.md'))).toEqual({ path: 'sessions/alpha/20261110-090000-claude.md', text: note, mtime: 0, size: Buffer.byteLength(note) });
			expect(got.filter((f) => f.text === null).length).toBeGreaterThanOrEqual(3);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('scopes and continuity over odd newest files', () => {
	it('a newest checkpoint or uncommitted.md that is a link, a folder or dangles answers as a read of every file does', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-odd-'));
		const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-outside-'));
		try {
			const put = (rel: string, text: string): void => {
				fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
				fs.writeFileSync(path.join(dir, rel), text);
			};
			const cp = (session: string) => `---\nagent: claude\nsession: ${session}\ncheckpointed: 2026-11-14T09:00:00Z\n---\n\n## Next\n\nafter ${session}\n`;
			put('sessions/alpha/20261110-090000-claude.md', cp('20261110-090000-claude'));
			put('elsewhere/notes.md', '- a note <!-- ts=1796000000 agent=claude -->\n');
			fs.writeFileSync(path.join(outside, 'notes.md'), '- a note <!-- ts=1796000000 agent=claude -->\n- another <!-- ts=1796000001 agent=claude -->\n');
			fs.symlinkSync(path.join(dir, 'sessions/alpha/20261110-090000-claude.md'), path.join(dir, 'sessions/alpha/20261111-090000-claude.md'));
			// Out of the vault: never followed, so alpha has no notes; gamma's link stays inside.
			fs.symlinkSync(path.join(outside, 'notes.md'), path.join(dir, 'sessions/alpha/uncommitted.md'));
			put('sessions/gamma/20261110-090000-claude.md', cp('20261110-090000-claude'));
			fs.symlinkSync(path.join(dir, 'elsewhere/notes.md'), path.join(dir, 'sessions/gamma/uncommitted.md'));
			put('sessions/beta/20261110-090000-codex.md', cp('20261110-090000-codex'));
			fs.mkdirSync(path.join(dir, 'sessions/beta/20261112-090000-codex.md'));
			fs.symlinkSync(path.join(dir, 'nowhere.md'), path.join(dir, 'sessions/beta/uncommitted.md'));
			for (const name of ['scopes', 'continuity']) {
				const answer = async (read: 'needed' | 'all') => {
					const ctx: CommandContext = { vaultDir: dir, sessionsRel: 'sessions', values: {}, args: [], now: 1796068800, json: true, read };
					return JSON.stringify(await summaryCommands[name].run(ctx));
				};
				const needed = await answer('needed');
				expect(needed).toEqual(await answer('all'));
				const rows = JSON.parse(needed)[name === 'scopes' ? 'scopes' : 'projects'] as { scope: string; uncommitted: number }[];
				expect(rows.map((r) => [r.scope, r.uncommitted])).toEqual([['alpha', 0], ['beta', 0], ['gamma', 1]]);
			}
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
			fs.rmSync(outside, { recursive: true, force: true });
		}
	});
});
