/** @jest-environment jsdom */
/**
 * Quiet scopes in the resume pane's scope picker: each option of a scope with no
 * checkpoint for 14 days says so with its last checkpoint's date, from the index (real
 * sql.js), and the option's value stays the scope.
 */
import 'obsidian-test-mocks/jest-setup';
import type { App as AppOriginal } from 'obsidian';
import { QUIET_AFTER } from '../../../src/core';
import type LogosContinuityPlugin from '../../../src/main';
import type { ResumeView } from '../../../src/ui/resume/resume-view';
import { loadPlugin, makeApp, movingClock, openResumeView, settle } from '../../helpers/harness';
import { NOW, T_A3, vaultFiles } from '../../helpers/vault-texts';

let app: AppOriginal;
let plugin: LogosContinuityPlugin;
const clock = movingClock(NOW);

afterEach(() => {
	plugin.unload();
	jest.restoreAllMocks();
});

async function setup(files: Record<string, string> = vaultFiles()): Promise<ResumeView> {
	app = makeApp(files);
	plugin = await loadPlugin(app);
	return openResumeView(app, plugin);
}

function options(view: ResumeView): { value: string; text: string; quiet: boolean }[] {
	const select = view.contentEl.querySelector<HTMLSelectElement>('.logos-scope-select');
	if (!select) throw new Error('no scope picker');
	return [...select.options].map((o) => ({ value: o.value, text: o.textContent ?? '', quiet: o.hasClass('logos-scope-quiet') }));
}

describe('quiet scopes in the scope picker', () => {
	test('a scope with no checkpoint for 14 days is marked with its last checkpoint\'s date', async () => {
		const view = await setup();
		// heron's only checkpoint is from 12 Oct; kestrel's newest is 3 hours old.
		expect(options(view)).toEqual([
			{ value: 'heron', text: 'heron · quiet since Oct 12', quiet: true },
			{ value: 'kestrel', text: 'kestrel', quiet: false },
		]);
		expect(view.contentEl.querySelector<HTMLSelectElement>('.logos-scope-select')?.value).toBe('kestrel');
	});

	test('the marks follow the clock: 14 days after kestrel\'s newest checkpoint it is not quiet yet, a second later it is', async () => {
		const view = await setup();
		clock.now = T_A3 + QUIET_AFTER;
		await view.refresh(true);
		expect(options(view).map((o) => o.text)).toEqual(['heron · quiet since Oct 12', 'kestrel']);
		clock.now = T_A3 + QUIET_AFTER + 1;
		await view.refresh(true);
		expect(options(view)).toEqual([
			{ value: 'heron', text: 'heron · quiet since Oct 12', quiet: true },
			{ value: 'kestrel', text: 'kestrel · quiet since Nov 17', quiet: true },
		]);
	});

	test('a scope with working notes and no checkpoint is quiet with no checkpoint', async () => {
		const files = vaultFiles();
		files['sessions/osprey/uncommitted.md'] = `# uncommitted — osprey\n\n- sketched the importer <!-- ts=${NOW - 60} agent=codex -->\n`;
		const view = await setup(files);
		expect(options(view).map((o) => o.text)).toEqual(['heron · quiet since Oct 12', 'kestrel', 'osprey · quiet, no checkpoints']);
	});

	test('the marks come from the index: without it the picker lists the scopes alone', async () => {
		const view = await setup();
		const activity = jest.spyOn(plugin.index.service.store!, 'scopeRecency');
		await view.refresh(true);
		expect(activity).toHaveBeenCalledWith(NOW, ['heron', 'kestrel']);
		jest.spyOn(plugin.index.service, 'store', 'get').mockReturnValue(null);
		await view.refresh(true);
		await settle();
		expect(options(view).map((o) => o.text)).toEqual(['heron', 'kestrel']);
	});
});
