/** Bundles a TypeScript entry of this repository into one Node script, as the CLI build does. */
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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

/**
 * The CLI as `npm run build` makes it (scripts/cli-build.mjs, an ES module, hence a child
 * process): cli.cjs and the files it loads (cli-summary, cli-resume, cli-commands, cli-index, cli-yaml).
 */
export async function buildCliBundle(): Promise<string> {
	const out = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-bundle-'));
	const script = `import { build } from 'esbuild'; import { cliBuilds } from ${JSON.stringify(path.join(ROOT, 'scripts', 'cli-build.mjs'))};
for (const o of cliBuilds(${JSON.stringify(ROOT)}, ${JSON.stringify(out)}, { logLevel: 'silent' })) await build(o);`;
	await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
	return path.join(out, 'cli.cjs');
}
