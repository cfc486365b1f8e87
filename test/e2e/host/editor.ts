/**
 * The editing view of a note (live preview and source mode): a real CodeMirror 6 EditorView
 * carrying every extension the plugins registered, Obsidian's editor state fields, and an
 * `Editor` over it. The mocks' MarkdownView has no editing view at all (its `editor` is a
 * string buffer that nothing shows), so all of this is the host's; each deviation from
 * Obsidian is marked SHIM with the doc it follows.
 *
 * What it is not: Obsidian's live preview rendering. The text shows as it is in the file
 * (markup, frontmatter and all, with Obsidian's line classes for headings, bullets and
 * frontmatter so the host's CSS can set them apart); only the plugins' decorations are drawn.
 */
import { Compartment, EditorSelection as CmSelection, EditorState, RangeSetBuilder, type ChangeSpec, type Extension, type SelectionRange } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import type {
	App,
	Editor,
	EditorChange,
	EditorCommandName,
	EditorPosition,
	EditorRange,
	EditorRangeOrCaret,
	EditorSelection,
	EditorSelectionOrCaret,
	EditorTransaction,
	MarkdownSubView,
	MarkdownView,
	Plugin as PluginOriginal,
	TFile,
} from 'obsidian';
import { editorEditorField, editorInfoField, editorLivePreviewField, editorViewField, livePreviewState, Plugin } from 'obsidian-test-mocks/obsidian';

/**
 * `Editor` (https://docs.obsidian.md/Reference/TypeScript+API/Editor) over a CodeMirror 6
 * EditorView, as Obsidian's editor is: positions are 0-based `{line, ch}`, every change is a
 * CodeMirror transaction, so the editor's extensions see it as they would in Obsidian.
 */
export class HostEditor implements Editor {
	constructor(
		/** Obsidian's editor exposes its EditorView as `editor.cm` (https://docs.obsidian.md/Plugins/Editor/Communicating+with+editor+extensions). */
		readonly cm: EditorView,
		/** The element that scrolls the note (the editing view, inline title and all). */
		private readonly scroller: HTMLElement = cm.scrollDOM,
	) {}

	private get doc(): EditorState['doc'] {
		return this.cm.state.doc;
	}

	private toPos(offset: number): EditorPosition {
		const line = this.doc.lineAt(Math.max(0, Math.min(offset, this.doc.length)));
		return { line: line.number - 1, ch: Math.min(offset, this.doc.length) - line.from };
	}

	private toOffset(pos: EditorPosition): number {
		if (pos.line < 0) return 0;
		if (pos.line >= this.doc.lines) return this.doc.length;
		const line = this.doc.line(pos.line + 1);
		return line.from + Math.max(0, Math.min(pos.ch, line.length));
	}

	private range(r: EditorRangeOrCaret | EditorSelectionOrCaret): SelectionRange {
		if ('anchor' in r) return CmSelection.range(this.toOffset(r.anchor), this.toOffset(r.head ?? r.anchor));
		return CmSelection.range(this.toOffset(r.from), this.toOffset(r.to ?? r.from));
	}

	getDoc(): this {
		return this;
	}

	refresh(): void {
		this.cm.requestMeasure();
	}

	getValue(): string {
		return this.doc.toString();
	}

	setValue(content: string): void {
		this.cm.dispatch({ changes: { from: 0, to: this.doc.length, insert: content }, selection: { anchor: 0 } });
	}

	getLine(line: number): string {
		return line >= 0 && line < this.doc.lines ? this.doc.line(line + 1).text : '';
	}

	setLine(n: number, text: string): void {
		const line = this.doc.line(n + 1);
		this.cm.dispatch({ changes: { from: line.from, to: line.to, insert: text } });
	}

	lineCount(): number {
		return this.doc.lines;
	}

	lastLine(): number {
		return this.doc.lines - 1;
	}

	/** Obsidian joins several selections with a newline. */
	getSelection(): string {
		return this.cm.state.selection.ranges.map((r) => this.cm.state.sliceDoc(r.from, r.to)).join('\n');
	}

	somethingSelected(): boolean {
		return this.cm.state.selection.ranges.some((r) => !r.empty);
	}

