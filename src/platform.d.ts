/**
 * The few host globals that src/core and src/store use, as every host they run in has them
 * (Obsidian desktop and mobile, Node for the CLI and tests). tsconfig.core.json checks those
 * two layers against this file instead of Node's or the DOM's types, so any other host
 * global there fails the build. Not part of tsconfig.json, which has the DOM and Node.
 */

interface TextEncoder {
	encode(input?: string): Uint8Array;
	/** Into a buffer already there (Safari 14.1, Chrome 74, Node 12 and later: every host the plugin supports). */
	encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoder {
	decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
declare var TextDecoder: { prototype: TextDecoder; new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder };

/** A clock for how long a slice of the indexer's work has run (src/store/indexer.ts). */
interface Performance {
	now(): number;
}
declare var performance: Performance;
