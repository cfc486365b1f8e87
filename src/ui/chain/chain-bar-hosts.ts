/**
 * Where the chain bar lives: in reading view, at the top of the note's first body
 * section (a post-processor child); in live preview and source mode, as a block widget
 * before the first body line. Both sit below the properties and above the first heading,
 * so switching modes does not move it, and neither is part of the document.
 */
import { StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';
import { Component, editorInfoField, MarkdownRenderChild, type MarkdownPostProcessor } from 'obsidian';
import type { ChainBars } from './chain-bar';

/**
 * 0-based line where the body starts: the first non-blank line after a closed frontmatter
 * block (or from the top without one); -1 when there is no body.
 */
export function firstBodyLine(lineAt: (i: number) => string, count: number): number {
	let start = 0;
	if (count > 0 && lineAt(0).trimEnd() === '---') {
		for (let i = 1; i < count; i++) {
			if (lineAt(i).trimEnd() === '---') {
				start = i + 1;
				break;
			}
		}
	}
	for (let i = start; i < count; i++) if (lineAt(i).trim() !== '') return i;
	return -1;
}

class ReadingBar extends MarkdownRenderChild {
	constructor(
		containerEl: HTMLElement,
		private readonly bars: ChainBars,
		private readonly path: string,
	) {
		super(containerEl);
	}

	onload(): void {
		this.bars.attach(this.containerEl, () => this.path, this);
	}
}

/** Reading view: the bar goes into the section that holds the first body line. */
export function readingBarProcessor(bars: ChainBars, isNote: (path: string) => boolean): MarkdownPostProcessor {
	return (el, ctx) => {
		if (!isNote(ctx.sourcePath)) return;
		const info = ctx.getSectionInfo(el);
		if (!info) return;
		const lines = info.text.split('\n');
		const body = firstBodyLine((i) => lines[i], lines.length);
		if (body < 0 || body < info.lineStart || body > info.lineEnd) return;
		ctx.addChild(new ReadingBar(el, bars, ctx.sourcePath));
	};
}

/** Owners of the bars drawn into widget wrappers, to unload them when CodeMirror drops the DOM. */
const owners = new WeakMap<HTMLElement, Component>();

class BarWidget extends WidgetType {
	constructor(
		private readonly bars: ChainBars,
		private readonly path: string,
	) {
		super();
	}

	eq(other: BarWidget): boolean {
		return other.path === this.path;
	}

	toDOM(view: EditorView): HTMLElement {
		const wrap = createDiv({ cls: 'logos-chain-widget' });
		const owner = new Component();
		owner.load();
		// The note may be renamed while open: ask the editor for its file each time.
		this.bars.attach(wrap, () => view.state.field(editorInfoField, false)?.file?.path ?? this.path, owner);
		owners.set(wrap, owner);
		return wrap;
	}

	destroy(dom: HTMLElement): void {
		owners.get(dom)?.unload();
		owners.delete(dom);
	}

	/** The bar's buttons are its own: the editor neither moves the cursor nor selects on them. */
	ignoreEvent(): boolean {
		return true;
	}
}

function barDecoration(state: EditorState, bars: ChainBars, isNote: (path: string) => boolean): DecorationSet {
	const file = state.field(editorInfoField, false)?.file;
	if (!file || !isNote(file.path)) return Decoration.none;
	const doc = state.doc;
	const body = firstBodyLine((i) => doc.line(i + 1).text, doc.lines);
	if (body < 0) return Decoration.none;
	const widget = Decoration.widget({ widget: new BarWidget(bars, file.path), block: true, side: -1 });
	return Decoration.set([widget.range(doc.line(body + 1).from)]);
}

/** Live preview and source mode: block decorations must come from a state field. */
export function editorBarExtension(bars: ChainBars, isNote: (path: string) => boolean): Extension {
	return StateField.define<DecorationSet>({
		create: (state) => barDecoration(state, bars, isNote),
		// An unchanged widget (same note) keeps its DOM: CodeMirror compares them with eq.
		update: (deco, tr) => (tr.docChanged ? barDecoration(tr.state, bars, isNote) : deco),
		provide: (field) => EditorView.decorations.from(field),
	});
}
