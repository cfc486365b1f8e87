/**
 * Abandoned sessions in the pane, honestly: what closing does (logos's job, not the
 * plugin's), a button copying `logos sessions <project>` with the project shell-quoted,
 * and sessions logos has closed shown closed, labelled as logos labels them
 * (docs/decisions.md, "Abandoned sessions").
 */
import { Notice } from 'obsidian';
import { AUTO_CLOSED_RECORD_LABEL, sessionsCommand } from '../../core';
import type { ResumeModel } from '../../core';
import { projectOf } from '../../core';
import { SECTION } from '../shared/labels';
import { foldedList, linked, meta, plural, section, timeSpan, type RenderEnv } from './resume-dom';

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
	const body = section(el, 'abandoned', SECTION.abandoned, r.abandoned.length + closed.length);
	const notesPath = env.sources.notesPath(r.scope);
	if (r.abandoned.length > 0) {
		foldedList(body, r.abandoned, env, (ul, a) => {
			const li = linked(ul, 'li', '', notesPath ? { path: notesPath, line: -1 } : null, env);
			li.appendText(`${a.agent} went silent `);
			timeSpan(li, a.lastTs, r.now, env);
			li.appendText(` with ${plural(a.notes, 'note')} not checkpointed`);
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
			const li = linked(ul, 'li', '', { path: c.record.path, line: 0 }, env, 'logos-closed-session');
			li.appendText(`${c.agent}'s session closed `);
			timeSpan(li, c.closedTs, r.now, env);
			meta(li, ` · ${AUTO_CLOSED_RECORD_LABEL}`);
		});
	}
}
