/**
 * The CLI's commands. Each returns a JSON-able value (`--json`) or text for a person.
 * JSON (README "Headless CLI"): ids are session ids, times unix seconds, paths vault-relative, none is null.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCheckpoint } from '../core';
import { back, branchProblems, forward, uniqueProblems } from '../core';
import { conversations } from '../core';
import { history } from '../core';
import { rulingsOf, summarize } from '../core';
import { COMMIT_RULE, readCommit } from '../core';
import { buildTimeline } from '../core';
import { lastVerdict } from '../core';
import { projectOf, type VaultModel } from '../core';
import { appendNote, recordUndo, recordVerdict, type WriteTarget } from '../vault/writer';
import { nodeAppendPort } from '../vault/node-fs';
import { UsageError, type Command, type CommandContext } from './command-base';
import { diffCommands } from './diff-command';
import { whyCommands } from './why-commands';
import { summaryCommands } from './summary-commands';
import { openVault, readCommand, type Vault } from './vault-read';
import { knownScope, limitOf, projectScopesOf, str, withUsage } from './command-args';
import { resumeCommands } from './resume-command';
import * as out from './output';

export { UsageError, type Command, type CommandContext } from './command-base';

/** `parse` reads at most this much: a checkpoint is a few kilobytes, and a stray device must not fill memory. */
export const MAX_PARSE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a regular file, or a UsageError that says why not. A FIFO, a device or a
 * folder is refused before it is opened (a FIFO would block the open, /dev/zero never
 * ends); the open is non-blocking and the open handle is checked again, so a file swapped
 * for a FIFO in between is refused too. Reads at most MAX_PARSE_BYTES.
 */
function readCheckpointFile(file: string): string {
	const abs = path.resolve(file);
	const refuse = (why: string): never => {
		throw new UsageError(`cannot read ${file}: ${why}`);
	};
	const kind = (st: fs.Stats): string =>
		st.isDirectory() ? 'a folder' : st.isFIFO() ? 'a named pipe (FIFO)' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isSocket() ? 'a socket' : 'not a regular file';
	let st: fs.Stats;
	try {
		st = fs.statSync(abs);
	} catch (e) {
		return refuse((e as NodeJS.ErrnoException).code ?? String(e));
	}
	if (!st.isFile()) refuse(`it is ${kind(st)}; parse reads a checkpoint file`);
	if (st.size > MAX_PARSE_BYTES) refuse(`it is ${st.size} bytes; parse reads at most ${MAX_PARSE_BYTES} (64 MB)`);
	let fd: number;
	try {
		fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
	} catch (e) {
		return refuse((e as NodeJS.ErrnoException).code ?? String(e));
	}
	try {
		const opened = fs.fstatSync(fd);
		if (!opened.isFile()) refuse(`it is ${kind(opened)}; parse reads a checkpoint file`);
		// Read to the end, but never past one byte more than the cap (a file may grow meanwhile).
		const chunks: Buffer[] = [];
		let got = 0;
		for (;;) {
			const chunk = Buffer.alloc(Math.min(Math.max(opened.size - got, 0) + 65536, MAX_PARSE_BYTES + 1 - got));
			const n = chunk.length === 0 ? 0 : fs.readSync(fd, chunk, 0, chunk.length, null);
			if (n === 0) break;
			chunks.push(chunk.subarray(0, n));
			got += n;
		}
		if (got > MAX_PARSE_BYTES) refuse(`it is over ${MAX_PARSE_BYTES} bytes (64 MB); parse reads at most that`);
		return Buffer.concat(chunks).toString('utf8');
	} catch (e) {
		if (e instanceof UsageError) throw e;
		return refuse((e as NodeJS.ErrnoException).code ?? String(e));
	} finally {
		fs.closeSync(fd);
	}
}

function writeTarget(ctx: CommandContext, v: Vault, m: VaultModel): WriteTarget {
	return { port: nodeAppendPort(ctx.vaultDir, ctx.sessionsRel), sessionsRoot: m.scan.root, scopes: v.scopes };
}

