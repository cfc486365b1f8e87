/**
 * Logos Continuity: lifecycle only. Registers the resume pane, commands, settings, the
 * status bar and vault events; everything that reads the vault waits for layout-ready.
 */
import { debounce, Notice, Platform, Plugin } from 'obsidian';
import { scopeOfPath } from './core/model/vault-model';
import { copyResume } from './ui/resume/copy-resume';
import { openOnFirstRun } from './ui/resume/first-run';
import { RESUME_VIEW_TYPE } from './ui/shared/labels';
import { copyTarget, noScopeText, openResumePane, refreshResumeViews } from './ui/shared/pane';
import { ResumeView } from './ui/resume/resume-view';
import { LogosSettingTab, normalizeSettings, type LogosSettings } from './ui/settings';
import { summarizeUncommitted, UncommittedStatus } from './ui/notes/status-bar';
import { ModelSource } from './vault/obsidian-source';
import { watchSessions } from './vault/obsidian-watch';
import { registerReviews, type Reviews } from './ui/review/register';
import { registerChainFeatures, type ChainFeatures } from './ui/chain/register';
import { registerIndex, type IndexFeatures } from './ui/notes/register';
import { registerWhy, type WhyFeatures } from './ui/why/register';
import { registerCompare, type CompareFeatures } from './ui/compare/register';
import { registerTimeline, type TimelineFeatures } from './ui/timeline/register';

/** Quiet time after the last file event before views and the status bar catch up. */
const NOTIFY_DELAY_MS = 300;

export default class LogosContinuityPlugin extends Plugin {
	settings!: LogosSettings;
	source!: ModelSource;
	/** Verdicts on rulings: commands, queue, pane buttons, marks in notes. */
	reviews!: Reviews;
	/** Chain bar, history navigation, conversations, "was this tried?". */
	private chains!: ChainFeatures;
	/** "Why was this file touched?" and the plans of a scope. */
	why!: WhyFeatures;
	/** The conversation timeline view and its command. */
	private timeline!: TimelineFeatures;
	/** The sql.js index, working notes added from Obsidian, rebuild. */
	index!: IndexFeatures;
	/** Two checkpoints side by side. */
	private compare!: CompareFeatures;
	private status: UncommittedStatus | null = null;
	/** Views and the status bar catch up once a burst of file events has settled. */
	private readonly notify = debounce(() => this.catchUp(), NOTIFY_DELAY_MS, true);

	async onload(): Promise<void> {
		this.settings = normalizeSettings(await this.loadData());
		this.source = new ModelSource(this.app.vault, () => this.settings.sessionsFolder, () => this.index.service.model());

		this.registerView(RESUME_VIEW_TYPE, (leaf) => new ResumeView(leaf, this));
		this.registerHoverLinkSource(RESUME_VIEW_TYPE, { display: this.manifest.name, defaultMod: true });
		this.addRibbonIcon('history', 'Open resume pane', () => void openResumePane(this.app));
		this.addCommand({ id: 'open-resume-pane', name: 'Open resume pane', callback: () => void openResumePane(this.app) });
		this.addCommand({ id: 'copy-resume-for-agent', name: 'Copy resume for an agent', callback: () => void this.copyForAgent() });
		this.addCommand({ id: 'refresh-view', name: 'Refresh logos view', callback: () => this.changed(true) });
		this.reviews = registerReviews(this);
		this.chains = registerChainFeatures(this);
		this.compare = registerCompare(this);
		this.timeline = registerTimeline(this);
		this.index = registerIndex(this, () => this.changed(false));
		this.why = registerWhy(this);
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
			if (this.settings.remoteImages !== before.remoteImages) refreshResumeViews(this.app);
			void this.updateStatus();
		}
	}

	/** "Rebuild index" in the settings tab. */
	rebuildIndex(): void {
		this.index.rebuild();
	}

	private start(): void {
		this.index.start();
		watchSessions(this, this.app, () => this.settings.sessionsFolder, () => this.changed(false));
		// The status bar does not exist on mobile; the pane shows the same counts there.
		if (!Platform.isMobile) {
			const el = this.addStatusBarItem();
			this.status = new UncommittedStatus(el);
			this.status.onActivate(
				(type, fn) => this.registerDomEvent(el, type, fn),
				() => void openResumePane(this.app, this.status?.scope ?? undefined),
			);
		}
		this.registerEvent(this.app.workspace.on('file-open', () => void this.updateStatus()));
		this.changed(true);
		void openOnFirstRun(this.app);
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
		refreshResumeViews(this.app);
		void this.reviews.refresh();
		this.chains.refresh();
		this.why.refresh();
		this.compare.refresh();
		this.timeline.refresh();
		void this.updateStatus();
	}

	private async updateStatus(): Promise<void> {
		if (!this.status) return;
		const file = this.app.workspace.getActiveFile();
		const indexed = this.index.status(file?.path ?? null);
		if (indexed) {
			this.status.show(indexed, this.settings.showStatusBar);
			return;
		}
		const { model } = await this.source.load();
		const scope = file ? scopeOfPath(model, file.path) : null;
		this.status.show(summarizeUncommitted(model.notes, scope), this.settings.showStatusBar);
	}

	private async copyForAgent(): Promise<void> {
		const target = await copyTarget(this.app, this.source);
		if (!target) {
			new Notice(await noScopeText(this.source, 'what to copy'));
			return;
		}
		await copyResume(this.source, target.scope, target.conversation);
	}
}
