/**
 * Headless CLI over a logos vault folder: the same core as the plugin, a Node fs adapter.
 * Exit codes: 0 answered (damaged files inside a good vault are problems in the output),
 * 2 bad arguments, missing vault or unknown scope, 1 an unexpected failure.
 */
import { parseArgs } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type CommandContext, UsageError } from './command-base';
import { loadCommand } from './registry';
import { tuneEngineForShortRun } from './engine';
import { jsonForTerminal, stripControls } from './terminal';

const USAGE = `usage: logos-continuity <command> [options]

commands:
  scopes                               scopes with checkpoint-file and note counts
  history --scope S [--limit N]        checkpoints newest first
  conversations --scope S              conversations, most recently active first
  chain --session ID [--scope S]       back and forward along follows
  diff --session ID [--against ID]     what a checkpoint changed (default: against the previous)
  resume --scope S [--conversation Q] [--markdown]
  rulings --scope S                    every ruling copy with its verdict
  timeline --scope S                   conversations in time: marks, handoffs, problems
  review --scope S --retire TEXT | --reconfirm TEXT [--commit SHA] | --undo TEXT
  note --scope S [--agent A] TEXT      append a masked working note
  continuity                           per-project continuity figures
  why PATH [--scope S] [--limit N]     checkpoints that touched a file, newest first
  plans --scope S                      plans saved in a scope, with their checkpoint
  parse FILE                           one parsed checkpoint
  index --db FILE [--agent A]          build or bring up to date the plugin's index
  stats --db FILE [--now T]            what an index holds, and scopes quiet at --now

options:
  --vault DIR      the logos vault (default: current folder)
  --sessions REL   the sessions folder inside the vault (default: sessions)
  --json           machine output
  --now UNIX       fix the clock (unix seconds)
  --db FILE        the index database (the plugin keeps its own in its folder); the read
                   commands answer from it read-only, reading only files changed since`;

const OPTIONS = {
	vault: { type: 'string' },
	sessions: { type: 'string' },
	json: { type: 'boolean' },
	now: { type: 'string' },
	scope: { type: 'string' },
	limit: { type: 'string' },
	session: { type: 'string' },
	against: { type: 'string' },
	conversation: { type: 'string' },
	markdown: { type: 'boolean' },
	retire: { type: 'string' },
	reconfirm: { type: 'string' },
	undo: { type: 'string' },
	commit: { type: 'string' },
	agent: { type: 'string' },
	db: { type: 'string' },
	help: { type: 'boolean', short: 'h' },
} as const;

function fail(message: string, code: number): never {
	process.stderr.write(`logos-continuity: ${stripControls(message)}\n`);
	process.exit(code);
}

/** The last second a JavaScript Date can hold (8.64e15 ms): every later time is invalid. */
const MAX_NOW = 8_640_000_000_000;

/** A whole number of seconds from 0 to MAX_NOW; anything else is a usage error, named on one line. */
function parseNow(raw: string | undefined): number {
	if (raw === undefined) return Math.floor(Date.now() / 1000);
	const n = /^[0-9]{1,20}$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(n) || n > MAX_NOW) {
		const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
		throw new UsageError(`--now takes unix seconds, a whole number from 0 to ${MAX_NOW}; got ${shown}`);
	}
	return n;
}

async function main(argv: string[]): Promise<void> {
	let parsed;
	try {
		parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
	} catch (e) {
		fail(`${(e as Error).message}\n${USAGE}`, 2);
	}
	const { values, positionals } = parsed;
	const [name, ...rest] = positionals;
	if (values.help || name === undefined) {
		process.stdout.write(`${USAGE}\n`);
		process.exit(name === undefined && !values.help ? 2 : 0);
	}
	tuneEngineForShortRun();
	const command = await loadCommand(name);
	if (!command) fail(`unknown command "${name}"\n${USAGE}`, 2);

	let now = 0;
	try {
		now = parseNow(values.now);
	} catch (e) {
		fail((e as Error).message, 2);
	}
	const vaultDir = path.resolve(values.vault ?? '.');
	const sessionsRel = values.sessions ?? 'sessions';
	if (command.readsVault) {
		const sessionsDir = path.join(vaultDir, ...sessionsRel.split('/'));
		if (!fs.existsSync(vaultDir) || !fs.statSync(vaultDir).isDirectory()) fail(`no vault folder at ${vaultDir}`, 2);
		if (!fs.existsSync(sessionsDir) || !fs.statSync(sessionsDir).isDirectory()) {
			fail(`no "${sessionsRel}" folder in ${vaultDir}: is this a logos vault? (--vault DIR, --sessions REL)`, 2);
		}
	}
	const ctx: CommandContext = {
		vaultDir, sessionsRel, values, args: rest, now, json: values.json === true,
		warn: (message) => process.stderr.write(`logos-continuity: ${stripControls(message)}\n`),
	};
	try {
		const out = await command.run(ctx);
		// Once the answer and any warning are handed to the system the run is over: exiting then
		// spares the collector the work it would finish on the way out (docs/decisions.md "What a
		// CLI command reads"). A pipe is written asynchronously, so the exit waits for both.
		process.stdout.write(ctx.json ? `${jsonForTerminal(out)}\n` : `${stripControls(String(out))}\n`, () => {
			process.stderr.write('', () => process.exit(0));
		});
	} catch (e) {
		if (e instanceof UsageError) fail(e.message, 2);
		fail(`unexpected failure: ${(e as Error).stack ?? String(e)}`, 1);
	}
}

// `… | head` closes the pipe early: that is the reader's choice, not a failure to report.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
	if (e.code === 'EPIPE') process.exit(0);
	throw e;
});

void main(process.argv.slice(2));
