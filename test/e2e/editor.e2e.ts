/**
 * The plugin's editor features in real Chromium, over test/fixtures/vault-own: notes opened in
 * the host's editing view (a CodeMirror 6 EditorView carrying the extensions the plugin
 * registered, see host/editor.ts). The chain bar and the verdict marks drawn as CodeMirror
 * decorations in live preview; the cursor commands offered from the palette only on a ruling,
 * and retiring one appends its line and redraws its mark in place, on a checkpoint's bullet as
 * on a dead-end note of uncommitted.md; typing into an auto record warns once, and what was
 * typed is saved to the vault.
 *
 * Writes stay in the page's memory; files are read back through the page's vault.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
	clickInFileList,
	noticesShown,
	openNoteForEditing,
	paletteOffers,
	ROOT,
	runCommand,
	screenshot,
	setNoteMode,
	shownEditor,
	shownNote,
	useHost,
	vaultText,
	waitForEditor,
	waitForNote,
} from './helpers';

const VAULT = join(ROOT, 'test/fixtures/vault-own');
const ALPHA = 'sessions/alpha';
const REVIEWED = `${ALPHA}/reviewed.md`;
/** a4, then a5, in conversation …0a02. */
const A4 = `${ALPHA}/20261104-080000-codex.md`;
/** a5: one `Didn't work` bullet, R2, reconfirmed at 9c4d2e1 in reviewed.md. */
const A5 = `${ALPHA}/_convos/0199a0b0-0000-7000-8000-000000000a02/20261104-120000-codex.md`;
/** a6: an auto record (`auto: true`). */
const A6 = `${ALPHA}/_convos/b7e2a9c4-1d3f-4e5a-8b6c-000000000a03/20261105-170000-claude-code.md`;
const R2 = 'matching internal callers by X-Forwarded-For — the NAT rewrites it for every caller';
/** alpha's working notes: one of them a dead end (a typed `route:` record) with no verdict yet. */
const NOTES = `${ALPHA}/uncommitted.md`;
const ROUTE = 'route: per-key buckets in the CDN edge | observation: edge workers share no state across POPs | layer: infrastructure | scope: alpha';
const ROUTE_COMMENT = '<!-- ts=1794520541 agent=codex -->';
/** A note of the same file that is no dead end. */
const METRICS = 'limiter metrics exported as gateway_ratelimit_throttled_total';
/** A bullet of a5's `Verified` section: a list item, not a ruling. */
const VERIFIED = 'an exempt identity is never throttled';
const RETIRE = 'Logos Continuity: Retire ruling under cursor';
const RECONFIRM = 'Logos Continuity: Reconfirm ruling under cursor';
/** src/ui/chain/chain-auto.ts AUTO_EDIT_NOTICE, as the person reads it. */
const AUTO_EDIT_NOTICE =
	'This checkpoint is an auto record (auto: true): logos may rewrite it, and your edit with it. Remove the line "auto: true" to make the record yours.';

const served = useHost(VAULT);

const pageNow = (page: Page): Promise<number> => page.evaluate(() => Math.floor(Date.now() / 1000));

/** The editor's line holding `text` (a `.cm-line` of the CodeMirror content). */
const line = (page: Page, text: string): Locator => shownEditor(page).locator('.cm-content > .cm-line', { hasText: text });
const bar = (page: Page): Locator => shownEditor(page).locator('.cm-content > .logos-chain-widget .logos-chain-bar');

/** Puts the cursor in a line as a person does: a click a little way into its text. */
async function clickLine(page: Page, text: string): Promise<void> {
	await line(page, text).click({ position: { x: 24, y: 8 } });
}

/** What the active editor holds: its text and where the cursor is (0-based line). */
async function editorState(page: Page): Promise<{ text: string; line: number }> {
	return page.evaluate(() => {
		const ws = (window.host?.app as { workspace: { activeEditor: { editor: { getValue(): string; getCursor(): { line: number } } } | null } }).workspace;
		const editor = ws.activeEditor?.editor;
		if (!editor) throw new Error('no active editor');
		return { text: editor.getValue(), line: editor.getCursor().line };
	});
}

/**
 * "Retire ruling under cursor" from the palette with the cursor put on the line holding
 * `ruling` of `text` (the open file). Checks the one line it appends to reviewed.md — the
 * line the pane writes too (reviews.e2e.ts): `- retired: <ruling> <!-- ts=N -->`, N now —
 * and returns it, reviewed.md before it, and the local day its mark shows.
 */
