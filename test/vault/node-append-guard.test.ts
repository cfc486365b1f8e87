/**
 * The CLI's port against a folder swapped for a link while the line is written, a note
 * file hard-linked to a file outside the vault, a FIFO, and a notes file over 64 MB: the
 * line lands in the vault's own file or nowhere, and nothing outside changes.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WriteRefused } from '../../src/core';
import { nodeAppendPort, type NodeAppendOptions } from '../../src/vault/node-fs';
import { appendNote, appendVerdict, type WriteTarget } from '../../src/vault/writer';

const LINE = '- a working note <!-- ts=1796000000 agent=obsidian -->';
const HEADER = '# header\n\n';

let base: string;
let vault: string;
let scope: string;
let outside: string;
beforeEach(() => {
	base = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-guard-'));
	vault = path.join(base, 'vault');
	scope = path.join(vault, 'sessions', 'kestrel');
	outside = path.join(base, 'outside');
	fs.mkdirSync(scope, { recursive: true });
	fs.mkdirSync(outside);
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const append = (file: string, options?: NodeAppendOptions): Promise<void> =>
	nodeAppendPort(vault, 'sessions', options).appendLine(`sessions/kestrel/${file}`, LINE, HEADER);

/** Every file under the folder outside the vault, with its text. */
function outsideFiles(): Record<string, string> {
	const out: Record<string, string> = {};
	for (const name of fs.readdirSync(outside)) out[name] = fs.readFileSync(path.join(outside, name), 'utf8');
	return out;
}

/** Moves the scope folder aside and puts a link to the folder outside the vault in its place. */
function swapScopeForLink(): void {
	fs.renameSync(scope, `${scope}.moved`);
	fs.symlinkSync(outside, scope);
}

function swapBack(): void {
	fs.unlinkSync(scope);
	fs.renameSync(`${scope}.moved`, scope);
}

describe('the scope folder swapped for a link between the checks and the open', () => {
	it.each(['uncommitted.md', 'reviewed.md'])('a %s that does not exist yet is not created outside the vault', async (file) => {
		let swaps = 0;
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (step === 'checked' && swaps++ === 0) swapScopeForLink();
		};
		await expect(append(file, { onStep })).rejects.toThrow(WriteRefused);
		expect(outsideFiles()).toEqual({});
		expect(fs.readdirSync(`${scope}.moved`)).toEqual([]);
	});

	it('an existing uncommitted.md: the same-named file outside the vault is left as it was', async () => {
		fs.writeFileSync(path.join(scope, 'uncommitted.md'), `${HEADER}- mine\n`);
		fs.writeFileSync(path.join(outside, 'uncommitted.md'), 'outside\n');
		let swaps = 0;
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (step === 'checked' && swaps++ === 0) swapScopeForLink();
		};
		await expect(append('uncommitted.md', { onStep })).rejects.toThrow(/not a real folder|moved or replaced/);
		expect(outsideFiles()).toEqual({ 'uncommitted.md': 'outside\n' });
		expect(fs.readFileSync(path.join(`${scope}.moved`, 'uncommitted.md'), 'utf8')).toBe(`${HEADER}- mine\n`);
	});

	it('swapped for the open and swapped back before the checks of the handle: refused, nothing left outside', async () => {
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (step === 'checked') swapScopeForLink();
			else swapBack();
		};
		await expect(append('uncommitted.md', { onStep })).rejects.toThrow(/moved or replaced/);
		expect(outsideFiles()).toEqual({});
		expect(fs.readdirSync(scope)).toEqual([]);
	});

	it('the folder renamed after the open: refused, the renamed file untouched', async () => {
		fs.writeFileSync(path.join(scope, 'reviewed.md'), HEADER);
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (step === 'opened') swapScopeForLink();
		};
		await expect(append('reviewed.md', { onStep })).rejects.toThrow(/moved or replaced/);
		expect(fs.readFileSync(path.join(`${scope}.moved`, 'reviewed.md'), 'utf8')).toBe(HEADER);
		expect(outsideFiles()).toEqual({});
	});
});

