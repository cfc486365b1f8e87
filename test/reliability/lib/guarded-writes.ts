/**
 * The CLI's port against an attacker who can change the vault while a line is written: the
 * scope folder swapped for a link to a folder outside the vault (at a chosen moment through
 * the port's steps, and in a real race with another process swapping in a loop), a note file
 * hard-linked to a file outside, and a notes file over the 64 MB the port appends to.
 *
 * Nothing outside the vault may be created or changed, and no line may be appended to an
 * oversized file, whatever the port answers.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WriteRefused } from '../../../src/core';
import { nodeAppendPort, type NodeAppendOptions } from '../../../src/vault/node-fs';
import { appendNote, appendVerdict, MAX_NOTES_FILE_BYTES, type WriteTarget } from '../../../src/vault/writer';
import { errorText, type CheckResult, Tally } from './report';
import { Rng } from './rng';

const SCOPE = 'kestrel';
const FILES = ['uncommitted.md', 'reviewed.md'] as const;
type NoteFile = (typeof FILES)[number];

interface Layout {
	base: string;
	vault: string;
	scope: string;
	outside: string;
}

function layout(): Layout {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-guarded-'));
	const vault = path.join(base, 'vault');
	const scope = path.join(vault, 'sessions', SCOPE);
	const outside = path.join(base, 'outside');
	fs.mkdirSync(scope, { recursive: true });
	fs.mkdirSync(outside);
	return { base, vault, scope, outside };
}

/** Every file of a folder with its size and text: what must not change. */
function contents(dir: string): string {
	const out: string[] = [];
	for (const name of fs.readdirSync(dir).sort()) {
		const st = fs.lstatSync(path.join(dir, name));
		out.push(`${name}:${st.size}:${st.isFile() && st.size < 1 << 20 ? fs.readFileSync(path.join(dir, name), 'utf8') : ''}`);
	}
	return out.join('\n');
}

/** One line through the product's writer, as the CLI's `note` and `retire` write it. */
async function write(port: NodeAppendOptions | undefined, l: Layout, file: NoteFile, i: number): Promise<void> {
	const t: WriteTarget = { port: nodeAppendPort(l.vault, 'sessions', port), sessionsRoot: 'sessions', scopes: [SCOPE] };
	if (file === 'uncommitted.md') await appendNote(t, SCOPE, 'obsidian', `guarded note ${i}`, 1796000000 + i);
	else await appendVerdict(t, SCOPE, { kind: 'retired', text: `guarded ruling ${i}`, commit: '', ts: 1796000000 + i });
}

/** A refusal is the right answer to a swap; anything but WriteRefused or a vanished folder is counted. */
async function attempt(t: Tally, what: string, run: () => Promise<void>): Promise<'written' | 'refused'> {
	try {
		await run();
		return 'written';
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		if (!(e instanceof WriteRefused) && code !== 'ENOENT') t.fail('exceptions', `${what}: ${errorText(e)}`);
		return 'refused';
	}
}

const SWAPS = ['before the open', 'after the open', 'for the open only'] as const;

/** The scope folder swapped for a link out of the vault at one of the port's steps. */
async function swappedFolders(t: Tally, rng: Rng, runs: number): Promise<void> {
	for (let i = 0; i < runs; i++) {
		const l = layout();
		try {
			const file = rng.pick(FILES);
			const swap = rng.pick(SWAPS);
			if (rng.chance(0.5)) fs.writeFileSync(path.join(l.scope, file), `# ${file}\n\n`);
			if (rng.chance(0.5)) fs.writeFileSync(path.join(l.outside, file), 'outside\n');
			const before = contents(l.outside);
			let swaps = 0;
			const toLink = (): void => {
				fs.renameSync(l.scope, `${l.scope}.moved`);
				fs.symlinkSync(l.outside, l.scope);
			};
			const onStep: NodeAppendOptions['onStep'] = (step) => {
				if (swaps > 0 && swap !== 'for the open only') return;
				if (step === 'checked' && swap !== 'after the open') {
					swaps++;
					toLink();
				} else if (step === 'opened' && swap === 'after the open') {
					swaps++;
					toLink();
				} else if (step === 'opened' && swap === 'for the open only' && swaps === 1) {
					swaps++;
					fs.unlinkSync(l.scope);
					fs.renameSync(`${l.scope}.moved`, l.scope);
				}
			};
			t.add('folder swaps tried');
			await attempt(t, `swap ${swap}, ${file}`, () => write({ onStep }, l, file, i));
			if (contents(l.outside) !== before) t.fail('writes through a swapped folder', `swap ${swap}, ${file}: outside is now ${JSON.stringify(contents(l.outside))}`);
		} finally {
			fs.rmSync(l.base, { recursive: true, force: true });
		}
	}
}

/** Swaps the folder for a link and back in a loop until `stop` exists; restores it at the end. */
const SWAPPER = `
const fs = require('node:fs');
const [scope, outside, stop] = process.argv.slice(1);
const spin = (n) => { let x = 0; for (let i = 0; i < n; i++) x += i; return x; };
process.stdout.write('swapping');
while (!fs.existsSync(stop)) {
	try {
		fs.renameSync(scope, scope + '.moved');
		fs.symlinkSync(outside, scope);
		spin(2000);
		fs.unlinkSync(scope);
		fs.renameSync(scope + '.moved', scope);
		spin(8000);
	} catch {}
}
try { if (fs.lstatSync(scope).isSymbolicLink()) fs.unlinkSync(scope); } catch {}
try { fs.renameSync(scope + '.moved', scope); } catch {}
`;

