/**
 * Verdicts appended to one reviewed.md by two writers at once (the plugin and another
 * device, the CLI or a second window), through each kind of port the product has or
 * models: no line either writer was told is written may go missing, and the header is
 * written once. A failed append stays pending and is written on the next try.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseReviewed, renderVerdict } from '../../../src/core';
import type { Verdict } from '../../../src/core';
import { nodeAppendPort } from '../../../src/vault/node-fs';
import { appendVerdict, type AppendPort, type WriteTarget } from '../../../src/vault/writer';
import { DiskError, faultyPort, memoryDisk, nodeDisk, recordingPort, type SimDisk } from './disks';
import { errorText, type CheckResult, Tally } from './report';
import { Rng } from './rng';
import { Scheduler } from './scheduler';

const SCOPE = 'kestrel';
const ROOT = 'sessions';
const REVIEWED = `${ROOT}/${SCOPE}/reviewed.md`;

/**
 * atomic: one step, as Obsidian's Vault.process; stepwise: nodeAppendPort's steps
 * (exclusive create, last-byte check, O_APPEND write, read-back) with other writers
 * between them, as two processes would; node: the product's nodeAppendPort on disk;
 * lossy: read, then write the whole file back — what the product must never do.
 */
export type VerdictPort = 'atomic' | 'stepwise' | 'node' | 'lossy';

export interface VerdictOptions {
	interleavings: number;
	seed: number;
	port: VerdictPort;
	perWriter?: number;
	faultRate?: number;
}

/** The line is in the text as a line of its own. */
function hasLine(text: string, line: string): boolean {
	return text.startsWith(`${line}\n`) || text.includes(`\n${line}\n`);
}

function stepwisePort(disk: SimDisk, pause: () => Promise<void>): AppendPort {
	return {
		async appendLine(p, line, header) {
			disk.create(p, header);
			await pause();
			const cur = disk.read(p) ?? '';
			const prefix = cur.length > 0 && !cur.endsWith('\n') ? '\n' : '';
			await pause();
			disk.appendRaw(p, `${prefix}${line}\n`);
			await pause();
			// Another writer's torn bytes may have landed between the check and the write.
			if (!hasLine(disk.read(p) ?? '', line)) disk.appendRaw(p, `\n${line}\n`);
		},
	};
}

function lossyPort(disk: SimDisk, pause: () => Promise<void>): AppendPort {
	return {
		async appendLine(p, line, header) {
			const cur = disk.read(p);
			await pause();
			disk.replace(p, `${cur ?? header}${cur !== null && cur !== '' && !cur.endsWith('\n') ? '\n' : ''}${line}\n`);
		},
	};
}

