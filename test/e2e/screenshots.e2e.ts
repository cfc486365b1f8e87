/**
 * `npm run screenshots` (scripts/screenshots.mjs) kept working: it takes the README's four
 * pictures in the browser host, each cropped to what it shows and small. Run into
 * test/e2e/artifacts/readme/ so docs/images/ changes only when a person renews it.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT } from './helpers';

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
	return new Promise((ok) => {
		const child = spawn(process.execPath, ['scripts/screenshots.mjs', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		let err = '';
		child.stdout.on('data', (c: Buffer) => (out += c.toString()));
		child.stderr.on('data', (c: Buffer) => (err += c.toString()));
		child.once('exit', (code) => ok({ code, out, err }));
	});
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
	const b = readFileSync(file);
	expect(b.subarray(1, 4).toString()).toBe('PNG');
	return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

test('the README\'s pictures: the pane, the chain bar, the review queue and the status bar, cropped and under 150 KB', async () => {
	const out = join(ARTIFACTS, 'readme');
	rmSync(out, { recursive: true, force: true });
	const { code, out: stdout, err } = await run(['--out', out]);
	expect([code, err]).toEqual([0, '']);
	expect(stdout.trim().split('\n').map((l) => /Wrote (?:.*\/)?([\w-]+\.png)/.exec(l)?.[1])).toEqual(['resume-pane.png', 'chain-bar.png', 'review-queue.png', 'status-bar.png']);
	for (const name of ['resume-pane', 'chain-bar', 'review-queue', 'status-bar']) {
		const file = join(out, `${name}.png`);
		const [width, height] = pngSize(file);
		// Cropped: never the whole 1400 × 900 window.
		expect([name, width < 1400 && height < 900, statSync(file).size <= 150 * 1024]).toEqual([name, true, true]);
	}
	// The pane at the sidebar's width.
	expect(pngSize(join(out, 'resume-pane.png'))[0]).toBe(380);
});
