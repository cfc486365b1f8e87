/**
 * How long the engine waits before it compiles a function with its optimizing compiler, for
 * this process only (docs/decisions.md "What a CLI command reads", "The optimizing compiler's
 * patience"). A command runs for a fraction of a second: at V8's default the parser's
 * functions are sent to the optimizing compiler after a few hundred files, and compiling them
 * costs more CPU time (on a helper thread) than the compiled code then saves. Four times the
 * default leaves those short runs to the baseline tiers, while a long run (`index` over a
 * whole vault) still reaches compiled speed.
 */
import * as v8 from 'node:v8';

/** Four times the default of the V8 in Node 20 (66 KB of bytecode run per function). */
const INTERRUPT_BUDGET = 4 * 66 * 1024;

/**
 * The flags for a short run on this V8: the budget above on V8 11 (Node 20), where it was
 * measured, and none on any other. V8 12 (Node 22 on) counts calls instead and has no
 * `--interrupt-budget`: setting it there wrote "Error: unrecognized flag" to stderr on every
 * command; its own counts raised four times gained nothing (measured on Node 22).
 */
export function shortRunFlags(v8Version: string): string[] {
	return /^11\./.test(v8Version) ? [`--interrupt-budget=${INTERRUPT_BUDGET}`] : [];
}

/** Called once, before the command's module loads: a function gets its budget when first run. */
export function tuneEngineForShortRun(): void {
	for (const flag of shortRunFlags(process.versions.v8)) v8.setFlagsFromString(flag);
}
