/**
 * `scopes` and `continuity`: a line per scope from its newest checkpoint, its count of
 * checkpoint files and its working notes, never its older checkpoints (vault-read.ts). A
 * module of their own, so the build gives them a file that loads nothing else.
 */
import { continuityRows } from '../core';
import type { Command } from './command-base';
import { readCommand } from './vault-read';
import { continuityText, scopesText } from './output';

export const summaryCommands: Record<string, Command> = {
	scopes: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const scopes = v.facts().map((f) => ({ scope: f.scope, checkpoints: f.checkpoints, uncommitted: f.notes.count, latest: f.latest?.id ?? null }));
			return ctx.json ? { scopes } : scopesText(scopes);
		}),
	},
	continuity: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const projects = continuityRows(v.facts(), ctx.now);
			return ctx.json ? { projects } : continuityText(projects);
		}),
	},
};
