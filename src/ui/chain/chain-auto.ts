/**
 * An auto record (`auto: true`) is logos's own reconstruction: logos may rewrite it when
 * it learns more. The first time a person edits one, say so once, and how to keep the
 * edit: remove `auto: true` and the record is theirs.
 */
import { Notice, type Editor, type MarkdownFileInfo, type MarkdownView, type Plugin } from 'obsidian';
import { parseCheckpoint } from '../../core';

export const AUTO_EDIT_NOTICE =
	'This checkpoint is an auto record (auto: true): logos may rewrite it, and your edit with it. ' +
	'Remove the line "auto: true" to make the record yours.';

/** Long enough to read twice. */
const NOTICE_MS = 12000;

/** A cheap look before the real parse: most edited notes are not auto records. */
const AUTO_LINE = /^auto:[ \t]*true[ \t]*$/m;

export function isAutoRecord(text: string): boolean {
	return AUTO_LINE.test(text) && parseCheckpoint(text).auto;
}

/**
 * Watches edits of checkpoint notes. Only edits made while the editor has focus count:
 * logos rewriting the file under an open editor is not the person's edit.
 */
export function warnOnAutoEdits(plugin: Plugin, isNote: (path: string) => boolean): void {
	const warned = new Set<string>();
	plugin.registerEvent(
		plugin.app.workspace.on('editor-change', (editor: Editor, info: MarkdownView | MarkdownFileInfo) => {
			const path = info.file?.path;
			if (!path || warned.has(path) || !isNote(path) || !editor.hasFocus()) return;
			if (!isAutoRecord(editor.getValue())) return;
			warned.add(path);
			new Notice(AUTO_EDIT_NOTICE, NOTICE_MS);
		}),
	);
}
