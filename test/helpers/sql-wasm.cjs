// Jest's stand-in for esbuild's binary loader: the wasm import is its bytes. The path is
// spelled out because this very file is what `sql.js/dist/sql-wasm.wasm` resolves to in Jest.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
module.exports = new Uint8Array(readFileSync(join(__dirname, '..', '..', 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm')));
module.exports.default = module.exports;
