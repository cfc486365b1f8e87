/**
 * The vault files the concurrency checks write, in memory or on a real disk, with the
 * plugin's AppendPort over them and a way to make that port fail like a disk does.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { appendWithHeader } from '../../../src/core';
import { nodeAppendPort } from '../../../src/vault/node-fs';
import type { AppendPort } from '../../../src/vault/writer';
import type { Rng } from './rng';

export interface SimDisk {
	read(vaultPath: string): string | null;
	/** logos's rewrite: temp file then rename, or removal when nothing is left open. */
	replace(vaultPath: string, text: string | null): void;
	/** logos's exclusive create of a new checkpoint; false when the name is taken. */
	create(vaultPath: string, text: string): boolean;
	/** Appends raw text with no newline logic: a torn write, or another writer's bytes. */
	appendRaw(vaultPath: string, text: string): void;
	/** Every file, vault-relative. */
	list(): string[];
	/** The plugin's port over this disk (the product's own for the Node disk). */
	readonly port: AppendPort;
	dispose(): void;
}

export function memoryDisk(): SimDisk & { files: Map<string, string> } {
	const files = new Map<string, string>();
	return {
		files,
		read: (p) => files.get(p) ?? null,
		replace(p, text) {
			if (text === null) files.delete(p);
			else files.set(p, text);
		},
		create(p, text) {
			if (files.has(p)) return false;
			files.set(p, text);
			return true;
		},
		appendRaw(p, text) {
			files.set(p, (files.get(p) ?? '') + text);
		},
		list: () => [...files.keys()],
		// Vault.process in Obsidian reads and writes in one step: modelled as one atomic step.
		port: {
			appendLine(p, line, header) {
				files.set(p, appendWithHeader(files.get(p) ?? null, line, header));
				return Promise.resolve();
			},
		},
		dispose() {
			files.clear();
		},
	};
}

/** A real folder: the product's nodeAppendPort, logos's temp-and-rename rewrite. */
export function nodeDisk(folders: string[]): SimDisk & { dir: string } {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-reliability-'));
	for (const f of folders) fs.mkdirSync(path.join(dir, f), { recursive: true });
	const abs = (p: string): string => path.join(dir, ...p.split('/'));
	let temps = 0;
	return {
		dir,
		read(p) {
			try {
				return fs.readFileSync(abs(p), 'utf8');
			} catch {
				return null;
			}
		},
		replace(p, text) {
			if (text === null) {
				fs.rmSync(abs(p), { force: true });
				return;
			}
			const tmp = `${abs(p)}.${++temps}.tmp`;
			fs.mkdirSync(path.dirname(tmp), { recursive: true });
			fs.writeFileSync(tmp, text);
			fs.renameSync(tmp, abs(p));
		},
		create(p, text) {
			fs.mkdirSync(path.dirname(abs(p)), { recursive: true });
			try {
				fs.writeFileSync(abs(p), text, { flag: 'wx' });
				return true;
			} catch {
				return false;
			}
		},
		appendRaw(p, text) {
			fs.appendFileSync(abs(p), text);
		},
		list() {
			const out: string[] = [];
			const walk = (rel: string): void => {
				for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
					const r = rel === '' ? e.name : `${rel}/${e.name}`;
					if (e.isDirectory()) walk(r);
					else out.push(r);
				}
			};
			walk('');
			return out;
		},
		port: nodeAppendPort(dir, 'sessions'),
		dispose() {
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

export class DiskError extends Error {
	constructor(what: string) {
		super(`simulated disk error (${what})`);
		this.name = 'DiskError';
	}
}

/**
 * The port as a failing disk serves it: while `failing`, some appends fail before a byte
 * is written and some tear (half the line, no newline) and then fail.
 */
export function faultyPort(port: AppendPort, disk: SimDisk, rng: Rng, rate: number): AppendPort & { failing: boolean; failures: number } {
	const p = {
		failing: true,
		failures: 0,
		async appendLine(vaultPath: string, line: string, header: string): Promise<void> {
			if (p.failing && rng.chance(rate)) {
				p.failures++;
				if (rng.chance(0.5)) {
					// The bytes the port would have written in its one write call, cut short.
					const cur = disk.read(vaultPath);
					const whole = cur === null ? `${header}${line}\n` : `${cur !== '' && !cur.endsWith('\n') ? '\n' : ''}${line}\n`;
					disk.appendRaw(vaultPath, whole.slice(0, Math.floor(whole.length / 2)));
					throw new DiskError('torn write');
				}
				throw new DiskError('EIO');
			}
			await port.appendLine(vaultPath, line, header);
		},
	};
	return p;
}

/** Records every path the plugin asked to write, so a stray one can be counted. */
export function recordingPort(port: AppendPort, seen: string[]): AppendPort {
	return {
		appendLine(vaultPath, line, header) {
			seen.push(vaultPath);
			return port.appendLine(vaultPath, line, header);
		},
	};
}
