/**
 * What every CLI command is built on: its context, its shape, and the error that means
 * "bad arguments" (one line on stderr, exit 2). Kept apart from the command table so that
 * files of commands import it without importing each other.
 */

const USAGE = Symbol.for('logos-continuity.usage-error');

/**
 * Recognised by a mark rather than by its class: `index` and `stats` are loaded from a second
 * file of the bundle (they carry sql.js), which holds its own copy of this class.
 */
export class UsageError extends Error {
	readonly [USAGE] = true;

	static [Symbol.hasInstance](x: unknown): boolean {
		return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[USAGE] === true;
	}
}

export interface CommandContext {
	vaultDir: string;
	sessionsRel: string;
	values: Record<string, string | boolean | undefined>;
	args: string[];
	now: number;
	json: boolean;
	/**
	 * 'needed' (the default): files are read only for the scopes an answer needs; 'all': every
	 * file, as a full scan does (the reference the scoped answers are tested against).
	 */
	read?: 'needed' | 'all';
	/** A line for the person on stderr that is not the answer (main.ts). */
	warn?: (message: string) => void;
	/** Hears of every vault path whose bytes or stamp a command asks of the disk. */
	onRead?: (vaultPath: string) => void;
	/** Hears of every folder of the sessions folder whose names a command lists. */
	onList?: (vaultPath: string) => void;
}

export interface Command {
	readsVault: boolean;
	run(ctx: CommandContext): unknown;
}