async function retireUnderCursor(page: Page, ruling: string, text: string): Promise<{ before: string; added: string; day: string }> {
	const before = await vaultText(page, REVIEWED);
	await clickLine(page, ruling);
	expect((await editorState(page)).line).toBe(text.split('\n').findIndex((l) => l.includes(ruling)));
	const t0 = await pageNow(page);
	await runCommand(page, 'Retire ruling under cursor');
	const [added] = await appended(page, REVIEWED, before, 1);
	const m = /^- (.+?): (.+) <!-- ts=(\d+) -->$/.exec(added);
	expect(m && [m[1], m[2]]).toEqual(['retired', ruling]);
	const ts = Number(m?.[3]);
	expect(ts).toBeGreaterThanOrEqual(t0);
	expect(ts).toBeLessThanOrEqual(await pageNow(page));
	return { before, added, day: await page.evaluate((s) => new Date(s * 1000).toLocaleDateString('en-CA'), ts) };
}

/** Waits until `path` holds `n` lines more than `before` (nothing else changed), and returns them. */
async function appended(page: Page, path: string, before: string, n: number): Promise<string[]> {
	const deadline = Date.now() + 15_000;
	for (;;) {
		const after = await vaultText(page, path);
		expect(after.startsWith(before)).toBe(true);
		const lines = after.slice(before.length).split('\n').filter((l) => l !== '');
		if (lines.length >= n || Date.now() > deadline) return lines;
		await page.waitForTimeout(50);
	}
}

test('a checkpoint in live preview: the chain bar above its body and verdict marks beside its rulings, as CodeMirror decorations', async () => {
	const { page, errors } = await served.open();
	await openNoteForEditing(page, A5);
	const view = shownEditor(page);
	await expect(view.evaluate((el) => el.closest('.workspace-leaf-content')?.getAttribute('data-mode'))).resolves.toBe('source');

	// The chain bar: a block widget just before the first body line, with its steps.
	await bar(page).locator('.logos-chain-position', { hasText: '2 of 2' }).waitFor({ timeout: 30_000 });
	const widget = view.locator('.cm-content > .logos-chain-widget');
	await expect(widget.count()).resolves.toBe(1);
	await expect(widget.evaluate((el) => el.nextElementSibling?.textContent)).resolves.toBe('## Task');
	const previous = bar(page).locator('[data-chain="previous"]');
	await expect(previous.getAttribute('aria-label')).resolves.toMatch(/^Previous in this conversation: codex · Nov 4(?: 2026)?, 08:00\n20261104-080000-codex$/);
	await expect(previous.isEnabled()).resolves.toBe(true);
	await expect(bar(page).locator('[data-chain="next"]').isDisabled()).resolves.toBe(true);

	// The verdict mark: the ruling's text marked, the badge after it, outside the document.
	const ruling = line(page, R2);
	await ruling.locator('.logos-verdict').waitFor({ timeout: 30_000 });
	await expect(ruling.locator('.logos-ruling-reconfirmed').textContent()).resolves.toBe(R2);
	await expect(ruling.locator('.logos-verdict').getAttribute('class')).resolves.toBe('logos-verdict logos-verdict-reconfirmed');
	await expect(ruling.locator('.logos-verdict').textContent()).resolves.toBe('reconfirmed 2026-11-09 at 9c4d2e1');
	await expect(ruling.locator('.logos-verdict').getAttribute('contenteditable')).resolves.toBe('false');
	await expect(view.locator('.logos-verdict').count()).resolves.toBe(1);
	// Neither the bar nor the badge is part of the text: the editor holds the file as it is.
	expect((await editorState(page)).text).toBe(await vaultText(page, A5));
	await ruling.scrollIntoViewIfNeeded();
	await screenshot(page, 'editor-live-preview');

	// Source mode: the bar stays, the marks are live preview's only.
	await setNoteMode(page, A5, 'source', true);
	await bar(page).locator('.logos-chain-position', { hasText: '2 of 2' }).waitFor();
	await line(page, R2).waitFor();
	await expect(view.locator('.logos-verdict').count()).resolves.toBe(0);
	await setNoteMode(page, A5, 'source', false);
	await line(page, R2).locator('.logos-verdict-reconfirmed').waitFor();

	// A step on the bar opens the previous checkpoint in the same tab, still in live preview.
	await bar(page).locator('[data-chain="previous"]').click();
	await waitForEditor(page, A4);
	await bar(page).locator('.logos-chain-position', { hasText: '1 of 2' }).waitFor();
	expect(errors).toEqual([]);
	await page.context().close();
});