async function once(opts: VerdictOptions, seed: number, t: Tally): Promise<void> {
	const rng = new Rng(seed);
	const disk: SimDisk = opts.port === 'node' ? nodeDisk([`${ROOT}/${SCOPE}`]) : memoryDisk();
	try {
		const sched = new Scheduler(rng);
		const pause = (): Promise<void> => sched.pause();
		const base = opts.port === 'stepwise' ? stepwisePort(disk, pause) : opts.port === 'lossy' ? lossyPort(disk, pause) : disk.port;
		const writes: string[] = [];
		const port = faultyPort(recordingPort(base, writes), disk, rng, opts.faultRate ?? 0.1);
		const target: WriteTarget = { port, sessionsRoot: ROOT, scopes: [SCOPE] };
		const before: string[] = [];
		const start = rng.next();
		if (start < 0.5) {
			// An existing file, sometimes hand-edited without its final newline.
			const lines = ['- retired: an older ruling <!-- ts=1795000000 -->', '- reconfirmed at abc1234: another one <!-- ts=1795000100 -->'];
			before.push(...lines);
			disk.create(REVIEWED, `# reviewed — ${SCOPE}\n\n${lines.join('\n')}${start < 0.25 ? '' : '\n'}`);
		}
		const written: string[] = [];
		const per = opts.perWriter ?? 6;
		const writer = (name: string) => async (): Promise<void> => {
			const pending: Omit<Verdict, 'line'>[] = [];
			const attempt = async (v: Omit<Verdict, 'line'>): Promise<void> => {
				try {
					written.push((await appendVerdict(target, SCOPE, v)).line);
				} catch (e) {
					if (!(e instanceof DiskError)) throw e;
					t.add('failed verdict writes');
					pending.push(v);
				}
			};
			for (let i = 0; i < per; i++) {
				await pause();
				const kind = rng.chance(0.5) ? 'retired' : 'reconfirmed';
				await attempt({ kind, text: `ruling ${name}${i}s${seed}x`, commit: kind === 'reconfirmed' && rng.chance(0.5) ? 'd2c7a15' : '', ts: 1795600000 + i });
				if (pending.length > 0 && rng.chance(0.5)) {
					await pause();
					await attempt(pending.shift() as Omit<Verdict, 'line'>);
				}
			}
			// The disk heals; whatever is still pending is written on the next tries.
			port.failing = false;
			for (let tries = 0; tries < 5 && pending.length > 0; tries++) {
				await pause();
				await attempt(pending.shift() as Omit<Verdict, 'line'>);
			}
			for (const v of pending) t.fail('pending verdicts never written', `${opts.port} seed ${seed}: ${v.text}`);
		};
		await sched.run([writer('a'), writer('b')]);
		const text = disk.read(REVIEWED) ?? '';
		const got = new Set(parseReviewed(text).map((v) => renderVerdict(v)));
		for (const line of [...before, ...written]) {
			t.add('verdicts checked');
			if (!got.has(line)) t.fail('lost verdicts', `${opts.port} seed ${seed}: ${line}\n--- file:\n${text}`);
		}
		t.add('verdicts written', written.length);
		if ((text.match(/^# reviewed — /gm) ?? []).length > 1) t.fail('headers written twice', `${opts.port} seed ${seed}`);
		for (const p of writes) if (p !== REVIEWED) t.fail('writes outside the allowed folders', `${opts.port} seed ${seed}: ${p}`);
	} finally {
		disk.dispose();
	}
}

export async function concurrentVerdicts(opts: VerdictOptions): Promise<CheckResult> {
	const t = new Tally();
	t.zero('lost verdicts', 'pending verdicts never written', 'headers written twice', 'writes outside the allowed folders', 'exceptions');
	for (let i = 0; i < opts.interleavings; i++) {
		const seed = opts.seed + i;
		try {
			await once(opts, seed, t);
			t.add('verdict interleavings');
		} catch (e) {
			t.fail('exceptions', `verdicts seed ${seed} (${opts.port}): ${errorText(e)}`);
		}
	}
	return t.result();
}

/**
 * Two real processes append `each` verdicts apiece to one reviewed.md that does not exist
 * yet, through the product's writer and nodeAppendPort. `worker` is a bundled script that
 * takes (vault, name, count) and appends.
 */
export function twoProcessVerdicts(spawnWorker: (vault: string, name: string, count: number) => Promise<number>, each: number): Promise<CheckResult> {
	const disk = nodeDisk([`${ROOT}/${SCOPE}`]);
	const t = new Tally();
	t.zero('lost verdicts', 'headers written twice', 'exceptions');
	return Promise.all([spawnWorker(disk.dir, 'p', each), spawnWorker(disk.dir, 'q', each)])
		.then((codes) => {
			if (codes.some((c) => c !== 0)) t.fail('exceptions', `a writer process exited with ${codes.join(', ')}`);
			const text = fs.readFileSync(path.join(disk.dir, ...REVIEWED.split('/')), 'utf8');
			const got = new Set(parseReviewed(text).map((v) => v.text));
			for (const name of ['p', 'q']) {
				for (let i = 0; i < each; i++) {
					t.add('verdicts checked');
					if (!got.has(workerRuling(name, i))) t.fail('lost verdicts', `two processes: ${workerRuling(name, i)}`);
				}
			}
			t.add('verdicts written', 2 * each);
			if ((text.match(/^# reviewed — /gm) ?? []).length !== 1) t.fail('headers written twice', 'two processes');
			return t.result();
		})
		.finally(() => disk.dispose());
}

export const workerRuling = (name: string, i: number): string => `ruling ${name} number ${i} from its own process`;

/** The body of the worker process: appends `count` verdicts to the vault's kestrel scope. */
export async function appendAsWorker(vault: string, name: string, count: number): Promise<void> {
	const target: WriteTarget = { port: nodeAppendPort(vault, ROOT), sessionsRoot: ROOT, scopes: [SCOPE] };
	for (let i = 0; i < count; i++) {
		await appendVerdict(target, SCOPE, { kind: 'retired', text: workerRuling(name, i), commit: '', ts: 1795600000 + i });
	}
}
