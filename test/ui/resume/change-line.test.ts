/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import * as path from 'node:path';
import { buildResume } from '../../../src/core';
import { buildVaultModel } from '../../../src/core';
import { renderResume } from '../../../src/ui/resume/resume-render';
import { sourcesFrom } from '../../../src/ui/resume/resume-sources';
import { loadFolder } from '../../helpers/load-folder';
import { recordingEnv } from '../../helpers/fake-model';

const model = buildVaultModel(loadFolder(path.join(__dirname, '..', '..', '..', 'demo-vault')));
const NOW = 1796068800;

function pane(scope: string, conversation: string | null = null) {
	const el = createDiv();
	const env = recordingEnv(sourcesFrom(model, scope));
	renderResume(el, buildResume(model, scope, { conversation, now: NOW }), env);
	return { el, env };
}

describe('the pane’s "what changed" line', () => {
	test('sits in the handoff block, says in one line what the latest changed, and opens into linked items', () => {
		const { el, env } = pane('kestrel');
		const line = el.querySelector('.logos-handoff-changed details.logos-change-line');
		expect(line?.querySelector('summary')?.textContent).toBe(
			'2 new decisions, 1 new dead end, 1 new verified item, task changed, intent given, next step changed, commit changed, 1 ruling retired · since cursor\'s checkpoint it follows',
		);
		// Closed until asked: the handoff block stays one line taller, not a list taller.
		expect(line?.hasAttribute('open')).toBe(false);
		const items = [...(line?.querySelectorAll('li') ?? [])];
		expect(items.map((li) => li.textContent)).toContain(
			'showing the new order total before Stripe answers — the total flickered back on every declined refund · ruling retired',
		);
		expect(items.map((li) => li.textContent)).toContain('plain-text email only · new');
		// Each item opens its own line: the retired ruling its bullet in the checkpoint that recorded it.
		const retired = items.find((li) => li.textContent?.endsWith('ruling retired')) as HTMLElement;
		expect(env.links.get(retired.querySelector('.logos-line') as HTMLElement)).toEqual({ path: 'sessions/kestrel/_convos/e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c/20261123-141020-claude.md', line: 41 });
		const decision = items.find((li) => li.textContent === 'plain-text email only · new') as HTMLElement;
		expect(env.links.get(decision.querySelector('.logos-line') as HTMLElement)?.path).toBe('sessions/kestrel/_convos/a9c0d1e2-4b3f-4c5d-8e6f-7a8b9c0d1e2f/20261129-083015-claude.md');
	});

	test('narrowed to a conversation, the line is about that conversation’s latest', () => {
		const { el } = pane('kestrel', 'e3b1c9d2-7a45-4f0e-b8c6-1d2e3f4a5b6c');
		expect(el.querySelector('.logos-change-line summary')?.textContent).toBe(
			'2 new decisions, 1 new verified item, 1 new blocker, next step changed, handed off to codex, commit changed · since claude\'s checkpoint',
		);
	});

	test('a checkpoint that starts its line of work has no line', () => {
		const own = buildVaultModel(loadFolder(path.join(__dirname, '..', '..', 'fixtures', 'vault-own')));
		const el = createDiv();
		renderResume(el, buildResume(own, 'gamma', { conversation: '20261121-090000-claude', now: NOW }), recordingEnv(sourcesFrom(own, 'gamma')));
		expect(el.querySelector('.logos-who')?.textContent).toMatch(/^claude · /);
		expect(el.querySelector('.logos-change-line')).toBeNull();
	});
});