export const COMMANDS: Record<string, Command> = {
	history: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const scope = knownScope(v, ctx);
			// A history is its scope's files alone.
			const m = v.model([scope]);
			const h = history(m.scan, scope, limitOf(ctx));
			const res = {
				scope,
				checkpoints: h.entries.map(out.historyRow),
				skippedAhead: h.skippedAhead,
				problems: h.problems,
			};
			return ctx.json ? res : out.historyText(res);
		}, 'project'),
	},
	conversations: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const scope = knownScope(v, ctx);
			// Conversations are gathered across the project's scopes, then kept for this one.
			const m = v.model(projectScopesOf(v, scope));
			const convs = conversations(m.scan, projectOf(scope))
				.filter((c) => scope === projectOf(scope) || c.scope === scope)
				.map(summarize)
				.map(out.conversationRow);
			return ctx.json ? { conversations: convs } : out.conversationsText(convs);
		}, 'project'),
	},
	chain: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const session = str(ctx, 'session', true) as string;
			const scope = str(ctx, 'scope');
			if (scope !== undefined && !v.scopes.includes(scope)) throw new UsageError(`no scope "${scope}" in this vault`);
			// Every scope: a checkpoint anywhere may follow this one (forward, forks), and its id
			// may be another file's session; only their frontmatters say so.
			const m = v.model('all');
			const b = back(m.scan, session, scope);
			if (!b.start) throw new UsageError(b.error ?? `no checkpoint "${session}" in this vault`);
			const f = forward(m.scan, session, scope);
			const problems = uniqueProblems([...branchProblems(m.scan, b.start), ...b.problems, ...f.problems]);
			const res = {
				session: b.start.id,
				back: b.chain.map((r) => r.id),
				forward: f.chain.map((r) => r.id),
				fork: f.fork.map((r) => r.id),
				problems,
			};
			return ctx.json ? res : out.chainText(res);
		}),
	},
	rulings: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			const scope = knownScope(v, ctx);
			const m = v.model([scope]);
			const rulings = rulingsOf(m, scope).map(out.rulingRow);
			return ctx.json ? { scope, rulings } : out.rulingsText(rulings);
		}, 'project'),
	},
	review: {
		readsVault: true,
		async run(ctx) {
			const v = openVault(ctx);
			const scope = knownScope(v, ctx);
			// A verdict names a ruling of this scope and lands in its reviewed.md.
			const m = v.model([scope]);
			const retire = str(ctx, 'retire');
			const reconfirm = str(ctx, 'reconfirm');
			const undo = str(ctx, 'undo');
			if ([retire, reconfirm, undo].filter((x) => x !== undefined).length !== 1) {
				throw new UsageError('give exactly one of --retire TEXT, --reconfirm TEXT or --undo TEXT');
			}
			const commit = str(ctx, 'commit') ?? '';
			if (reconfirm === undefined && commit !== '') throw new UsageError('--commit goes with --reconfirm');
			if (undo !== undefined) {
				// The plugin's Undo: the verdict in effect before the last one on this ruling, appended.
				const verdicts = m.verdicts.get(scope) ?? [];
				const last = lastVerdict(verdicts, undo);
				if (last === null) throw new UsageError(`reviewed.md of ${scope} holds no verdict on "${undo}"; nothing to undo`);
				const undone = await withUsage(() => recordUndo(writeTarget(ctx, v, m), scope, verdicts, last, ctx.now));
				return ctx.json ? { scope, path: undone.path, line: undone.line } : `${undone.path}: ${undone.line}`;
			}
			if (readCommit(commit) === null) throw new UsageError(`--commit takes ${COMMIT_RULE}; got "${commit}"`);
			// The plugin's path: the same checks (scope, commit, a ruling that is recorded) and the same writer.
			const written = await withUsage(() => recordVerdict(writeTarget(ctx, v, m), m, scope, {
				kind: retire !== undefined ? 'retired' : 'reconfirmed',
				text: (retire ?? reconfirm) as string,
				commit,
				ts: ctx.now,
			}));
			return ctx.json ? { scope, path: written.path, line: written.line } : `${written.path}: ${written.line}`;
		},
	},
	note: {
		readsVault: true,
		async run(ctx) {
			const v = openVault(ctx);
			const scope = knownScope(v, ctx);
			const m = v.model([scope]);
			const text = ctx.args.join(' ').trim();
			if (text === '') throw new UsageError('note needs the note text');
			const agent = str(ctx, 'agent') ?? 'obsidian';
			const written = await withUsage(() => appendNote(writeTarget(ctx, v, m), scope, agent, text, ctx.now));
			return ctx.json
				? { scope, path: written.path, line: written.line, redactions: written.redactions }
				: `${written.path}: ${written.line}`;
		},
	},
	timeline: {
		readsVault: true,
		run: readCommand((ctx, v) => {
			// Every scope: a lane's follows links and problems may reach past the project.
			const scope = knownScope(v, ctx);
			const t = buildTimeline(v.model('all'), scope, ctx.now);
			return ctx.json ? t : out.timelineText(t);
		}),
	},
	parse: {
		readsVault: false,
		run(ctx) {
			const file = ctx.args[0];
			if (!file) throw new UsageError('parse needs a FILE');
			const c = parseCheckpoint(readCheckpointFile(file));
			return ctx.json ? c : out.checkpointText(c);
		},
	},
};

/**
 * `index` and `stats` carry sql.js and its WebAssembly (most of the CLI's bytes): their
 * module is loaded when one of them runs, so the other commands start without it. The build
 * puts it in a file of its own beside the CLI (esbuild.config.mjs).
 */
function indexCommand(name: 'index' | 'stats', readsVault: boolean): Command {
	return {
		readsVault,
		async run(ctx) {
			const { indexCommands } = await import('./index-commands');
			return indexCommands[name].run(ctx);
		},
	};
}

COMMANDS.index = indexCommand('index', true);
COMMANDS.stats = indexCommand('stats', false);

Object.assign(COMMANDS, summaryCommands, whyCommands, diffCommands, resumeCommands);