/**
 * A real race: another process swaps the folder in a tight loop while appends run; after
 * each append the folder outside is looked at and emptied. The note file is removed now and
 * then, so creating it races too.
 */
async function racedFolders(t: Tally, rng: Rng, appends: number): Promise<void> {
	const l = layout();
	const stop = path.join(l.base, 'stop');
	const child = spawn(process.execPath, ['-e', SWAPPER, l.scope, l.outside, stop], { stdio: ['ignore', 'pipe', 'inherit'] });
	const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
	// The appends start once the other process is swapping, not while it is still starting.
	await new Promise<void>((resolve) => {
		child.stdout.once('data', () => resolve());
		child.on('close', () => resolve());
	});
	child.stdout.resume();
	if (child.exitCode !== null) t.fail('exceptions', `the swapping process ended with ${child.exitCode} before the race`);
	try {
		for (let i = 0; i < appends; i++) {
			const file = rng.pick(FILES);
			t.add('appends raced against a swapping process');
			if ((await attempt(t, `race, ${file}`, () => write(undefined, l, file, i))) === 'refused') t.add('appends refused during the race');
			const found = fs.readdirSync(l.outside);
			if (found.length > 0) {
				t.fail('writes through a swapped folder', `race, append ${i} to ${file}: ${found.join(', ')} outside the vault`);
				for (const f of found) fs.rmSync(path.join(l.outside, f), { force: true });
			}
			if (rng.chance(0.5)) for (const dir of [l.scope, `${l.scope}.moved`]) fs.rmSync(path.join(dir, file), { force: true });
		}
	} finally {
		fs.writeFileSync(stop, '');
		await exited;
		fs.rmSync(l.base, { recursive: true, force: true });
	}
}

const LINKS = ['before the write', 'before the open', 'after the open'] as const;

/** A note file that is also a name of a file outside the vault. */
async function hardLinks(t: Tally, rng: Rng, runs: number): Promise<void> {
	for (let i = 0; i < runs; i++) {
		const l = layout();
		try {
			const file = rng.pick(FILES);
			const when = rng.pick(LINKS);
			const target = path.join(l.outside, 'profile');
			const note = path.join(l.scope, file);
			fs.writeFileSync(target, 'export PATH=/usr/bin\n');
			let onStep: NodeAppendOptions['onStep'];
			let held: string;
			if (when === 'before the write') {
				fs.linkSync(target, note);
				held = 'export PATH=/usr/bin\n';
			} else {
				// The vault's own file, given a second name outside at the chosen step.
				fs.rmSync(target);
				held = `# ${file}\n\n`;
				fs.writeFileSync(note, held);
				const step = when === 'before the open' ? 'checked' : 'opened';
				let linked = false;
				onStep = (s) => {
					if (s !== step || linked) return;
					linked = true;
					fs.linkSync(note, target);
				};
			}
			t.add('hard links tried');
			await attempt(t, `hard link ${when}, ${file}`, () => write({ onStep }, l, file, i));
			// The file behind the outside name holds what it held when it got that name.
			const now = fs.readFileSync(target, 'utf8');
			if (now !== held) t.fail('writes through a hard link', `hard link ${when}, ${file}: ${JSON.stringify(now)}`);
		} finally {
			fs.rmSync(l.base, { recursive: true, force: true });
		}
	}
}

const MB = 1024 * 1024;
/** Sparse files: a gigabyte costs nothing on disk. 600 MB is past what a read-back can hold as text. */
const SIZES = [MAX_NOTES_FILE_BYTES + 1, 65 * MB, 100 * MB, 600 * MB, 1024 * MB];

async function oversized(t: Tally, rng: Rng, runs: number): Promise<void> {
	for (let i = 0; i < runs; i++) {
		const l = layout();
		try {
			const file = rng.pick(FILES);
			const size = SIZES[i % SIZES.length];
			const abs = path.join(l.scope, file);
			fs.writeFileSync(abs, `# ${file}\n\n`);
			fs.truncateSync(abs, size);
			t.add('oversized files tried');
			await attempt(t, `oversized ${file} of ${size} bytes`, () => write(undefined, l, file, i));
			// What was appended after the sparse part: each copy of the line is one note too many.
			const grown = fs.statSync(abs).size - size;
			if (grown > 0) {
				const tail = Buffer.alloc(grown);
				const fd = fs.openSync(abs, 'r');
				fs.readSync(fd, tail, 0, grown, size);
				fs.closeSync(fd);
				const copies = tail.toString('utf8').split('\n').filter((x) => x.includes(`guarded note ${i} `) || x.includes(`guarded ruling ${i} `)).length;
				t.fail('notes appended to an oversized file', `${file} of ${size} bytes got ${copies} copies of the line (${grown} bytes)`);
				if (copies > 1) t.add('notes appended to an oversized file', copies - 1);
			}
		} finally {
			fs.rmSync(l.base, { recursive: true, force: true });
		}
	}
}

export async function guardedWrites(runs: number, raceAppends: number, seed: number): Promise<CheckResult> {
	const t = new Tally();
	t.zero('writes through a swapped folder', 'writes through a hard link', 'notes appended to an oversized file', 'exceptions');
	const rng = new Rng(seed);
	await swappedFolders(t, rng, runs);
	await racedFolders(t, rng, raceAppends);
	await hardLinks(t, rng, Math.max(3, Math.floor(runs / 3)));
	await oversized(t, rng, Math.max(SIZES.length, Math.floor(runs / 30)));
	return t.result();
}
