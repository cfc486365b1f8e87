/** @jest-environment jsdom */
/**
 * The index adapter and the person's notes report what the person should hear (IndexNews,
 * a rebuild's report) and show nothing themselves: the UI words it (src/ui/notes/store-notices.ts).
 */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal } from 'obsidian';
import { indexPath } from '../../src/vault/obsidian-bytes';
import { IndexService, type IndexHost, type IndexNews } from '../../src/vault/obsidian-store';
import { OwnNotes } from '../../src/vault/own-notes';
import { layoutReady, makeApp, MANIFEST } from '../helpers/harness';
import { takeNotices } from '../helpers/notice-shim';
import { vaultFiles } from '../helpers/vault-texts';

jest.mock('obsidian', () => jest.requireActual<typeof import('../helpers/notice-shim')>('../helpers/notice-shim').obsidianWithNotices());

let app: AppOriginal;
let told: IndexNews[];
let service: IndexService;

function host(): IndexHost {
	return { app, manifest: MANIFEST, folder: () => 'sessions', agentName: () => 'obsidian', changed: () => undefined, tell: (news) => told.push(news) };
}

async function started(): Promise<IndexService> {
	const s = new IndexService(host());
	s.load();
	layoutReady(app);
	s.start();
	await s.run(() => undefined);
	return s;
}

beforeEach(() => {
	told = [];
	takeNotices();
	app = makeApp(vaultFiles());
});

afterEach(() => service.unload());

test('an index file that cannot be read is reported once as rebuilt; the adapter shows no notice', async () => {
	await app.vault.adapter.mkdir(`${app.vault.configDir}/plugins/logos-continuity`);
	await app.vault.adapter.writeBinary(indexPath(app.vault, MANIFEST), new TextEncoder().encode('not a database '.repeat(20)).buffer);
	service = await started();
	expect(service.store?.checkpointsOfScope('kestrel')).toHaveLength(3);
	expect(told).toEqual([{ kind: 'index-rebuilt' }]);
	expect(takeNotices()).toEqual([]);
});

test('a first start with no index file is no news', async () => {
	service = await started();
	expect(service.store).not.toBeNull();
	expect(told).toEqual([]);
});

test('"Rebuild index" answers with what it read', async () => {
	service = await started();
	const report = await service.rebuild();
	expect(report?.read).toBeGreaterThanOrEqual(3);
	expect(takeNotices()).toEqual([]);
});

test('a note with a secret is reported masked, and a note that cannot be written is reported kept, with the reason', async () => {
	service = await started();
	const notes = new OwnNotes(host(), service);
	jest.spyOn(app.vault, 'process').mockRejectedValueOnce(new Error('disk full'));
	expect(await notes.add('kestrel', 'token sk_live_0123456789abcdefghijklmn')).toBe(false);
	expect(told).toEqual([{ kind: 'note-masked', secrets: 1 }, { kind: 'note-kept', why: expect.stringContaining('disk full') }]);
	expect(takeNotices()).toEqual([]);
});
