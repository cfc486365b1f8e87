/**
 * "Copy resume for an agent": logos's own hand-over text for a scope (retired rulings left
 * out, as logos leaves them out), on the clipboard, with a Notice either way.
 */
import { Notice } from 'obsidian';
import { buildResume } from '../../core';
import { renderResumeMarkdown } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';

export function nowSeconds(): number {
	return Math.floor(Date.now() / 1000);
}

/** The markdown an agent would get for this scope (or one conversation of it). */
export async function resumeMarkdown(source: ModelSource, scope: string, conversation: string | null): Promise<string> {
	// The scope's project is enough, as for the pane (docs/decisions.md, "The pane at the speed of the scope").
	const { model } = await source.loadScope(scope);
	return renderResumeMarkdown(buildResume(model, scope, { conversation, now: nowSeconds() }));
}

export async function copyResume(source: ModelSource, scope: string, conversation: string | null): Promise<boolean> {
	let text: string;
	try {
		text = await resumeMarkdown(source, scope, conversation);
	} catch (e) {
		new Notice(`Could not build the resume of ${scope}: ${e instanceof Error ? e.message : String(e)}`);
		return false;
	}
	try {
		await navigator.clipboard.writeText(text);
	} catch {
		new Notice('Could not write to the clipboard.');
		return false;
	}
	new Notice(conversation ? `Resume of ${scope} (conversation ${conversation}) copied for an agent.` : `Resume of ${scope} copied for an agent.`);
	return true;
}
