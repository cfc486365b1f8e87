/**
 * What the conversation list and the picker say about a conversation beyond its name,
 * and how either points the resume pane at one.
 */
import type { App } from 'obsidian';
import type { Conversation } from '../../core';
import { openResumePane, resumeViews } from '../shared/pane';
import { plural } from '../resume/resume-dom';

/** Flags of a conversation, in a person's words: auto, handed off, flat layout, problems. */
export function conversationFacts(c: Conversation, problems: number): string[] {
	const cp = c.latest.checkpoint;
	const out: string[] = [];
	if (cp.auto) out.push('auto');
	if (cp.autoClosed) out.push('closed automatically');
	if (cp.handoffTo.trim() !== '') out.push(`handed off to ${cp.handoffTo.trim()}`);
	if (c.flat) out.push('flat layout');
	if (problems > 0) out.push(plural(problems, 'problem'));
	return out;
}

/**
 * Points the resume pane at a conversation. `reveal` opens the pane if needed and shows
 * it; otherwise only panes already open follow, so a person switching notes is not
 * pulled into the sidebar.
 */
export async function showInResumePane(app: App, conv: Pick<Conversation, 'scope' | 'id'>, reveal: boolean): Promise<void> {
	if (reveal) await openResumePane(app, conv.scope);
	for (const view of resumeViews(app)) {
		const { pinned } = view.selection();
		await view.setState({ scope: conv.scope, conversation: conv.id, pinned }, { history: false });
	}
}
