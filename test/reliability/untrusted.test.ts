/**
 * Untrusted text and paths: the path guard and the writer against generated targets and
 * frontmatter projects, masking of notes, and the CLI's Node port against links and
 * folders placed where note files should be.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { jsonForTerminal, stripControls } from '../../src/cli/terminal';
import { guardPath, WriteRefused } from '../../src/core';
import { nodeAppendPort } from '../../src/vault/node-fs';
import { untrusted } from './lib/untrusted';

it('no generated path, scope or frontmatter project gets a write out of the sessions folder; every secret is masked', async () => {
	const r = await untrusted(400, 13);
	expect(r.failures).toEqual([]);
	expect(r.figures).toMatchObject({ 'writes outside the allowed folders': 0, 'unmasked secrets written': 0, exceptions: 0 });
	expect(r.figures['paths tried']).toBeGreaterThanOrEqual(800);
});

it.each([
	['an absolute path', '/etc/passwd'], ['..', 'sessions/../.obsidian/x'], ['.', 'sessions/./a/uncommitted.md'], ['an empty segment', 'sessions//a.md'],
	['NUL', 'sessions/a\u0000.md'], ['backslashes', 'sessions\\a\\b.md'], ['a drive letter', 'C:/sessions/a.md'], ['a Windows path', 'c:\\x'],
	['the root itself', 'sessions'], ['the root with a slash', 'sessions/'], ['a 259-byte name', `sessions/${'x'.repeat(256)}.md`],
	['258 bytes of CJK', `sessions/${'日'.repeat(86)}`], ['another root', 'logos/sessions/a.md'], ['a root-prefixed sibling', 'sessionsx/a.md'],
])('the guard refuses %s', (_label, target) => {
	expect(() => guardPath(target, ['sessions'])).toThrow(WriteRefused);
});

it.each([
	['a scope file', 'sessions/kestrel/uncommitted.md'], ['unicode', 'sessions/日本/reviewed.md'], ['255 bytes of CJK', `sessions/${'日'.repeat(85)}/x.md`], ['a name that starts with ..', 'sessions/.. x/a.md'],
])('the guard lets through %s', (_label, target) => {
	expect(guardPath(target, ['sessions'])).toBe(target);
});

describe('the CLI port never writes through a link or into a folder', () => {
	let base: string;
	let vault: string;
	const outside = (): string => fs.readFileSync(path.join(base, 'outside.md'), 'utf8');
	beforeEach(() => {
		base = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-port-'));
		vault = path.join(base, 'vault');
		fs.mkdirSync(path.join(vault, 'sessions', 'kestrel'), { recursive: true });
		fs.writeFileSync(path.join(base, 'outside.md'), 'outside\n');
	});
	afterEach(() => fs.rmSync(base, { recursive: true, force: true }));
	const append = (p: string): Promise<void> => nodeAppendPort(vault).appendLine(p, '- x <!-- ts=1 agent=a -->', '# header\n\n');

	it('refuses a note file that is a link out of the vault', async () => {
		fs.symlinkSync(path.join(base, 'outside.md'), path.join(vault, 'sessions/kestrel/uncommitted.md'));
		await expect(append('sessions/kestrel/uncommitted.md')).rejects.toBeInstanceOf(WriteRefused);
		expect(outside()).toBe('outside\n');
	});

	it('refuses a dangling link (it would create the file at the link\'s target)', async () => {
		fs.symlinkSync(path.join(base, 'created-by-a-write.md'), path.join(vault, 'sessions/kestrel/reviewed.md'));
		await expect(append('sessions/kestrel/reviewed.md')).rejects.toBeInstanceOf(WriteRefused);
		expect(fs.existsSync(path.join(base, 'created-by-a-write.md'))).toBe(false);
	});

	it('refuses a scope folder that is a link, but allows a linked sessions folder (the person\'s own layout)', async () => {
		fs.mkdirSync(path.join(base, 'elsewhere'));
		fs.symlinkSync(path.join(base, 'elsewhere'), path.join(vault, 'sessions/linked'));
		await expect(append('sessions/linked/uncommitted.md')).rejects.toBeInstanceOf(WriteRefused);
		expect(fs.readdirSync(path.join(base, 'elsewhere'))).toEqual([]);
		const real = path.join(base, 'real-sessions');
		fs.mkdirSync(path.join(real, 'kestrel'), { recursive: true });
		fs.rmSync(path.join(vault, 'sessions'), { recursive: true });
		fs.symlinkSync(real, path.join(vault, 'sessions'));
		await append('sessions/kestrel/uncommitted.md');
		expect(fs.readFileSync(path.join(real, 'kestrel/uncommitted.md'), 'utf8')).toBe('# header\n\n- x <!-- ts=1 agent=a -->\n');
	});

	it('refuses a folder where the note file should be', async () => {
		fs.mkdirSync(path.join(vault, 'sessions/kestrel/uncommitted.md'));
		await expect(append('sessions/kestrel/uncommitted.md')).rejects.toBeInstanceOf(WriteRefused);
	});

	it('starts its line on a new line after a file cut short, and creates a missing file with its header', async () => {
		await append('sessions/kestrel/uncommitted.md');
		fs.appendFileSync(path.join(vault, 'sessions/kestrel/uncommitted.md'), '- torn half');
		await append('sessions/kestrel/uncommitted.md');
		expect(fs.readFileSync(path.join(vault, 'sessions/kestrel/uncommitted.md'), 'utf8')).toBe(
			'# header\n\n- x <!-- ts=1 agent=a -->\n- torn half\n- x <!-- ts=1 agent=a -->\n',
		);
	});
});

describe('terminal output', () => {
	it('JSON for a terminal escapes DEL and C1 controls and stays the same JSON value', () => {
		const value = { text: 'a\u001b[31mb\u009b2Jc\u007fd\u0085e', n: 1 };
		const out = jsonForTerminal(value);
		expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
		expect(JSON.parse(out)).toEqual(value);
	});

	it('text loses OSC 8 links and title sequences, keeps the words', () => {
		expect(stripControls('\u001b]8;;http://evil.example\u0007link\u001b]8;;\u0007 and \u001b]0;title\u001b\\ok')).toBe('link and ok');
	});
});
