/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import type { WorkingNote } from '../../../src/core';
import { summarizeUncommitted, UncommittedStatus } from '../../../src/ui/notes/status-bar';

// SHIM: Obsidian's setTooltip sets the element's aria-label; the mocks' does nothing.
jest.mock('obsidian', () => ({
	...jest.requireActual<object>('obsidian'),
	setTooltip: (el: HTMLElement, text: string) => el.setAttribute('aria-label', text),
}));

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
		expect(s.text).toBe('kestrel: 3 uncommitted notes');
		expect(s.tooltip).toBe('Working notes not yet checkpointed in kestrel:\nclaude: 2\ncodex: 1');
	});

	test('counts every scope when the active file is outside them', () => {
		const s = summarizeUncommitted(notes, null);
		expect(s.text).toBe('All scopes: 4 uncommitted notes');
		expect(s.tooltip).toContain('across all scopes');
		expect(s.tooltip).toContain('cursor: 1');
	});

	test('one note is singular; a scope without notes says so', () => {
		expect(summarizeUncommitted(notes, 'heron').text).toBe('heron: 1 uncommitted note');
		const none = summarizeUncommitted(notes, 'empty');
		expect(none.count).toBe(0);
		expect(none.tooltip).toBe('No working notes waiting in empty.');
	});

	test('the item shows the text, and steps aside at zero or when switched off', () => {
		const el = createDiv();
		const status = new UncommittedStatus(el);
		status.show(summarizeUncommitted(notes, 'kestrel'), true);
		expect(el.textContent).toBe('kestrel: 3 uncommitted notes');
		expect(el.classList.contains('logos-is-hidden')).toBe(false);
		expect(status.scope).toBe('kestrel');
		status.show(summarizeUncommitted(notes, 'kestrel'), false);
		expect(el.classList.contains('logos-is-hidden')).toBe(true);
		status.show(summarizeUncommitted(notes, 'empty'), true);
		expect(el.classList.contains('logos-is-hidden')).toBe(true);
	});

	test('its tooltip says what a click does, for the scope it counts', () => {
		const el = createDiv();
		const status = new UncommittedStatus(el);
		status.show(summarizeUncommitted(notes, 'kestrel'), true);
		expect(el.getAttribute('aria-label')).toBe('Working notes not yet checkpointed in kestrel:\nclaude: 2\ncodex: 1\nClick to open the resume pane on kestrel.');
		status.show(summarizeUncommitted(notes, null), true);
		expect(el.getAttribute('aria-label')?.split('\n').pop()).toBe('Click to open the resume pane.');
	});

	test('the keyboard reaches it: a button in the tab order, Enter and Space open, other keys do nothing', () => {
		const el = document.body.createDiv();
		const status = new UncommittedStatus(el);
		const open = jest.fn();
		status.onActivate((type, fn) => el.addEventListener(type, fn as EventListener), open);
		expect(el.getAttribute('role')).toBe('button');
		expect(el.tabIndex).toBe(0);
		el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
		el.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
		el.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
		el.click();
		expect(open).toHaveBeenCalledTimes(3);
	});
});
