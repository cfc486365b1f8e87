/**
 * Walking the history in real Chromium, over test/fixtures/vault-own: the "Switch conversation"
 * picker points the resume pane at another conversation; next / previous in a conversation and
 * back / forward along follows open the right notes, from the command palette and from the chain
 * bar on the note; where follows forks, the person is offered a choice.
 *
 * The chain bar is checked in reading view here; its live-preview twin, in the editing view, is
 * in editor.e2e.ts.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openNote, openResumePane, PANE, ROOT, runCommand, screenshot, shownNote, useHost, waitForNote, waitForPane } from './helpers';

const VAULT = join(ROOT, 'test/fixtures/vault-own');
const ALPHA = 'sessions/alpha';
/** a2 and a3: the conversation …0a01, in that order. */
const A2 = `${ALPHA}/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-100000-claude.md`;
const A3 = `${ALPHA}/_convos/6f1c2d3e-0a1b-4c2d-9e3f-000000000a01/20261103-153000-claude.md`;
/** a4 follows a3 but sits flat, in the next conversation (…0a02). */
const A4 = `${ALPHA}/20261104-080000-codex.md`;
/** a5 is followed by both a6 and a7: a fork. */
const A5 = `${ALPHA}/_convos/0199a0b0-0000-7000-8000-000000000a02/20261104-120000-codex.md`;
const A6 = `${ALPHA}/_convos/b7e2a9c4-1d3f-4e5a-8b6c-000000000a03/20261105-170000-claude-code.md`;
const SPIKE_CONV = '5d0e7a11-3c2b-4f1e-a9d8-000000000a05';
const W2 = `${ALPHA}/spike/_convos/${SPIKE_CONV}/20261108-143000-claude.md`;

const served = useHost(VAULT);

const bar = (page: Page) => shownNote(page).locator('.logos-chain-bar');

/** Waits until the note's chain bar has been drawn for that note. */
async function waitForBar(page: Page, position: string): Promise<void> {
	await bar(page).locator('.logos-chain-position', { hasText: position }).waitFor({ timeout: 30_000 });
}

test('"Switch conversation" lists the vault’s conversations, and choosing one points the pane at it', async () => {
	const { page, errors } = await served.open();
	await openResumePane(page);
	const pane = page.locator(PANE);
	// The pane starts where work last happened: gamma.
	await expect(pane.locator('select.logos-scope-select').inputValue()).resolves.toBe('gamma');

	await runCommand(page, 'Switch conversation');
	const choices = page.locator('.prompt .logos-conversation-choice');
	await choices.first().waitFor();
	// Every conversation of every scope is offered, most recently active first.
	expect(await choices.count()).toBe(16);
	expect(await choices.first().locator('.logos-conversation-meta').textContent()).toMatch(/^gamma · codex · 1 checkpoint/);
	await page.keyboard.type('sliding window');
	await page.waitForFunction(() => document.querySelectorAll('.prompt .logos-conversation-choice').length === 1);
	expect(await choices.first().locator('.logos-conversation-title').textContent()).toBe('token buckets let a full burst through at every refill; a sliding window might smooth it');
	expect(await choices.first().locator('.suggestion-highlight').textContent()).toBe('sliding window');
	await screenshot(page, 'conversation-picker');
	await page.keyboard.press('Enter');

	// The pane now shows that conversation of the worktree scope, and its latest checkpoint opens.
	await waitForPane(page, 'alpha/spike');
	await page.waitForFunction(([p, c]) => document.querySelector<HTMLSelectElement>(`${p} select.logos-conversation-select`)?.value === c, [PANE, SPIKE_CONV] as const);
	await waitForNote(page, W2);
	expect(await pane.locator('.logos-who').textContent()).toMatch(/^claude · /);
	expect(await pane.locator('[data-part="task"]').textContent()).toContain('try a sliding-window limiter in a spike worktree');
	expect(await pane.locator('[data-part="next"]').textContent()).toContain('write up the benchmark and close the spike');
	await screenshot(page, 'conversation-switched');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('next and previous in a conversation open the right notes, from the palette and the chain bar', async () => {
	const { page, errors } = await served.open();
	await openNote(page, A2);
	await waitForBar(page, '1 of 2');
	expect(await bar(page).locator('.logos-chain-name').textContent()).toBe('the public API is being scraped and the gateway falls over above 2k req/s');
	await expect(bar(page).locator('button[data-chain="previous"]').isDisabled()).resolves.toBe(true);

	await runCommand(page, 'Open next checkpoint in this conversation');
	await waitForNote(page, A3);
	await waitForBar(page, '2 of 2');
	expect(await shownNote(page).textContent()).toContain('ask ops about the replica count before merging');
	await expect(bar(page).locator('button[data-chain="next"]').isDisabled()).resolves.toBe(true);
	await screenshot(page, 'chain-bar');

	await bar(page).locator('button[data-chain="previous"]').click();
	await waitForNote(page, A2);
	await waitForBar(page, '1 of 2');
	expect(errors).toEqual([]);
	await page.context().close();
});

test('back and forward along follows cross into the next conversation and return', async () => {
	const { page, errors } = await served.open();
	await openNote(page, A3);
	await waitForBar(page, '2 of 2');
	expect(await bar(page).locator('button[data-chain="forward"]').getAttribute('aria-label')).toBe('Forward along follows: 20261104-080000-codex');

	await runCommand(page, 'Go forward along follows');
	await waitForNote(page, A4);
	// a4 sits flat in the sessions folder but belongs to a5's conversation.
	await waitForBar(page, '1 of 2');
	expect(await bar(page).locator('.logos-chain-name').textContent()).toBe('internal batch jobs were being throttled by their own gateway');

	await bar(page).locator('button[data-chain="back"]').click();
	await waitForNote(page, A3);
	await runCommand(page, 'Go back along follows');
	await waitForNote(page, A2);
	expect(errors).toEqual([]);
	await page.context().close();
});

test('where follows forks, going forward offers the checkpoints that follow, and opens the one chosen', async () => {
	const { page, errors } = await served.open();
	await openNote(page, A5);
	await waitForBar(page, '2 of 2');
	const forward = bar(page).locator('button[data-chain="forward"]');
	expect(await forward.getAttribute('aria-label')).toBe('Forward along follows: 2 checkpoints follow this one (a fork) — choose one');
	// The fork is also a problem of this note's place, in the bar's badge.
	expect(await bar(page).locator('.logos-chain-problems').textContent()).toBe('1 problem');

	await forward.click();
	const choices = page.locator('.prompt .logos-chain-choice');
	await choices.first().waitFor();
	expect(await page.locator('.prompt .prompt-input').getAttribute('placeholder')).toBe('2 checkpoints follow 20261104-120000-codex: choose one');
	expect(await choices.locator('.logos-chain-choice-title').allTextContents()).toEqual(['20261106-090000-codex', '20261105-170000-claude-code']);
	expect(await choices.nth(1).locator('.logos-chain-choice-meta').textContent()).toMatch(/^claude-code · .* · auto$/);
	await screenshot(page, 'fork-chooser');

	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('Enter');
	await waitForNote(page, A6);
	await expect(page.locator('.prompt').count()).resolves.toBe(0);
	expect(await shownNote(page).textContent()).toContain('why does the limiter let a burst of 200 through right after a deploy');
	expect(errors).toEqual([]);
	await page.context().close();
});
