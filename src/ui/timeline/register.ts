/**
 * Registers the conversation timeline with the plugin: its view and the command "Open
 * conversation timeline". main.ts calls this once in onload and `refresh` whenever the
 * model changed.
 */
import { openView } from '../shared/model-view';
import type { Plugin } from 'obsidian';
import { scopeOfPath } from '../../core';
import type { ChainHost } from '../chain/chain-nav';
import { TimelineView, TIMELINE_VIEW_TYPE, type TimelineHost } from './timeline-view';

export interface TimelineFeatures {
	/** Redraws open timelines that are shown and out of date (all of them with `force`). */
	refresh(force?: boolean): void;
}

/** Opens (or shows) the timeline in the main area, on the active note's scope when it has one. */
export async function openTimeline(plugin: Plugin & ChainHost, scope?: string): Promise<TimelineView | null> {
	const file = plugin.app.workspace.getActiveFile();
	const wanted = scope ?? (file ? scopeOfPath((await plugin.source.load()).model, file.path) : null) ?? undefined;
	const leaf = await openView(plugin.app, TIMELINE_VIEW_TYPE, 'tab', (l) => l.view instanceof TimelineView, wanted ? { scope: wanted } : {});
	const view = leaf?.view instanceof TimelineView ? leaf.view : null;
	if (view && wanted) await view.showScope(wanted);
	return view;
}

export function registerTimeline(plugin: Plugin & TimelineHost): TimelineFeatures {
	plugin.registerView(TIMELINE_VIEW_TYPE, (leaf) => new TimelineView(leaf, plugin));
	plugin.addCommand({ id: 'open-timeline', name: 'Open conversation timeline', callback: () => void openTimeline(plugin) });
	return {
		refresh(force = false): void {
			for (const leaf of plugin.app.workspace.getLeavesOfType(TIMELINE_VIEW_TYPE)) {
				if (leaf.view instanceof TimelineView) void leaf.view.refresh(force);
			}
		},
	};
}
