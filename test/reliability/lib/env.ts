/** Where the repository is, and sql.js started from its node_modules (jest and the bundled script alike). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { initSql } from '../../../src/store/sqlite';

function findRoot(): string {
	const given = process.env.LOGOS_RELIABILITY_ROOT;
	if (given) return given;
	for (let dir = __dirname; ; dir = path.dirname(dir)) {
		const pkg = path.join(dir, 'package.json');
		if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === 'logos-continuity') return dir;
		if (path.dirname(dir) === dir) return process.cwd();
	}
}

export const ROOT = findRoot();

export function loadSql(): Promise<SqlJsStatic> {
	return initSql(new Uint8Array(fs.readFileSync(path.join(ROOT, 'node_modules/sql.js/dist/sql-wasm.wasm'))));
}
