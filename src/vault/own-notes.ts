/**
 * The person's own working notes (docs/decisions.md §6): stored in the index first, then appended
 * to uncommitted.md through the one writer. A write that fails stays unflushed and is
 * tried again; a line a logos rewrite dropped is appended again once per rewrite while no
 * checkpoint of the scope is newer, and after that the pane offers "add again" or "dismiss".
 */
import { maskNoteText, parseUncommitted, renderNoteLine } from '../core';
import { WriteRefused } from '../core';
import type { CheckpointRecord } from '../core';
import type { IndexedNote } from '../store/store';
import type { MissingOwn } from '../store/indexer';
import { obsidianAppendPort } from './obsidian-append';
import type { IndexHost, IndexService } from './obsidian-store';
import { appendNote, type WriteTarget } from './writer';

/** A note logos's newer checkpoint left out: the person decides. */
export interface Orphan {
	note: IndexedNote;
	checkpoint: CheckpointRecord;
}

/** Re-appends per note in one session: a guard against a writer that keeps dropping the line. */
const MAX_READDS = 10;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export class OwnNotes {
	/** The file stamp each note was last re-appended for: once per rewrite. */
	private readonly readded = new Map<number, { stamp: string; count: number }>();
	/** Notes being written now, so a retry never writes one twice. */
	private readonly writing = new Set<number>();

	constructor(
		private readonly host: IndexHost,
		private readonly index: IndexService,
	) {
		index.onMissing = (missing) => this.onMissing(missing);
	}

	/**
	 * Stores the masked note, then appends it. Returns false when the write failed (the
	 * note is kept, unflushed, and retried). Throws WriteRefused for a note that cannot be
	 * written at all (empty once masked, an unknown scope).
	 */
	async add(scope: string, text: string, ts = nowSeconds()): Promise<boolean> {
		const store = this.index.store;
		if (!store) throw new WriteRefused('the index is not open yet; try again in a moment');
		const masked = maskNoteText(text);
		const agent = this.host.agentName();
		// Stored exactly as it will read back from its line, so the next import recognizes it.
		const read = parseUncommitted(renderLine(masked.text, ts, agent), scope)[0];
		if (!read) throw new WriteRefused('the note is empty once secrets are masked');
		this.target(scope);
		const id = store.addOwnNote(scope, agent, read.text, ts);
		if (masked.redactions.length > 0) this.host.tell({ kind: 'note-masked', secrets: masked.redactions.length });
		this.host.changed();
		return this.write({ id, scope, agent, text: read.text, ts });
	}

	/** Writes every note still unflushed (a failed write, or one that never ran). */
	async retryPending(): Promise<void> {
		const store = this.index.store;
		if (!store) return;
		for (const n of store.pendingOwnNotes()) await this.write(n);
	}

	/** The person's notes a newer checkpoint left out of the scope (docs/decisions.md §6). */
	orphans(scope: string): Orphan[] {
		const store = this.index.store;
		if (!store) return [];
		const out: Orphan[] = [];
		for (const note of store.ownNotes(scope)) {
			if (note.present || note.unflushed) continue;
			const checkpoint = store.firstCheckpointAfter(scope, note.ts);
			if (checkpoint) out.push({ note, checkpoint });
		}
		return out;
	}

	/** "Add again": a fresh note with the same text, so it counts from now. */
	async addAgain(o: Orphan): Promise<boolean> {
		this.index.store?.dismissOwnNote(o.note.id);
		return this.add(o.note.scope, o.note.text);
	}

	dismiss(o: Orphan): void {
		this.index.store?.dismissOwnNote(o.note.id);
		this.host.changed();
	}

	private async onMissing(missing: MissingOwn[]): Promise<void> {
		const store = this.index.store;
		if (!store) return;
		for (const { scope, file, notes } of missing) {
			for (const n of notes) {
				// A newer checkpoint: logos has moved on; the pane lists the note instead.
				if (store.firstCheckpointAfter(scope, n.ts)) continue;
				const stamp = `${file.mtime}:${file.size}`;
				const seen = this.readded.get(n.id);
				if (seen?.stamp === stamp || (seen?.count ?? 0) >= MAX_READDS) continue;
				this.readded.set(n.id, { stamp, count: (seen?.count ?? 0) + 1 });
				if (await this.write(n)) this.host.tell({ kind: 'note-readded' });
			}
		}
	}

	private async write(n: Pick<IndexedNote, 'id' | 'scope' | 'agent' | 'text' | 'ts'>): Promise<boolean> {
		const store = this.index.store;
		if (!store || this.writing.has(n.id)) return false;
		this.writing.add(n.id);
		try {
			await appendNote(this.target(n.scope), n.scope, n.agent, n.text, n.ts);
			store.markFlushed(n.id);
			return true;
		} catch (e) {
			// Unflushed again (a re-append of a flushed note included): the retry picks it up.
			store.addOwnNote(n.scope, n.agent, n.text, n.ts);
			this.host.tell({ kind: 'note-kept', why: e instanceof Error ? e.message : String(e) });
			return false;
		} finally {
			this.writing.delete(n.id);
			this.host.changed();
		}
	}

	/** Synchronous on purpose: it runs inside the index's queue, where waiting for the queue would never end. */
	private target(scope: string): WriteTarget {
		const scopes = this.index.scopes();
		if (!scopes.includes(scope)) throw new WriteRefused(`no scope folder "${scope}" under ${this.index.root}/`);
		return { port: obsidianAppendPort(this.host.app), sessionsRoot: this.index.root, scopes };
	}
}

function renderLine(text: string, ts: number, agent: string): string {
	try {
		return renderNoteLine({ text, ts, agent });
	} catch {
		return '';
	}
}
