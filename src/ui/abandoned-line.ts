/**
 * Abandoned sessions in the pane, honestly: what closing does (logos's job, not the
 * plugin's), a button copying `logos sessions <project>` with the project shell-quoted,
 * and sessions logos has closed shown closed, labelled as logos labels them
 * (docs/decisions.md, "Abandoned sessions").
 */
import { Notice } from 'obsidian';
import { AUTO_CLOSED_RECORD_LABEL, sessionsCommand } from '../core/abandoned';
import type { ResumeModel } from '../core/resume-types';
import { projectOf } from '../core/vault-model';
import { SECTION } from './labels';
import { age, foldedList, linked, meta, plural, section, type RenderEnv } from './resume-dom';

export const CLOSING_EXPLAINED = 'Closing it turns its notes into an auto-closed record that nobody reviewed. logos does that: list the sessions and their ids with';

async function copy(text: string): Promise<void> {
	try {
		await navigator.clipboard.writeText(text);
		new Notice(`Copied: ${text}`);
	} catch {
		new Notice('Could not write to the clipboard.');
	}
}

export function renderAbandoned(el: HTMLElement, r: ResumeModel, env: RenderEnv): void {
	const closed = r.closed ?? [];
	if (r.abandoned.length + closed.length === 0) return;
	const body = section(el, 'abandoned', SECTION.abandoned);
	const notesPath = env.sources.notesPath(r.scope);
	if (r.abandoned.length > 0) {
		foldedList(body, r.abandoned, env, (ul, a) => {
			const li = linked(ul, 'li', `${a.agent} went silent ${age(a.lastTs, r.now)} with ${plural(a.notes, 'note')} not checkpointed`, notesPath ? { path: notesPath, line: -1 } : null, env);
			const cmd = sessionsCommand(projectOf(a.scope));
			const help = li.createDiv({ cls: ['logos-meta', 'logos-abandoned-help'] });
			help.createSpan({ text: `${CLOSING_EXPLAINED} ` });
			help.createEl('code', { cls: 'logos-abandoned-command', text: cmd.command });
			if (cmd.caveat) help.createSpan({ text: ` (${cmd.caveat})` });
			const button = help.createEl('button', { cls: 'logos-copy-command', text: 'Copy command' });
			env.action(button, () => void copy(cmd.command));
		});
	}
	if (closed.length > 0) {
		foldedList(body, closed, env, (ul, c) => {
			const li = linked(ul, 'li', `${c.agent}'s session closed ${age(c.closedTs, r.now)}`, { path: c.record.path, line: 0 }, env, 'logos-closed-session');
			meta(li, ` · ${AUTO_CLOSED_RECORD_LABEL}`);
		});
	}
}