	getRange(from: EditorPosition, to: EditorPosition): string {
		return this.cm.state.sliceDoc(this.toOffset(from), this.toOffset(to));
	}

	replaceSelection(replacement: string, origin?: string): void {
		this.cm.dispatch({ ...this.cm.state.replaceSelection(replacement), userEvent: origin });
	}

	replaceRange(replacement: string, from: EditorPosition, to?: EditorPosition, origin?: string): void {
		this.cm.dispatch({ changes: { from: this.toOffset(from), to: this.toOffset(to ?? from), insert: replacement }, userEvent: origin });
	}

	getCursor(side: 'from' | 'to' | 'head' | 'anchor' = 'head'): EditorPosition {
		const main = this.cm.state.selection.main;
		return this.toPos(side === 'from' ? main.from : side === 'to' ? main.to : side === 'anchor' ? main.anchor : main.head);
	}

	listSelections(): EditorSelection[] {
		return this.cm.state.selection.ranges.map((r) => ({ anchor: this.toPos(r.anchor), head: this.toPos(r.head) }));
	}

	setCursor(pos: EditorPosition | number, ch?: number): void {
		const at = typeof pos === 'number' ? { line: pos, ch: ch ?? 0 } : pos;
		this.cm.dispatch({ selection: { anchor: this.toOffset(at) }, scrollIntoView: true });
	}

	setSelection(anchor: EditorPosition, head?: EditorPosition): void {
		this.cm.dispatch({ selection: { anchor: this.toOffset(anchor), head: this.toOffset(head ?? anchor) }, scrollIntoView: true });
	}

	setSelections(ranges: EditorSelectionOrCaret[], main?: number): void {
		if (ranges.length === 0) return;
		this.cm.dispatch({ selection: CmSelection.create(ranges.map((r) => this.range(r)), main ?? 0), scrollIntoView: true });
	}

	focus(): void {
		this.cm.focus();
	}

	blur(): void {
		this.cm.contentDOM.blur();
	}

	hasFocus(): boolean {
		return this.cm.hasFocus;
	}

	getScrollInfo(): { top: number; left: number } {
		return { top: this.scroller.scrollTop, left: this.scroller.scrollLeft };
	}

	scrollTo(x?: number | null, y?: number | null): void {
		if (typeof x === 'number') this.scroller.scrollLeft = x;
		if (typeof y === 'number') this.scroller.scrollTop = y;
	}

	scrollIntoView(range: EditorRange, center?: boolean): void {
		this.cm.dispatch({ effects: EditorView.scrollIntoView(CmSelection.range(this.toOffset(range.from), this.toOffset(range.to)), { y: center ? 'center' : 'nearest' }) });
	}

	/**
	 * SHIM (Editor.undo / redo, https://docs.obsidian.md/Reference/TypeScript+API/Editor/undo): Obsidian's
	 * editor keeps a history; the host ships no @codemirror/commands (the plugin's package has
	 * none to lend), so there is no history and these do nothing.
	 */
	undo(): void {
		console.warn('[host] the editor keeps no history: undo does nothing');
	}

	redo(): void {
		console.warn('[host] the editor keeps no history: redo does nothing');
	}

