/**
 * The host's vault: an obsidian-test-mocks App whose in-memory vault is loaded from the
 * served folder (/vault.json), with shims where the mocks' Vault differs from Obsidian's in
 * ways a plugin notices. Writes stay in memory, or also reach the folder with `--write`.
 */
import type { App as AppOriginal, DataAdapter, DataWriteOptions, FileStats, TAbstractFile as TAbstractFileOriginal, TFile as TFileOriginal } from 'obsidian';
import { App, FileSystemAdapter, TFile, Vault } from 'obsidian-test-mocks/obsidian';

export interface ManifestFile {
	path: string;
	/** null for a file too large or not UTF-8: listed with its stat, read as empty. */
	text: string | null;
	mtime: number;
	size: number;
}

export interface VaultManifest {
	name: string;
	folder: string;
	writes: boolean;
	files: ManifestFile[];
	folders: string[];
}

const encoder = new TextEncoder();

/** Sends every text write to the server, in order; a failure is reported, never thrown into the plugin. */
export class WriteMirror {
	private chain: Promise<void> = Promise.resolve();
	readonly failures: string[] = [];

	constructor(
		readonly enabled: boolean,
		private readonly onFailure: (message: string) => void,
	) {}

	push(path: string, text: string): void {
		if (!this.enabled) return;
		this.chain = this.chain.then(async () => {
			try {
				const res = await fetch('/write', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, text }) });
				if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
			} catch (e) {
				const message = `Could not write ${path} to the served folder: ${e instanceof Error ? e.message : String(e)}`;
				this.failures.push(message);
				this.onFailure(message);
			}
		});
	}

	/** Resolves once every write so far has reached the server (or failed). */
	flush(): Promise<void> {
		return this.chain;
	}
}

type Stat = Pick<FileStats, 'ctime' | 'mtime' | 'size'>;

/**
 * Builds the App. `mirror` receives the full text of every file written after loading.
 */
export function createApp(m: VaultManifest, mirror: WriteMirror): AppOriginal {
	const stats = new Map<string, Stat>();
	let loading = true;
	const adapter = FileSystemAdapter.create__(m.folder);
	const raw = adapter.asOriginalType__() as unknown as DataAdapter & { writeSync__(p: string, d: string, o?: DataWriteOptions): void; readSync__(p: string): string };

	// SHIM (TFile.stat, https://docs.obsidian.md/Reference/TypeScript+API/TFile/stat): Obsidian
	// keeps each file's ctime, mtime and size (in bytes) current; the mocks leave them 0. Every
	// text write goes through the adapter, so the adapter keeps the table, before any event fires.
	const touched = (path: string, text: string, options?: DataWriteOptions): void => {
		const now = Date.now();
		const prev = stats.get(path);
		stats.set(path, { ctime: options?.ctime ?? prev?.ctime ?? now, mtime: options?.mtime ?? now, size: encoder.encode(text).byteLength });
		if (!loading) mirror.push(path, text);
	};
	const writeSync = raw.writeSync__.bind(raw);
	raw.writeSync__ = (p, d, o) => {
		writeSync(p, d, o);
		touched(p, d, o);
	};
	const append = raw.append.bind(raw);
	raw.append = async (p, d, o) => {
		await append(p, d, o);
		touched(p, raw.readSync__(p), o);
	};
	const copy = raw.copy.bind(raw);
	raw.copy = async (from, to) => {
		await copy(from, to);
		touched(to, raw.readSync__(to));
	};
	const renameFile = raw.rename.bind(raw);
	raw.rename = async (from, to) => {
		await renameFile(from, to);
		for (const [p, s] of [...stats]) {
			if (p === from || p.startsWith(`${from}/`)) {
				stats.delete(p);
				stats.set(to + p.slice(from.length), s);
			}
		}
	};
	const remove = raw.remove.bind(raw);
	raw.remove = async (p) => {
		await remove(p);
		stats.delete(p);
	};

	const origCreate = TFile.create__.bind(TFile);
	TFile.create__ = (vault, path) => {
		const file = origCreate(vault, path);
		Object.defineProperty(file, 'stat', { configurable: true, enumerable: true, get: () => ({ ...(stats.get(file.path) ?? { ctime: 0, mtime: 0, size: 0 }) }) });
		return file;
	};

	const files: Record<string, string> = {};
	for (const f of m.folders) files[`${f}/`] = '';
	for (const f of m.files) files[f.path] = f.text ?? '';
	const app = App.createConfigured__({ adapter: raw, files }).asOriginalType__();
	for (const f of m.files) stats.set(f.path, { ctime: f.mtime, mtime: f.mtime, size: f.size });
	loading = false;

	shimVaultWrites(app, raw);
	// SHIM (Vault.getName, https://docs.obsidian.md/Reference/TypeScript+API/Vault/getName): the
	// vault's name is its folder's name; the mocks answer "".
	app.vault.getName = () => m.name;
	return app;
}

