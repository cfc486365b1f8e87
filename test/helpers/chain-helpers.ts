/**
 * Helpers for the chain, conversation and "was this tried?" tests: the fixture and demo
 * vaults as mock-vault files, opening a note the way Obsidian announces it, and running a
 * command through its checkCallback as the command palette does.
 */
import * as path from 'node:path';
import type { App as AppOriginal, Command, ItemView, MarkdownPostProcessorContext, MarkdownRenderChild } from 'obsidian';
import { MetadataCache, Notice, TFile } from 'obsidian-test-mocks/obsidian';
import type LogosContinuityPlugin from '../../src/main';
import { loadFolder } from './load-folder';
import { mockPlugin, settle, untilDone } from './harness';

/**
 * SHIM: the mocks' metadata cache throws on a note whose frontmatter is not valid YAML
 * (the fixture's b7 has one on purpose). Obsidian shows such a note without properties.
 */
const cacheProto = MetadataCache.prototype as unknown as { parseFileMetadata(file: unknown): void };
const parseFileMetadata = cacheProto.parseFileMetadata;
cacheProto.parseFileMetadata = function (this: unknown, file: unknown): void {
	try {
		parseFileMetadata.call(this, file);
	} catch {
		// Left without metadata, as Obsidian leaves it.
	}
};

export const OWN_DIR = path.join(__dirname, '../fixtures/vault-own');
export const DEMO_DIR = path.join(__dirname, '../../demo-vault');

/** Every file of a vault folder's `sessions/`, as the mock vault takes them. */
export function folderFiles(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const f of loadFolder(dir).files) out[f.path] = f.text ?? '';
	return out;
}

export const A = 'sessions/alpha';
export const OWN = {
	a1: `${A}/20261102-091500-claude.md`,
	a3: `${A}/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-153000-claude.md`,
	a4: `${A}/20261104-080000-codex.md`,
	a5: `${A}/_convos/0199a0b0-0000-7000-8000-000000000a02/20261104-120000-codex.md`,
	a6: `${A}/_convos/b7e2a9c4-1d3f-4e5a-8b6c-000000000a03/20261105-170000-claude-code.md`,
	a7: `${A}/_convos/_unattached/20261106-090000-codex.md`,
	a8: `${A}/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a04/20261111-103000-claude.md`,
	notes: `${A}/uncommitted.md`,
	w1: `${A}/spike/_convos/5d0e7a11-3c2b-4f1e-a9d8-000000000a05/20261108-100000-claude.md`,
	w2: `${A}/spike/_convos/5d0e7a11-3c2b-4f1e-a9d8-000000000a05/20261108-143000-claude.md`,
	g1: 'sessions/gamma/20261121-090000-claude.md',
	g2: 'sessions/gamma/_convos/_unattached/20261122-100000-codex.md',
	g3: 'sessions/gamma/_convos/_unattached/20261122-110000-codex.md',
};

/** Every Notice shown from now on, by its message (the mocks build each through `constructor__`). */
export function captureNotices(): string[] {
	const said: string[] = [];
	jest.spyOn(Notice.prototype, 'constructor__').mockImplementation((message: string | DocumentFragment) => {
		said.push(typeof message === 'string' ? message : message.textContent ?? '');
	});
	return said;
}

/** Opens a note in the active leaf and announces it, as Obsidian does. */
export async function openNote(app: AppOriginal, notePath: string): Promise<void> {
	const file = app.vault.getAbstractFileByPath(notePath);
	if (!(file instanceof TFile)) throw new Error(`no file ${notePath}`);
	await app.workspace.getLeaf(false).openFile(file);
	app.workspace.trigger('file-open', file);
	await settle();
}

export function activePath(app: AppOriginal): string | null {
	return app.workspace.getActiveFile()?.path ?? null;
}

export function command(plugin: LogosContinuityPlugin, id: string): Command {
	const c = mockPlugin(plugin).commands__.get(id);
	if (!c) throw new Error(`no command ${id}`);
	return c;
}

/** Whether the palette offers the command now. */
export function offered(plugin: LogosContinuityPlugin, id: string): boolean {
	const c = command(plugin, id);
	if (c.checkCallback) return c.checkCallback(true) === true;
	return c.callback !== undefined;
}

/** Runs the command as the palette does, then lets it finish. */
export async function run(plugin: LogosContinuityPlugin, id: string): Promise<void> {
	const c = command(plugin, id);
	if (c.checkCallback) c.checkCallback(false);
	else c.callback?.();
	await settle();
}

/**
 * SHIM: the mocks never run markdown post-processors. Reading view calls each one with a
 * section element and a context that knows the section's lines; this does the same for
 * one section and loads the children it adds, as the renderer does once it is attached.
 */
export function renderSection(plugin: LogosContinuityPlugin, sourcePath: string, text: string, lineStart: number, lineEnd: number): { el: HTMLElement; children: MarkdownRenderChild[] } {
	const el = document.body.createDiv();
	const children: MarkdownRenderChild[] = [];
	const ctx: MarkdownPostProcessorContext = {
		docId: 'doc',
		sourcePath,
		frontmatter: null,
		addChild: (child) => void children.push(child),
		getSectionInfo: () => ({ text, lineStart, lineEnd }),
	};
	for (const pp of mockPlugin(plugin).markdownPostProcessors__) void pp(el, ctx);
	for (const c of children) c.load();
	return { el, children };
}

/** SHIM: as openResumeView in harness.ts, for any registered view type. */
export async function openView<T extends ItemView>(app: AppOriginal, plugin: LogosContinuityPlugin, type: string, ctor: abstract new (...args: never[]) => T): Promise<T> {
	const creator = mockPlugin(plugin).views__.get(type);
	if (!creator) throw new Error(`view type ${type} not registered`);
	const leaf = app.workspace.getRightLeaf(false);
	if (!leaf) throw new Error('no right leaf');
	await leaf.setViewState({ type });
	const view = creator(leaf);
	if (!(view instanceof ctor)) throw new Error(`not a ${type} view`);
	view.contentEl.isShown = () => true;
	await leaf.open(view);
	view.load();
	// onOpen is protected on View; Obsidian calls it from outside as this does.
	// A view may draw in pieces, giving the thread back through timers: the fake clock runs.
	await untilDone((view as unknown as { onOpen(): Promise<void> }).onOpen());
	await settle();
	return view;
}
