/**
 * Nothing lost under concurrent writers, at jest size: logos rewriting uncommitted.md
 * while the plugin appends; two writers appending verdicts; two real processes; a failing
 * disk. Each check is also shown to catch the loss it guards against.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { notesToReappend } from '../../src/core';
import { bundle } from './lib/bundle';
import { concurrentNotes } from './lib/concurrent-notes';
import { concurrentVerdicts, twoProcessVerdicts } from './lib/concurrent-verdicts';
import { loadSql } from './lib/env';

let sql: SqlJsStatic;
beforeAll(async () => {
	sql = await loadSql();
});

describe('uncommitted.md rewritten by logos while the plugin appends', () => {
	it.each(['memory', 'node'] as const)('no note is lost, none stays pending, nothing is written elsewhere (%s)', async (disk) => {
		const r = await concurrentNotes(sql, { interleavings: disk === 'memory' ? 120 : 40, seed: 11, disk });
		expect(r.failures).toEqual([]);
		expect(r.figures).toMatchObject({ 'lost notes': 0, 'pending notes never written': 0, 'writes outside the allowed folders': 0, 'unmasked secrets written': 0, exceptions: 0 });
		// The run did exercise what it is about.
		expect(r.figures['re-appended notes']).toBeGreaterThan(0);
		expect(r.figures['failed note writes']).toBeGreaterThan(0);
		expect(r.figures['notes in uncommitted.md']).toBeGreaterThan(0);
	}, 60_000);

	it('catches a plugin that never re-appends a dropped note', async () => {
		const r = await concurrentNotes(sql, { interleavings: 60, seed: 11, disk: 'memory', reappend: false });
		expect(r.figures['lost notes']).toBeGreaterThan(0);
	}, 60_000);
});

describe('notesToReappend (decisions §6)', () => {
	const own = [
		{ id: 1, text: 'kept  in\tthe file', ts: 100 },
		{ id: 2, text: 'dropped, no newer checkpoint', ts: 200 },
		{ id: 3, text: 'dropped, checkpoint newer', ts: 50 },
	];
	it('leaves notes in the file alone (compared as written: whitespace folded), re-appends the dropped, stops once a checkpoint is newer', () => {
		const file = [{ text: 'kept in the file', ts: 100 }];
		expect(notesToReappend(own, file, 150)).toEqual({ reappend: [own[1]], notFolded: [own[2]], folded: [] });
	});
	it('does not list as not folded a note a newer checkpoint holds', () => {
		expect(notesToReappend(own, [], 300, (n) => n.id === 3)).toEqual({ reappend: [], notFolded: [own[0], own[1]], folded: [own[2]] });
	});
	it('re-appends while the newest checkpoint is as old as the note, not newer', () => {
		expect(notesToReappend([own[1]], [], 200).reappend).toEqual([own[1]]);
		expect(notesToReappend([own[1]], [], 201).notFolded).toEqual([own[1]]);
	});
});

describe('reviewed.md appended by two writers', () => {
	it.each(['atomic', 'stepwise', 'node'] as const)('no verdict is lost, the header is written once (%s port)', async (port) => {
		const r = await concurrentVerdicts({ interleavings: port === 'node' ? 60 : 150, seed: 3, port });
		expect(r.failures).toEqual([]);
		expect(r.figures).toMatchObject({ 'lost verdicts': 0, 'pending verdicts never written': 0, 'headers written twice': 0, 'writes outside the allowed folders': 0, exceptions: 0 });
		expect(r.figures['failed verdict writes']).toBeGreaterThan(0);
	}, 60_000);

	it('catches a writer that reads the file and writes it back whole', async () => {
		const r = await concurrentVerdicts({ interleavings: 60, seed: 3, port: 'lossy' });
		expect(r.figures['lost verdicts']).toBeGreaterThan(0);
	});

	it('1,000 verdicts from two real processes appending to one new file: all there, one header', async () => {
		const worker = await bundle('test/reliability/lib/append-worker.ts', 'worker');
		const spawnWorker = (vault: string, name: string, count: number): Promise<number> =>
			new Promise((resolve) => {
				const child = spawn(process.execPath, [worker, vault, name, String(count)], { stdio: 'ignore' });
				child.on('close', (code) => resolve(code ?? -1));
			});
		const r = await twoProcessVerdicts(spawnWorker, 500).finally(() => fs.rmSync(path.dirname(worker), { recursive: true, force: true }));
		expect(r.failures).toEqual([]);
		expect(r.figures).toMatchObject({ 'verdicts written': 1000, 'lost verdicts': 0, 'headers written twice': 0, exceptions: 0 });
	}, 60_000);
});