describe('a note file hard-linked to a file outside the vault', () => {
	it('a verdict is not appended to reviewed.md, and the outside file keeps its text', async () => {
		const secretFile = path.join(outside, 'profile');
		fs.writeFileSync(secretFile, 'export PATH=/usr/bin\n');
		fs.linkSync(secretFile, path.join(scope, 'reviewed.md'));
		const t: WriteTarget = { port: nodeAppendPort(vault), sessionsRoot: 'sessions', scopes: ['kestrel'] };
		await expect(appendVerdict(t, 'kestrel', { kind: 'retired', text: 'a ruling', commit: '', ts: 1796000000 })).rejects.toThrow(
			'sessions/kestrel/reviewed.md is a hard link (the file has 2 names, some perhaps outside the vault); not written',
		);
		expect(fs.readFileSync(secretFile, 'utf8')).toBe('export PATH=/usr/bin\n');
	});

	it('a hard link made between the check and the open is seen on the handle', async () => {
		fs.writeFileSync(path.join(scope, 'uncommitted.md'), HEADER);
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (step === 'checked') fs.linkSync(path.join(scope, 'uncommitted.md'), path.join(outside, 'copy'));
		};
		await expect(append('uncommitted.md', { onStep })).rejects.toThrow(/hard link/);
		expect(fs.readFileSync(path.join(outside, 'copy'), 'utf8')).toBe(HEADER);
	});
});

describe('what another writer does between the check and the open', () => {
	it('a file replaced by rename (logos rewriting it) gets the line in its new version', async () => {
		const file = path.join(scope, 'uncommitted.md');
		fs.writeFileSync(file, `${HEADER}- old\n`);
		let rewrites = 0;
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (rewrites++ < 2) {
				fs.writeFileSync(`${file}.tmp`, `${HEADER}- rewritten ${step}\n`);
				fs.renameSync(`${file}.tmp`, file);
			}
		};
		await append('uncommitted.md', { onStep });
		const text = fs.readFileSync(file, 'utf8');
		expect(text.split('\n').filter((l) => l === LINE)).toHaveLength(1);
		expect(text.startsWith(`${HEADER}- rewritten`)).toBe(true);
	});

	it('a FIFO put in the file\'s place is refused without hanging', async () => {
		const file = path.join(scope, 'uncommitted.md');
		fs.writeFileSync(file, HEADER);
		const onStep: NodeAppendOptions['onStep'] = (step) => {
			if (step !== 'checked') return;
			fs.rmSync(file);
			execFileSync('mkfifo', [file]);
		};
		await expect(append('uncommitted.md', { onStep })).rejects.toThrow('sessions/kestrel/uncommitted.md is not a regular file');
	});
});

describe('a notes file over 64 MB', () => {
	it.each(['uncommitted.md', 'reviewed.md'])('%s: refused before any write, with its size in the message', async (file) => {
		const abs = path.join(scope, file);
		fs.writeFileSync(abs, HEADER);
		fs.truncateSync(abs, 65 * 1024 * 1024);
		await expect(append(file)).rejects.toThrow(
			`sessions/kestrel/${file} is 65.0 MB, over the 64 MB limit for appending; nothing was written`,
		);
		expect(fs.statSync(abs).size).toBe(65 * 1024 * 1024);
	});

	it('through the writer, the note is refused once and never appended', async () => {
		const abs = path.join(scope, 'uncommitted.md');
		fs.writeFileSync(abs, HEADER);
		fs.truncateSync(abs, 65 * 1024 * 1024);
		const t: WriteTarget = { port: nodeAppendPort(vault), sessionsRoot: 'sessions', scopes: ['kestrel'] };
		await expect(appendNote(t, 'kestrel', 'obsidian', 'a note', 1796000000)).rejects.toBeInstanceOf(WriteRefused);
		expect(fs.statSync(abs).size).toBe(65 * 1024 * 1024);
	});

	it('a file of exactly 64 MB still gets the line', async () => {
		const abs = path.join(scope, 'uncommitted.md');
		fs.writeFileSync(abs, HEADER);
		fs.truncateSync(abs, 64 * 1024 * 1024 - 1);
		fs.appendFileSync(abs, '\n');
		await append('uncommitted.md');
		expect(fs.statSync(abs).size).toBe(64 * 1024 * 1024 + LINE.length + 1);
	});
});
