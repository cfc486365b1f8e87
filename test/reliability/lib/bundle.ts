/** Bundles a TypeScript entry of this repository into one Node script, as the CLI build does. */
import { build } from 'esbuild';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './env';

export async function bundle(entry: string, name: string): Promise<string> {
	const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'logos-bundle-')), `${name}.cjs`);
	await build({
		entryPoints: [path.join(ROOT, entry)],
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
		loader: { '.wasm': 'binary' },
		outfile,
		logLevel: 'silent',
	});
	return outfile;
}

export const buildCliBundle = (): Promise<string> => bundle('src/cli/main.ts', 'cli');
