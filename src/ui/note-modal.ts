/**
 * "Add working note": the scope (the active file's by default) and the text. The note is
 * signed with the agent name from the settings and written by the caller.
 */
import { Modal, type App } from 'obsidian';

export interface NoteRequest {
	scope: string;
	text: string;
}

export class NoteModal extends Modal {
	private select!: HTMLSelectElement;
	private area!: HTMLTextAreaElement;

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
		if (scope === '' || text.trim() === '') return;
		this.close();
		this.submit({ scope, text });
	}
}
