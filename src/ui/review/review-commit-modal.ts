/**
 * Asks for the commit a ruling is reconfirmed at, prefilled with the checkpoint's own
 * commit. Accepts 4 to 40 hexadecimal characters or nothing; anything else stays in the
 * field with a message saying what a commit looks like.
 */
import { Modal, type App } from 'obsidian';
import { COMMIT_RULE, readCommit } from '../../core';
import { shortRuling } from './review-actions';

export function commitProblem(raw: string): string {
	return `“${raw.trim()}” is not a commit. Use ${COMMIT_RULE}.`;
}

export class CommitModal extends Modal {
	private answered = false;
	private input!: HTMLInputElement;
	private problemEl!: HTMLElement;

	constructor(
		app: App,
		private readonly ruling: string,
		private readonly prefill: string,
		private readonly answer: (commit: string | null) => void,
	) {
		super(app);
	}

	onOpen(): void {
		const { contentEl } = this;
		contentEl.empty();
		contentEl.addClass('logos-commit-modal');
		this.titleEl.setText('Reconfirm ruling');
		contentEl.createEl('p', { cls: 'logos-commit-ruling', text: shortRuling(this.ruling) });
		const label = contentEl.createEl('label', { cls: 'logos-commit-label', text: 'Still holds at commit' });
		this.input = label.createEl('input', {
			type: 'text',
			cls: 'logos-commit-input',
			value: this.prefill,
			attr: { placeholder: 'Commit hash, or empty', spellcheck: 'false', autocomplete: 'off' },
		});
		this.problemEl = contentEl.createDiv({ cls: 'logos-commit-problem' });
		const buttons = contentEl.createDiv({ cls: 'modal-button-container' });
		const ok = buttons.createEl('button', { cls: 'mod-cta', text: 'Reconfirm' });
		const cancel = buttons.createEl('button', { text: 'Cancel' });
		ok.addEventListener('click', () => this.submit());
		cancel.addEventListener('click', () => this.close());
		this.input.addEventListener('keydown', (evt) => {
			if (evt.key !== 'Enter' || evt.isComposing) return;
			evt.preventDefault();
			this.submit();
		});
		this.input.addEventListener('input', () => this.problemEl.setText(''));
		this.input.focus();
		this.input.select();
	}

	/** Answers with the typed commit when it is one; otherwise says why and waits. */
	submit(): void {
		const commit = readCommit(this.input.value);
		if (commit === null) {
			this.problemEl.setText(commitProblem(this.input.value));
			this.input.setAttr('aria-invalid', 'true');
			return;
		}
		this.answered = true;
		this.answer(commit);
		this.close();
	}

	onClose(): void {
		this.contentEl.empty();
		if (!this.answered) {
			this.answered = true;
			this.answer(null);
		}
	}
}

/** The commit the person confirmed ('' for none), or null when they cancelled. */
export function askCommit(app: App, ruling: string, prefill: string): Promise<string | null> {
	return new Promise((resolve) => new CommitModal(app, ruling, prefill, resolve).open());
}
