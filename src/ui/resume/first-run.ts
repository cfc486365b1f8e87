/**
 * The first start of the plugin on a device opens the resume pane once in the right
 * sidebar, so a new person sees where the agents stopped without looking for it. Whether
 * that happened is device-local UI state (docs/decisions.md, "First run"): kept with
 * `app.saveLocalStorage`, never in data.json (often synced) nor in the vault.
 */
import { requireApiVersion, type App } from 'obsidian';
import { RESUME_VIEW_TYPE } from '../shared/labels';
import { openResumePane } from '../shared/pane';

export const FIRST_RUN_KEY = 'logos-continuity:first-run-done';

/**
 * Opens the pane if this device has never seen the plugin start and no pane is in the
 * layout already; true when it opened it. Obsidian before 1.8.7 has no per-vault local
 * storage: there nothing is opened, rather than opening on every start.
 */
export async function openOnFirstRun(app: App): Promise<boolean> {
	let first = false;
	if (requireApiVersion('1.8.7')) {
		first = app.loadLocalStorage(FIRST_RUN_KEY) === null;
		if (first) app.saveLocalStorage(FIRST_RUN_KEY, true);
	}
	if (!first || app.workspace.getLeavesOfType(RESUME_VIEW_TYPE).length > 0) return false;
	await openResumePane(app);
	return true;
}
