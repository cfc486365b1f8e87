/**
 * Walks a real folder into a VaultSnapshot, the way the Node adapter would, so fixture
 * vaults on disk can be fed to the core. Test-only: uses the Node file system.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VaultFile, VaultSnapshot } from '../../src/core';
import { sharedIfPresent } from './reference';

/** `vaultDir` is the vault root; `root` the sessions folder inside it. */
export function loadFolder(vaultDir: string, root = 'sessions'): VaultSnapshot {
	const files: VaultFile[] = [];
	const dirs: string[] = [];
	const walk = (rel: string): void => {
		for (const entry of fs.readdirSync(path.join(vaultDir, rel), { withFileTypes: true })) {
			const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
			if (entry.isDirectory()) {
				dirs.push(childRel);
				walk(childRel);
			} else if (entry.isFile()) {
				const abs = path.join(vaultDir, childRel);
				const stat = fs.statSync(abs);
				try {
					files.push({ path: childRel, text: fs.readFileSync(abs, 'utf8'), mtime: stat.mtimeMs, size: stat.size });
				} catch (e) {
					files.push({ path: childRel, text: null, mtime: stat.mtimeMs, size: stat.size, error: String(e) });
				}
			}
		}
	};
	walk(root);
	return { root, files: files.sort((a, b) => (a.path < b.path ? -1 : 1)), dirs: dirs.sort() };
}

/** The shared fixture vault, or null when the shared folder is not present on this machine. */
export function fixtureVault(name: string): string | null {
	return sharedIfPresent('fixtures', name);
}
