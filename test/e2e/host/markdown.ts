/**
 * Markdown for the host: MarkdownRenderer.render and the reading view. Obsidian renders
 * markdown to HTML, sanitizes it (DOMPurify) and runs the registered post-processors on each
 * section; the mocks render nothing and run no post-processor. Here marked renders, DOMPurify
 * sanitizes, and the host's registry runs post-processors the way Obsidian's docs describe.
 */
import DOMPurify from 'dompurify';
import { Marked, type Token, type Tokens, type TokensList } from 'marked';
import type { Component, MarkdownPostProcessor, MarkdownPostProcessorContext, MarkdownRenderChild, MarkdownRenderer as MarkdownRendererOriginal, MarkdownSectionInformation } from 'obsidian';
import { MarkdownPreviewRenderer, MarkdownRenderer, Plugin } from 'obsidian-test-mocks/obsidian';
import { parse as parseYaml } from 'yaml';

function escapeHtml(s: string): string {
	return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface WikiLink extends Tokens.Generic {
	embed: boolean;
	target: string;
	alias: string;
}

/** Obsidian's markdown: GFM, a single newline is a line break, [[wikilinks]]. */
const md = new Marked({ gfm: true, breaks: true });
md.use({
	extensions: [
		{
			name: 'wikilink',
			level: 'inline',
			start: (src: string) => src.indexOf('[['),
			tokenizer(src: string): WikiLink | undefined {
				const m = /^(!?)\[\[([^\]\n|]+)(?:\|([^\]\n]+))?\]\]/.exec(src);
				if (!m) return undefined;
				return { type: 'wikilink', raw: m[0], embed: m[1] === '!', target: m[2].trim(), alias: (m[3] ?? m[2]).trim() };
			},
			renderer(token: Tokens.Generic): string {
				const t = token as WikiLink;
				const cls = t.embed ? 'internal-embed internal-link' : 'internal-link';
				return `<a class="${cls}" data-href="${escapeHtml(t.target)}" href="${escapeHtml(t.target)}">${escapeHtml(t.alias)}</a>`;
			},
		},
	],
});

/** Links as Obsidian marks them: vault paths are internal links, anything with a scheme external. */
function markLinks(root: DocumentFragment): void {
	for (const a of Array.from(root.querySelectorAll('a[href]'))) {
		const href = a.getAttribute('href') ?? '';
		if (a.classList.contains('internal-link')) continue;
		if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) {
			a.classList.add('external-link');
			a.setAttribute('target', '_blank');
			a.setAttribute('rel', 'noopener nofollow');
		} else if (!href.startsWith('#')) {
			a.classList.add('internal-link');
			let target = href;
			try {
				target = decodeURIComponent(href);
			} catch {
				// keep it as written
			}
			a.setAttribute('data-href', target);
		}
	}
}

/**
 * What Obsidian's help ("HTML content") promises its sanitizer removes: scripts, and with
 * them event handlers and `javascript:` URLs. DOMPurify's defaults remove those and more
 * (iframes, which Obsidian lets through: "Embed web pages"), so the host is no looser than
 * Obsidian. It is not made stricter where Obsidian's documentation says nothing (forms,
 * `<style>`, inline styles, remote images): the pane must keep those out itself, and the
 * e2e tests see that it does (docs/rendering.md).
 */
const AS_OBSIDIAN_DOCUMENTS = { FORBID_TAGS: ['script'], FORBID_ATTR: [], ALLOW_UNKNOWN_PROTOCOLS: false };

/** HTML the way Obsidian lets it into a note: sanitized, no script, no event handler. */
function sanitize(html: string): DocumentFragment {
	const frag = DOMPurify.sanitize(html, { ...AS_OBSIDIAN_DOCUMENTS, RETURN_DOM_FRAGMENT: true });
	markLinks(frag);
	return frag;
}

// ---- the post-processor registry ----

interface Registered {
	pp: MarkdownPostProcessor;
	order: number;
	seq: number;
}
const registry: Registered[] = [];
let seq = 0;

