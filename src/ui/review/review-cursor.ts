/**
 * Which ruling the cursor is on (docs/decisions.md §3, §8): a `Didn't work` bullet of a
 * checkpoint, or a dead-end-shaped line of `uncommitted.md`. Where the list items and
 * headings sit comes from the metadata cache; the ruling's text from the core's own
 * readers of that line. Synchronous, because the command palette asks on every open.
 */
import type { App, Editor, HeadingCache, ListItemCache, TFile } from 'obsidian';
import { parseBullets } from '../../core';
import { isCheckpointFile } from '../../core';
import { isDeadEnd, parseUncommitted } from '../../core';
import { isPlaceholder } from '../../core';

export const FAILED_HEADING = "Didn't work";
const NOTES_FILE = 'uncommitted.md';

export interface CursorRuling {
	/** The file holding the line. */
	path: string;
	/** 0-based line of the bullet or note. */
	line: number;
	text: string;
	source: 'checkpoint' | 'note';
}

/** The sessions folder as a vault path, without a trailing `/`. */
export function sessionsPath(folder: string): string {
	return folder.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '');
}

function itemAt(items: readonly ListItemCache[] | undefined, line: number): ListItemCache | null {
	if (!items) return null;
	return items.find((it) => it.position.start.line <= line && line <= it.position.end.line) ?? null;
}

/** The nearest heading above `line`: the section the line belongs to. */
function headingAbove(headings: readonly HeadingCache[] | undefined, line: number): HeadingCache | null {
	let found: HeadingCache | null = null;
	for (const h of headings ?? []) {
		if (h.position.start.line < line) found = h;
		else break;
	}
	return found;
}

export function rulingUnderCursor(app: App, file: TFile | null, editor: Editor, folder: string): CursorRuling | null {
	if (!file || file.extension !== 'md') return null;
	const root = sessionsPath(folder);
	if (root !== '' && !file.path.startsWith(`${root}/`)) return null;
	const isNotes = file.name === NOTES_FILE;
	if (!isNotes && !isCheckpointFile(file.name)) return null;
	const cache = app.metadataCache.getFileCache(file);
	const item = itemAt(cache?.listItems, editor.getCursor().line);
	if (!item) return null;
	const line = item.position.start.line;
	const raw = editor.getLine(line);
	if (isNotes) {
		const note = parseUncommitted(raw, '')[0];
		return note && isDeadEnd(note.text) ? { path: file.path, line, text: note.text, source: 'note' } : null;
	}
	const heading = headingAbove(cache?.headings, line);
	if (!heading || heading.level !== 2 || heading.heading.trim() !== FAILED_HEADING) return null;
	const text = parseBullets(raw)[0] ?? '';
	if (text === '' || isPlaceholder(text)) return null;
	return { path: file.path, line, text, source: 'checkpoint' };
}
