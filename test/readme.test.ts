/**
 * @jest-environment jsdom
 *
 * The README is for users first: its tables of commands and settings are the plugin's own (every
 * registered command and every setting of the settings tab, once each, settings with their
 * defaults), its pictures exist, are small and are said to come from the browser host, and what a
 * user needs comes before the developer section.
 */
import 'obsidian-test-mocks/jest-setup';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type LogosContinuityPlugin from '../src/main';
import { DEFAULT_SETTINGS, type LogosSettingTab } from '../src/ui/settings';
import { loadPlugin, makeApp, mockPlugin } from './helpers/harness';

const root = path.join(__dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The rows of the markdown table under `heading`: its cells, header and rule left out. */
function table(heading: string): string[][] {
	const at = readme.indexOf(`\n${heading}\n`);
	if (at < 0) throw new Error(`README has no "${heading}"`);
	const lines = readme.slice(at).split('\n');
	const first = lines.findIndex((l) => l.startsWith('|'));
	const rows: string[][] = [];
	for (const l of lines.slice(first + 2)) {
		if (!l.startsWith('|')) break;
		rows.push(l.slice(1, -1).split(' | ').map((c) => c.trim()));
	}
	return rows;
}

let plugin: LogosContinuityPlugin;
beforeAll(async () => {
	plugin = await loadPlugin(makeApp({ 'sessions/kestrel/uncommitted.md': '' }));
});
afterAll(() => plugin.unload());

test('the table of commands lists every command the plugin registers, once', () => {
	const registered = [...mockPlugin(plugin).commands__.values()].map((c) => c.name);
	const listed = table('### Commands').map((r) => r[0]);
	expect(new Set(listed).size).toBe(listed.length);
	expect([...listed].sort()).toEqual([...registered].sort());
});

test('the table of settings lists every setting of the settings tab, in its order, with its default', () => {
	const tab = mockPlugin(plugin).settingTabs__[0] as unknown as LogosSettingTab;
	const defaults = DEFAULT_SETTINGS as unknown as Record<string, string | boolean>;
	const shown = (v: string | boolean | undefined): string => (v === undefined ? '—' : typeof v === 'boolean' ? (v ? 'on' : 'off') : `\`${v}\``);
	const settings = tab.getSettingDefinitions().map((d) => {
		const key = 'control' in d && d.control ? d.control.key : undefined;
		return ['name' in d ? d.name : '', shown(key === undefined ? undefined : defaults[key])];
	});
	expect(table('### Settings').map((r) => [r[0], r[1]])).toEqual(settings);
});

test('the pictures are in docs/images, small, and captioned as taken in the browser host', () => {
	const images = [...readme.matchAll(/(?:\]\(|src=")(docs\/images\/[^)"]+\.png)/g)].map((m) => m[1]);
	expect(images).toEqual(['docs/images/resume-pane.png', 'docs/images/chain-bar.png', 'docs/images/review-queue.png', 'docs/images/status-bar.png']);
	for (const image of images) expect([image, fs.statSync(path.join(root, image)).size <= 150 * 1024]).toEqual([image, true]);
	const shows = readme.slice(readme.indexOf('### What it shows'), readme.indexOf('### The daily loop'));
	expect(shows).toMatch(/taken in this repository's browser host[\s\S]*not in Obsidian itself/);
	expect(shows).toContain('npm run screenshots');
});

test('what a user needs comes first: what it does, install by hand and with BRAT, commands, settings; then the developer section', () => {
	const at = (s: string): number => readme.indexOf(s);
	const order = ['## Using it', '### What it shows', '## Install', '**By hand.**', '**With BRAT.**', '### Commands', '### Settings', '# For developers', '## The two commands', '## Headless CLI', '## Layout'];
	expect(order.map(at).every((i) => i >= 0)).toBe(true);
	expect([...order].sort((a, b) => at(a) - at(b))).toEqual(order);
});