/** How far the note's content runs past its visible width, and the bar's buttons past its right edge (px). */
async function overflow(page: Page, mode: 'editor' | 'reading'): Promise<{ content: number; buttons: number }> {
	const root = mode === 'editor' ? shownEditor(page) : shownNote(page);
	return root.evaluate((el, m) => {
		const scroller = (m === 'editor' ? el.querySelector('.cm-scroller') : el) as HTMLElement;
		const right = scroller.getBoundingClientRect().right;
		const buttons = [...el.querySelectorAll('.logos-chain-button')].map((b) => b.getBoundingClientRect().right);
		return { content: scroller.scrollWidth - scroller.clientWidth, buttons: Math.max(0, Math.ceil(Math.max(...buttons) - right)) };
	}, mode);
}

test('the chain bar never widens the note: live preview and reading view, at 1400 and 360 px', async () => {
	for (const width of [1400, 360]) {
		const { page, errors } = await served.open({ viewport: { width, height: 900 } });
		// At 360 px the docks are drawers over the note, as on a phone: close both, open the note as a link would.
		if (width < 600) for (const side of ['left', 'right']) await page.click(`.host-toggle-${side}`);
		await setNoteMode(page, A5, 'source');
		const shown = await shownEditor(page).boundingBox();
		expect(shown?.width).toBeGreaterThan(Math.min(width * 0.8, 600));
		await bar(page).locator('.logos-chain-position', { hasText: '2 of 2' }).waitFor({ timeout: 30_000 });
		expect([width, 'live preview', await overflow(page, 'editor')]).toEqual([width, 'live preview', { content: 0, buttons: 0 }]);
		await screenshot(page, `editor-chain-bar-${width}`);
		await setNoteMode(page, A5, 'preview');
		await shownNote(page).locator('.logos-chain-bar').waitFor();
		expect([width, 'reading view', await overflow(page, 'reading')]).toEqual([width, 'reading view', { content: 0, buttons: 0 }]);
		expect(errors).toEqual([]);
		await page.context().close();
	}
});

