/** @jest-environment jsdom */
/**
 * Issue 5's check: 1,000 verdicts appended while another writer appends its own lines to
 * the same reviewed.md — every line of both is there, each writer's lines in its order.
 * Through the Obsidian port (Vault.process, atomic as in Obsidian) and the Node port
 * (O_APPEND, against a second process).
 */
import 'obsidian-test-mocks/jest-setup';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TFile, type App as AppOriginal } from 'obsidian';
import { reviewedHeader } from '../../src/core';
import { nodeAppendPort } from '../../src/vault/node-fs';
import { obsidianAppendPort } from '../../src/vault/obsidian-append';
import { appendVerdict, type AppendPort, type WriteTarget } from '../../src/vault/writer';
import { atomicVault, makeApp } from '../helpers/harness';

const N = 1000;
const FILE = 'sessions/alpha/reviewed.md';
const HEADER = reviewedHeader('alpha');

/** Verdict i of ours: retirements and reconfirmations, with and without a commit. */
function ours(i: number): { kind: 'retired' | 'reconfirmed'; text: string; commit: string; ts: number } {
	const kind = i % 3 === 0 ? 'retired' : 'reconfirmed';
	return { kind, text: `ruling ${i} — tried and dropped`, commit: kind === 'reconfirmed' && i % 2 === 0 ? 'abc1234' : '', ts: 1794600000 + i };
}

function theirs(i: number): string {
	return `- other writer's line ${i}`;
}

async function appendOurs(port: AppendPort): Promise<string[]> {
	const target: WriteTarget = { port, sessionsRoot: 'sessions', scopes: ['alpha'] };
	const lines: string[] = [];
	for (let i = 0; i < N; i++) lines.push((await appendVerdict(target, 'alpha', ours(i))).line);
	return lines;
}

/** Both writers' lines are all there, each in its own order, after the header written once. */
function expectBoth(text: string, mine: string[]): void {
	expect(text.startsWith(HEADER)).toBe(true);
	expect(text.split(HEADER)).toHaveLength(2);
	expect(text.endsWith('\n')).toBe(true);
	// A blank line is harmless (every reader skips it): ours starts on a fresh line when the
	// other process's append is seen half-way, so that neither line is glued to the other.
	const lines = text.slice(HEADER.length).split('\n').filter((l) => l !== '');
	expect(lines.filter((l) => !l.startsWith("- other writer's"))).toEqual(mine);
	expect(lines.filter((l) => l.startsWith("- other writer's"))).toEqual(Array.from({ length: N }, (_, i) => theirs(i)));
	expect(lines).toHaveLength(2 * N);
}

/**
 * The mocks' metadata cache parses the whole note, synchronously, on every write (Obsidian
 * does it off the main thread); over 2,000 writes that is quadratic and says nothing about
 * appending. This check leaves it out.
 */
function quietCache(app: AppOriginal): void {
	(app.metadataCache as unknown as { parseFileMetadata(file: unknown): void }).parseFileMetadata = () => undefined;
}

function fileText(app: AppOriginal): string {
	return (app.vault.adapter as unknown as { readSync__(p: string): string }).readSync__(FILE);
}

describe('1,000 verdicts while another writer appends to the same reviewed.md', () => {
	test('through Obsidian: the other writer appends on disk and through Vault.process, interleaved', async () => {
		const app = makeApp({ [FILE]: HEADER });
		quietCache(app);
		atomicVault(app);
		const file = app.vault.getAbstractFileByPath(FILE);
		if (!(file instanceof TFile)) throw new Error('no reviewed.md');
		const other = async (): Promise<void> => {
			for (let i = 0; i < N; i++) {
				// logos (or a sync client) writing to disk, and another plugin going through the vault.
				if (i % 2 === 0) await app.vault.adapter.append(FILE, `${theirs(i)}\n`);
				else await app.vault.process(file, (t) => `${t}${theirs(i)}\n`);
			}
		};
		const [mine] = await Promise.all([appendOurs(obsidianAppendPort(app)), other()]);
		expectBoth(fileText(app), mine);
	});

	test('through Obsidian, starting without the file: one creates it with the header, the other appends', async () => {
		const app = makeApp({ 'sessions/alpha/20261111-103000-claude.md': '' });
		quietCache(app);
		atomicVault(app);
		const [mine] = await Promise.all([
			appendOurs(obsidianAppendPort(app)),
			(async () => {
				const port = obsidianAppendPort(app);
				for (let i = 0; i < N; i++) await port.appendLine(FILE, theirs(i), HEADER);
			})(),
		]);
		expectBoth(fileText(app), mine);
	});

	test("the shim matters: the mocks' own Vault.process loses a line appended between its read and write", async () => {
		const app = makeApp({ [FILE]: HEADER });
		const file = app.vault.getAbstractFileByPath(FILE);
		if (!(file instanceof TFile)) throw new Error('no reviewed.md');
		await Promise.all([app.vault.process(file, (t) => `${t}- one\n`), app.vault.adapter.append(FILE, '- two\n')]);
		expect(fileText(app)).not.toContain('- two');
	});

	test('through the Node port, against a second process appending with O_APPEND', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-interleave-'));
		try {
			const abs = path.join(dir, FILE);
			fs.mkdirSync(path.dirname(abs), { recursive: true });
			fs.writeFileSync(abs, HEADER);
			// The other process pauses now and then, so its lines land among ours.
			const script = `
				const fs = require('node:fs');
				const pause = new Int32Array(new SharedArrayBuffer(4));
				process.stdout.write('ready\\n');
				for (let i = 0; i < ${N}; i++) {
					fs.appendFileSync(process.argv[1], "- other writer's line " + i + "\\n");
					if (i % 50 === 0) Atomics.wait(pause, 0, 0, 2);
				}`;
			const child = spawn(process.execPath, ['-e', script, abs], { stdio: ['ignore', 'pipe', 'inherit'] });
			const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
			await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
			const mine = await appendOurs(nodeAppendPort(dir));
			expect(await exited).toBe(0);
			expectBoth(fs.readFileSync(abs, 'utf8'), mine);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
