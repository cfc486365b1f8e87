/**
 * `diff` on the demo vault: the text of every checkpoint against its previous one, one golden
 * file per scope (test/cli/approved/demo-vault/<scope>/diff.approved.txt), and the CLI's JSON
 * against the compare view's model, fed from the same vault: for every default pair, and for
 * any two of a project as the conversations view can pick them.
 */
import * as path from 'node:path';
import { COMMANDS, type CommandContext, UsageError } from '../../src/cli/commands';
import type { DiffResult } from '../../src/cli/diff-command';
import { stripControls } from '../../src/cli/terminal';
import { diffCheckpoints } from '../../src/core';
import { history, newestFirst } from '../../src/core';
import type { CheckpointRecord } from '../../src/core';
import { buildVaultModel } from '../../src/core';
import { compareModel } from '../../src/ui/compare/compare-model';
import { verifyApproved } from '../helpers/approval';
import { loadFolder } from '../helpers/load-folder';

const ROOT = path.join(__dirname, '..', '..');
const DEMO = path.join(ROOT, 'demo-vault');
const APPROVED = path.join(__dirname, 'approved', 'demo-vault');
const NOW = 1796068800;

function run(values: Record<string, string>, json: boolean): unknown {
	const ctx: CommandContext = { vaultDir: DEMO, sessionsRel: 'sessions', values, args: [], now: NOW, json };
	return COMMANDS.diff.run(ctx);
}

/** What stdout shows for `diff --session ID`, or the one stderr line. */
function text(session: string): string {
	try {
		return `${stripControls(String(run({ session }, false)))}\n`;
	} catch (e) {
		if (e instanceof UsageError) return `logos-continuity: ${stripControls(e.message)}\n`;
		throw e;
	}
}

const model = buildVaultModel(loadFolder(DEMO));

describe('diff on the demo vault', () => {
	for (const scope of model.scopes) {
		it(`${scope}: every checkpoint against its previous one`, () => {
			const ids = history(model.scan, scope).entries.map((r) => r.id);
			const body = ids.map((id) => `$ logos-continuity diff --session ${id}\n${text(id)}`).join('\n');
			verifyApproved(path.join(APPROVED, ...scope.split('/'), 'diff'), body);
		});
	}

	it('--against compares any two checkpoints, and an unknown id is refused with one line', () => {
		const r = run({ session: '20261129-083015-claude', against: '20261123-141020-claude' }, true) as DiffResult;
		expect(r.against).toEqual({ session: '20261123-141020-claude', via: 'given' });
		expect(() => run({ session: 'nope' }, false)).toThrow(new UsageError('no checkpoint "nope" in this vault'));
	});

	it('the CLI and the compare view say the same of every pair, from the same vault', () => {
		let pairs = 0;
		for (const scope of model.scopes) {
			for (const newer of history(model.scan, scope).entries) {
				let cli: DiffResult;
				try {
					cli = run({ session: newer.id }, true) as DiffResult;
				} catch {
					continue;
				}
				pairs++;
				const older = model.scan.records.find((r) => r.id === cli.against.session && r.copyOf === null && !r.empty) as CheckpointRecord;
				expectSame(older, newer, cli);
			}
		}
		expect(pairs).toBeGreaterThan(10);
	});

	it('any two checkpoints of a project, across conversations and its worktree, as the conversations view pairs them', () => {
		// Every checkpoint of kestrel and kestrel/disputes, each pair once, the older on the left.
		const all = ['kestrel', 'kestrel/disputes'].flatMap((scope) => history(model.scan, scope).entries);
		let pairs = 0;
		for (let i = 0; i < all.length; i++) {
			for (let j = i + 1; j < all.length; j++) {
				const [older, newer] = newestFirst(all[i], all[j]) > 0 ? [all[i], all[j]] : [all[j], all[i]];
				const cli = run({ session: newer.id, against: older.id }, true) as DiffResult;
				expect(cli.against).toEqual({ session: older.id, via: 'given' });
				expectSame(older, newer, cli);
				pairs++;
			}
		}
		expect(pairs).toBe((all.length * (all.length - 1)) / 2);
		expect(new Set(all.map((r) => r.scope)).size).toBe(2);
	});
});

/** The compare view's model of the pair holds what the CLI's JSON says of it: summary, every item and line, and nothing more marked. */
function expectSame(older: CheckpointRecord, newer: CheckpointRecord, cli: DiffResult): void {
	const view = compareModel(model, older, newer);
	expect(view.summary).toBe(cli.summary);
	// Every item, value and change in effect the CLI prints is a cell of the view, with the same words and line.
	const cells = [...view.rows.flatMap((row) => [...row.older, ...row.newer].map((c) => ({ row: row.key, ...c }))), ...view.effect.map((c) => ({ row: 'effect', ...c }))];
	const want = [
		...cli.diff.recorded.map((i) => ({ row: i.kind, text: i.text, line: i.line })),
		...cli.diff.fields.map((f) => ({ row: f.field, text: f.status === 'noLongerGiven' ? f.before : f.after, line: f.line })),
		...cli.diff.inEffect.map((c) => ({ row: 'effect', text: c.text, line: c.line })),
	];
	for (const w of want) {
		const found = cells.find((c) => c.row === w.row && c.text === w.text && (c.target?.line ?? -1) + 1 === (w.line ?? 0));
		expect({ ...w, found: found !== undefined }).toEqual({ ...w, found: true });
	}
	// And the view marks nothing the CLI does not list as changed.
	const changed = cells.filter((c) => c.mark !== 'kept').length;
	const cliChanged = cli.diff.recorded.filter((i) => i.status !== 'kept').length
		+ cli.diff.fields.reduce((n, f) => n + (f.status === 'changed' ? 2 : f.status === 'kept' ? 0 : 1), 0)
		+ cli.diff.inEffect.length;
	expect(changed).toBe(cliChanged);
	expect(diffCheckpoints(model, older, newer).recorded.length).toBe(cli.diff.recorded.length);
}

