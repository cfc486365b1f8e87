/**
 * SHIM: the mocks' Notice copies a DocumentFragment message with cloneNode, so buttons in
 * it lose their listeners; Obsidian inserts the fragment itself, so an Undo button in a
 * notice works. This Notice does the same, and remembers every notice shown so a test can
 * read it and click in it. Use it as the `obsidian` module of a test file:
 *
 *   jest.mock('obsidian', () => jest.requireActual<typeof import('../helpers/notice-shim')>('../helpers/notice-shim').obsidianWithNotices());
 */
import type * as ObsidianMocks from 'obsidian-test-mocks/obsidian';

export interface ShownNotice {
	message: string;
	el: HTMLElement;
	hidden: boolean;
}

export const shownNotices: ShownNotice[] = [];

export function obsidianWithNotices(): typeof ObsidianMocks {
	const actual = jest.requireActual<typeof ObsidianMocks>('obsidian');
	class Notice extends actual.Notice {
		private readonly shown: ShownNotice;

		constructor(message: string | DocumentFragment, duration?: number) {
			super(typeof message === 'string' ? message : '', duration);
			if (typeof message !== 'string') this.messageEl.appendChild(message);
			this.shown = { message: this.messageEl.textContent ?? '', el: this.messageEl, hidden: false };
			shownNotices.push(this.shown);
		}

		hide(): void {
			this.shown.hidden = true;
		}
	}
	return { ...actual, Notice };
}

/** The text of every notice shown since the last call, oldest first. */
export function takeNotices(): ShownNotice[] {
	return shownNotices.splice(0, shownNotices.length);
}
