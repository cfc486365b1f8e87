/**
 * `npm run reliability`: every reliability check at full size, figures printed as
 * `name: count`. Exits non-zero when a loss, exception, crash or stray write is counted.
 * Bundled and run by scripts/reliability.mjs (plain Node, no jest).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { cliChecks } from './lib/cli-checks';
import { cliInput } from './lib/cli-input';
import { concurrentNotes } from './lib/concurrent-notes';
import { concurrentVerdicts, twoProcessVerdicts } from './lib/concurrent-verdicts';
import { damagedIndex, indexDbTargets } from './lib/damaged-index';
import { loadSql } from './lib/env';
import { guardedWrites } from './lib/guarded-writes';
import { neverThrows } from './lib/never-throws';
import { type CheckResult, merge, nonZero } from './lib/report';
import { untrusted } from './lib/untrusted';
import { agentText } from './lib/agent-text';
import { checkpointDiffs } from './lib/checkpoint-diffs';

import { workBudget } from './lib/work-budget';

const SEED = Number(process.env.RELIABILITY_SEED ?? 20261201);
/** Scale for a quicker look (`RELIABILITY_SCALE=0.2`); 1 is the full run. */
const SCALE = Number(process.env.RELIABILITY_SCALE ?? 1);
const n = (full: number): number => Math.max(1, Math.round(full * SCALE));

function runWorker(worker: string): (vault: string, name: string, count: number) => Promise<number> {
	return (vault, name, count) =>
		new Promise((resolve) => {
			const child = spawn(process.execPath, [worker, vault, name, String(count)], { stdio: ['ignore', 'ignore', 'inherit'] });
			child.on('close', (code) => resolve(code ?? -1));
		});
}

type Step = [string, () => Promise<CheckResult> | CheckResult];

/** The checks in two halves of about equal time, run side by side on two cores. */
async function part(which: string, cli: string, worker: string): Promise<CheckResult> {
	const sql = await loadSql();
	const steps: Step[] =
		which === 'a'
			? [
					['parsers and vaults never throw', () => neverThrows(n(2000), SEED)],
					// 1,000 interleavings of logos and the plugin, half on a real disk through the product's port.
					['notes under a rewriting logos (memory)', () => concurrentNotes(sql, { interleavings: n(500), seed: SEED, disk: 'memory' })],
					['notes under a rewriting logos (disk)', () => concurrentNotes(sql, { interleavings: n(500), seed: SEED + 500_000, disk: 'node' })],
					['work budget and vault-sized lists', () => workBudget(n(40), SEED)],
					['checkpoint diffs', () => checkpointDiffs(n(2000), SEED)],
				]
			: [
					...(['atomic', 'stepwise', 'node'] as const).map((port): Step => [`verdicts from two writers (${port})`, () => concurrentVerdicts({ interleavings: n(1000), seed: SEED, port })]),
					['verdicts from two processes', () => twoProcessVerdicts(runWorker(worker), n(500))],
					['damaged index files', () => damagedIndex(sql, n(300), SEED)],
					['index --db targets', () => indexDbTargets(cli, sql, n(4))],
					['untrusted paths and text', () => untrusted(n(3000), SEED)],
					['agent HTML in the pane', () => agentText(n(2000), SEED)],
					['writes while the folder is swapped', () => guardedWrites(n(300), n(2000), SEED)],
					['CLI over the hostile vault', () => cliChecks(cli)],
					['CLI against hostile arguments and files', () => cliInput(cli)],
				];
	const results: CheckResult[] = [];
	for (const [name, run] of steps) {
		const t0 = Date.now();
		results.push(await run());
		process.stderr.write(`  ${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
	}
	return merge(results);
}

const ORDER = [
	'inputs tried', 'exceptions', 'unstable round trips', 'lines lost by an append', 'inconsistent vault readings',
	'note interleavings', 'notes written by the person', 'lost notes', 'pending notes never written', 'failed note writes', 're-appended notes',
	'notes in uncommitted.md', 'notes folded into a newer checkpoint', 'notes held for the person (not folded)', 'duplicate note lines',
	'verdict interleavings', 'verdicts written', 'lost verdicts', 'pending verdicts never written', 'failed verdict writes', 'headers written twice',
	'paths tried', 'write attempts', 'writes outside the allowed folders', 'safe paths refused', 'secrets tried', 'unmasked secrets written',
	'folder swaps tried', 'appends raced against a swapping process', 'appends refused during the race', 'writes through a swapped folder',
	'hard links tried', 'writes through a hard link', 'oversized files tried', 'notes appended to an oversized file',
	'hostile scope names tried', 'forged lines written', 'agent texts rendered', 'live HTML kept in agent text',
	'index starts tried', 'crashes on damaged index files', 'indexes unusable on the next start', 'saved indexes lost',
	'page-wise damaged indexes', 'damaged indexes rebuilt on opening', 'damage found in use and rebuilt', 'own notes read back from damaged indexes', 'indexes stuck',
	'index --db runs', 'index --db runs refused', 'foreign files overwritten by index --db', 'concurrent index runs', 'concurrent index runs crashed',
	'cli runs', 'cli failures', 'control sequences printed', 'hostile vault wrong answers',
	'bad --now tried', 'bad --now accepted', 'special files tried', 'special files read by parse', 'bidi controls printed',

	'hostile frontmatters tried', 'frontmatters refused over the budget', 'inputs over the work budget read in full', 'large inputs tried', 'inputs answered slowly (over 1 s)', 'stack overflows',
	"other issues' checks passed", "other issues' checks failed",
];

/** Prints every figure as `name: count`; non-zero exit when one that must be zero is not. */
function report(all: CheckResult, seconds: number): void {
	const names = [...ORDER.filter((k) => k in all.figures), ...Object.keys(all.figures).filter((k) => !ORDER.includes(k)).sort()];
	for (const k of names) process.stdout.write(`${k}: ${all.figures[k]}\n`);
	process.stdout.write(`seconds: ${seconds}\n`);
	const bad = nonZero(all);
	if (bad.length > 0) {
		process.stdout.write(`\nFAILED: ${bad.join(', ')}\n`);
		for (const f of all.failures) process.stdout.write(`  ${f.replace(/\n/g, '\n    ')}\n`);
		process.exitCode = 1;
	}
}

/**
 * `run.cjs part a|b CLI WORKER OUT` runs one half and writes its result to OUT;
 * `run.cjs report SECONDS OUT...` merges halves and prints the figures;
 * `run.cjs all CLI WORKER` does both halves in this process.
 */
async function main(): Promise<void> {
	const [mode, ...args] = process.argv.slice(2);
	if (mode === 'part') {
		const [which, cli, worker, out] = args;
		fs.writeFileSync(out, JSON.stringify(await part(which, cli, worker)));
	} else if (mode === 'report') {
		const [seconds, ...outs] = args;
		report(merge(outs.map((o) => JSON.parse(fs.readFileSync(o, 'utf8')) as CheckResult)), Number(seconds));
	} else {
		const [cli, worker] = args;
		const started = Date.now();
		const halves = [await part('a', cli, worker), await part('b', cli, worker)];
		report(merge(halves), Math.round((Date.now() - started) / 1000));
	}
}

main().catch((e: unknown) => {
	process.stdout.write(`exceptions: 1\nFAILED: the reliability run itself failed: ${e instanceof Error ? e.stack : String(e)}\n`);
	process.exit(1);
});
