/**
 * "Why was this file touched?", plans and abandoned sessions in real Chromium over a copy of
 * the demo vault, to which the test adds a project whose folder name is hostile to a shell
 * (with a session silent for 8 hours) and a session logos closed an hour ago.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_VAULT, openNote, openResumePane, PANE, runCommand, screenshot, shownNote, useHost, waitForNote, waitForPane } from './helpers';

const HOSTILE = "it's $(echo x)";
const WHY = '.workspace-leaf-content[data-type="logos-why"]';

function stamp(ts: number): { stem: string; iso: string } {
	const d = new Date(ts * 1000);
	const p = (n: number) => String(n).padStart(2, '0');
	// The page runs in America/Los_Angeles; a UTC name is fine for a record, the ISO time decides.
	return { stem: `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`, iso: d.toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

const served = useHost(DEMO_VAULT, {
	prepare: (host) => {
		const now = Math.floor(Date.now() / 1000);
		const dir = join(host.dir, 'sessions', HOSTILE);
		mkdirSync(dir, { recursive: true });
		const old = stamp(now - 86400);
		writeFileSync(join(dir, `${old.stem}-claude.md`), ['---', 'type: checkpoint', `project: "it's $(echo x)"`, 'agent: claude', `session: ${old.stem}-claude`, `checkpointed: ${old.iso}`, '---', '', '## Task', '', 'odd folder', '', '## Next', '', 'carry on', ''].join('\n'));
		writeFileSync(join(dir, 'uncommitted.md'), `# uncommitted — ${HOSTILE}\n\n- left halfway through the parser <!-- ts=${now - 8 * 3600} agent=cursor -->\n`);
		const closed = stamp(now - 3600);
		const rivet = join(host.dir, 'sessions', 'rivet', '_convos', '_unattached');
		writeFileSync(join(rivet, `${stamp(now - 10 * 3600).stem}-cursor.md`), ['---', 'type: checkpoint', 'project: rivet', 'agent: cursor', `session: ${stamp(now - 10 * 3600).stem}-cursor`, 'auto_closed: true', `checkpointed: ${closed.iso}`, '---', '', '## State', '',
			'Closed automatically — no activity for 9h, past the 6h0m0s abandonment window. Nobody reviewed or summarized this session; this is not a real handoff.', '', '## Next', '', 'Read the recorded notes below, if any, and decide whether to continue this work or discard it.', ''].join('\n'));
	},
});

test('the plan behind the latest checkpoint sits folded below the handoff block, matched by time', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'kestrel');
	await waitForPane(page, 'kestrel');
	const plan = page.locator(`${PANE} details.logos-plan`);
	await plan.waitFor({ timeout: 30_000 });
	expect(await plan.locator('summary').textContent()).toBe('Plan · plan saved about 2 hours before this checkpoint · matched by time');
	expect(await plan.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
	expect(await plan.evaluate((d) => d.parentElement?.previousElementSibling?.classList.contains('logos-handoff'))).toBe(true);
	await plan.locator('summary').click();
	await page.locator(`${PANE} .logos-plan-text h1`).waitFor();
	expect(await page.locator(`${PANE} .logos-plan-text`).textContent()).toContain('Leave retries to the outbox worker');
	await screenshot(page, 'plan-block');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('an abandoned session explains closing and offers the quoted logos sessions command; a closed one is labelled', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, HOSTILE);
	await waitForPane(page, HOSTILE);
	// Sections under the handoff block start closed: open the abandoned sessions.
	await page.click(`${PANE} [data-section="abandoned"] > .logos-section-title`);
	const help = page.locator(`${PANE} .logos-abandoned-help`);
	await help.waitFor();
	expect(await help.textContent()).toContain('auto-closed record that nobody reviewed');
	expect(await help.locator('code').textContent()).toBe(`logos sessions 'it'\\''s $(echo x)'`);
	await help.locator('button.logos-copy-command').waitFor();
	await screenshot(page, 'abandoned-help');

	await page.selectOption(`${PANE} select.logos-scope-select`, 'rivet');
	await waitForPane(page, 'rivet');
	// Open or closed is remembered per section: it is still open from the scope before.
	if ((await page.locator(`${PANE} .logos-section.is-collapsed[data-section="abandoned"]`).count()) > 0) await page.click(`${PANE} [data-section="abandoned"] > .logos-section-title`);
	const closed = page.locator(`${PANE} .logos-closed-session`);
	await closed.waitFor();
	expect(await closed.textContent()).toMatch(/^cursor's session closed (about )?1 hour ago · auto-closed — not a real handoff$/);
	await screenshot(page, 'closed-session');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('"Why was this file touched?" picks from every recorded path and answers in a view whose lines open the notes', async () => {
	const { page, errors } = await served.open();
	await runCommand(page, 'Why was this file touched?');
	const items = page.locator('.prompt .suggestion-item');
	await items.first().waitFor();
	await page.keyboard.type('webhooks/stripe');
	await page.waitForFunction(() => [...document.querySelectorAll('.prompt .suggestion-item')].some((e) => e.textContent === 'api/webhooks/stripe.ts (3 checkpoints)'));
	await screenshot(page, 'why-picker');
	await items.filter({ hasText: 'api/webhooks/stripe.ts (3 checkpoints)' }).click();
	const view = page.locator(WHY);
	await view.locator('.logos-why-mention').first().waitFor({ timeout: 30_000 });
	expect(await view.locator('.logos-why-mention').count()).toBe(3);
	expect(await view.locator('.logos-why-title').textContent()).toBe('api/webhooks/stripe.ts');
	expect(await view.locator('.logos-why-mention').first().textContent()).toContain('While: tell customers when a refund fails');
	await screenshot(page, 'why-view');
	await view.locator('.logos-why-mention').first().locator('.logos-task').click();
	await waitForNote(page, 'sessions/kestrel/_convos/a9c0d1e2-4b3f-4c5d-8e6f-7a8b9c0d1e2f/20261129-083015-claude.md');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('"Open the plans of this scope" offers the scope\'s plans and opens the chosen one', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'kestrel');
	await waitForPane(page, 'kestrel');
	await runCommand(page, 'Open the plans of this scope');
	const items = page.locator('.prompt .suggestion-item');
	await items.first().waitFor();
	expect(await items.first().textContent()).toBe('plan-20261129-081200-claude · Tell customers when a refund fails');
	await page.keyboard.press('Enter');
	await waitForNote(page, 'sessions/kestrel/plans/plan-20261129-081200-claude.md');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a file in the pane\'s Files section asks "Why was this file touched?" about itself', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'kestrel');
	await waitForPane(page, 'kestrel');
	if ((await page.locator(`${PANE} .logos-section.is-collapsed[data-section="files"]`).count()) > 0) await page.click(`${PANE} [data-section="files"] > .logos-section-title`);
	const file = page.locator(`${PANE} [data-section="files"] li`, { hasText: 'api/webhooks/stripe.ts' }).first();
	await file.locator('button.logos-file-why').click();
	const view = page.locator(WHY);
	await view.locator('.logos-why-mention').first().waitFor({ timeout: 30_000 });
	expect(await view.locator('.logos-why-title').textContent()).toBe('api/webhooks/stripe.ts');
	expect(await view.locator('.logos-why-mention').count()).toBe(3);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('in a checkpoint note\'s reading view, each path of Files asks "Why was this file touched?" about itself', async () => {
	const { page, errors } = await served.open();
	await openNote(page, 'sessions/kestrel/_convos/a9c0d1e2-4b3f-4c5d-8e6f-7a8b9c0d1e2f/20261129-083015-claude.md');
	const file = shownNote(page).locator('li', { hasText: 'api/webhooks/stripe.ts' }).first();
	await file.locator('button.logos-file-why').click();
	const view = page.locator(WHY);
	await view.locator('.logos-why-mention').first().waitFor({ timeout: 30_000 });
	expect(await view.locator('.logos-why-title').textContent()).toBe('api/webhooks/stripe.ts');
	expect(errors).toEqual([]);
	await page.context().close();
});