test('on a ruling, "Retire ruling under cursor" appends its line to reviewed.md, and its mark turns to retired in place', async () => {
	const { page, errors } = await served.open();
	await openNoteForEditing(page, A5);
	await line(page, R2).locator('.logos-verdict-reconfirmed').waitFor({ timeout: 30_000 });
	const note = await vaultText(page, A5);
	// The editor as it is now: the same element must show the new mark (nothing reopened).
	await shownEditor(page).locator('.cm-editor').evaluate((el) => el.setAttribute('data-e2e', 'before-retire'));
	const { before, added, day } = await retireUnderCursor(page, R2, note);

	const ruling = line(page, R2);
	await ruling.locator('.logos-verdict-retired').waitFor({ timeout: 30_000 });
	await expect(ruling.locator('.logos-verdict').textContent()).resolves.toBe(`retired ${day}`);
	await expect(ruling.locator('.logos-ruling-retired').textContent()).resolves.toBe(R2);
	await expect(ruling.locator('.logos-ruling-reconfirmed').count()).resolves.toBe(0);
	await expect(shownEditor(page).locator('.cm-editor[data-e2e="before-retire"]').count()).resolves.toBe(1);
	// The notice says so, with Undo (the ruling shortened as the plugin does).
	const notice = page.locator('.notice', { hasText: 'Retired: “matching internal callers by X-Forwarded-For' });
	await expect(notice.locator('button.logos-undo').textContent()).resolves.toBe('Undo');
	// One line in reviewed.md, nothing in the note.
	expect((await vaultText(page, REVIEWED)).slice(before.length).split('\n').filter((l) => l !== '')).toEqual([added]);
	expect(await vaultText(page, A5)).toBe(note);
	expect((await editorState(page)).text).toBe(note);
	await ruling.scrollIntoViewIfNeeded();
	await screenshot(page, 'editor-ruling-retired');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('a dead-end note of uncommitted.md: retired from the cursor, its mark drawn right after its text, in live preview and reading view', async () => {
	const { page, errors } = await served.open();
	await openNoteForEditing(page, NOTES);
	const notes = await vaultText(page, NOTES);
	expect(notes.split('\n')).toContain(`- ${ROUTE} ${ROUTE_COMMENT}`);
	await line(page, ROUTE).waitFor({ timeout: 30_000 });
	await expect(shownEditor(page).locator('.logos-verdict').count()).resolves.toBe(0);

	// A note that is no dead end is not a ruling; the typed dead end is.
	await clickLine(page, METRICS);
	await expect(paletteOffers(page, 'ruling under cursor')).resolves.toEqual([]);
	const { day } = await retireUnderCursor(page, ROUTE, notes);

	// Live preview: the note's text struck, the badge between it and its comment; no other line marked.
	const note = line(page, ROUTE);
	await note.locator('.logos-verdict-retired').waitFor({ timeout: 30_000 });
	await expect(note.locator('.logos-verdict').textContent()).resolves.toBe(`retired ${day}`);
	await expect(note.locator('.logos-ruling-retired').textContent()).resolves.toBe(ROUTE);
	await expect(note.textContent()).resolves.toBe(`- ${ROUTE}retired ${day} ${ROUTE_COMMENT}`);
	await expect(shownEditor(page).locator('.logos-verdict').count()).resolves.toBe(1);
	await expect(line(page, METRICS).locator('.logos-verdict').count()).resolves.toBe(0);
	// The notes file is untouched: the mark is drawn, not written.
	expect(await vaultText(page, NOTES)).toBe(notes);
	expect((await editorState(page)).text).toBe(notes);
	await note.scrollIntoViewIfNeeded();
	await screenshot(page, 'editor-note-retired');

	// Reading view: the same mark on the note's list item, and on no other.
	await page.keyboard.press('Control+E');
	await waitForNote(page, NOTES);
	const item = shownNote(page).locator('li', { hasText: 'route: per-key buckets in the CDN edge' });
	await item.locator('.logos-verdict-retired').waitFor({ timeout: 30_000 });
	await expect(item.locator('.logos-verdict').textContent()).resolves.toBe(`retired ${day}`);
	expect(await item.getAttribute('class')).toContain('logos-ruling-retired');
	await expect(shownNote(page).locator('li .logos-verdict').count()).resolves.toBe(1);
	await screenshot(page, 'reading-note-retired');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('the cursor commands are offered only with the cursor on a ruling, in the editing view', async () => {
	const { page, errors } = await served.open();
	await openNoteForEditing(page, A5);
	await line(page, R2).locator('.logos-verdict').waitFor({ timeout: 30_000 });
	const before = await vaultText(page, REVIEWED);

	// A bullet of another section, and the heading of the rulings: not rulings.
	await clickLine(page, VERIFIED);
	await expect(paletteOffers(page, 'ruling under cursor')).resolves.toEqual([]);
	await clickLine(page, "## Didn't work");
	await expect(paletteOffers(page, 'ruling under cursor')).resolves.toEqual([]);
	// The ruling itself: both are offered.
	await clickLine(page, R2);
	await expect(paletteOffers(page, 'ruling under cursor')).resolves.toEqual([RECONFIRM, RETIRE]);
	// Reading view has no editor: editor commands are not offered there.
	await page.keyboard.press('Control+E');
	await waitForNote(page, A5);
	await expect(paletteOffers(page, 'ruling under cursor')).resolves.toEqual([]);
	expect(await vaultText(page, REVIEWED)).toBe(before);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('typing into an auto record warns once that logos may rewrite it; typing is saved to the vault', async () => {
	const { page, errors } = await served.open();
	// An agent's checkpoint first: typing there is no cause for a warning.
	await openNoteForEditing(page, A5);
	const a5 = await vaultText(page, A5);
	await clickLine(page, 'ship the limiter to staging behind the flag');
	await page.keyboard.press('End');
	await page.keyboard.type(' first');
	await expect(line(page, 'ship the limiter to staging behind the flag first').count()).resolves.toBe(1);
	await page.waitForTimeout(300);
	expect(await noticesShown(page)).not.toContain(AUTO_EDIT_NOTICE);

	// The auto record, from the file list: the tab stays in live preview (and a5's edit is saved as it closes).
	await clickInFileList(page, A6);
	await waitForEditor(page, A6);
	expect(await vaultText(page, A5)).toBe(a5.replace('ship the limiter to staging behind the flag', 'ship the limiter to staging behind the flag first'));
	const a6 = await vaultText(page, A6);
	await clickLine(page, '- limiter/bucket.go');
	await page.keyboard.press('End');
	await page.keyboard.type(' — read twice');
	const notice = page.locator('.notice', { hasText: 'This checkpoint is an auto record' });
	await notice.waitFor();
	await expect(notice.textContent()).resolves.toBe(AUTO_EDIT_NOTICE);
	await page.keyboard.type(', then again');
	await screenshot(page, 'editor-auto-warning');
	// Once per note, however much is typed.
	expect((await noticesShown(page)).filter((n) => n === AUTO_EDIT_NOTICE)).toHaveLength(1);

	// Obsidian saves two seconds after the last keystroke: the vault gets exactly what was typed.
	const want = a6.replace('- limiter/bucket.go', '- limiter/bucket.go — read twice, then again');
	expect(want).not.toBe(a6);
	await page.waitForFunction(
		async ([path, text]) => {
			const app = window.host?.app as { vault: { adapter: { read(p: string): Promise<string> } } };
			return (await app.vault.adapter.read(path)) === text;
		},
		[A6, want] as const,
		{ timeout: 10_000 },
	);
	expect((await editorState(page)).text).toBe(want);
	expect(errors).toEqual([]);
	await page.context().close();
});