function addProcessor(pp: MarkdownPostProcessor, order = 0): void {
	registry.push({ pp, order, seq: seq++ });
	registry.sort((a, b) => a.order - b.order || a.seq - b.seq);
}

function removeProcessor(pp: MarkdownPostProcessor): void {
	const i = registry.findIndex((r) => r.pp === pp);
	if (i >= 0) registry.splice(i, 1);
}

/**
 * The code-block processor Obsidian builds for registerMarkdownCodeBlockProcessor: "takes care
 * of removing the <pre><code> and create a <div> that will be passed to the handler".
 */
function codeBlockProcessor(language: string, handler: (source: string, el: HTMLElement, ctx: MarkdownPostProcessorContext) => Promise<unknown> | void): MarkdownPostProcessor {
	return async (el, ctx) => {
		for (const code of Array.from(el.querySelectorAll<HTMLElement>(`pre > code.language-${CSS.escape(language)}`))) {
			const pre = code.parentElement;
			if (!pre) continue;
			const div = createDiv({ cls: `block-language-${language}` });
			pre.replaceWith(div);
			await handler((code.textContent ?? '').replace(/\n$/, ''), div, ctx);
		}
	};
}

export function installMarkdown(): void {
	// SHIM (MarkdownPreviewRenderer.registerPostProcessor, https://docs.obsidian.md/Reference/TypeScript+API/MarkdownPreviewRenderer/registerPostProcessor):
	// one registry, ordered by sortOrder, that the host's renders actually run.
	MarkdownPreviewRenderer.registerPostProcessor = (pp, sortOrder) => addProcessor(pp, sortOrder);
	MarkdownPreviewRenderer.unregisterPostProcessor = (pp) => removeProcessor(pp);

	// SHIM (Plugin.registerMarkdownPostProcessor, https://docs.obsidian.md/Reference/TypeScript+API/Plugin/registerMarkdownPostProcessor):
	// registered globally and unregistered when the plugin unloads; the mocks only keep a list.
	const proto = Plugin.prototype as unknown as {
		registerMarkdownPostProcessor(pp: MarkdownPostProcessor, sortOrder?: number): MarkdownPostProcessor;
		registerMarkdownCodeBlockProcessor(language: string, handler: Parameters<typeof codeBlockProcessor>[1], sortOrder?: number): MarkdownPostProcessor;
		register(cb: () => unknown): void;
	};
	proto.registerMarkdownPostProcessor = function (pp, sortOrder) {
		addProcessor(pp, sortOrder);
		this.register(() => removeProcessor(pp));
		return pp;
	};
	// SHIM (Plugin.registerMarkdownCodeBlockProcessor, https://docs.obsidian.md/Reference/TypeScript+API/Plugin/registerMarkdownCodeBlockProcessor).
	proto.registerMarkdownCodeBlockProcessor = function (language, handler, sortOrder) {
		const pp = codeBlockProcessor(language, handler);
		addProcessor(pp, sortOrder);
		this.register(() => removeProcessor(pp));
		return pp;
	};

	// SHIM (MarkdownRenderer.render, https://docs.obsidian.md/Reference/TypeScript+API/MarkdownRenderer/render):
	// renders `markdown` into `el`, sanitized, post-processors run; the mocks render nothing.
	const renderer = MarkdownRenderer as unknown as typeof MarkdownRendererOriginal;
	// Section info is null here: what is rendered is a fragment, not the file at sourcePath.
	renderer.render = async (_app, markdown, el, sourcePath, component) => {
		await renderSections(markdown, el, { sourcePath, component, lineOffset: 0, text: null, frontmatter: null });
	};
	renderer.renderMarkdown = async (markdown, el, sourcePath, component) => {
		await renderSections(markdown, el, { sourcePath, component, lineOffset: 0, text: null, frontmatter: null });
	};
}

