/**
 * sql.js, started once and only when first asked for.
 *
 * The wasm bytes are handed in rather than fetched: the plugin embeds them in main.js
 * (the community installer ships nothing else) and the CLI and tests read them from
 * node_modules. The bare `sql.js` import lets each bundler pick its entry: esbuild's
 * browser platform takes `sql-wasm-browser.js` (no Node code at all, safe on mobile);
 * Node and Jest take `sql-wasm.js`, whose Node branches are what they want there.
 */
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic } from 'sql.js';

export type { Database, SqlJsStatic };

let started: Promise<SqlJsStatic> | null = null;

/** Starts sql.js on first call; later calls share the same instance. */
export function initSql(wasmBinary: Uint8Array): Promise<SqlJsStatic> {
	if (!started) {
		// A copy in a plain ArrayBuffer: the shape the loader's types ask for.
		const buffer = wasmBinary.slice().buffer;
		started = initSqlJs({ wasmBinary: buffer }).catch((err: unknown) => {
			started = null; // let a later call try again instead of caching the failure
			throw err;
		});
	}
	return started;
}
