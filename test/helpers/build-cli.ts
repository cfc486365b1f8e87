/** Bundles the headless CLI once per test file, exactly as `npm run build` does, into a temp folder. */
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export async function buildCli(): Promise<string> {
	const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'logos-cli-')), 'cli.cjs');
	await build({
		entryPoints: [path.join(__dirname, '..', '..', 'src', 'cli', 'main.ts')],
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
