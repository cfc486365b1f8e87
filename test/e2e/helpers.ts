/**
 * What every e2e test needs: a host server over a temporary copy of a vault (the real
 * `scripts/demo-host.mjs`, as a child process), Debian's Chromium through playwright-core,
 * and a page that records what a person would notice going wrong (console errors, uncaught
 * exceptions, dialogs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium, type Browser, type Dialog, type Locator, type Page } from 'playwright-core';
import chromiumConfig from './chromium.json';

export const ROOT = resolve(__dirname, '../..');
export const ARTIFACTS = join(ROOT, 'test/e2e/artifacts');
export const E2E_VAULT = join(ROOT, 'test/e2e/fixtures/vault-e2e');
export const DEMO_VAULT = join(ROOT, 'demo-vault');
/** What the pane says while it reads the sessions folder (src/ui/shared/labels.ts EMPTY.loading). */
const LOADING = 'Reading the sessions folder';

export interface Host {
	url: string;
	/** The temporary vault folder the host serves. */
	dir: string;
	stop(): Promise<void>;
}

/** Serves a temporary copy of `vault` (the original is never touched); `write` passes --write. */
export async function startHost(vault: string, write = false): Promise<Host> {
	// The copy keeps the vault's folder name: the page shows it as the vault's name.
	const parent = mkdtempSync(join(tmpdir(), 'logos-e2e-'));
	const dir = join(parent, basename(vault));
	cpSync(vault, dir, { recursive: true });
	const args = ['scripts/demo-host.mjs', '--vault', dir, '--port', '0', ...(write ? ['--write'] : [])];
	// stdin is the host's lifeline: if this process dies, the pipe closes and the host stops too.
	const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LOGOS_HOST_LIFELINE: '1' } });
	let out = '';
	const url = await new Promise<string>((ok, fail) => {
		const timer = setTimeout(() => fail(new Error(`the host did not start in 30 s:\n${out}`)), 30_000);
		const read = (chunk: Buffer): void => {
			out += chunk.toString();
			const m = /https?:\/\/127\.0\.0\.1:\d+\//.exec(out);
			if (m) {
				clearTimeout(timer);
				ok(m[0]);
			}
		};
		child.stdout?.on('data', read);
		child.stderr?.on('data', read);
		child.once('exit', (code) => {
			clearTimeout(timer);
			fail(new Error(`the host exited with ${code}:\n${out}`));
		});
	});
	return {
		url,
		dir,
		stop: async () => {
			if (child.exitCode === null) {
				const exited = new Promise((ok) => child.once('exit', ok));
				child.kill('SIGTERM');
				await exited;
			}
			rmSync(parent, { recursive: true, force: true });
		},
	};
}

/** Debian's Chromium; when it is missing the test fails and says how to install it. */
export async function launchChromium(): Promise<Browser> {
	if (!existsSync(chromiumConfig.executablePath)) throw new Error(chromiumConfig.missing);
	// Playwright gives each launch a fresh, temporary user-data dir and removes it on close.
	return chromium.launch({ executablePath: chromiumConfig.executablePath, args: chromiumConfig.args, headless: true });
}

export interface HostPage {
	page: Page;
	/** console.error messages and uncaught exceptions, in order. */
	errors: string[];
	dialogs: string[];
}

export interface OpenOptions {
	/** The window's size; 1400 × 900 by default. */
	viewport?: { width: number; height: number };
	/** Obsidian's light (default) or dark theme: `body.theme-dark` and its variables. */
	theme?: 'light' | 'dark';
}

/** Opens the host in a fresh context and waits until the plugin is loaded and the layout ready. */
export async function openHost(browser: Browser, host: Host, options: OpenOptions = {}): Promise<HostPage> {
	const viewport = options.viewport ?? { width: 1400, height: 900 };
	const theme = options.theme ?? 'light';
	const context = await browser.newContext({ viewport, timezoneId: 'America/Los_Angeles', locale: 'en-US', colorScheme: theme });
	const page = await context.newPage();
	const errors: string[] = [];
	const dialogs: string[] = [];
	page.on('console', (m) => {
		if (m.type() === 'error') errors.push(m.text());
	});
	page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
	page.on('dialog', (d: Dialog) => {
		dialogs.push(`${d.type()}: ${d.message()}`);
		void d.dismiss();
	});
	await page.goto(theme === 'dark' ? `${host.url}?theme=dark` : host.url);
	await page.waitForSelector('body[data-host="ready"], body[data-host="failed"]', { timeout: 30_000 });
	const state = await page.getAttribute('body', 'data-host');
	if (state !== 'ready') throw new Error(`the host did not load the plugin: ${(await page.textContent('.host-failure')) ?? ''}\n${errors.join('\n')}`);
	return { page, errors, dialogs };
}

