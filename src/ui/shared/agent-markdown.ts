/**
 * The one way the plugin renders agent-written markdown (docs/rendering.md): prepared so
 * nothing acts while it renders, rendered by Obsidian into a detached element, walked
 * against the allow-list, and only then put on the page.
 */
import { MarkdownRenderer, type App, type Component } from 'obsidian';
import { prepareAgentMarkdown, sanitizeAgentDom, type AgentHtmlOptions } from './agent-html';

/** The render each element is waiting for: a later fill wins over an earlier, slower one. */
const pending = new WeakMap<HTMLElement, object>();

export async function renderAgentMarkdown(app: App, text: string, el: HTMLElement, sourcePath: string, component: Component, opts: AgentHtmlOptions): Promise<void> {
	const token = {};
	pending.set(el, token);
	// Detached: nothing rendered is on the page until the walk has been over it.
	const box = createDiv();
	await MarkdownRenderer.render(app, prepareAgentMarkdown(text, opts), box, sourcePath, component);
	sanitizeAgentDom(box, opts, el.ownerDocument.baseURI);
	if (pending.get(el) !== token) return;
	pending.delete(el);
	while (box.firstChild) el.appendChild(box.firstChild);
}
