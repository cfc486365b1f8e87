/**
 * Agent-written markdown made safe to show (docs/rendering.md). Two steps around Obsidian's
 * renderer:
 *
 * 1. Before rendering, `prepareAgentMarkdown` takes away what would act during the render:
 *    every `<` (so no raw HTML at all: no form, `<style>`, `<img>`, `<iframe>`), the `!` of
 *    `![` (no embed of another note, no image fetched), `$` (no math) and the language of
 *    a code fence when it is not a plain programming language (so no other plugin's code
 *    block processor runs on agent text). Each is swapped for a private-use stand-in that
 *    markdown treats as a plain letter, so the swap holds whatever the markdown context.
 * 2. After rendering into a detached element, `sanitizeAgentDom` walks the result against an
 *    allow-list of tags and attributes, puts the stand-ins back as the characters the agent
 *    wrote, and blocks remote resources unless the person allowed remote images.
 *
 * No Obsidian import: the reliability checks run this in plain Node over jsdom.
 */

export interface AgentHtmlOptions {
	/** Remote (http, https, protocol-relative) images may load; off by default. */
	remoteImages: boolean;
}

/** Stand-ins, from the private-use area: markdown gives them no meaning. */
const LT = '\uE000';
const BANG = '\uE001';
const DOLLAR = '\uE002';
const STAND_INS = /[\uE000-\uE002]/g;
const RESTORE: Record<string, string> = { [LT]: '<', [BANG]: '!', [DOLLAR]: '$' };

/**
 * Code fence languages kept (for highlighting). Anything else (`dataviewjs`, `query`,
 * `mermaid`, `base`…) is dropped, so the block is plain code and no processor runs on it.
 */
const FENCE_LANGUAGES = new Set(
	(
		'bash sh shell zsh fish console powershell ps1 bat cmd js javascript jsx mjs cjs ts typescript tsx json jsonc json5 yaml yml toml ini ' +
		'xml html css scss less sql python py rb ruby go golang rust rs java kotlin kt swift c h cpp c++ cc hpp cs csharp fs fsharp php perl pl lua r ' +
		'scala dart elixir ex exs erlang haskell hs clojure clj ocaml ml zig nim julia groovy gradle makefile make cmake dockerfile docker nginx ' +
		'diff patch text txt plain plaintext log markdown md graphql proto protobuf hcl terraform tf vim regex csv tsv'
	).split(' '),
);

/** A fence line anywhere: any indent, inside quotes or list items, so none is missed. */
const FENCE_LINE = /^([ \t]*(?:>[ \t]*)*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?)(`{3,}|~{3,})([^\n]*)$/;

function cleanFence(line: string): string {
	const m = FENCE_LINE.exec(line);
	if (!m) return line;
	const info = m[3].trim();
	if (info === '') return line;
	const lang = info.split(/[\s{]/, 1)[0].toLowerCase();
	return `${m[1]}${m[2]}${FENCE_LANGUAGES.has(lang) ? lang : ''}`;
}

/** Agent markdown with nothing left that acts while it renders (step 1 above). */
export function prepareAgentMarkdown(text: string, opts: AgentHtmlOptions): string {
	// A stand-in the agent typed itself would come back as a character it never wrote.
	let s = text.replace(STAND_INS, '\uFFFD').replace(/</g, LT).replace(/\$/g, DOLLAR);
	// `![[…]]` is an embed of another note: always a plain link. `![…](…)` is an image (or an
	// embed of a vault file): a plain link unless remote images are allowed, and then the
	// walk still turns embeds of notes into links.
	s = opts.remoteImages ? s.replace(/!(?=\[\[)/g, BANG) : s.replace(/!(?=\[)/g, BANG);
	if (!s.includes('```') && !s.includes('~~~')) return s;
	const lines = s.split('\n');
	for (let i = 0; i < lines.length; i++) {
		if (lines[i].includes('```') || lines[i].includes('~~~')) lines[i] = cleanFence(lines[i]);
	}
	return lines.join('\n');
}

// ---- the walk ----

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Tags kept as they are (their attributes still filtered). */
const HTML_TAGS = new Set(
	'a abbr b blockquote br caption cite code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s section small span strong sub summary sup table tbody td tfoot th thead tr u ul'.split(
		' ',
	),
);

