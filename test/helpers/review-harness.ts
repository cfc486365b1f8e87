/**
 * What the review tests need beyond harness.ts: the fixture vault as in-memory files, a
 * markdown editor on a note with the cursor on a line, and two shims (modals that stay
 * open, key handlers that run), each saying what Obsidian does.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { App as AppOriginal, Command, Editor, MarkdownView as MarkdownViewOriginal, Modal as ModalOriginal } from 'obsidian';
import { MarkdownView, MetadataCache, Modal, Scope, TFile } from 'obsidian-test-mocks/obsidian';
import type LogosContinuityPlugin from '../../src/main';
import { mockPlugin } from './harness';

export const OWN = path.join(__dirname, '../fixtures/vault-own');

/**
 * SHIM: the mocks' metadata cache throws while parsing frontmatter that is not valid YAML
 * (the fixture's b7); Obsidian indexes such a note without its frontmatter. Here the note
 * is left out of the cache instead of failing the whole vault: nothing reviewed reads it.
 */
export function tolerateBadFrontmatter(): void {
	const proto = MetadataCache.prototype as unknown as { parseFileMetadata(file: unknown): void };
	const parse = proto.parseFileMetadata;
	proto.parseFileMetadata = function (this: unknown, file: unknown): void {
		try {
			parse.call(this, file);
		} catch {
			// The note keeps no cache entry, as if Obsidian had not indexed it yet.
		}
	};
}

/** Every file of a fixture vault's sessions folder, as `makeApp` takes them. */
export function fixtureFiles(vaultDir = OWN): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (rel: string): void => {
		for (const e of fs.readdirSync(path.join(vaultDir, rel), { withFileTypes: true })) {
			const child = `${rel}/${e.name}`;
			if (e.isDirectory()) walk(child);
			else out[child] = fs.readFileSync(path.join(vaultDir, child), 'utf8');
		}
	};
	walk('sessions');
	return out;
}

export const A3 = 'sessions/alpha/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-153000-claude.md';
export const A5 = 'sessions/alpha/_convos/0199a0b0-0000-7000-8000-000000000a02/20261104-120000-codex.md';
export const A8 = 'sessions/alpha/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a04/20261111-103000-claude.md';
export const A2 = 'sessions/alpha/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-100000-claude.md';
export const A1 = 'sessions/alpha/20261102-091500-claude.md';
export const ALPHA_NOTES = 'sessions/alpha/uncommitted.md';
export const ALPHA_REVIEWED = 'sessions/alpha/reviewed.md';
export const R1 = 'sharing buckets across gateway replicas through Redis — each Allow call added a 4 ms round trip';
export const R2 = 'matching internal callers by X-Forwarded-For — the NAT rewrites it for every caller';
export const R3 = 'a sync.Map of buckets — lock contention doubled p99 latency under load';
export const ROUTE = 'route: per-key buckets in the CDN edge | observation: edge workers share no state across POPs | layer: infrastructure | scope: alpha';
/** Fixture "now": a day after the newest alpha note. */
export const NOW = 1794523252 + 86400;

export function read(app: AppOriginal, p: string): string {
	return (app.vault.adapter as unknown as { readSync__(p: string): string }).readSync__(p);
}

export function lineOf(text: string, needle: string): number {
	return text.split('\n').findIndex((l) => l.includes(needle));
}

/** An editor on `p` with the cursor at the start of `line`, in a markdown view (source mode). */
export function editorOn(app: AppOriginal, p: string, line: number): { editor: Editor; view: MarkdownViewOriginal } {
	const file = app.vault.getAbstractFileByPath(p);
	if (!(file instanceof TFile)) throw new Error(`no file ${p}`);
	const view = MarkdownView.create2__(app.workspace.getLeaf(false) as never);
	view.file = file;
	view.setViewData(read(app, p), true);
	view.editor.setCursor({ line, ch: 0 });
	const original = view.asOriginalType7__();
	return { editor: original.editor, view: original };
}

export function command(plugin: LogosContinuityPlugin, id: string): Command {
	const c = mockPlugin(plugin).commands__.get(id);
	if (!c) throw new Error(`no command ${id}`);
	return c;
}

/** Whether an editor command is offered at the cursor, as the palette asks. */
export function available(plugin: LogosContinuityPlugin, id: string, at: { editor: Editor; view: MarkdownViewOriginal }): boolean {
	return command(plugin, id).editorCheckCallback?.(true, at.editor, at.view) === true;
}

export function run(plugin: LogosContinuityPlugin, id: string, at: { editor: Editor; view: MarkdownViewOriginal }): void {
	command(plugin, id).editorCheckCallback?.(false, at.editor, at.view);
}

export const openModals: ModalOriginal[] = [];

/**
 * SHIM: the mocks' `Modal.open` calls onOpen and closes the modal again on the next tick;
 * Obsidian keeps a modal open until it is closed. Open modals are listed, topmost last.
 */
export function keepModalsOpen(): void {
	const close = Modal.prototype.close;
	Modal.prototype.open = function (this: Modal): void {
		openModals.push(this as unknown as ModalOriginal);
		this.onOpen();
	};
	Modal.prototype.close = function (this: Modal): void {
		const i = openModals.indexOf(this as unknown as ModalOriginal);
		if (i < 0) return;
		openModals.splice(i, 1);
		close.call(this);
	};
}

export function topModal<T extends ModalOriginal>(type: abstract new (...args: never[]) => T): T {
	const m = openModals[openModals.length - 1];
	if (!(m instanceof type)) throw new Error(`the top modal is not a ${type.name}`);
	return m;
}

type KeyHandler = { key: string | null; modifiers: string | null; func__?: (evt: KeyboardEvent, ctx: unknown) => unknown };

/**
 * SHIM: the mocks' `Scope.register` keeps the key but drops the handler; Obsidian calls the
 * handler when that key is pressed while the scope is active (a modal's scope while it is
 * the top modal). `pressKey` does that.
 */
export function keepKeyHandlers(): void {
	const register = Scope.prototype.register;
	Scope.prototype.register = function (this: Scope, modifiers, key, func) {
		const handler = register.call(this, modifiers, key, func) as unknown as KeyHandler;
		handler.func__ = func as KeyHandler['func__'];
		return handler as never;
	};
}

export function pressKey(modal: ModalOriginal, key: string): void {
	const handlers = (modal.scope as unknown as { handlers: KeyHandler[] }).handlers;
	const h = [...handlers].reverse().find((x) => x.key === key && !x.modifiers);
	h?.func__?.(new KeyboardEvent('keydown', { key }), { key, modifiers: '', vkey: key });
}

/** Clicks the button whose own text starts with `label`. */
export function click(root: HTMLElement, label: string): void {
	const b = [...root.querySelectorAll('button')].find((x) => (x.textContent ?? '').startsWith(label));
	if (!b) throw new Error(`no button ${label}`);
	b.click();
}
