/**
 * Logos Continuity: lifecycle only. Registers each feature (its own register.ts), the settings
 * and vault events, and starts them once the layout is ready; everything that reads the vault
 * waits for that.
 */
import { debounce, Plugin } from 'obsidian';
import { LogosSettingTab, normalizeSettings, type LogosSettings } from './ui/settings';
import { ModelSource } from './vault/obsidian-source';
import { watchSessions } from './vault/obsidian-watch';
import { registerResume, type ResumeFeatures } from './ui/resume/register';
import { registerReviews, type Reviews } from './ui/review/register';
import { registerChainFeatures, type ChainFeatures } from './ui/chain/register';
import { registerIndex, type IndexFeatures } from './ui/notes/register';
import { registerWhy, type WhyFeatures } from './ui/why/register';
import { registerCompare, type CompareFeatures } from './ui/compare/register';
import { registerTimeline, type TimelineFeatures } from './ui/timeline/register';
import { registerSince, type SinceFeatures } from './ui/since/register';

/** Quiet time after the last file event before views and the status bar catch up. */
const NOTIFY_DELAY_MS = 300;

export default class LogosContinuityPlugin extends Plugin {
	settings!: LogosSettings;
	source!: ModelSource;
	/** The resume pane, its commands and the first run. */
	private resume!: ResumeFeatures;
	/** Verdicts on rulings: commands, queue, pane buttons, marks in notes. */
	reviews!: Reviews;
	/** Chain bar, history navigation, conversations, "was this tried?". */
	private chains!: ChainFeatures;
	/** "Why was this file touched?" and the plans of a scope. */
	why!: WhyFeatures;
	/** The conversation timeline view and its command. */
	private timeline!: TimelineFeatures;
	/** The sql.js index, working notes added from Obsidian, rebuild, the status bar. */
	index!: IndexFeatures;
	/** Two checkpoints side by side. */
	private compare!: CompareFeatures;
	/** "Since I last looked": last looks per scope, marks, the status bar dot, "Show scopes with news". */
	since!: SinceFeatures;
	/** Views and the status bar catch up once a burst of file events has settled. */
	private readonly notify = debounce(() => this.catchUp(), NOTIFY_DELAY_MS, true);

	async onload(): Promise<void> {
		this.settings = normalizeSettings(await this.loadData());
		const index = (): IndexFeatures['service'] => this.index.service;
		this.source = new ModelSource(this.app.vault, () => this.settings.sessionsFolder, () => index().model(), {
			overview: (revision) => index().overview(revision),
			modelFor: (scope) => index().modelFor(scope),
		});

		this.resume = registerResume(this);
		this.addCommand({ id: 'refresh-view', name: 'Refresh logos view', callback: () => this.changed(true) });
		this.reviews = registerReviews(this);
		this.chains = registerChainFeatures(this);
		this.compare = registerCompare(this);
		this.timeline = registerTimeline(this);
		this.index = registerIndex(this, () => this.changed(false));
		this.why = registerWhy(this);
		this.since = registerSince(this, { store: () => this.index.service.store, seen: () => this.timeline.refresh() });
		this.reviews.actions.onWritten = (_scope, line) => this.since.wroteVerdict(line);
		this.addSettingTab(new LogosSettingTab(this.app, this));

		this.app.workspace.onLayoutReady(() => this.start());
	}

	onunload(): void {
		this.notify.cancel();
	}

	async onExternalSettingsChange(): Promise<void> {
		const folder = this.settings.sessionsFolder;
		this.settings = normalizeSettings(await this.loadData());
		if (this.settings.sessionsFolder !== folder) void this.index.service.resync();
		this.changed(true);
	}

	async updateSettings(patch: Partial<LogosSettings>): Promise<void> {
		const before = this.settings;
		this.settings = normalizeSettings({ ...before, ...patch });
		await this.saveData(this.settings);
		if (this.settings.sessionsFolder !== before.sessionsFolder) {
			void this.index.service.resync();
			this.changed(false);
		} else {
			// The pane's key holds the remote-images choice: a refresh re-renders only on a change.
			if (this.settings.remoteImages !== before.remoteImages) this.resume.refresh();
			void this.index.refreshStatus();
			this.since.refresh();
		}
	}

	/** "Rebuild index" in the settings tab. */
	rebuildIndex(): void {
		this.index.rebuild();
	}

	private start(): void {
		this.index.start();
		watchSessions(this, this.app, () => this.settings.sessionsFolder, () => this.changed(false));
		this.since.start();
		this.changed(true);
		this.resume.start();
	}

	/** The model is out of date: bump its revision now, let views catch up after the burst. */
	private changed(now: boolean): void {
		this.source.bump();
		if (now) {
			this.notify.cancel();
			this.catchUp();
		} else {
			this.notify();
		}
	}

	private catchUp(): void {
		this.resume.refresh();
		void this.reviews.refresh();
		this.chains.refresh();
		this.why.refresh();
		this.compare.refresh();
		this.timeline.refresh();
		void this.index.refreshStatus();
		this.since.refresh();
	}
}
