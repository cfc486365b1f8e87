/**
 * What the index reconciles against inside Obsidian: the sessions folder's files with
 * their stamps, from the folder tree the vault already holds (no adapter listing, no
 * reads), and the one way the index reads a file's text.
 */
import { TFile, type TAbstractFile, type Vault } from 'obsidian';
import type { IndexerPort, Listing } from '../store/indexer';
import type { ListedFile } from '../store/store';
import { collect, findSessionsFolder, sessionsRoot } from './obsidian-snapshot';

export function stampOf(file: TFile): ListedFile {
	return { path: file.path, mtime: file.stat.mtime, size: file.stat.size };
}

/** The sessions folder's folders and files, its files not yet stamped. */
function walkSessionsFolder(vault: Vault, folder: string): { listing: Listing; files: TFile[] } {
	const listing: Listing = { root: sessionsRoot(folder), files: [], dirs: [] };
	const files: TFile[] = [];
	const top = findSessionsFolder(vault, folder);
	if (top) collect(top, 1, files, listing.dirs);
	return { listing, files };
}

export function listSessionsFolder(vault: Vault, folder: string): Listing {
	const { listing, files } = walkSessionsFolder(vault, folder);
	listing.files = files.map(stampOf);
	return listing;
}

/** Files stamped between two looks at the clock. */
const STAMPS_PER_STEP = 1000;

/**
 * listSessionsFolder with the stamps taken a thousand files at a time, `pause` between
 * (docs/decisions.md, "A start in tasks"): at 10,000 files the walk and the stamps were one
 * task of 40–80 ms in the browser host.
 */
export async function listSessionsFolderInSteps(vault: Vault, folder: string, pause: () => Promise<void>): Promise<Listing> {
	const { listing, files } = walkSessionsFolder(vault, folder);
	if (files.length === 0 && listing.dirs.length === 0) return listing;
	await pause();
	for (let i = 0; i < files.length; i += STAMPS_PER_STEP) {
		for (const f of files.slice(i, i + STAMPS_PER_STEP)) listing.files.push(stampOf(f));
		await pause();
	}
	return listing;
}

/** Reads through the vault's cache: a file Obsidian has open costs nothing. */
export function obsidianTextPort(vault: Vault): IndexerPort {
	return {
		read(path) {
			const f: TAbstractFile | null = vault.getAbstractFileByPath(path);
			if (!(f instanceof TFile)) return Promise.reject(new Error('not a file'));
			return vault.cachedRead(f);
		},
	};
}
