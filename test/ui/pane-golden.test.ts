/**
 * @jest-environment jsdom
 *
 * Golden files for the resume pane's text: what a person reads in the pane for every scope
 * of the demo vault, at a fixed clock and locale, kept under
 * test/ui/approved/pane/<scope>.approved.txt. The text is the pane's outline: the handoff
 * block's rows, then each section (▸ closed, ▾ open) with its count and its lines; a
 * tooltip follows its text in braces. `npm run approve` accepts a wanted change.
 */
import 'obsidian-test-mocks/jest-setup';
import * as path from 'node:path';
import { buildVaultModel } from '../../src/core';
import { buildResume } from '../../src/core';
import { renderResume } from '../../src/ui/resume/resume-render';
import { sourcesFrom } from '../../src/ui/resume/resume-sources';
import type { ResumeModel } from '../../src/core';
import type { NewItems } from '../../src/store/news';
import { marksOf, renderNewsLine } from '../../src/ui/resume/news-line';
import { noteKey } from '../../src/store/news';
import { earlierRulings } from '../../src/ui/resume/resume-history';
import { verifyApproved } from '../helpers/approval';
import { loadFolder } from '../helpers/load-folder';
import { recordingEnv } from '../helpers/fake-model';

const ROOT = path.join(__dirname, '..', '..');
const NOW = 1796068800; // 2026-11-30T12:00:00-08:00, as the CLI's golden files
const model = buildVaultModel(loadFolder(path.join(ROOT, 'demo-vault')));

/** An element's text with each tooltip inside it in braces after the text it is on. */
function withTips(el: Element): string {
	let out = '';
	for (const node of el.childNodes) {
		if (node.nodeType === Node.TEXT_NODE) out += node.textContent ?? '';
		else if (node instanceof HTMLElement) {
			if (node.tagName === 'BUTTON' && node.getAttribute('aria-label')) out += ` [${node.getAttribute('aria-label')}]`;
			else if (node.tagName === 'UL' || node.classList.contains('logos-field')) continue;
			else {
				// A block inside a line (a conversation's next step) starts its own part.
				if (node.tagName === 'DIV' && out.trim() !== '') out += ' / ';
				out += withTips(node);
				const tip = node.getAttribute('data-tooltip-position') ? node.getAttribute('aria-label') : null;
				if (tip) out += ` {${tip}}`;
			}
		}
	}
	return out;
}

function lines(el: Element, indent: string, out: string[]): void {
	for (const child of el.children) {
		if (child.classList.contains('logos-section')) {
			const head = child.querySelector(':scope > .logos-section-title');
			const name = head?.querySelector('.logos-section-name')?.textContent ?? '';
			const count = head?.querySelector('.logos-section-count')?.textContent;
			const fresh = head?.querySelector(':scope > .logos-section-new')?.textContent;
			out.push(`${indent}${child.classList.contains('is-collapsed') ? '▸' : '▾'} ${name}${count ? ` (${count})` : ''}${fresh ? ` · ${fresh}` : ''}`);
			const body = child.querySelector(':scope > .logos-section-body');
			if (body) lines(body, `${indent}    `, out);
		} else if (child.classList.contains('logos-handoff')) {
			out.push(`${indent}┌ handoff`);
			for (const row of child.querySelectorAll(':scope > .logos-handoff-row, :scope > .logos-handoff-extra > .logos-handoff-row')) {
				const label = row.querySelector('.logos-handoff-label')?.textContent ?? '';
				const value = row.querySelector('.logos-handoff-value');
				const one = value?.children.length === 1 && value.firstElementChild?.classList.contains('logos-line');
				if (value && one) out.push(`${indent}│ ${label}: ${withTips(value).trim()}`);
				else {
					out.push(`${indent}│ ${label}:`);
					if (value) lines(value, `${indent}│     `, out);
				}
			}
			out.push(`${indent}└`);
		} else if (child.tagName === 'UL') {
			for (const li of child.children) {
				const typed = li.querySelector('.logos-typed-note') !== null || li.classList.contains('logos-typed-note');
				out.push(`${indent}- ${typed ? '(typed note)' : ''}${withTips(li).trim()}`);
				for (const f of li.querySelectorAll('.logos-field')) out.push(`${indent}    ${f.textContent ?? ''}`);
			}
		} else if (child.classList.contains('logos-field')) {
			out.push(`${indent}${child.textContent ?? ''}`);
		} else if (child.tagName === 'BUTTON') {
			out.push(`${indent}[${child.textContent ?? ''}]`);
		} else if (child.classList.contains('logos-block')) {
			out.push(`${indent}(markdown) ${(child.textContent ?? '').split('\n')[0]}`);
		} else if (child.children.length > 0 && !child.classList.contains('logos-line')) {
			lines(child, indent, out);
		} else {
			const text = withTips(child).trim();
			if (text) out.push(`${indent}${text}`);
		}
	}
}

function paneText(scope: string, news?: (r: ResumeModel) => NewItems): string {
	const r = buildResume(model, scope, { conversation: null, now: NOW });
	const env = recordingEnv(sourcesFrom(model, scope));
	const el = createDiv();
	const items = news?.(r);
	renderResume(el, r, {
		...env,
		...(items ? { news: marksOf(items), handoffExtras: (room: HTMLElement) => void renderNewsLine(room, items, () => undefined) } : {}),
		locale: 'en-US',
		// State's markdown as its text; the real pane renders it through the allow-list.
		markdown: (block, text) => void block.setText(text),
		rulingActions: (li) => void li.createEl('button', { attr: { 'aria-label': '…' } }),
	});
	const out: string[] = [];
	lines(el.querySelector('.logos-resume') ?? el, '', out);
	return `${out.join('\n')}\n`;
}

describe('the resume pane over demo-vault', () => {
	test('has scopes', () => expect(model.scopes.length).toBeGreaterThan(1));
	for (const scope of model.scopes) {
		test(scope, () => verifyApproved(path.join(__dirname, 'approved', 'pane', ...scope.split('/')), paneText(scope)));
	}
	// "Since I last looked": the latest checkpoint, a working note, an earlier ruling and another
	// conversation new, and a verdict line from elsewhere: the handoff block's "New" line and the marks.
	test('kestrel with news since the last look', () => {
		const text = paneText('kestrel', (r) => {
			const note = r.uncommitted[0];
			const ruling = earlierRulings(r.rulings)[0];
			return {
				scope: 'kestrel', checkpoints: 2, conversations: 1, notes: 1, rulings: 1, verdicts: 1,
				paths: [r.latest?.record.path ?? '', r.conversations[0]?.latestPath ?? ''],
				conversationIds: [r.conversations[0]?.id ?? ''],
				noteKeys: note ? [noteKey(note.ts, note.text)] : [],
				rulingKeys: ruling ? [ruling.key] : [],
			};
		});
		expect(text).toContain('│ New:\n│     2 checkpoints, 1 working note, 1 verdict\n│     [Mark as seen]');
		verifyApproved(path.join(__dirname, 'approved', 'pane-since', 'kestrel'), text);
	});
});