/** Vault write methods where the mocks' behaviour differs from the documented one. */
function shimVaultWrites(app: AppOriginal, adapter: DataAdapter & { writeSync__(p: string, d: string, o?: DataWriteOptions): void; readSync__(p: string): string }): void {
	const vault = app.vault;
	const mockVault = Vault.fromOriginalType2__(vault);

	// SHIM (Vault.process, https://docs.obsidian.md/Reference/TypeScript+API/Vault/process):
	// "Atomically read, modify, and save the contents of a note." The mocks await between the
	// read and the write, so a write landing in between is lost; here nothing can interleave.
	vault.process = (file: TFileOriginal, fn: (data: string) => string, options?: DataWriteOptions): Promise<string> => {
		try {
			const out = fn(adapter.readSync__(file.path));
			adapter.writeSync__(file.path, out, options);
			vault.trigger('modify', file);
			return Promise.resolve(out);
		} catch (e) {
			return Promise.reject(e instanceof Error ? e : new Error(String(e)));
		}
	};

	// SHIM (Vault.create, https://docs.obsidian.md/Reference/TypeScript+API/Vault/create): Obsidian
	// refuses to create over an existing file; the mocks overwrite it.
	const create = vault.create.bind(vault);
	vault.create = async (path, data, options) => {
		if (vault.getAbstractFileByPath(path)) throw new Error('File already exists.');
		return create(path, data, options);
	};

	// SHIM (Vault.rename, https://docs.obsidian.md/Reference/TypeScript+API/Vault/rename): Obsidian
	// refuses to rename onto an existing path; the mocks' adapter overwrites it silently.
	const rename = vault.rename.bind(vault);
	vault.rename = async (file: TAbstractFileOriginal, newPath: string) => {
		if (newPath !== file.path && vault.getAbstractFileByPath(newPath)) throw new Error('Destination file already exists!');
		return rename(file, newPath);
	};

	// SHIM (Vault events, https://docs.obsidian.md/Reference/TypeScript+API/Vault/on): in Obsidian a
	// write through the adapter reaches the vault through its file watcher, as create or modify.
	// The mocks' adapter is silent; the host reconciles after such a write.
	const viaVault = new Set<string>();
	vault.on('modify', (f) => viaVault.add(f.path));
	vault.on('create', (f) => viaVault.add(f.path));
	const watch = (name: 'write' | 'append'): void => {
		const original = adapter[name].bind(adapter);
		adapter[name] = async (p: string, d: string, o?: DataWriteOptions) => {
			viaVault.delete(p);
			await original(p, d, o);
			setTimeout(() => {
				if (viaVault.has(p)) return;
				const existing = vault.getAbstractFileByPath(p);
				if (existing) vault.trigger('modify', existing);
				else mockVault.reconcile__();
			}, 0);
		};
	};
	watch('write');
	watch('append');
}