interface RenderContext {
	sourcePath: string;
	component: Component;
	/** Lines before `markdown` in the file (the frontmatter), for getSectionInfo. */
	lineOffset: number;
	/** The whole file, as getSectionInfo reports it; null when not rendering a file (no section info). */
	text: string | null;
	frontmatter: unknown;
}

export interface Section {
	el: HTMLElement;
	lineStart: number;
	lineEnd: number;
}

let docSeq = 0;

/**
 * Renders each top-level block into its own section element, as Obsidian's reading view does,
 * then runs every post-processor on each section with a context that can say where it came from.
 */
async function renderSections(markdown: string, el: HTMLElement, rc: RenderContext): Promise<Section[]> {
	const tokens = md.lexer(markdown);
	const sections: Section[] = [];
	let line = rc.lineOffset;
	for (const token of tokens) {
		const raw = token.raw;
		const breaks = (raw.match(/\n/g) ?? []).length;
		if (token.type !== 'space') {
			const list = Object.assign([token] as Token[], { links: tokens.links }) as TokensList;
			const sectionEl = el.createDiv({ cls: `el-${token.type === 'heading' ? `h${(token as Tokens.Heading).depth}` : token.type}` });
			sectionEl.appendChild(sanitize(md.parser(list)));
			const body = raw.replace(/\n+$/, '');
			sections.push({ el: sectionEl, lineStart: line, lineEnd: line + (body.match(/\n/g) ?? []).length });
		}
		line += breaks;
	}
	const docId = `host-doc-${docSeq++}`;
	const ctx: MarkdownPostProcessorContext = {
		docId,
		sourcePath: rc.sourcePath,
		frontmatter: rc.frontmatter,
		addChild: (child: MarkdownRenderChild) => {
			rc.component.addChild(child);
		},
		getSectionInfo: (target: HTMLElement): MarkdownSectionInformation | null => {
			const s = rc.text === null ? undefined : sections.find((x) => x.el === target || x.el.contains(target));
			return s && rc.text !== null ? { text: rc.text, lineStart: s.lineStart, lineEnd: s.lineEnd } : null;
		},
	};
	for (const s of sections) {
		for (const { pp } of [...registry]) {
			try {
				await pp(s.el, ctx);
			} catch (e) {
				// Obsidian logs a failing post-processor and goes on with the others.
				console.error('Markdown post-processor failed', e);
			}
		}
	}
	return sections;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * A note in the reading view: its properties (frontmatter) as text, then the body. Returns the
 * sections with their source lines, so the host can scroll to a line.
 */
export async function renderNote(text: string, el: HTMLElement, sourcePath: string, component: Component): Promise<Section[]> {
	const m = FRONTMATTER.exec(text);
	let frontmatter: unknown = null;
	let body = text;
	let offset = 0;
	if (m) {
		body = text.slice(m[0].length);
		offset = (m[0].match(/\n/g) ?? []).length;
		try {
			frontmatter = parseYaml(m[1]) as unknown;
		} catch {
			frontmatter = null;
		}
		renderProperties(el, m[1], frontmatter);
	}
	return renderSections(body, el, { sourcePath, component, lineOffset: offset, text, frontmatter });
}

function propertyText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (value instanceof Date) return value.toISOString();
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Obsidian shows frontmatter as a properties table above the note: keys and values as text. */
function renderProperties(el: HTMLElement, raw: string, data: unknown): void {
	const box = el.createDiv({ cls: 'metadata-container' });
	box.createDiv({ cls: 'metadata-properties-heading', text: 'Properties' });
	const props = box.createDiv({ cls: 'metadata-properties' });
	if (data === null || typeof data !== 'object' || Array.isArray(data)) {
		props.createEl('pre', { text: raw });
		return;
	}
	for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
		const row = props.createDiv({ cls: 'metadata-property', attr: { 'data-property-key': key } });
		row.createDiv({ cls: 'metadata-property-key', text: key });
		const shown = Array.isArray(value) ? value.map(propertyText).join(', ') : propertyText(value);
		row.createDiv({ cls: 'metadata-property-value', text: shown });
	}
}
