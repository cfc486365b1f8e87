/**
 * What every CLI command is built on: its context, its shape, and the error that means
 * "bad arguments" (one line on stderr, exit 2). Kept apart from the command table so that
 * files of commands import it without importing each other.
 */

export class UsageError extends Error {}

export interface CommandContext {
	vaultDir: string;
	sessionsRel: string;
	values: Record<string, string | boolean | undefined>;
	args: string[];
	now: number;
	json: boolean;
}

export interface Command {
	readsVault: boolean;
	run(ctx: CommandContext): unknown;
}
