/**
 * `parse` reads only a regular file: checked before the open and again on the open handle,
 * so a file swapped for a FIFO after the first check is refused without blocking.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COMMANDS, type CommandContext, UsageError } from '../../src/cli/commands';

/** When set, statSync answers this for every path: the check before the open sees it. */
let seenBeforeOpen: fs.Stats | null = null;
jest.mock('node:fs', () => {
	const actual = jest.requireActual<typeof import('node:fs')>('node:fs');
	return { ...actual, statSync: (...args: Parameters<typeof actual.statSync>) => seenBeforeOpen ?? actual.statSync(...args) };
});

function parse(file: string): unknown {
	const ctx: CommandContext = { vaultDir: '.', sessionsRel: 'sessions', values: {}, args: [file], now: 0, json: true };
	return COMMANDS.parse.run(ctx);
}

describe('parse FILE', () => {
	let dir: string;
	beforeEach(() => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-parse-'));
	});
	afterEach(() => {
		seenBeforeOpen = null;
		fs.rmSync(dir, { recursive: true, force: true });
	});

	it('refuses a FIFO that the first check saw as a regular file (swapped in between)', () => {
		const file = path.join(dir, 'ok.md');
		fs.writeFileSync(file, 'x');
		const regular = fs.statSync(file);
		const fifo = path.join(dir, 'pipe.md');
		execFileSync('mkfifo', [fifo]);
		// The check before the open sees a regular file; the path then holds a FIFO.
		seenBeforeOpen = regular;
		expect(() => parse(fifo)).toThrow(UsageError);
		expect(() => parse(fifo)).toThrow(/named pipe/);
	});

	it('reads a regular file and refuses what is not one', () => {
		const file = path.join(dir, '20261102-091500-claude.md');
		fs.writeFileSync(file, '---\nsession: 20261102-091500-claude\n---\n\n## Task\n\nt\n');
		expect((parse(file) as { session: string }).session).toBe('20261102-091500-claude');
		expect(() => parse(dir)).toThrow(/a folder/);
		expect(() => parse('/dev/null')).toThrow(/a device/);
		expect(() => parse(path.join(dir, 'missing.md'))).toThrow(/ENOENT/);
	});
});
