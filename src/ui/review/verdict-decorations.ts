/**
 * A ruling's verdict shown beside it in checkpoint notes and beside the dead-end notes of
 * `uncommitted.md`, in reading view (a markdown post-processor) and in live preview (a
 * CodeMirror extension), without touching the file. Marks are taken from the model at its
 * current revision; when they change, the open notes whose marks changed are redrawn.
 */
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { RangeSetBuilder, StateEffect, type Extension } from '@codemirror/state';
import { editorInfoField, editorLivePreviewField, MarkdownView, type App, type MarkdownPostProcessor } from 'obsidian';
import type { ModelSource } from '../../vault/obsidian-source';
import { marksInText, marksOfScope, marksSignature, type VerdictMark } from './verdict-marks';

type Marks = ReadonlyMap<string, VerdictMark>;
const NO_MARKS: Marks = new Map();

/**
 * The marks of the checkpoint and notes files of the scopes whose notes were asked about, at
 * the model's current revision, and who to tell when they change. A file's marks come from its
 * own scope's rulings alone, so each scope's are read from a model of that scope's project
 * (ModelSource.loadScope), never the whole vault's: a start or a change with no note open
 * builds nothing.
 */
export class VerdictMarks {
	private revision = -1;
	private byPath = new Map<string, Map<string, VerdictMark>>();
	/** Scopes of the files asked about: their marks are kept up to date. */
	private readonly scopes = new Set<string>();
	/** Scopes added since the marks were last read. */
	private added = false;
	private pending: Promise<void> | null = null;
	private readonly listeners = new Set<(changed: ReadonlySet<string>) => void>();

	constructor(
		private readonly source: ModelSource,
		/** False until the workspace is ready: nothing reads the vault before that. */
		private readonly ready: () => boolean,
	) {}

	/** Marks as last computed (possibly none yet). */
	get(path: string): Marks {
		return this.byPath.get(path) ?? NO_MARKS;
	}

	get stale(): boolean {
		return this.added || (this.scopes.size > 0 && this.revision !== this.source.revision);
	}

	/** Marks for `path` at the current revision, its scope's read first when new or stale and allowed. */
	async forPath(path: string): Promise<Marks> {
		await this.want(path);
		return this.get(path);
	}

	/** Keeps the marks of `path`'s scope from now on, and reads them now if they are not at hand. */
	async want(path: string): Promise<void> {
		if (!this.ready()) return;
		const scope = (await this.source.overview()).scopeOf(path);
		if (scope !== null && !this.scopes.has(scope)) {
			this.scopes.add(scope);
			this.added = true;
		}
		await this.catchUp();
	}

	/** Reads the marks again if the model moved on (or a scope was added) and the workspace is ready. */
	catchUp(): Promise<void> {
		return this.stale && this.ready() ? this.refresh() : Promise.resolve();
	}

	/** Recomputes when the model moved on; tells listeners which files' marks changed. */
	refresh(): Promise<void> {
		if (!this.pending) {
			this.pending = this.update()
				// A model that cannot be read is the pane's to report; the marks stay as they were.
				.catch(() => undefined)
				.finally(() => {
					this.pending = null;
				});
		}
		return this.pending;
	}

	onChange(fn: (changed: ReadonlySet<string>) => void): () => void {
		this.listeners.add(fn);
		return () => this.listeners.delete(fn);
	}

	private async update(): Promise<void> {
		while (this.stale) {
			const revision = this.source.revision;
			this.added = false;
			const next = new Map<string, Map<string, VerdictMark>>();
			for (const scope of [...this.scopes]) {
				const { model } = await this.source.loadScope(scope);
				for (const [path, marks] of marksOfScope(model, scope)) next.set(path, marks);
			}
			const changed = new Set<string>();
			for (const path of new Set([...this.byPath.keys(), ...next.keys()])) {
				if (marksSignature(this.byPath.get(path)) !== marksSignature(next.get(path))) changed.add(path);
			}
			this.revision = revision;
			this.byPath = next;
			if (changed.size > 0) for (const fn of this.listeners) fn(changed);
		}
	}
}

/** Puts `mark` on one rendered list item: a class for the line, a badge after its text. */
export function markItem(li: HTMLElement, mark: VerdictMark): void {
	li.querySelector(':scope > .logos-verdict')?.remove();
	li.removeClass('logos-ruling-retired', 'logos-ruling-reconfirmed', 'logos-ruling-restated');
	li.addClass(`logos-ruling-${mark.kind}`);
	li.createSpan({ cls: ['logos-verdict', `logos-verdict-${mark.kind}`], text: mark.text });
}

/**
 * Marks the list items of one rendered section of the file at `path`. `text` is the whole
 * file and the section covers lines `lineStart`–`lineEnd`; the k-th bullet line there is the
 * k-th `li`, so when the counts differ (a list the reader does not count as bullets) nothing
 * is marked.
 */
