/**
 * The index's part of the plugin: the service (started after layout-ready), the person's
 * notes, the "Add working note" and "Rebuild index" commands, the status bar (desktop only),
 * the pane's own-notes block and which scopes are quiet. main.ts calls registerIndex once
 * in onload, `start` from layout-ready and `refreshStatus` whenever the model or settings changed.
 */
import { Notice, Platform, type Plugin } from 'obsidian';
import { WriteRefused } from '../../core';
import { scopeOfPath } from '../../core';
import type { ScopeRecency } from '../../store/activity';
import { IndexService } from '../../vault/obsidian-store';
import { OwnNotes } from '../../vault/own-notes';
import type { ModelSource } from '../../vault/obsidian-source';
import { rebuildWithNotice, tellNews } from './store-notices';
import { countsFrom, countsOf, pairsFrom, summarizeIndex, type CountedPairs } from './store-status';
import { countedOfKept, forgetStatus, keepStatus, keptStatus, keptStatusOf } from './kept-status';
import { countedFromFiles } from './first-count';
import { indexPath } from '../../vault/obsidian-bytes';
import { NoteModal } from './note-modal';
import { copyTarget, openResumePane } from '../shared/pane';
import { renderCounts, renderOwnNotes } from './own-notes-block';
import type { LogosSettings } from '../settings';
import { summarizeUncommitted, UncommittedStatus, type UncommittedSummary } from './status-bar';

export interface IndexPlugin extends Plugin {
	settings: LogosSettings;
	/** For "Add working note": the scope in view (the pane's, else the active file's). */
	readonly source: ModelSource;
}

export interface IndexFeatures {
	readonly service: IndexService;
	readonly notes: OwnNotes;
	/** From onLayoutReady: opens the index and adds the status bar. */
	start(): void;
	/** Brings the status bar up to date with the active file and the settings. */
	refreshStatus(): Promise<void>;
	/** The pane's block under the resume for `scope`. */
	renderExtras(el: HTMLElement, scope: string, action: (el: HTMLElement, fn: () => void) => void): void;
	/**
	 * How recently each of `scopes` was checkpointed and whether it is quiet at `now`, from the
	 * index; null until it is open. Scopes the index has no checkpoint of are quiet.
	 */
	activity(now: number, scopes: readonly string[]): ScopeRecency[] | null;
	openNoteModal(): Promise<void>;
	rebuild(): void;
}

