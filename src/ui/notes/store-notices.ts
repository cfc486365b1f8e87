/**
 * What the person hears from the index and their own notes. The vault adapters report facts
 * (IndexNews, a rebuild's report); this is where they become words and Notices.
 */
import { Notice } from 'obsidian';
import type { PassReport } from '../../store/indexer';
import type { IndexNews } from '../../vault/obsidian-store';

export const NOTICE = {
	rebuilt: 'Logos index could not be read, so it was rebuilt from the vault. Nothing is lost.',
	rebuilding: 'Rebuilding the logos index…',
	done: (r: PassReport) => `Logos index rebuilt: ${r.read} files read.`,
	failed: (why: string) => `The index could not be rebuilt: ${why}`,
};

export const NOTE_NOTICE = {
	readded: 'A rewrite of uncommitted.md dropped your working note; it was added again.',
	kept: (why: string) => `Your note is kept and will be written again shortly: ${why}`,
	masked: (n: number) => `${n === 1 ? 'One secret was' : `${n} secrets were`} masked in your note.`,
};

/** How long the "rebuilt" notice of the Rebuild command stays up. */
const DONE_MS = 4000;

export function newsText(news: IndexNews): string {
	switch (news.kind) {
		case 'index-rebuilt': return NOTICE.rebuilt;
		case 'note-readded': return NOTE_NOTICE.readded;
		case 'note-kept': return NOTE_NOTICE.kept(news.why);
		case 'note-masked': return NOTE_NOTICE.masked(news.secrets);
	}
}

export function tellNews(news: IndexNews): void {
	new Notice(newsText(news));
}

/** "Rebuild index" with its progress notice: up while it runs, then the count, then gone. */
export async function rebuildWithNotice(rebuild: () => Promise<PassReport | null>): Promise<void> {
	const notice = new Notice(NOTICE.rebuilding, 0);
	try {
		const report = await rebuild();
		if (!report) {
			notice.hide();
			return;
		}
		notice.setMessage(NOTICE.done(report));
		window.setTimeout(() => notice.hide(), DONE_MS);
	} catch (e) {
		notice.hide();
		new Notice(NOTICE.failed(String(e)));
	}
}