/** Removed with everything inside: their content is code, metadata or a foreign document. */
const DROP = new Set('script style template noscript title head meta link base frame frameset param track source slot portal button'.split(' '));

/** Replaced by a short note and, when the address is a web one, a link to it. */
const EMBEDDERS = new Set('iframe object embed applet video audio canvas'.split(' '));

/** Icons Obsidian draws (callouts, folding): shapes only, nothing that references outside. */
const SVG_TAGS = new Set('svg g path circle ellipse line polyline polygon rect title desc'.split(' '));
const SVG_ATTRS = new Set(
	'viewbox width height d fill stroke stroke-width stroke-linecap stroke-linejoin fill-rule clip-rule opacity cx cy r rx ry x y x1 y1 x2 y2 points transform class xmlns aria-hidden'.split(
		' ',
	),
);

/** Attributes any kept HTML element may carry; the rest (style, id, on*, srcset, ping…) go. */
const GLOBAL_ATTRS = new Set('class title dir lang aria-label aria-hidden data-href data-callout data-callout-fold data-callout-metadata data-task data-heading'.split(' '));
const TAG_ATTRS: Record<string, Set<string>> = {
	a: new Set(['href', 'target', 'rel']),
	img: new Set(['src', 'alt', 'width', 'height']),
	ol: new Set(['start']),
	details: new Set(['open']),
	td: new Set(['colspan', 'rowspan', 'align']),
	th: new Set(['colspan', 'rowspan', 'align']),
};

