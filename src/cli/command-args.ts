/**
 * What the read and write commands share: their options read and checked, a scope known
 * to the vault, refusals turned into usage errors. A module of its own, so that a command
 * in a file of its own (resume-command.ts) carries these and not the other commands.
 */
import { projectOf, UnknownScope, WriteRefused, type VaultModel } from '../core';
import { UsageError, type CommandContext } from './command-base';
import type { Vault } from './vault-read';

/** Lines for an answer that shows none (the resume's markdown): no file's line map is made. */
export const NO_LINES: VaultModel['lines'] = { bullet: () => -1, key: () => -1 };

/** A scope and the worktree scopes of its project: conversations are gathered per project. */
export function projectScopesOf(v: Vault, scope: string): string[] {
	return v.projectScopes(projectOf(scope));
}

export function str(ctx: CommandContext, name: string, required = false): string | undefined {
	const v = ctx.values[name];
	if (typeof v === 'string') return v;
	if (required) throw new UsageError(`--${name} is required`);
	return undefined;
}

export function knownScope(v: Vault, ctx: CommandContext): string {
	const scope = str(ctx, 'scope', true) as string;
	if (!v.isScope(scope)) {
		throw new UsageError(`no scope "${scope}" in this vault (scopes: ${v.scopes.join(', ') || 'none'})`);
	}
	return scope;
}

export function limitOf(ctx: CommandContext): number | undefined {
	const raw = str(ctx, 'limit');
	if (raw === undefined) return undefined;
	if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`--limit takes a positive whole number, got "${raw}"`);
	return Number(raw);
}

function asUsage(e: unknown): unknown {
	return e instanceof UnknownScope || e instanceof WriteRefused ? new UsageError(e.message) : e;
}

/** Refusals become usage errors (exit 2), whether `f` throws or its promise rejects. */
export function withUsage<T>(f: () => T): T {
	try {
		const r = f();
		if (r instanceof Promise) {
			return r.catch((e: unknown) => {
				throw asUsage(e);
			}) as T;
		}
		return r;
	} catch (e) {
		throw asUsage(e);
	}
}