export interface UseHostOptions extends OpenOptions {
	/** Start the host with --write: writes reach the served folder instead of the page's memory. */
	write?: boolean;
	/** Changes the served copy (`host.dir`) once the host is up, before any test opens a page. */
	prepare?: (host: Host) => void | Promise<void>;
}

export interface HostedVault {
	readonly browser: Browser;
	readonly host: Host;
	/** A fresh page over the host, in its own context (the test closes it); the viewport given to useHost unless `options` says otherwise. */
	open(options?: OpenOptions): Promise<HostPage>;
}

/**
 * One Chromium and one host over a copy of `vault` for the enclosing file or describe block:
 * started in beforeAll, stopped in afterAll. Its fields are there once beforeAll has run, that
 * is inside the tests.
 */
export function useHost(vault: string, options: UseHostOptions = {}): HostedVault {
	let browser: Browser | undefined;
	let host: Host | undefined;
	beforeAll(async () => {
		// The browser first: without Chromium the tests fail at once, with no server left running.
		browser = await launchChromium();
		host = await startHost(vault, options.write);
		await options.prepare?.(host);
	});
	afterAll(async () => {
		await browser?.close();
		await host?.stop();
	});
	const up = <T>(value: T | undefined): T => {
		if (value === undefined) throw new Error('the browser and the host start in beforeAll: use them inside a test');
		return value;
	};
	return {
		get browser() {
			return up(browser);
		},
		get host() {
			return up(host);
		},
		open: (open = {}) => openHost(up(browser), up(host), { viewport: open.viewport ?? options.viewport, theme: open.theme ?? options.theme }),
	};
}

/** Runs a command the way a person does: Ctrl-P, its name, Enter. */
export async function runCommand(page: Page, name: string): Promise<void> {
	await page.keyboard.press('Control+P');
	await page.waitForSelector('.host-command-palette .prompt-input');
	await page.keyboard.type(name);
	await page.waitForSelector(`.host-command-palette .suggestion-item.is-selected:has-text("${name}")`);
	await page.keyboard.press('Enter');
	await page.waitForSelector('.host-command-palette', { state: 'detached' });
}

export const PANE = '.workspace-leaf-content[data-type="logos-resume"]';

/** Opens the resume pane from the palette and waits until it shows something other than "reading". */
export async function openResumePane(page: Page): Promise<void> {
	await runCommand(page, 'Open resume pane');
	await waitForPane(page);
}

export async function waitForPane(page: Page, scope?: string): Promise<void> {
	await page.waitForFunction(
		([pane, loading, want]) => {
			const body = document.querySelector(`${pane} .logos-body`);
			if (!body || body.childElementCount === 0 || (body.textContent ?? '').startsWith(loading)) return false;
			const select = document.querySelector<HTMLSelectElement>(`${pane} select.logos-scope-select`);
			return want === null || select?.value === want;
		},
		[PANE, LOADING, scope ?? null] as const,
		{ timeout: 30_000 },
	);
}

/** The note shown in the centre (reading view). */
export function shownNote(page: Page): Locator {
	return page.locator('.workspace-split.mod-root .workspace-leaf.host-shown .markdown-reading-view');
}

/** Waits until the centre shows the note `path` (its inline title is the file's base name). */
export async function waitForNote(page: Page, path: string): Promise<void> {
	const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
	await page.waitForFunction(
		(want) => document.querySelector('.workspace-split.mod-root .workspace-leaf.host-shown .markdown-reading-view .inline-title')?.textContent === want,
		base,
		{ timeout: 30_000 },
	);
}

/** Clicks a note in the file list, unfolding its folders first, as a person does. */
export async function clickInFileList(page: Page, path: string): Promise<void> {
	const parts = path.split('/');
	for (let i = 1; i < parts.length; i++) {
		const folder = parts.slice(0, i).join('/');
		const collapsed = page.locator(`.nav-folder.is-collapsed > .nav-folder-title[data-path="${folder}"]`);
		if ((await collapsed.count()) > 0) await collapsed.click();
	}
	await page.click(`.nav-file-title[data-path="${path}"]`);
}

