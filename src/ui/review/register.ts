/**
 * Reviewing rulings inside Obsidian: the two cursor commands, the review queue,
 * the pane's buttons and the verdict marks in checkpoint notes, wired onto the plugin.
 * main.ts calls `registerReviews` once and `refresh` whenever the model changed.
 */
import { Notice, type App, type Plugin } from 'obsidian';
import { ownCommit, reviewQueue } from '../../core';
import type { RulingRow } from '../../core';
import type { VerdictKind } from '../../core';
import { scopeOfPath } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';
import { copyTarget, noScopeText } from '../shared/pane';
import { RulingReviews } from './review-actions';
import type { RulingReviewer } from './review-buttons';
import { askCommit } from './review-commit-modal';
import { rulingUnderCursor, type CursorRuling } from './review-cursor';
import { ReviewQueueModal } from './review-queue';
import { redrawReadingViews, verdictEditorExtension, verdictPostProcessor, VerdictMarks } from './verdict-decorations';

export interface ReviewsHost extends Plugin {
	readonly source: ModelSource;
	readonly settings: { sessionsFolder: string };
}

export class Reviews implements RulingReviewer {
	readonly actions: RulingReviews;
	readonly marks: VerdictMarks;

	constructor(
		private readonly app: App,
		private readonly source: ModelSource,
	) {
		this.actions = new RulingReviews(app, source);
		this.marks = new VerdictMarks(source, () => app.workspace.layoutReady);
	}

	/** The model changed: marks in open notes catch up. */
	refresh(): Promise<void> {
		return this.marks.catchUp();
	}

	/** A verdict on one copy; reconfirming asks for the commit, prefilled with the copy's own. */
	async review(scope: string, row: Pick<RulingRow, 'text' | 'path'>, kind: VerdictKind): Promise<void> {
		let commit = '';
		if (kind === 'reconfirmed') {
			const { model } = await this.source.load();
			const asked = await askCommit(this.app, row.text, ownCommit(model, row.path));
			if (asked === null) return;
			commit = asked;
		}
		await this.actions.give(scope, kind, row.text, commit);
	}

	/** The ruling under the cursor, once the command was chosen: its scope comes from the model. */
	async fromCursor(found: CursorRuling, kind: VerdictKind): Promise<void> {
		const { model } = await this.source.load();
		const scope = scopeOfPath(model, found.path);
		if (scope === null) {
			new Notice(`Nothing was written: ${found.path} is not inside a scope of the sessions folder.`);
			return;
		}
		await this.review(scope, found, kind);
	}

	/** Opens the queue on the scope in view (the pane's, else the active file's). */
	async openQueue(): Promise<ReviewQueueModal | null> {
		const target = await copyTarget(this.app, this.source);
		if (!target) {
			new Notice(await noScopeText(this.source, 'which rulings to review'));
			return null;
		}
		const { model } = await this.source.load();
		const modal = new ReviewQueueModal(this.app, this.actions, target.scope, reviewQueue(model, target.scope));
		modal.open();
		return modal;
	}
}

export function registerReviews(plugin: ReviewsHost): Reviews {
	const { app } = plugin;
	const reviews = new Reviews(app, plugin.source);
	const cursorCommand = (id: string, name: string, kind: VerdictKind): void => {
		plugin.addCommand({
			id,
			name,
			editorCheckCallback: (checking, editor, ctx) => {
				const found = rulingUnderCursor(app, ctx.file, editor, plugin.settings.sessionsFolder);
				if (!found) return false;
				if (!checking) void reviews.fromCursor(found, kind);
				return true;
			},
		});
	};
	cursorCommand('retire-ruling-under-cursor', 'Retire ruling under cursor', 'retired');
	cursorCommand('reconfirm-ruling-under-cursor', 'Reconfirm ruling under cursor', 'reconfirmed');
	plugin.addCommand({ id: 'review-rulings', name: 'Review rulings', callback: () => void reviews.openQueue() });
	// The notice's Undo is out of the keyboard's reach: the palette (or a hotkey the person sets) undoes it too.
	plugin.addCommand({
		id: 'undo-last-verdict',
		name: 'Undo last verdict',
		checkCallback: (checking) => {
			const last = reviews.actions.lastGiven();
			if (!last) return false;
			if (!checking) void reviews.actions.undo(last);
			return true;
		},
	});
	plugin.registerMarkdownPostProcessor(verdictPostProcessor(reviews.marks));
	plugin.registerEditorExtension(verdictEditorExtension(reviews.marks));
	const stop = reviews.marks.onChange((changed) => redrawReadingViews(app, changed));
	plugin.register(stop);
	return reviews;
}
