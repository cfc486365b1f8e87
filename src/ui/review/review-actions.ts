/**
 * Giving and undoing verdicts from Obsidian: every verdict goes through the one writer
 * (recordVerdict, the CLI's path too) into `reviewed.md` by Vault.process, and a Notice
 * says what was written, with Undo. Refusals are Notices too; nothing is written then.
 */
import { Notice, TFile, type App } from 'obsidian';
import { WriteRefused } from '../../core';
import type { NewVerdict } from '../../core';
import { parseReviewed, reviewKey } from '../../core';
import type { VerdictKind } from '../../core';
import { verdictTitle } from '../../core';
import { obsidianAppendPort } from '../../vault/obsidian-append';
import type { LoadedModel, ModelSource } from '../../vault/obsidian-source';
import { recordUndo, recordVerdict, type WriteTarget } from '../../vault/writer';
import { nowSeconds } from '../resume/copy-resume';

/** Long enough to reach for Undo after reading the notice. */
export const UNDO_NOTICE_MS = 10_000;
const SHORT_RULING = 80;
/** More Undo offers than fit on a screen at once. */
const MAX_OFFERS = 16;

/** A verdict this session appended, kept so it can be undone. */
export interface GivenVerdict {
	scope: string;
	path: string;
	verdict: NewVerdict;
}

export function shortRuling(text: string): string {
	const t = text.trim();
	return t.length > SHORT_RULING ? `${t.slice(0, SHORT_RULING - 1)}…` : t;
}

/** "Retired", "Reconfirmed at 9c4d2e1", "Reconfirmed": a verdict just given (it is today's). */
export function verdictLabel(v: Pick<NewVerdict, 'kind' | 'commit'>): string {
	return verdictTitle({ verdict: v.kind, commit: v.commit, day: '' });
}

function refusal(e: unknown): string {
	const msg = e instanceof Error ? e.message : String(e);
	return `Nothing was written: ${msg}.`;
}

export class RulingReviews {
	/** The Undo offers on screen: withdrawn once their verdict is undone or overtaken. */
	private readonly offers = new Map<GivenVerdict, Notice>();
	/** Hears each line this device appended, as written ("since I last looked" never counts them). */
	onWritten: (scope: string, line: string) => void = () => undefined;

	constructor(
		private readonly app: App,
		private readonly source: ModelSource,
	) {}

	/** The model the next verdict is checked against. */
	load(): Promise<LoadedModel> {
		return this.source.load();
	}

	/**
	 * Appends a verdict on `text` in `scope` and shows it with Undo. Returns what was
	 * written, or null (with a Notice saying why) when it was refused or failed.
	 */
	async give(scope: string, kind: VerdictKind, text: string, commit = ''): Promise<GivenVerdict | null> {
		try {
			const loaded = await this.source.load();
			const w = await recordVerdict(this.target(loaded), loaded.model, scope, { kind, text, commit, ts: nowSeconds() });
			this.onWritten(scope, w.line);
			const given: GivenVerdict = { scope, path: w.path, verdict: w.verdict };
			this.showGiven(given);
			return given;
		} catch (e) {
			new Notice(e instanceof WriteRefused ? refusal(e) : `Could not write the verdict: ${e instanceof Error ? e.message : String(e)}`);
			return null;
		}
	}

	/**
	 * Undoes a verdict given earlier by appending the one in effect before it, read from
	 * the file as it is now. True when the undo line was written.
	 */
	async undo(given: GivenVerdict): Promise<boolean> {
		// The queue and the notice hold the same verdict; whichever undoes it, the other's offer goes.
		this.withdraw((g) => g.scope === given.scope && g.verdict.kind === given.verdict.kind && g.verdict.ts === given.verdict.ts && reviewKey(g.verdict.text) === reviewKey(given.verdict.text));
		try {
			const loaded = await this.source.load();
			const file = this.app.vault.getAbstractFileByPath(given.path);
			const text = file instanceof TFile ? await this.app.vault.read(file) : '';
			const w = await recordUndo(this.target(loaded), given.scope, parseReviewed(text), given.verdict, nowSeconds());
			this.onWritten(given.scope, w.line);
			new Notice(`Undone: ${verdictLabel(given.verdict).toLowerCase()} “${shortRuling(given.verdict.text)}”.`);
			return true;
		} catch (e) {
			new Notice(e instanceof WriteRefused ? refusal(e) : `Could not undo: ${e instanceof Error ? e.message : String(e)}`);
			return false;
		}
	}

	/**
	 * The newest verdict this session can still undo ("Undo last verdict", the notice's Undo from
	 * the keyboard, docs/decisions.md "Undo from the keyboard"): offers leave once undone or
	 * overtaken, so what is left is still the last verdict on its ruling.
	 */
	lastGiven(): GivenVerdict | null {
		let last: GivenVerdict | null = null;
		for (const g of this.offers.keys()) last = g;
		return last;
	}

	private target(loaded: LoadedModel): WriteTarget {
		return { port: obsidianAppendPort(this.app), sessionsRoot: loaded.root, scopes: loaded.model.scopes };
	}

	/** Hides the Undo offers `which` picks: they would undo what is no longer the last verdict. */
	private withdraw(which: (g: GivenVerdict) => boolean): void {
		for (const [g, notice] of this.offers) {
			if (!which(g)) continue;
			notice.hide();
			this.offers.delete(g);
		}
	}

	private showGiven(given: GivenVerdict): void {
		const key = reviewKey(given.verdict.text);
		this.withdraw((g) => g.scope === given.scope && reviewKey(g.verdict.text) === key);
		const frag = createFragment();
		frag.createSpan({ text: `${verdictLabel(given.verdict)}: “${shortRuling(given.verdict.text)}” ` });
		const undo = frag.createEl('button', { cls: 'logos-undo', text: 'Undo' });
		const notice = new Notice(frag, UNDO_NOTICE_MS);
		this.offers.set(given, notice);
		// Offers older than these have long timed out; keep the map as small as the screen.
		for (const g of this.offers.keys()) if (this.offers.size > MAX_OFFERS) this.offers.delete(g);
		// The notice owns the button and goes away with it; a once listener leaves nothing behind.
		undo.addEventListener(
			'click',
			(evt) => {
				evt.stopPropagation();
				void this.undo(given);
			},
			{ once: true },
		);
	}
}