	/** Editor.exec: the moves and edits Obsidian names; folding is not modelled (no-op). */
	exec(command: EditorCommandName): void {
		const cm = this.cm;
		const move = (f: (r: SelectionRange) => SelectionRange): void => {
			cm.dispatch({ selection: CmSelection.create(cm.state.selection.ranges.map(f), cm.state.selection.mainIndex), scrollIntoView: true });
		};
		const cursor = this.getCursor();
		switch (command) {
			case 'goUp':
				return move((r) => cm.moveVertically(r, false));
			case 'goDown':
				return move((r) => cm.moveVertically(r, true));
			case 'goLeft':
				return move((r) => cm.moveByChar(r, false));
			case 'goRight':
				return move((r) => cm.moveByChar(r, true));
			case 'goWordLeft':
				return move((r) => cm.moveByGroup(r, false));
			case 'goWordRight':
				return move((r) => cm.moveByGroup(r, true));
			case 'goStart':
				return this.setCursor({ line: 0, ch: 0 });
			case 'goEnd':
				return this.setCursor(this.toPos(this.doc.length));
			case 'indentMore':
			case 'indentLess': {
				const changes: ChangeSpec[] = [];
				const seen = new Set<number>();
				for (const r of cm.state.selection.ranges) {
					for (let n = this.doc.lineAt(r.from).number; n <= this.doc.lineAt(r.to).number; n++) {
						if (seen.has(n)) continue;
						seen.add(n);
						const line = this.doc.line(n);
						if (command === 'indentMore') changes.push({ from: line.from, insert: '\t' });
						else {
							const lead = /^(\t| {1,4})/.exec(line.text);
							if (lead) changes.push({ from: line.from, to: line.from + lead[0].length });
						}
					}
				}
				cm.dispatch({ changes });
				return;
			}
			case 'newlineAndIndent': {
				const indent = /^\s*/.exec(this.getLine(cursor.line))?.[0] ?? '';
				this.replaceSelection(`\n${indent}`);
				return;
			}
			case 'deleteLine': {
				const line = this.doc.line(cursor.line + 1);
				const from = line.number < this.doc.lines ? line.from : Math.max(0, line.from - 1);
				const to = line.number < this.doc.lines ? line.to + 1 : line.to;
				cm.dispatch({ changes: { from, to } });
				return;
			}
			case 'swapLineUp':
			case 'swapLineDown': {
				const other = cursor.line + (command === 'swapLineUp' ? -1 : 1);
				if (other < 0 || other >= this.doc.lines) return;
				const a = this.doc.line(Math.min(cursor.line, other) + 1);
				const b = this.doc.line(Math.max(cursor.line, other) + 1);
				cm.dispatch({
					changes: { from: a.from, to: b.to, insert: `${b.text}\n${a.text}` },
					selection: { anchor: this.toOffset({ line: other, ch: cursor.ch }) },
				});
				return;
			}
			case 'toggleFold':
			case 'foldAll':
			case 'unfoldAll':
				return;
		}
	}

	transaction(tx: EditorTransaction, origin?: string): void {
		const changes: ChangeSpec[] = (tx.changes ?? []).map((c) => ({ from: this.toOffset(c.from), to: this.toOffset(c.to ?? c.from), insert: c.text }));
		let selection: CmSelection | undefined;
		if (tx.selections && tx.selections.length > 0) selection = CmSelection.create(tx.selections.map((r) => this.range(r)));
		else if (tx.selection) selection = CmSelection.create([this.range(tx.selection)]);
		if (tx.replaceSelection !== undefined) {
			const replaced = this.cm.state.changeByRange((r) => ({ changes: { from: r.from, to: r.to, insert: tx.replaceSelection }, range: CmSelection.cursor(r.from + (tx.replaceSelection ?? '').length) }));
			this.cm.dispatch({ ...replaced, userEvent: origin });
		}
		if (changes.length > 0 || selection) this.cm.dispatch({ changes, selection, userEvent: origin });
	}

	wordAt(pos: EditorPosition): EditorRange | null {
		const word = this.cm.state.wordAt(this.toOffset(pos));
		return word ? { from: this.toPos(word.from), to: this.toPos(word.to) } : null;
	}

	posToOffset(pos: EditorPosition): number {
		return this.toOffset(pos);
	}

	offsetToPos(offset: number): EditorPosition {
		return this.toPos(offset);
	}

	processLines<T>(read: (line: number, lineText: string) => T | null, write: (line: number, lineText: string, value: T | null) => EditorChange | void, ignoreEmpty = false): void {
		const changes: ChangeSpec[] = [];
		for (let i = 0; i < this.doc.lines; i++) {
			const text = this.getLine(i);
			if (ignoreEmpty && text.trim() === '') continue;
			const change = write(i, text, read(i, text));
			if (change) changes.push({ from: this.toOffset(change.from), to: this.toOffset(change.to ?? change.from), insert: change.text });
		}
		if (changes.length > 0) this.cm.dispatch({ changes });
	}
}

/**
 * The classes Obsidian's editor gives lines (`HyperMD-header-N`, `HyperMD-list-line`,
 * `HyperMD-frontmatter`), so the host's CSS can tell headings, bullets and properties apart.
 * The host's look only: markup is not hidden as in Obsidian's live preview.
 */