/** Failed writes of the person's notes are tried again this often. */
const RETRY_MS = 60_000;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function registerIndex(plugin: IndexPlugin, changed: () => void): IndexFeatures {
	let keptSinceChange = false;
	const host = {
		app: plugin.app,
		manifest: plugin.manifest,
		folder: () => plugin.settings.sessionsFolder,
		agentName: () => plugin.settings.agentName,
		changed: () => {
			// A count kept for the next start is forgotten as soon as the index changes: kept again once counted.
			if (keptSinceChange) forgetStatus(plugin.app);
			keptSinceChange = false;
			changed();
		},
		tell: tellNews,
	};
	const service = plugin.addChild(new IndexService(host));
	const notes = new OwnNotes(host, service);

	const summaryOf = (scope: string | null): UncommittedSummary | null => {
		const store = service.countingStore;
		return store ? summarizeIndex(countsFrom(store, scope, nowSeconds()), scope) : null;
	};
	/** What the index counts for the active file, with the scope it counts; null until its counts can be shown. */
	const counted = (activePath: string | null): { scope: string | null; counted: CountedPairs } | null => {
		const store = service.countingStore;
		if (!store) return null;
		const scope = activePath === null ? null : service.scopeOf(activePath);
		return { scope, counted: pairsFrom(store, scope) };
	};

	let bar: UncommittedStatus | null = null;
	let keptTried = false;
	/** No index file at the start: the files are counted again on every refresh until the index's counts can be shown. */
	let firstCounting = false;
	/** Whether the index has settled (opened(): its counts can be shown, or it failed): nothing is counted from the files after. */
	let settled = false;
	// The last start's last count while the index opens (docs/decisions.md, "The status bar's count kept for the next start").
	const showKept = (shown: UncommittedStatus, activePath: string | null): void => {
		keptTried = true;
		const k = keptStatus(plugin.app, service.root, activePath);
		if (k) shown.show(summarizeIndex(countsOf(countedOfKept(k), nowSeconds()), k.scope), plugin.settings.showStatusBar);
		else void showFirstCount(shown, activePath).catch(() => {
			// Nothing shown early: the index's count comes as on any start.
		});
	};
	// A device with no index file yet: the files' own count while the new index reads them (docs/decisions.md, "The status bar's first count on a new device").
	const showFirstCount = async (shown: UncommittedStatus, activePath: string | null): Promise<void> => {
		if (await plugin.app.vault.adapter.exists(indexPath(plugin.app.vault, plugin.manifest))) return;
		// The index settled meanwhile (its count or the model's is on screen, or on its way).
		if (settled) return;
		firstCounting = true;
		await recountFromFiles(shown, activePath);
	};
	// Another file active, a file changed, another sessions folder: counted again while the new index reads the vault.
	const recountFromFiles = async (shown: UncommittedStatus, activePath: string | null): Promise<void> => {
		const c = await countedFromFiles(plugin.app, service.root, activePath);
		// The index settled (its count on screen, or the model's when it failed), or another file active by now: this one is past.
		if (!c || settled || service.countingStore || (plugin.app.workspace.getActiveFile()?.path ?? null) !== activePath) return;
		shown.show(summarizeIndex(countsOf(c.counted, nowSeconds()), c.scope), plugin.settings.showStatusBar);
	};
	const keep = (activePath: string | null, c: { scope: string | null; counted: CountedPairs }): void => {
		const store = service.store;
		if (!store) return;
		keepStatus(plugin.app, keptStatusOf(service.root, activePath, c.scope, c.counted, store.noteFileStamps()));
		keptSinceChange = true;
	};
	// Counts from the index once it is open; until then from the model the pane reads.
	const refreshStatus = async (): Promise<void> => {
		if (!bar) return;
		const file = plugin.app.workspace.getActiveFile();
		const path = file?.path ?? null;
		if (!keptTried && !service.countingStore) showKept(bar, path);
		else if (firstCounting && !settled) {
			void recountFromFiles(bar, path).catch(() => {
				// The count on screen stays until the index's comes.
			});
		}
		// Right after a start the index is opening: its counts come sooner than a model of every scope.
		const indexed = counted(path) ?? ((await service.opened()) ? counted(path) : null);
		settled = true;
		if (indexed) {
			bar.show(summarizeIndex(countsOf(indexed.counted, nowSeconds()), indexed.scope), plugin.settings.showStatusBar);
			keep(path, indexed);
			return;
		}
		const { model } = await plugin.source.load();
		const scope = file ? scopeOfPath(model, file.path) : null;
		bar.show(summarizeUncommitted(model.notes, scope), plugin.settings.showStatusBar);
	};
	const addStatusBar = (): void => {
		// The status bar does not exist on mobile; the pane shows the same counts there.
		if (!Platform.isMobile) {
			const el = plugin.addStatusBarItem();
			const shown = new UncommittedStatus(el);
			bar = shown;
			shown.onActivate(
				(type, fn) => plugin.registerDomEvent(el, type, fn),
				() => void openResumePane(plugin.app, shown.scope ?? undefined),
			);
		}
		plugin.registerEvent(plugin.app.workspace.on('file-open', () => void refreshStatus()));
	};

	const add = async (scope: string, text: string): Promise<void> => {
		try {
			if (await notes.add(scope, text)) new Notice(`Added your note to ${scope}.`);
		} catch (e) {
			if (!(e instanceof WriteRefused)) throw e;
			new Notice(`The note was not added: ${e.message}`);
		}
	};

	const features: IndexFeatures = {
		service,
		notes,
		start() {
			service.start();
			service.registerInterval(window.setInterval(() => void notes.retryPending(), RETRY_MS));
			addStatusBar();
		},
		refreshStatus,
		renderExtras(el, scope, action) {
			const now = nowSeconds();
			renderOwnNotes(el, notes.orphans(scope), now, {
				addAgain: (o) => void notes.addAgain(o).catch((e: unknown) => new Notice(`The note was not added: ${String(e)}`)),
				dismiss: (o) => notes.dismiss(o),
				action,
			});
			const s = Platform.isMobile ? summaryOf(scope) : null;
			if (s && s.count > 0) renderCounts(el, s.text);
		},
		activity(now, scopes) {
			return service.store?.scopeRecency(now, scopes) ?? null;
		},
		async openNoteModal() {
			const scopes = service.scopes();
			if (!service.store) {
				new Notice('The logos index is still loading; try again in a moment.');
				return;
			}
			if (scopes.length === 0) {
				new Notice(`No logos scope under ${service.root}/ to add a note to.`);
				return;
			}
			// The scope in view: the pane's when it is open, else the active file's.
			const active = plugin.app.workspace.getActiveFile();
			const initial = (await copyTarget(plugin.app, plugin.source))?.scope ?? (active ? service.scopeOf(active.path) : null);
			new NoteModal(plugin.app, scopes, initial, plugin.settings.agentName, (req) => void add(req.scope, req.text)).open();
		},
		rebuild() {
			void rebuildWithNotice(() => service.rebuild());
		},
	};

	plugin.addCommand({ id: 'add-working-note', name: 'Add working note', callback: () => void features.openNoteModal() });
	plugin.addCommand({ id: 'rebuild-index', name: 'Rebuild index', callback: () => features.rebuild() });
	return features;
}
