/**
 * The release workflow (.github/workflows/release.yml, after Obsidian's "Release your plugin with
 * GitHub Actions") attaches exactly the files the community installer downloads, which are the
 * files the build writes or ships: esbuild's outfile, manifest.json and styles.css. It runs on a
 * tag that is manifest.json's version, in the form `npm version` tags (no "v", .npmrc).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

const root = path.join(__dirname, '..');
const text = (f: string): string => fs.readFileSync(path.join(root, f), 'utf8');

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, string>;
}
const workflow = parse(text('.github/workflows/release.yml')) as {
	on: { push: { tags: string[] } };
	jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const manifest = JSON.parse(text('manifest.json')) as { version: string };

/** The plugin bundle esbuild writes: the `outfile` of the config's plugin build. */
function pluginOutfile(): string {
	const config = text('esbuild.config.mjs');
	const entry = config.indexOf('entryPoints: ["src/main.ts"]');
	const m = /outfile:\s*"([^"]+)"/.exec(config.slice(entry));
	if (entry < 0 || !m) throw new Error('esbuild.config.mjs: no plugin build with an outfile');
	return m[1];
}

/** GitHub's filter pattern (https://docs.github.com/en/actions/reference/workflow-syntax-for-github-actions#filter-pattern-cheat-sheet) as a RegExp: `*`, `+`, `?`, `[…]`; the rest literal. */
function filterPattern(p: string): RegExp {
	let re = '';
	for (let i = 0; i < p.length; i++) {
		const c = p[i];
		if (c === '[') {
			const end = p.indexOf(']', i);
			re += p.slice(i, end + 1);
			i = end;
		} else if (c === '*') re += p[i + 1] === '*' ? '.*' : '[^/]*';
		else if (c === '+' || c === '?') re += c;
		else re += c.replace(/[.\\^$(){}|]/g, '\\$&');
		if (c === '*' && p[i + 1] === '*') i++;
	}
	return new RegExp(`^${re}$`);
}

/** The files `gh release create` attaches: its arguments after the tag that are not options. */
function attached(): string[] {
	const create = steps.find((s) => s.run?.includes('gh release create'));
	if (!create?.run) throw new Error('no gh release create step');
	const words = create.run.slice(create.run.indexOf('gh release create')).replace(/\\\n/g, ' ').split(/\s+/).filter((w) => w !== '');
	return words.slice(4).filter((w) => !w.startsWith('--'));
}

describe('release workflow', () => {
	test('attaches the files the build writes and ships: the plugin bundle, manifest.json, styles.css', () => {
		const files = [pluginOutfile(), 'manifest.json', 'styles.css'];
		expect(files[0]).toBe('main.js');
		expect(attached()).toEqual(files);
		for (const f of files.slice(1)) expect(fs.existsSync(path.join(root, f))).toBe(true);
		// The attestation covers the same files.
		const attest = steps.find((s) => s.uses?.startsWith('actions/attest'));
		expect(attest?.with?.['subject-path'].trim().split('\n')).toEqual(files);
	});

	test('builds the way the build writes them: a clean install, then npm run build, whose script runs the production esbuild', () => {
		const build = steps.find((s) => s.run?.includes('npm run build'))?.run ?? '';
		expect(build.trim().split('\n')[0]).toMatch(/^npm ci\b/);
		const scripts = (JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts;
		expect(scripts.build).toContain('node esbuild.config.mjs production');
		// The release step comes after the build.
		expect(steps.findIndex((s) => s.run?.includes('npm run build'))).toBeLessThan(steps.findIndex((s) => s.run?.includes('gh release create')));
	});

	test('makes a draft release, and may write the repository\'s releases', () => {
		const create = steps.find((s) => s.run?.includes('gh release create'));
		expect(create?.run).toContain('--draft');
		expect(Object.values(workflow.jobs)[0].permissions.contents).toBe('write');
	});

	test('runs on a tag in manifest.json\'s version format, as `npm version` makes it, and not on others', () => {
		const patterns = workflow.on.push.tags.map(filterPattern);
		const runs = (tag: string): boolean => patterns.some((p) => p.test(tag));
		expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
		expect(runs(manifest.version)).toBe(true);
		expect(['1.0.0', '0.12.3', '10.2.30'].every(runs)).toBe(true);
		expect(['v1.0.0', '1.0', 'latest', '1.0.0-beta', 'release/1.0.0'].some(runs)).toBe(false);
		expect(text('.npmrc')).toMatch(/^tag-version-prefix=""$/m);
		// And refuses a tag that is not the manifest's own version.
		const check = steps.find((s) => s.run?.includes('manifest.json') && s.run.includes('version'));
		expect(check?.run).toMatch(/"\$tag" != "\$version"/);
	});
});
