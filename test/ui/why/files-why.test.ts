/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { MarkdownPostProcessorContext } from 'obsidian';
import { inFilesSection } from '../../../src/ui/why/register';
import { WHY_VIEW_TYPE, WhyView } from '../../../src/ui/why/why-view';
import { folderFiles, OWN_DIR } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, mockPlugin, settle } from '../../helpers/harness';

const NOTE = 'sessions/alpha/20261102-091500-claude.md';

/** A section of a note in reading view, through every post-processor the plugin registered. */
async function section(files: Record<string, string>, path: string, heading: string): Promise<{ el: HTMLElement; shown: () => string[] }> {
	const app = makeApp(files);
	const plugin = await loadPlugin(app);
	const text = files[path];
	const lines = text.split('\n');
	const start = lines.indexOf(heading) + 2;
	let end = start;
	while (end + 1 < lines.length && lines[end + 1].startsWith('- ')) end++;
	const el = createDiv();
	const ul = el.createEl('ul');
	for (let i = start; i <= end; i++) ul.createEl('li', { text: lines[i].slice(2) });
	const ctx = { sourcePath: path, docId: 'test', frontmatter: undefined, addChild: () => undefined, getSectionInfo: () => ({ text, lineStart: start, lineEnd: end }) };
	for (const process of mockPlugin(plugin).markdownPostProcessors__) await process(el, ctx as unknown as MarkdownPostProcessorContext);
	const shown = (): string[] =>
		app.workspace.getLeavesOfType(WHY_VIEW_TYPE).map((l) => (l.view instanceof WhyView ? String(l.view.getState().path ?? '') : ''));
	return { el, shown };
}

describe('a checkpoint note\'s Files list in reading view', () => {
	test('each path offers "Why was this file touched?" about itself', async () => {
		const files = folderFiles(OWN_DIR);
		const { el, shown } = await section(files, NOTE, '## Files');
		const buttons = [...el.querySelectorAll<HTMLElement>('button.logos-file-why')];
		const listed = [...el.querySelectorAll('li')].map((li) => li.firstChild?.textContent ?? '');
		expect(buttons.length).toBe(listed.length);
		expect(buttons.length).toBeGreaterThan(0);
		expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(listed.map((p) => `Why was this file touched? ${p}`));
		buttons[0].click();
		await settle();
		// The answer's view is opened (what it shows is checked in the browser host: why-plans.e2e.ts).
		expect(shown()).toHaveLength(1);
	});

	test('other sections, and notes outside the sessions folder, are left alone', async () => {
		const files = folderFiles(OWN_DIR);
		const other = await section(files, NOTE, "## Didn't work");
		expect(other.el.querySelectorAll('button.logos-file-why')).toHaveLength(0);
		const outside = { ...files, 'notes/copy.md': files[NOTE] };
		const copy = await section(outside, 'notes/copy.md', '## Files');
		expect(copy.el.querySelectorAll('button.logos-file-why')).toHaveLength(0);
	});

	test('the section is told by the nearest heading above it', () => {
		const text = '# t\n\n## Files\n\n- a.ts\n\n## Next\n\n- b';
		expect(inFilesSection(text, 4)).toBe(true);
		expect(inFilesSection(text, 8)).toBe(false);
		expect(inFilesSection('- a', 0)).toBe(false);
	});
});