/** Opens a note as a person does (the file list) and waits for its reading view. */
export async function openNote(page: Page, path: string): Promise<void> {
	await clickInFileList(page, path);
	await waitForNote(page, path);
}

/** The note shown in the centre in its editing view (live preview or source mode): CodeMirror 6 in Obsidian's wrapper. */
export function shownEditor(page: Page): Locator {
	return page.locator('.workspace-split.mod-root .workspace-leaf.host-shown .markdown-source-view');
}

/** Waits until the centre shows the note `path` in its editing view, live preview (`source` false) or source mode. */
export async function waitForEditor(page: Page, path: string, source = false): Promise<void> {
	const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
	await page.waitForFunction(
		([want, src]) => {
			const view = document.querySelector('.workspace-split.mod-root .workspace-leaf.host-shown .markdown-source-view');
			return view?.querySelector(':scope > .inline-title')?.textContent === want && view.querySelector('.cm-content') !== null && view.classList.contains('is-live-preview') === !src;
		},
		[base, source] as const,
		{ timeout: 30_000 },
	);
}

/** Opens a note as a person does (the file list), then Ctrl-E, "Toggle reading view": the note in live preview. */
export async function openNoteForEditing(page: Page, path: string): Promise<void> {
	await openNote(page, path);
	await page.keyboard.press('Control+E');
	await waitForEditor(page, path);
}

/**
 * Shows a note in the current tab in a given mode through Obsidian's API: `WorkspaceLeaf.setViewState`
 * with a markdown view state `{file, mode, source}` (mode 'source' with source false is live preview).
 */
export async function setNoteMode(page: Page, path: string, mode: 'preview' | 'source', source = false): Promise<void> {
	await page.evaluate(
		async ([file, m, src]) => {
			const app = window.host?.app as { workspace: { getLeaf(newLeaf: boolean): { setViewState(vs: unknown): Promise<void> } } };
			await app.workspace.getLeaf(false).setViewState({ type: 'markdown', active: true, state: { file, mode: m, source: src } });
		},
		[path, mode, source] as const,
	);
	if (mode === 'source') await waitForEditor(page, path, source);
	else await waitForNote(page, path);
}

/** What the palette offers for `query` (its labels), the palette closed again with Escape. */
export async function paletteOffers(page: Page, query: string): Promise<string[]> {
	await page.keyboard.press('Control+P');
	await page.waitForSelector('.host-command-palette .prompt-input');
	await page.keyboard.type(query);
	await page.waitForFunction(
		(q) => {
			const input = document.querySelector<HTMLInputElement>('.host-command-palette .prompt-input');
			const results = document.querySelector('.host-command-palette .prompt-results');
			return input?.value === q && results !== null && results.querySelector('.suggestion-item, .suggestion-empty') !== null;
		},
		query,
	);
	// The list is drawn on each input event; let the last one settle.
	await page.waitForTimeout(100);
	const labels = await page.locator('.host-command-palette .suggestion-item').allTextContents();
	await page.keyboard.press('Escape');
	await page.waitForSelector('.host-command-palette', { state: 'detached' });
	return labels;
}

/** A file's text as the page's vault holds it now (with or without --write). */
export async function vaultText(page: Page, path: string): Promise<string> {
	return page.evaluate(async (p) => {
		const app = window.host?.app as { vault: { adapter: { read(path: string): Promise<string> } } };
		return app.vault.adapter.read(p);
	}, path);
}

/** The text of every notice shown since the page loaded, oldest first. */
export async function noticesShown(page: Page): Promise<string[]> {
	return page.evaluate(() => [...(window.host?.notices ?? [])]);
}

/** What the plugin's status bar item says. */
export async function statusText(page: Page): Promise<string> {
	return (await page.textContent('.status-bar-item.plugin-logos-continuity.logos-status')) ?? '';
}

/** A PNG in test/e2e/artifacts/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
	mkdirSync(ARTIFACTS, { recursive: true });
	const file = join(ARTIFACTS, `${name}.png`);
	await page.screenshot({ path: file });
	return file;
}
