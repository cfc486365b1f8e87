/**
 * The built CLI against hostile input on its command line: a `--now` no clock can hold is a
 * usage error (exit 2, one line) and writes nothing; `parse` refuses what is not a regular
 * file, or is over 64 MB, without blocking or reading it; a folder named with bidi controls
 * is printed without them, in text and in JSON.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './env';
import { type CheckResult, Tally } from './report';

const NOW = '1796587200';
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

interface Run {
	status: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

export function cliInput(cli: string): CheckResult {
	const t = new Tally();
	t.zero('bad --now accepted', 'special files read by parse', 'bidi controls printed');
	const run = (args: string[]): Run => {
		t.add('cli runs');
		const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 20_000, maxBuffer: 8 * 1024 * 1024 });
		return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
	};
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-cli-input-'));
	try {
		const vault = path.join(base, 'vault');
		fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'vault-own'), vault, { recursive: true });
		badNow(t, run, vault);
		specialFiles(t, run, base);
		bidiNames(t, run, vault);
	} finally {
		fs.rmSync(base, { recursive: true, force: true });
	}
	return t.result();
}

function badNow(t: Tally, run: (args: string[]) => Run, vault: string): void {
	const notes = path.join(vault, 'sessions', 'alpha', 'uncommitted.md');
	const before = fs.readFileSync(notes, 'utf8');
	const values = ['99999999999999999999', '8640000000001', '9007199254740993', '-1', '1.5', '1e3', '0x10', ' 7', '7\n8', ''];
	for (const now of values) {
		for (const args of [['resume', '--scope', 'alpha'], ['note', '--scope', 'alpha', 'a note']]) {
			t.add('bad --now tried');
			const r = run([...args, '--vault', vault, `--now=${now}`]);
			if (r.status !== 2 || r.stdout !== '' || r.stderr.trimEnd().split('\n').length !== 1) {
				t.fail('bad --now accepted', `${args[0]} --now=${JSON.stringify(now)}: exit ${r.status}, stderr ${JSON.stringify(r.stderr.slice(0, 200))}`);
			}
		}
	}
	if (fs.readFileSync(notes, 'utf8') !== before) t.fail('bad --now accepted', 'a note was written under a bad --now');
}

function specialFiles(t: Tally, run: (args: string[]) => Run, base: string): void {
	const fifo = path.join(base, '20261102-091500-claude.md');
	const big = path.join(base, 'big.md');
	const targets: [string, string][] = [['/dev/zero', 'a device'], [base, 'a folder'], [big, 'a file over 64 MB']];
	try {
		spawnSync('mkfifo', [fifo]);
		if (fs.existsSync(fifo)) targets.push([fifo, 'a FIFO']);
	} catch {
		// No mkfifo: the other targets still run.
	}
	fs.writeFileSync(big, '');
	fs.truncateSync(big, 64 * 1024 * 1024 + 1);
	for (const [file, what] of targets) {
		t.add('special files tried');
		const r = run(['parse', file]);
		if (r.status !== 2 || r.signal !== null) t.fail('special files read by parse', `${what}: exit ${r.status}, signal ${r.signal}, stderr ${JSON.stringify(r.stderr.slice(0, 200))}`);
	}
}

function bidiNames(t: Tally, run: (args: string[]) => Run, vault: string): void {
	const name = 'evil\u202egnp.exe\u2066x\u2069\u200f\u061c';
	fs.cpSync(path.join(vault, 'sessions', 'beta'), path.join(vault, 'sessions', name), { recursive: true });
	for (const args of [['scopes'], ['scopes', '--json'], ['history', '--scope', name], ['resume', '--scope', name], ['continuity'], ['history', '--scope', `${name}-missing`]]) {
		const r = run([...args, '--vault', vault, '--now', NOW]);
		for (const [stream, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
			const m = BIDI.exec(text);
			if (m) t.fail('bidi controls printed', `${args.join(' ')} ${stream}: U+${m[0].charCodeAt(0).toString(16)} near ${JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 10))}`);
		}
	}
}
