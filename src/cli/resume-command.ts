/**
 * `resume`: what an agent asks first, in a module of its own, so the build gives it a file
 * that loads none of the other commands' code (docs/decisions.md "What a CLI command reads").
 */
import { buildResume, renderResumeMarkdown, walkStaysHome, type VaultModel } from '../core';
import type { Command } from './command-base';
import { knownScope, NO_LINES, projectScopesOf, str, withUsage } from './command-args';
import { readCommand } from './vault-read';
import { resumeJson } from './output';

export const resumeCommands: Record<string, Command> = {
	resume: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const scope = knownScope(v, ctx);
			const opts = { conversation: str(ctx, 'conversation') ?? null, now: ctx.now };
			const markdown = ctx.values.markdown === true || !ctx.json;
			// The markdown names no line: the rulings' lines (a map of every file of the scope)
			// are left unworked for it (docs/decisions.md "What a CLI command reads").
			const answer = (m: VaultModel) => withUsage(() => buildResume(markdown ? { ...m, lines: NO_LINES } : m, scope, opts));
			// The project's scopes (its conversations); the whole vault only when the walk back
			// from the latest checkpoint leaves its scope or dangles (walkStaysHome).
			let m = v.model(projectScopesOf(v, scope));
			let r = answer(m);
			if (r.latest && !walkStaysHome(m, r.latest.record, scope)) {
				m = v.model('all');
				r = answer(m);
			}
			if (ctx.values.markdown === true) return ctx.json ? { markdown: renderResumeMarkdown(r) } : renderResumeMarkdown(r);
			return ctx.json ? resumeJson(r) : renderResumeMarkdown(r);
		}, 'project'),
	},
};
