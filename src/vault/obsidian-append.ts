/**
 * The writer's AppendPort inside Obsidian. `Vault.process` reads and writes in one step, so a
 * line another writer (logos, a sync client) added meanwhile is never lost; a missing file is
 * created with its header first. Every write goes through the Vault API, never the disk
 * directly: what that promises, and what it does not, is in docs/writing.md.
 */
import { normalizePath, TFile, type App } from 'obsidian';
import { WriteRefused } from '../core';
import { MAX_NOTES_FILE_BYTES, notesFileTooLarge, type AppendPort } from './writer';

function appended(current: string, line: string): string {
	const sep = current === '' || current.endsWith('\n') ? '' : '\n';
	return `${current}${sep}${line}\n`;
}

/** Refuses, before anything is read or written, a file too large to read back whole. */
async function refuseOversized(app: App, file: TFile): Promise<void> {
	const st = await app.vault.adapter.stat(file.path);
	const size = st?.size ?? file.stat.size;
	if (size > MAX_NOTES_FILE_BYTES) throw new WriteRefused(notesFileTooLarge(file.path, size));
}

export function obsidianAppendPort(app: App): AppendPort {
	return {
		async appendLine(vaultPath: string, line: string, header: string): Promise<void> {
			const path = normalizePath(vaultPath);
			const existing = app.vault.getAbstractFileByPath(path);
			if (existing instanceof TFile) {
				await refuseOversized(app, existing);
				await app.vault.process(existing, (text) => appended(text, line));
				return;
			}
			if (existing) throw new WriteRefused(`${path} is a folder, not a file`);
			try {
				await app.vault.create(path, appended(header, line));
			} catch (e) {
				// Another writer created it between the lookup and the create: append to theirs.
				const raced = app.vault.getAbstractFileByPath(path);
				if (!(raced instanceof TFile)) throw e;
				await refuseOversized(app, raced);
				await app.vault.process(raced, (text) => appended(text, line));
			}
		},
	};
}