/** Class names Obsidian's renderer gives its output; an agent's own class names go. */
const CLASS_OK =
	/^(?:internal-link|external-link|is-unresolved|tag|callout(?:-[a-z]+)*|is-collapsible|is-collapsed|task-list-item(?:-checkbox)?|contains-task-list|is-checked|list-bullet|has-list-bullet|language-[a-z0-9+#_-]+|footnotes?|footnote-[a-z-]+|table-wrapper|heading-collapse-indicator|collapse-indicator|collapse-icon|svg-icon|lucide-[a-z0-9-]+|copy-code-button|code-block-flair|token)$/;
/** Inside code, the highlighter's token names (keyword, string, …). */
const CODE_CLASS_OK = /^[a-z][a-z-]{0,30}$/;

/** An attribute value that could still fetch or run something (CSS `url(` / `expression(`). */
const ACTIVE_VALUE = /(?:url|expression|image-set)\s*\(/i;

/** What one walk took out, for tests and figures. */
export interface WalkReport {
	/** Elements removed with their content (script, style, template…). */
	dropped: number;
	/** Elements outside the allow-list replaced by their content (form, button, font…). */
	unwrapped: number;
	/** Remote images, frames and media replaced by a note. */
	blocked: number;
	/** Attributes removed. */
	attributes: number;
}

/** Characters browsers drop from a URL before reading its scheme. */
// eslint-disable-next-line no-control-regex -- the control characters are what is being matched
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f]/g;

function schemeOf(url: string): string | null {
	const m = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(URL_NOISE, ''));
	return m ? m[1].toLowerCase() : null;
}

/**
 * Whether loading `src` would reach another host: an absolute URL on a network scheme, or
 * protocol-relative. A path resolved against the page, `data:`, `blob:` and Obsidian's own
 * `app:` / `capacitor:` resources stay on the device.
 */
export function isRemoteUrl(src: string, base: string): boolean {
	// `//host/x` (or `\\host`) takes the page's scheme to another host, whatever the page.
	if (/^[\\/]{2}/.test(src.replace(URL_NOISE, ''))) return true;
	const scheme = schemeOf(src);
	if (scheme === 'data' || scheme === 'blob' || scheme === 'app' || scheme === 'capacitor') return false;
	let url: URL;
	try {
		url = new URL(src, base);
	} catch {
		// Unreadable: no browser would load it, but nothing unknown is let through either.
		return true;
	}
	let own: string;
	try {
		own = new URL(base).origin;
	} catch {
		own = 'null';
	}
	if (url.protocol === 'app:' || url.protocol === 'capacitor:') return false;
	return url.origin !== own || own === 'null';
}

/** Links may go to the web, to mail, or inside the vault; `javascript:`, `obsidian:`, `file:`… stay text. */
function hrefAllowed(href: string): boolean {
	const scheme = schemeOf(href);
	return scheme === null || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

function restore(s: string): string {
	return s.replace(STAND_INS, (c) => RESTORE[c] ?? c);
}

/** A new element of the page's document; Obsidian's createEl helpers are missing in plain Node. */
function make<K extends 'a' | 'span'>(doc: Document, tag: K): HTMLElementTagNameMap[K] {
	return doc.createElementNS(HTML_NS, tag) as HTMLElementTagNameMap[K];
}

function nextAfter(node: Node, root: Node): Node | null {
	let n: Node | null = node;
	while (n && n !== root) {
		if (n.nextSibling) return n.nextSibling;
		n = n.parentNode;
	}
	return null;
}

function insideCode(el: Element, root: Node): boolean {
	for (let p: Node | null = el.parentNode; p && p !== root; p = p.parentNode) {
		if (p.nodeName === 'CODE' || p.nodeName === 'PRE') return true;
	}
	return false;
}

function cleanClasses(el: Element, root: Node): void {
	const raw = el.getAttribute('class');
	if (raw === null) return;
	const ok = insideCode(el, root) ? CODE_CLASS_OK : CLASS_OK;
	const kept = raw.split(/\s+/).filter((c) => c !== '' && (ok.test(c) || CLASS_OK.test(c)));
	if (kept.length === 0) el.removeAttribute('class');
	else el.setAttribute('class', kept.join(' '));
}

/** A short, visibly ours note in place of something not shown, with a link when it has a web address. */
function blockedNote(doc: Document, label: string, url: string | null, base: string): HTMLElement {
	const note = make(doc, 'span');
	note.className = 'logos-blocked';
	note.textContent = label;
	const scheme = url === null ? null : schemeOf(url);
	if (url !== null && (scheme === 'http' || scheme === 'https' || (scheme === null && isRemoteUrl(url, base)))) {
		note.appendChild(doc.createTextNode(': '));
		const a = make(doc, 'a');
		a.className = 'external-link';
		a.setAttribute('href', url);
		a.setAttribute('target', '_blank');
		a.setAttribute('rel', 'noopener nofollow noreferrer');
		a.textContent = url;
		note.appendChild(a);
	}
	return note;
}

function replaceWith(old: Element, next: Node): void {
	old.parentNode?.replaceChild(next, old);
}

/** Moves an element's children out in its place and removes it; returns its first child. */
function unwrap(el: Element): Node | null {
	const first = el.firstChild;
	const parent = el.parentNode;
	if (parent) {
		while (el.firstChild) parent.insertBefore(el.firstChild, el);
		parent.removeChild(el);
	}
	return first;
}

function filterAttributes(el: Element, allowed: (name: string) => boolean, report: WalkReport): void {
	for (const name of el.getAttributeNames()) {
		const value = el.getAttribute(name) ?? '';
		if (!allowed(name.toLowerCase()) || ACTIVE_VALUE.test(value)) {
			el.removeAttribute(name);
			report.attributes++;
		}
	}
}

/** An embed of a vault file (`![[note]]`, `![](note.md)`): a plain link to it, never its content. */
function embedAsLink(doc: Document, el: Element): HTMLElement {
	const target = el.getAttribute('src') ?? el.getAttribute('data-href') ?? el.getAttribute('href') ?? '';
	const a = make(doc, 'a');
	a.className = 'internal-link';
	a.setAttribute('data-href', restore(target));
	a.setAttribute('href', restore(target));
	a.textContent = restore(el.getAttribute('alt') ?? target);
	return a;
}

/**
 * Walks what the renderer made of agent text and keeps only the allow-list (step 2 above).
 * Iterative, so a deeply nested render cannot exhaust the stack; each node is visited once.
 * `base` is the page's address, to tell a remote image from a local one.
 */
export function sanitizeAgentDom(root: Element, opts: AgentHtmlOptions, base: string): WalkReport {
	const report: WalkReport = { dropped: 0, unwrapped: 0, blocked: 0, attributes: 0 };
	const doc = root.ownerDocument;
	let node: Node | null = root.firstChild;
	while (node) {
		if (node.nodeType === 3) {
			const t = node.nodeValue ?? '';
			if (/[\uE000-\uE002]/.test(t)) node.nodeValue = restore(t);
			node = nextAfter(node, root);
			continue;
		}
		if (node.nodeType !== 1) {
			// Comments, processing instructions, CDATA: nothing a person reads.
			const next = nextAfter(node, root);
			node.parentNode?.removeChild(node);
			node = next;
			continue;
		}
		const el = node as Element;
		const tag = el.localName.toLowerCase();
		const ns = el.namespaceURI;
		if (DROP.has(tag)) {
			const next = nextAfter(el, root);
			el.parentNode?.removeChild(el);
			report.dropped++;
			node = next;
			continue;
		}
		if (ns === HTML_NS && el.classList.contains('internal-embed')) {
			const link = embedAsLink(doc, el);
			replaceWith(el, link);
			report.unwrapped++;
			node = nextAfter(link, root);
			continue;
		}
		if (ns === HTML_NS && EMBEDDERS.has(tag)) {
			const src = el.getAttribute('src') ?? el.getAttribute('data');
			const note = blockedNote(doc, 'Embedded content not shown', src, base);
			replaceWith(el, note);
			report.blocked++;
			node = nextAfter(note, root);
			continue;
		}
		if (ns === HTML_NS && tag === 'input') {
			// A task list's checkbox becomes its mark; any other field is gone.
			const box = make(doc, 'span');
			if (el.getAttribute('type')?.toLowerCase() === 'checkbox') {
				box.className = 'logos-task-box';
				box.textContent = el.hasAttribute('checked') ? '☑ ' : '☐ ';
			}
			replaceWith(el, box);
			report.unwrapped++;
			node = nextAfter(box, root);
			continue;
		}
		if (ns === HTML_NS && tag === 'img') {
			const src = el.getAttribute('src') ?? '';
			if (src === '') {
				const next = nextAfter(el, root);
				el.parentNode?.removeChild(el);
				report.dropped++;
				node = next;
				continue;
			}
			if (isRemoteUrl(src, base) && !opts.remoteImages) {
				const alt = restore(el.getAttribute('alt') ?? '');
				const note = blockedNote(doc, alt ? `Remote image blocked (${alt})` : 'Remote image blocked', src, base);
				replaceWith(el, note);
				report.blocked++;
				node = nextAfter(note, root);
				continue;
			}
		}
		if (ns === HTML_NS && tag === 'a' && !hrefAllowed(el.getAttribute('href') ?? '')) {
			const next = unwrap(el) ?? nextAfter(el, root);
			report.unwrapped++;
			node = next;
			continue;
		}
		const keep = ns === HTML_NS ? HTML_TAGS.has(tag) : ns === SVG_NS && SVG_TAGS.has(tag);
		if (!keep) {
			if (ns === SVG_NS) {
				// Inside an icon only shapes are kept: no <image>, <use>, <foreignObject>.
				const next = nextAfter(el, root);
				el.parentNode?.removeChild(el);
				report.dropped++;
				node = next;
				continue;
			}
			// Computed before unwrapping: an empty element's successor.
			const after = nextAfter(el, root);
			const first = unwrap(el);
			report.unwrapped++;
			node = first ?? after;
			continue;
		}
		if (ns === SVG_NS) {
			filterAttributes(el, (n) => SVG_ATTRS.has(n), report);
		} else {
			const own = TAG_ATTRS[tag];
			filterAttributes(el, (n) => GLOBAL_ATTRS.has(n) || (own?.has(n) ?? false), report);
			cleanClasses(el, root);
			if (tag === 'a') {
				const href = el.getAttribute('href');
				if (href !== null) el.setAttribute('href', restore(href));
				if (href !== null && schemeOf(href) !== null) {
					el.setAttribute('target', '_blank');
					el.setAttribute('rel', 'noopener nofollow noreferrer');
				} else {
					el.removeAttribute('target');
				}
			}
			if (tag === 'img') el.setAttribute('referrerpolicy', 'no-referrer');
		}
		for (const name of ['title', 'alt', 'data-href', 'aria-label']) {
			const v = el.getAttribute(name);
			if (v !== null && /[\uE000-\uE002]/.test(v)) el.setAttribute(name, restore(v));
		}
		node = el.firstChild ?? nextAfter(el, root);
	}
	return report;
}
