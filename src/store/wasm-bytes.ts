/**
 * sql.js's WebAssembly, embedded: esbuild's binary loader turns the import into its bytes,
 * so main.js carries it (the community installer ships nothing else) and the CLI bundle
 * too. Tests map this import to the file in node_modules.
 */
import wasm from 'sql.js/dist/sql-wasm.wasm';

export const SQL_WASM: Uint8Array = wasm;
