/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { WorkingNote } from '../../src/core/types';
import { summarizeUncommitted, UncommittedStatus } from '../../src/ui/status-bar';

function note(scope: string, agent: string, ts = 1): WorkingNote {
	return { scope, text: `${agent} note ${ts}`, ts, agent, line: ts };
}

const notes = new Map<string, WorkingNote[]>([
	['kestrel', [note('kestrel', 'claude', 1), note('kestrel', 'codex', 2), note('kestrel', 'claude', 3)]],
	['heron', [note('heron', 'cursor', 4)]],
	['empty', []],
]);

describe('uncommitted status', () => {
	test('counts the active scope, with agents in the tooltip, most notes first', () => {
		const s = summarizeUncommitted(notes, 'kestrel');
		expect(s.text).toBe('3 uncommitted notes');
		expect(s.tooltip).toBe('Working notes not yet checkpointed in kestrel:\nclaude: 2\ncodex: 1');
	});

	test('counts every scope when the active file is outside them', () => {
		const s = summarizeUncommitted(notes, null);
		expect(s.text).toBe('4 uncommitted notes');
		expect(s.tooltip).toContain('across all scopes');
		expect(s.tooltip).toContain('cursor: 1');
	});

	test('one note is singular; a scope without notes says so', () => {
		expect(summarizeUncommitted(notes, 'heron').text).toBe('1 uncommitted note');
		const none = summarizeUncommitted(notes, 'empty');
		expect(none.count).toBe(0);
		expect(none.tooltip).toBe('No working notes waiting in empty.');
	});

	test('the item shows the text, and steps aside at zero or when switched off', () => {
		const el = createDiv();
		const status = new UncommittedStatus(el);
		status.show(summarizeUncommitted(notes, 'kestrel'), true);
		expect(el.textContent).toBe('3 uncommitted notes');
		expect(el.classList.contains('logos-is-hidden')).toBe(false);
		expect(status.scope).toBe('kestrel');
		status.show(summarizeUncommitted(notes, 'kestrel'), false);
		expect(el.classList.contains('logos-is-hidden')).toBe(true);
		status.show(summarizeUncommitted(notes, 'empty'), true);
		expect(el.classList.contains('logos-is-hidden')).toBe(true);
	});
});
