/**
 * "Add working note": the scope (the active file's by default) and the text. The note is
 * signed with the agent name from the settings and written by the caller.
 */
import { Modal, type App } from 'obsidian';

export interface NoteRequest {
	scope: string;
	text: string;
}

export const NOTE_MODAL_TEXT = {
	empty: 'Write the note first: an empty note is not added.',
	noScope: 'Choose the scope the note belongs to.',
} as const;

export class NoteModal extends Modal {
	private select!: HTMLSelectElement;
	private area!: HTMLTextAreaElement;
	private errorEl!: HTMLElement;

	constructor(
		app: App,
		private readonly scopes: readonly string[],
		private readonly initialScope: string | null,
		private readonly agent: string,
		private readonly submit: (req: NoteRequest) => void,
	) {
		super(app);
	}

	onOpen(): void {
		this.setTitle('Add working note');
		const el = this.contentEl;
		el.empty();
		el.addClass('logos-note-modal');
		const scopeLabel = el.createEl('label', { cls: 'logos-note-label', text: 'Scope' });
		this.select = scopeLabel.createEl('select', { cls: ['dropdown', 'logos-note-scope'] });
		for (const s of this.scopes) this.select.createEl('option', { text: s, value: s });
		const initial = this.initialScope;
		this.select.value = initial !== null && this.scopes.includes(initial) ? initial : this.scopes[0] ?? '';
		const noteLabel = el.createEl('label', { cls: 'logos-note-label', text: 'Note' });
		this.area = noteLabel.createEl('textarea', {
			cls: 'logos-note-text',
			attr: { rows: '4', placeholder: 'What an agent picking this up should know' },
		});
		// Said, not swallowed: an empty note keeps the modal open with the reason under the text.
		this.errorEl = el.createDiv({ cls: 'logos-note-error', attr: { role: 'alert' } });
		this.errorEl.hide();
		this.area.setAttr('aria-describedby', 'logos-note-error');
		this.errorEl.id = 'logos-note-error';
		this.area.addEventListener('input', () => {
			this.errorEl.hide();
			this.area.removeAttribute('aria-invalid');
		});
		el.createDiv({ cls: 'setting-item-description', text: `Signed as ${this.agent}. Secrets are masked before anything is written.` });
		const buttons = el.createDiv({ cls: 'modal-button-container' });
		const ok = buttons.createEl('button', { cls: 'mod-cta', text: 'Add note' });
		const cancel = buttons.createEl('button', { text: 'Cancel' });
		ok.addEventListener('click', () => this.done());
		cancel.addEventListener('click', () => this.close());
		this.area.addEventListener('keydown', (evt) => {
			// Enter makes a new line; Mod+Enter adds the note.
			if (evt.key !== 'Enter' || !(evt.metaKey || evt.ctrlKey) || evt.isComposing) return;
			evt.preventDefault();
			this.done();
		});
		this.area.focus();
	}

	onClose(): void {
		this.contentEl.empty();
	}

	private done(): void {
		const scope = this.select.value;
		const text = this.area.value;
		const problem = scope === '' ? NOTE_MODAL_TEXT.noScope : text.trim() === '' ? NOTE_MODAL_TEXT.empty : null;
		if (problem !== null) {
			this.errorEl.setText(problem);
			this.errorEl.show();
			this.area.setAttr('aria-invalid', 'true');
			this.area.focus();
			return;
		}
		this.close();
		this.submit({ scope, text });
	}
}
