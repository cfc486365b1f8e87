/**
 * The built plugin in real Chromium, over the e2e vault (test/e2e/fixtures/vault-e2e): what a
 * person sees when the plugin loads, opens the resume pane, follows a line of it, and meets a
 * checkpoint full of HTML. Each test leaves a screenshot in test/e2e/artifacts/.
 *
 * The other features have their own `<feature>.e2e.ts` beside this file (see README.md).
 */
import { E2E_VAULT, openResumePane, PANE, screenshot, useHost, waitForPane } from './helpers';

const served = useHost(E2E_VAULT);

test('the plugin loads with no console error: its command, ribbon icon and status bar item are there', async () => {
	const { page, errors } = await served.open();
	const status = page.locator('.status-bar-item.plugin-logos-continuity.logos-status');
	await page.waitForFunction(() => (document.querySelector('.status-bar-item.plugin-logos-continuity.logos-status')?.textContent ?? '') !== '');
	expect(await status.textContent()).toMatch(/\b2\b.*uncommitted/i);
	await expect(page.locator('.side-dock-ribbon-action[aria-label="Open resume pane"]').count()).resolves.toBe(1);
	await page.keyboard.press('Control+P');
	const labels = await page.locator('.host-command-palette .suggestion-item').allTextContents();
	expect(labels).toContain('Logos Continuity: Open resume pane');
	await screenshot(page, 'command-palette');
	await page.keyboard.press('Escape');
	await expect(page.textContent('.host-writes')).resolves.toBe('writes go to memory');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('the resume pane shows the scope’s latest checkpoint: who stopped, the task, the next step', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	const pane = page.locator(PANE);
	await expect(pane.locator('select.logos-scope-select').inputValue()).resolves.toBe('harbor');
	expect(await pane.locator('.logos-who').textContent()).toMatch(/^claude · /);
	expect(await pane.locator('.logos-body').textContent()).toContain('publish the tide table for the north pier');
	expect(await pane.locator('[data-part="next"]').textContent()).toContain('add the south pier readings from the new gauge');
	// The older checkpoint's next step is not the one offered.
	expect(await pane.locator('[data-part="next"]').textContent()).not.toContain('collect the readings for the north pier');
	await screenshot(page, 'resume-pane');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a line of the pane opens its checkpoint in the centre, at that line', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await page.locator(`${PANE} [data-part="next"] .logos-link`).first().click();
	const note = page.locator('.workspace-split.mod-root .workspace-leaf.host-shown .markdown-reading-view');
	await note.locator('.inline-title').waitFor();
	expect(await note.locator('.inline-title').textContent()).toBe('20261125-143000-claude');
	// The note is scrolled to the checkpoint's Next part, which flashes as in Obsidian.
	expect(await note.locator('.is-flashing').textContent()).toMatch(/Next|add the south pier readings from the new gauge/);
	await screenshot(page, 'pane-line-opens-note');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a checkpoint holding <img onerror> and <script> renders inert in the pane and in the note', async () => {
	const { page, dialogs } = await served.open();
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'hostile');
	await waitForPane(page, 'hostile');
	expect(await page.locator(`${PANE} .logos-body`).textContent()).toContain('in titles');
	await page.click('.nav-folder-title[data-path="sessions/hostile"]');
	await page.click('.nav-file-title[data-path="sessions/hostile/20261118-100000-claude.md"]');
	const note = page.locator('.workspace-split.mod-root .workspace-leaf.host-shown .markdown-reading-view');
	await note.locator('.el-h2').first().waitFor();
	// Give an image's onerror, an svg's onload or a script every chance to run.
	await page.waitForTimeout(1000);
	expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
	expect(dialogs).toEqual([]);
	for (const root of [PANE, '.markdown-reading-view']) {
		expect(await page.locator(`${root} script`).count()).toBe(0);
		expect(await page.locator(`${root} [onerror], ${root} [onload]`).count()).toBe(0);
	}
	await screenshot(page, 'html-inert');
	await page.context().close();
});
