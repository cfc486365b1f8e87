/**
 * `npm run bench:pane` (scripts/bench-pane.mjs) kept working: run small, it generates a vault,
 * serves it, warms the index and prints the pane's render figures as `name: value` lines. Only
 * the shape of the output is checked; the figures are printed, never asserted. It leaves the
 * pane it timed in test/e2e/artifacts/pane-bench.png.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT } from './helpers';

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
	return new Promise((ok) => {
		const child = spawn(process.execPath, ['scripts/bench-pane.mjs', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (c: Buffer) => (out += c.toString()));
		child.stderr.on('data', (c: Buffer) => (err += c.toString()));
		child.once('exit', (code) => ok({ code, out, err }));
	});
}

test('the pane bench prints its figures for a generated scope', async () => {
	const png = join(ARTIFACTS, 'pane-bench.png');
	rmSync(png, { force: true });
	const { code, out, err } = await run(['--checkpoints', '60', '--runs', '2', '--screenshot', png]);
	expect(err).toBe('');
	expect(code).toBe(0);
	const figures = new Map(out.trim().split('\n').map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)] as const));
	expect(figures.get('scope')).toBe('proj-00: 60 checkpoints');
	for (const name of ['pane render, median of 2 (ms)', 'pane render + layout, median (ms)', 'pane refresh after a change, model from the warm index + render, median (ms)']) {
		expect(Number(figures.get(name))).toBeGreaterThan(0);
	}
	expect(Number(figures.get('pane elements'))).toBeGreaterThan(50);
	expect(figures.get('page errors')).toBe('0');
	// The pane as the bench left it: a person can see what was timed.
	expect(existsSync(png)).toBe(true);
});