const lineClasses = ViewPlugin.fromClass(
	class {
		decorations: DecorationSet;

		constructor(view: EditorView) {
			this.decorations = this.build(view);
		}

		update(u: ViewUpdate): void {
			if (u.docChanged || u.viewportChanged) this.decorations = this.build(u.view);
		}

		build(view: EditorView): DecorationSet {
			const doc = view.state.doc;
			let frontmatterEnd = 0;
			if (doc.lines > 1 && doc.line(1).text.trimEnd() === '---') {
				for (let n = 2; n <= doc.lines; n++) {
					if (doc.line(n).text.trimEnd() === '---') {
						frontmatterEnd = n;
						break;
					}
				}
			}
			const builder = new RangeSetBuilder<Decoration>();
			for (const { from, to } of view.visibleRanges) {
				for (let pos = from; pos <= to; ) {
					const line = doc.lineAt(pos);
					const heading = /^(#{1,6})\s/.exec(line.text);
					let cls = '';
					if (line.number <= frontmatterEnd) cls = 'HyperMD-frontmatter';
					else if (heading) cls = `HyperMD-header HyperMD-header-${heading[1].length}`;
					else if (/^\s*[-*+]\s/.test(line.text)) cls = 'HyperMD-list-line';
					if (cls) builder.add(line.from, line.from, Decoration.line({ class: cls }));
					pos = line.to + 1;
				}
			}
			return builder.finish();
		}
	},
	{ decorations: (p) => p.decorations },
);

/** Every extension the loaded plugins registered, in registration order. */
export function pluginExtensions(plugins: readonly PluginOriginal[]): Extension[] {
	return plugins.flatMap((p) => Plugin.fromOriginalType2__(p).editorExtensions__ as Extension[]);
}

/**
 * SHIM (Plugin.registerEditorExtension, https://docs.obsidian.md/Reference/TypeScript+API/Plugin/registerEditorExtension):
 * the extension goes into every Markdown editor, open ones too, and leaves them when the plugin
 * unloads; "to reconfigure cm6 extensions for a plugin on the fly, an array should be passed
 * in, and modified dynamically ... calling Workspace.updateOptions will apply the changes".
 * The mocks keep a list and nothing reads it.
 */
export function installEditorExtensions(app: App): void {
	const proto = Plugin.prototype as unknown as {
		registerEditorExtension(ext: Extension): void;
		register(cb: () => unknown): void;
		editorExtensions__: Extension[];
	};
	proto.registerEditorExtension = function (ext) {
		this.editorExtensions__.push(ext);
		this.register(() => {
			const i = this.editorExtensions__.indexOf(ext);
			if (i >= 0) this.editorExtensions__.splice(i, 1);
			app.workspace.updateOptions();
		});
		app.workspace.updateOptions();
	};
}

/** Obsidian's default: TextFileView.requestSave "Debounced save in 2 seconds from now". */
export const SAVE_DELAY_MS = 2000;

/**
 * One note in the editing view. Typing changes the editor at once and the file two seconds
 * later (TextFileView.requestSave, https://docs.obsidian.md/Reference/TypeScript+API/TextFileView/requestSave),
 * through `Vault.modify` as Obsidian's save does, so vault and metadata events follow; every
 * change fires the workspace's `editor-change` (https://docs.obsidian.md/Reference/TypeScript+API/Workspace/on).
 * A change to the file from elsewhere is applied to the editor as the smallest edit, so the
 * cursor stays where it was.
 */
export class NoteEditor {
	readonly cm: EditorView;
	readonly editor: HostEditor;
	readonly el: HTMLElement;
	private readonly plugins = new Compartment();
	private timer: number | null = null;
	/** The text last written to or read from the file: what the file holds as far as this editor knows. */
	private saved: string;
	private destroyed = false;

	constructor(
		private readonly app: App,
		private readonly view: MarkdownView,
		readonly file: TFile,
		parent: HTMLElement,
		text: string,
		readonly livePreview: boolean,
		extensions: Extension[],
	) {
		this.saved = text;
		// Obsidian's classes for the editing view (source mode: no is-live-preview).
		this.el = parent.createDiv({ cls: ['markdown-source-view', 'cm-s-obsidian', 'mod-cm6', 'is-readable-line-width', ...(livePreview ? ['is-live-preview'] : [])] });
		this.el.createDiv({ cls: 'inline-title', text: file.basename });
		this.cm = new EditorView({ parent: this.el });
		this.editor = new HostEditor(this.cm, this.el);
		const cm = this.cm;
		// SHIM (editorInfoField, editorLivePreviewField, editorEditorField, https://docs.obsidian.md/Reference/TypeScript+API/editorInfoField):
		// Obsidian puts these fields in every Markdown editor: the view (a MarkdownFileInfo, whose
		// `file` follows renames), whether live preview is on, and the EditorView itself. The mocks
		// define the fields with empty values and never fill them. editorViewField is the
		// deprecated name of editorInfoField and holds the same.
		const state = EditorState.create({
			doc: text,
			extensions: [
				editorInfoField.init(() => view),
				editorViewField.init(() => view),
				editorEditorField.init(() => cm),
				editorLivePreviewField.init(() => livePreview),
				livePreview ? livePreviewState : [],
				EditorView.lineWrapping,
				EditorView.contentAttributes.of({ spellcheck: 'false', autocapitalize: 'off' }),
				lineClasses,
				EditorView.updateListener.of((u) => this.onUpdate(u)),
				this.plugins.of(extensions),
			],
		});
		cm.setState(state);
	}

	get text(): string {
		return this.cm.state.doc.toString();
	}

	/** Workspace.updateOptions: the plugins' extensions as they are now. */
	reconfigure(extensions: Extension[]): void {
		this.cm.dispatch({ effects: this.plugins.reconfigure(extensions) });
	}

	private onUpdate(u: ViewUpdate): void {
		if (!u.docChanged || this.destroyed) return;
		this.app.workspace.trigger('editor-change', this.editor, this.view);
		this.requestSave();
	}

	requestSave(): void {
		if (this.timer !== null) window.clearTimeout(this.timer);
		this.timer = window.setTimeout(() => {
			this.timer = null;
			void this.save();
		}, SAVE_DELAY_MS);
	}

	/** TextFileView.save: the editor's text to the file, if it differs from what was saved. */
	async save(): Promise<void> {
		if (this.timer !== null) {
			window.clearTimeout(this.timer);
			this.timer = null;
		}
		const text = this.text;
		if (text === this.saved) return;
		// A note deleted (or replaced) under its editor is not written back.
		if (this.app.vault.getAbstractFileByPath(this.file.path) !== this.file) return;
		this.saved = text;
		await this.app.vault.modify(this.file, text);
	}

	/** The file changed: an outside change reaches the editor; the editor's own save does not come back. */
	fileChanged(text: string): void {
		if (text === this.saved) return;
		this.saved = text;
		const now = this.text;
		if (text === now) return;
		let start = 0;
		while (start < now.length && start < text.length && now[start] === text[start]) start++;
		let end = 0;
		while (end < now.length - start && end < text.length - start && now[now.length - 1 - end] === text[text.length - 1 - end]) end++;
		this.cm.dispatch({ changes: { from: start, to: now.length - end, insert: text.slice(start, text.length - end) } });
	}

	/** Ephemeral state `{line}`: the cursor goes to the start of that line, scrolled to the middle. */
	goToLine(line: number): void {
		const n = Math.max(0, Math.min(line, this.cm.state.doc.lines - 1));
		const at = this.cm.state.doc.line(n + 1).from;
		this.cm.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
	}

	/** The MarkdownSubView of the editing view (MarkdownView.currentMode). */
	subView(): MarkdownSubView {
		return {
			get: () => this.text,
			set: (data: string) => this.editor.setValue(data),
			getScroll: () => this.el.scrollTop,
			applyScroll: (scroll: number) => {
				this.el.scrollTop = scroll;
			},
		};
	}

	/** Saves what is pending (Obsidian saves a note as its editor closes), then lets the EditorView go. */
	async destroy(): Promise<void> {
		if (this.destroyed) return;
		await this.save();
		this.destroyed = true;
		this.cm.destroy();
		this.el.remove();
	}
}
