/**
 * The CLI reads a markdown file for its bytes alone, no stat (vault-read.ts readWanted): the
 * snapshot it makes is the vault layer's (readTree), stamps aside, for plain files, links,
 * folders and special files where a note should be, and files that cannot be read.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readWanted } from '../../src/cli/vault-read';
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
