/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
// The abandoned-session line, sessions logos closed, and the plan block of the pane.
import { execFileSync } from 'node:child_process';
import { buildVaultModel } from '../../../src/core';
import { readPlan } from '../../../src/core';
import { renderAbandoned } from '../../../src/ui/resume/abandoned-line';
import { planLabel, renderPlanBlock } from '../../../src/ui/resume/plan-block';
import { renderResume } from '../../../src/ui/resume/resume-render';
import { checkpointText, snapshot } from '../../helpers/snapshot';
import { emptyModel, fullModel, NOW, recordingEnv } from '../../helpers/fake-model';

/** What clicking "Copy command" puts on the clipboard. */
async function copied(scope: string): Promise<string> {
	const el = createDiv();
	const env = recordingEnv();
	renderAbandoned(el, { ...emptyModel(), scope, abandoned: [{ scope, agent: 'cursor', lastTs: NOW - 8 * 3600, notes: 2 }] }, env);
	const button = el.querySelector<HTMLElement>('.logos-copy-command') as HTMLElement;
	let text = '';
	Object.defineProperty(navigator, 'clipboard', { value: { writeText: (t: string) => { text = t; return Promise.resolve(); } }, configurable: true });
	env.actions.get(button)?.();
	await Promise.resolve();
	return text;
}

/** The project name a POSIX shell reads from the copied command. */
function projectThroughShell(command: string): string {
	return execFileSync('/bin/sh', ['-c', `set -- ${command.replace(/^logos sessions/, '')}; printf '%s' "$1"`], { encoding: 'utf8' });
}

describe('abandoned sessions in the pane', () => {
	it('explain what closing does and copy `logos sessions <project>`', async () => {
		const el = createDiv();
		renderResume(el, fullModel(), recordingEnv());
		const help = el.querySelector('.logos-abandoned-help')?.textContent ?? '';
		expect(help).toContain('auto-closed record that nobody reviewed');
		expect(help).toContain('logos sessions \'kestrel\'');
		expect(await copied('kestrel')).toBe("logos sessions 'kestrel'");
	});

	it.each([
		['a newline', 'kes\ntrel'],
		['command substitution', 'a$(echo pwned)b'],
		['backticks', 'a`id`b'],
		['quotes', `it's "quoted"`],
	])('quote a project folder with %s so the shell reads the name unchanged', async (_, project) => {
		const cmd = await copied(`${project}/wt`);
		expect(projectThroughShell(cmd)).toBe(project);
	});

	it('with a leading dash, copy the bare command and say to run it in the project folder', async () => {
		expect(await copied('-rf')).toBe('logos sessions');
		const el = createDiv();
		renderAbandoned(el, { ...emptyModel(), scope: '-rf', abandoned: [{ scope: '-rf', agent: 'cursor', lastTs: NOW - 8 * 3600, notes: 1 }] }, recordingEnv());
		expect(el.textContent).toContain('run this in the folder of -rf');
	});

	it('show a session logos closed as closed, labelled as logos labels it, linked to its record', () => {
		const model = buildVaultModel(snapshot({
			'kestrel/20261130-010000-cursor.md': checkpointText({ session: '20261130-010000-cursor', agent: 'cursor', task: 't', autoClosed: true, checkpointed: '2026-11-30T09:00:00-08:00' }),
		}));
		const record = model.scan.records[0];
		const el = createDiv();
		const env = recordingEnv();
		renderAbandoned(el, { ...emptyModel(), closed: [{ record, agent: 'cursor', closedTs: record.checkpoint.ts }] }, env);
		const li = el.querySelector('.logos-closed-session') as HTMLElement;
		expect(li.textContent).toMatch(/^cursor's session closed .* · auto-closed — not a real handoff$/);
		expect(env.links.get(li)?.path).toBe(record.path);
	});
});

describe('the plan block', () => {
	it('says the plan is matched by time and how long before', () => {
		expect(planLabel(2 * 3600)).toBe('plan saved about 2 hours before this checkpoint');
	});

	it('sits below the handoff block, folded, its text rendered through the agent markdown only', async () => {
		const snap = snapshot({
			'kestrel/20261116-100000-claude.md': checkpointText({ session: '20261116-100000-claude', task: 't', checkpointed: '2026-11-16T10:00:00-08:00' }),
		});
		const model = buildVaultModel(snap);
		const plan = readPlan('sessions/kestrel/plans/plan-20261116-080000-claude.md', 'kestrel',
			'---\ntype: plan\nproject: kestrel\nagent: claude\nplanned: 2026-11-16T08:00:00-08:00\n---\n\n# The plan\n\n![[secret note]]\n');
		const r = { ...emptyModel(), latest: { record: model.scan.records[0], intent: '', intentFrom: null } };
		const el = createDiv();
		const env = recordingEnv();
		renderResume(el, r, env);
		const body = el.querySelector('.logos-resume') as HTMLElement;
		renderPlanBlock(body, r, model.scan, env, () => Promise.resolve(plan ? [plan] : []));
		await jest.advanceTimersByTimeAsync(0);
		const details = body.querySelector('details.logos-plan') as HTMLDetailsElement;
		expect(details.open).toBe(false);
		expect(details.parentElement?.previousElementSibling?.classList.contains('logos-handoff')).toBe(true);
		expect(details.querySelector('summary')?.textContent).toBe('Plan · plan saved about 2 hours before this checkpoint · matched by time');
		expect(env.markdownCalls.filter((c) => c.sourcePath.includes('/plans/'))).toEqual([{ text: '# The plan\n\n![[secret note]]', sourcePath: 'sessions/kestrel/plans/plan-20261116-080000-claude.md' }]);
	});
});
