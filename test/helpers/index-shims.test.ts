/** @jest-environment jsdom */
/**
 * Pins what the index's shims stand in for, as Obsidian's API documents it, so a shim
 * cannot drift into behaviour the real app does not have.
 */
import 'obsidian-test-mocks/jest-setup';
import { TFile, type CachedMetadata } from 'obsidian';
import { loadPlugin, makeApp } from './harness';

function file(app: ReturnType<typeof makeApp>, path: string): TFile {
	const f = app.vault.getAbstractFileByPath(path);
	if (!(f instanceof TFile)) throw new Error(`no file ${path}`);
	return f;
}

describe('index shims', () => {
	test('liveStats: TFile.stat follows the file (FileStats: mtime and size of the last write)', async () => {
		const app = makeApp({ 'a.md': 'one' });
		const f = file(app, 'a.md');
		expect(f.stat.size).toBe(3);
		jest.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
		await app.vault.modify(f, 'three');
		expect(f.stat).toMatchObject({ size: 5, mtime: 1_800_000_000_000 });
		const created = await app.vault.create('b.md', 'hello');
		expect(created.stat.size).toBe(5);
		jest.restoreAllMocks();
	});

	test('metadataFollowsFiles: "deleted" carries the previous cache; a rename keeps the cache under the new path', async () => {
		const app = makeApp({ 'notes/a.md': '# A\n', 'notes/b.md': '# B\n' });
		// The mocks fill their cache when a file is written, as Obsidian does once it has indexed it.
		await app.vault.modify(file(app, 'notes/a.md'), '# A\n\n- item\n');
		await app.vault.modify(file(app, 'notes/b.md'), '# B\n');
		const deleted: [string, CachedMetadata | null][] = [];
		app.metadataCache.on('deleted', (f, prev) => deleted.push([f.path, prev]));
		const b = file(app, 'notes/b.md');
		await app.vault.delete(b);
		expect(deleted.map(([p, prev]) => [p, prev?.headings?.[0]?.heading])).toEqual([['notes/b.md', 'B']]);
		const a = file(app, 'notes/a.md');
		await app.vault.rename(a, 'moved/a.md');
		expect(app.metadataCache.getFileCache(a)?.listItems).toHaveLength(1);
	});

	test('the plugin indexes without the metadata cache\'s "resolved" event (decisions §8)', async () => {
		const app = makeApp({ 'sessions/kestrel/uncommitted.md': '- a note <!-- ts=1 agent=claude -->\n' });
		const fired: string[] = [];
		const trigger = app.metadataCache.trigger.bind(app.metadataCache);
		app.metadataCache.trigger = (name: string, ...data: unknown[]) => {
			fired.push(name);
			trigger(name, ...data);
		};
		const plugin = await loadPlugin(app);
		await plugin.index.service.run(() => undefined);
		expect(fired).not.toContain('resolved');
		expect(plugin.index.service.store?.uncommittedCount('kestrel')).toBe(1);
		plugin.unload();
	});
});
