/**
 * Which module holds each command, so that the CLI's entry loads only the one a run needs
 * (docs/decisions.md "What a CLI command reads"): the build makes each module a file of its
 * own beside `cli.cjs` (scripts/cli-build.mjs), and `scopes` on a small vault starts without
 * compiling the resume, chain, diff or index code.
 */
import type { Command } from './command-base';

type Loader = () => Promise<Record<string, Command>>;

const summary: Loader = async () => (await import('./summary-commands')).summaryCommands;
const all: Loader = async () => (await import('./commands')).COMMANDS;
const resume: Loader = async () => (await import('./resume-command')).resumeCommands;

const MODULES: Record<string, Loader> = {
	scopes: summary,
	continuity: summary,
	history: all,
	conversations: all,
	chain: all,
	diff: all,
	resume,
	rulings: all,
	timeline: all,
	review: all,
	note: all,
	why: all,
	plans: all,
	parse: all,
	index: all,
	stats: all,
};

/** The command of this name, its module loaded now; undefined for a name the CLI does not know. */
export async function loadCommand(name: string): Promise<Command | undefined> {
	const load = Object.prototype.hasOwnProperty.call(MODULES, name) ? MODULES[name] : undefined;
	return load ? (await load())[name] : undefined;
}

export const COMMAND_NAMES: readonly string[] = Object.keys(MODULES);
