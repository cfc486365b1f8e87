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

/** Called once, before the command's module loads: a function gets its budget when first run. */
export function tuneEngineForShortRun(): void {
	v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
