/**
 * Loads the built plugin the way Obsidian does: main.js evaluated as CommonJS with the host's
 * require, the default export constructed with (app, manifest), then loaded.
 */
import type { App, Plugin as PluginOriginal, PluginManifest } from 'obsidian';
import { Plugin } from 'obsidian-test-mocks/obsidian';

async function fetchOk(url: string): Promise<Response> {
	const res = await fetch(url, { cache: 'no-store' });
	if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
	return res;
}

type PluginClass = new (app: App, manifest: PluginManifest) => PluginOriginal;

/** Evaluates main.js; its stack frames are named plugin:<id> as in Obsidian's console. */
function evaluate(code: string, id: string, require: (name: string) => unknown): PluginClass {
	const module: { exports: Record<string, unknown> } = { exports: {} };
	const run = new Function('module', 'exports', 'require', `${code}\n//# sourceURL=plugin:${id}`) as (m: unknown, e: unknown, r: unknown) => void;
	run(module, module.exports, require);
	const exported = (module.exports.default ?? module.exports) as unknown;
	if (typeof exported !== 'function') throw new Error(`main.js of ${id} exports no plugin class`);
	return exported as PluginClass;
}

/**
 * SHIM (Plugin.loadData / saveData, https://docs.obsidian.md/Reference/TypeScript+API/Plugin/loadData):
 * loadData returns the parsed data.json, a fresh copy each time, or null when there is none; the
 * mocks start from {} and hand out the stored object itself. Saved data stays in the page.
 */
function shimPluginData(): void {
	const proto = Plugin.prototype as unknown as { loadData(): Promise<unknown>; saveData(data: unknown): Promise<void>; data__: unknown };
	proto.loadData = function () {
		return Promise.resolve(this.data__ === null || this.data__ === undefined ? null : (JSON.parse(JSON.stringify(this.data__)) as unknown));
	};
	proto.saveData = function (data: unknown) {
		this.data__ = JSON.parse(JSON.stringify(data ?? null)) as unknown;
		return Promise.resolve();
	};
}

/**
 * The files of the plugin's folder (`<configDir>/plugins/<id>/`) other than data.json, put where
 * the plugin finds them through `app.vault.adapter`, as in Obsidian. The vault's file list leaves
 * the config folder out, but the adapter reads it.
 */
async function restorePluginFolder(app: App, manifest: PluginManifest, files: { name: string; base64: string }[]): Promise<void> {
	const dir = `${app.vault.configDir}/plugins/${manifest.id}`;
	for (const f of files) {
		const bin = atob(f.base64);
		const bytes = new Uint8Array(bin.length);
		for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
		await app.vault.adapter.writeBinary(`${dir}/${f.name}`, bytes.buffer);
	}
}

export async function loadPlugin(app: App, require: (name: string) => unknown): Promise<PluginOriginal> {
	shimPluginData();
	const [code, manifest, data, files] = await Promise.all([
		fetchOk('/main.js').then((r) => r.text()),
		fetchOk('/manifest.json').then((r) => r.json() as Promise<PluginManifest>),
		fetchOk('/plugin-data.json').then((r) => r.json() as Promise<unknown>),
		fetchOk('/plugin-files.json').then((r) => r.json() as Promise<{ name: string; base64: string }[]>),
	]);
	await restorePluginFolder(app, manifest, files);
	const Cls = evaluate(code, manifest.id, require);
	const plugin = new Cls(app, manifest);
	Plugin.fromOriginalType2__(plugin).data__ = data;
	// SHIM (Plugin.onload, https://docs.obsidian.md/Reference/TypeScript+API/Component/onload): Obsidian
	// awaits an async onload before it goes on; the mocks' Component.load drops the promise.
	let pending: unknown;
	const onload = plugin.onload.bind(plugin);
	plugin.onload = () => {
		pending = onload();
		return pending as Promise<void>;
	};
	try {
		plugin.load();
		await pending;
	} finally {
		delete (plugin as Partial<PluginOriginal>).onload;
	}
	return plugin;
}