export function markSection(el: HTMLElement, path: string, text: string, lineStart: number, lineEnd: number, marks: Marks): void {
	const items = el.querySelectorAll('li');
	if (items.length === 0) return;
	const all = marksInText(path, text, marks);
	if (all.length === 0) return;
	const bulletLines = bulletLinesIn(text, lineStart, lineEnd);
	if (bulletLines.length !== items.length) return;
	const itemAt = new Map(bulletLines.map((line, k) => [line, k] as const));
	for (const { line, mark } of all) {
		const k = itemAt.get(line);
		if (k !== undefined) markItem(items[k], mark);
	}
}

function bulletLinesIn(text: string, lineStart: number, lineEnd: number): number[] {
	const lines = text.split('\n');
	const out: number[] = [];
	for (let i = lineStart; i <= lineEnd && i < lines.length; i++) {
		if (/^\s*[-*+]\s/.test(lines[i])) out.push(i);
	}
	return out;
}

/** Reading view: marks the `Didn't work` bullets of a checkpoint, or the dead-end notes of `uncommitted.md`, as each section renders. */
export function verdictPostProcessor(marks: VerdictMarks): MarkdownPostProcessor {
	return async (el, ctx) => {
		if (!el.querySelector('li')) return;
		const forPath = await marks.forPath(ctx.sourcePath);
		if (forPath.size === 0) return;
		const info = ctx.getSectionInfo(el);
		if (info) markSection(el, ctx.sourcePath, info.text, info.lineStart, info.lineEnd, forPath);
	};
}

/** Re-renders reading views of the files whose marks changed. */
export function redrawReadingViews(app: App, changed: ReadonlySet<string>): void {
	for (const leaf of app.workspace.getLeavesOfType('markdown')) {
		const view = leaf.view;
		if (view instanceof MarkdownView && view.file && changed.has(view.file.path) && view.getMode() === 'preview') {
			view.previewMode.rerender(true);
		}
	}
}

/** The badge after a marked bullet in live preview. */
export class VerdictWidget extends WidgetType {
	constructor(readonly mark: VerdictMark) {
		super();
	}

	eq(other: VerdictWidget): boolean {
		return other.mark.kind === this.mark.kind && other.mark.text === this.mark.text;
	}

	toDOM(): HTMLElement {
		return createSpan({ cls: ['logos-verdict', `logos-verdict-${this.mark.kind}`], text: this.mark.text });
	}
}

/** The decorations of one editor: a class over each marked ruling's text and a badge right after it. */
export function verdictDecorations(view: EditorView, marks: VerdictMarks): DecorationSet {
	if (!view.state.field(editorLivePreviewField, false)) return Decoration.none;
	const file = view.state.field(editorInfoField, false)?.file;
	const forPath = file ? marks.get(file.path) : NO_MARKS;
	if (forPath.size === 0) return Decoration.none;
	const doc = view.state.doc;
	const builder = new RangeSetBuilder<Decoration>();
	for (const { line, textStart, textEnd, mark } of marksInText(file?.path ?? '', doc.toString(), forPath)) {
		if (line + 1 > doc.lines) continue;
		const l = doc.line(line + 1);
		const to = Math.min(l.from + textEnd, l.to);
		const from = Math.min(l.from + textStart, to);
		if (from < to) builder.add(from, to, Decoration.mark({ class: `logos-ruling-${mark.kind}` }));
		builder.add(to, to, Decoration.widget({ widget: new VerdictWidget(mark), side: 1 }));
	}
	return builder.finish();
}

/** Live preview: the same marks as reading view, redrawn when a verdict changes them. */
export function verdictEditorExtension(marks: VerdictMarks): Extension {
	const redraw = StateEffect.define<null>();
	const open = new Set<EditorView>();
	marks.onChange(() => {
		for (const view of open) view.dispatch({ effects: redraw.of(null) });
	});
	const plugin = ViewPlugin.fromClass(
		class {
			decorations: DecorationSet;

			constructor(readonly view: EditorView) {
				open.add(view);
				this.decorations = verdictDecorations(view, marks);
				// An editor opened before its scope's marks were read catches up when they are.
				const file = view.state.field(editorInfoField, false)?.file;
				void (file ? marks.want(file.path) : marks.catchUp());
			}

			update(u: ViewUpdate): void {
				const asked = u.transactions.some((t) => t.effects.some((e) => e.is(redraw)));
				const modeChanged = u.startState.field(editorLivePreviewField, false) !== u.state.field(editorLivePreviewField, false);
				if (asked || modeChanged || u.docChanged) this.decorations = verdictDecorations(u.view, marks);
			}

			destroy(): void {
				open.delete(this.view);
			}
		},
		{ decorations: (p) => p.decorations },
	);
	return [plugin];
}
