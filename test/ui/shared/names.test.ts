/** @jest-environment jsdom */
/**
 * Names a person reads instead of session ids: checkpoints by agent and time, untitled
 * conversations by their task or by who started them and when, labels cut on a word,
 * quiet scopes by the day they went quiet. Over the demo vault, in the tests' fixed zone.
 */
import 'obsidian-test-mocks/jest-setup';
import * as path from 'node:path';
import { conversations, type Conversation } from '../../../src/core';
import { scanVault } from '../../../src/core';
import { drawBar } from '../../../src/ui/chain/chain-bar';
import { chainPlace } from '../../../src/core';
import { checkpointName, checkpointTooltip, conversationName, quietLabel, shortLabel, when } from '../../../src/ui/shared/names';
import { loadFolder } from '../../helpers/load-folder';
import { DEMO_DIR, folderFiles } from '../../helpers/chain-helpers';
import { loadPlugin, makeApp, openResumeView } from '../../helpers/harness';

const DEMO = path.join(__dirname, '../../../demo-vault');
/** 2026-12-01T12:00:00Z. */
const NOW = Date.UTC(2026, 11, 1, 12) / 1000;
const scan = scanVault(loadFolder(DEMO));

function conv(scope: string, id: string): Conversation {
	const c = conversations(scan, scope).find((x) => x.id === id);
	if (!c) throw new Error(`no conversation ${id} in ${scope}`);
	return c;
}

describe('times and checkpoints', () => {
	test('a time reads "Nov 23, 09:34", with the year only when it is not this year', () => {
		const t = Date.parse('2026-11-23T09:34:12-08:00') / 1000;
		expect(when(t, NOW)).toBe('Nov 23, 09:34');
		expect(when(t, NOW + 365 * 86400)).toBe('Nov 23 2026, 09:34');
		expect(when(0, NOW)).toBe('');
	});

	test('a checkpoint is its agent and time, the id kept for the tooltip', () => {
		const r = scan.records.find((x) => x.id === '20261127-111502-cursor');
		if (!r) throw new Error('no record');
		expect(checkpointName(r, NOW)).toBe('cursor · Nov 27, 11:15');
		expect(checkpointTooltip(r, NOW)).toBe('cursor · Nov 27, 11:15\n20261127-111502-cursor');
	});
});

describe('conversation names', () => {
	test('a conversation without an intent is called by its task, never by its session id', () => {
		const c = conv('kestrel', '20261127-111502-cursor');
		expect(c.name).toBe('');
		expect(conversationName(c, NOW)).toBe("format refund amounts in the order's currency");
	});

	test('with neither intent nor task, by who started it and when', () => {
		const c = conv('kestrel', '20261127-111502-cursor');
		const bare = { ...c, latest: { ...c.latest, checkpoint: { ...c.latest.checkpoint, task: '' } } };
		expect(conversationName(bare, NOW)).toBe('cursor · Nov 27, 11:15');
	});

	test('the chain bar of an untitled conversation shows the name, its id in the tooltip', () => {
		const el = document.body.createDiv();
		drawBar(el, chainPlace(scan, 'sessions/kestrel/_convos/_unattached/20261127-111502-cursor.md'), NOW);
		const name = el.querySelector('.logos-chain-name');
		expect(name?.textContent).toBe("format refund amounts in the order's currency");
		expect(name?.getAttribute('aria-label')).toBe("Conversation: format refund amounts in the order's currency\n20261127-111502-cursor");
		expect(el.querySelector('[data-chain="back"]')?.getAttribute('aria-label')).toBe('Back along follows: codex · Nov 25, 15:48\n20261125-154810-codex');
	});
});

describe('short labels', () => {
	test('cut on a word with an ellipsis, never inside one', () => {
		const long = 'support handles about forty partial-refund tickets a week by hand in the Stripe dashboard';
		const short = shortLabel(long);
		expect(short).toBe('support handles about forty…');
		expect(short.length).toBeLessThanOrEqual(40);
		expect(long.startsWith(short.slice(0, -1))).toBe(true);
		expect(long.charAt(short.length - 1)).toBe(' ');
	});

	test('a text that fits stays whole; one long word is cut where the room ends', () => {
		expect(shortLabel('retry the webhook')).toBe('retry the webhook');
		expect(shortLabel('x'.repeat(60), 20)).toBe(`${'x'.repeat(19)}…`);
	});

	test('a quiet scope says since when, in a few words', () => {
		expect(quietLabel(Date.parse('2026-11-12T10:00:00-08:00') / 1000, NOW)).toBe('quiet since Nov 12');
		expect(quietLabel(null, NOW)).toBe('quiet, no checkpoints');
	});
});

describe('the pane\'s conversation dropdown', () => {
	test('each conversation is a short label cut on a word; the whole name and id are its tooltip', async () => {
		jest.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
		const app = makeApp(folderFiles(DEMO_DIR));
		const plugin = await loadPlugin(app);
		try {
			const view = await openResumeView(app, plugin, { scope: 'kestrel', pinned: true });
			const select = view.contentEl.querySelector<HTMLSelectElement>('.logos-conversation-select');
			const options = [...(select?.options ?? [])].slice(1);
			expect(options.length).toBeGreaterThan(1);
			for (const o of options) {
				const [label] = (o.textContent ?? '').split(' · ');
				expect(label.length).toBeLessThanOrEqual(40);
				const [full, id] = o.title.split('\n');
				expect(id).toBe(o.value);
				// Cut on a word: the label (without its ellipsis) is the start of the whole name, ending at a word.
				const head = label.replace(/…$/, '');
				expect(full.startsWith(head)).toBe(true);
				if (head.length < full.length) expect(full.charAt(head.length)).toMatch(/[\s,;:.—-]/);
			}
			expect(options.map((o) => o.textContent)).toContain("format refund amounts in the order's… · 4 days ago");
		} finally {
			plugin.unload();
		}
	});
});
