/**
 * The writer's AppendPort inside Obsidian. `Vault.process` reads and writes in one step, so a
 * line another writer (logos, a sync client) added meanwhile is never lost; a missing file is
 * created with its header first.
 */
import { normalizePath, TFile, type App } from 'obsidian';
import type { AppendPort } from './writer';

function appended(current: string, line: string): string {
	const sep = current === '' || current.endsWith('\n') ? '' : '\n';
	return `${current}${sep}${line}\n`;
}

export function obsidianAppendPort(app: App): AppendPort {
	return {
		async appendLine(vaultPath: string, line: string, header: string): Promise<void> {
			const path = normalizePath(vaultPath);
			const existing = app.vault.getAbstractFileByPath(path);
			if (existing instanceof TFile) {
				await app.vault.process(existing, (text) => appended(text, line));
				return;
			}
			if (existing) throw new Error(`${path} is a folder`);
			try {
				await app.vault.create(path, appended(header, line));
			} catch (e) {
				// Another writer created it between the lookup and the create: append to theirs.
				const raced = app.vault.getAbstractFileByPath(path);
				if (!(raced instanceof TFile)) throw e;
				await app.vault.process(raced, (text) => appended(text, line));
			}
		},
	};
}
