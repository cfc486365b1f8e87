import { execFileSync } from 'node:child_process';
import { closedSessions, sessionsCommand, shellQuote, AUTO_CLOSED_RECORD_LABEL } from '../../../src/core/answers/abandoned';
import { buildVaultModel } from '../../../src/core/model/vault-model';
import { scanVault } from '../../../src/core/model/scan';
import { planFor, plansFrom, planScopeOf, readPlan } from '../../../src/core/format/plans';
import { pathKey, refersTo, touchedPaths, touching } from '../../../src/core/answers/why';
import { checkpointText, snapshot } from '../../helpers/snapshot';

function cp(session: string, opts: { agent?: string; files?: string[]; touched?: string[]; failed?: string[]; host?: string; at?: string; autoClosed?: boolean } = {}): string {
	const agent = opts.agent ?? 'claude';
	let text = checkpointText({ session, agent, task: `task of ${session}`, host: opts.host, autoClosed: opts.autoClosed, checkpointed: opts.at ?? `${session.slice(0, 4)}-${session.slice(4, 6)}-${session.slice(6, 8)}T${session.slice(9, 11)}:${session.slice(11, 13)}:${session.slice(13, 15)}-08:00` });
	if (opts.touched) text = text.replace('first_seen:', `touched:\n${opts.touched.map((t) => `  - ${t}`).join('\n')}\nfirst_seen:`);
	const extra: string[] = [];
	if (opts.failed) extra.push("## Didn't work", '', ...opts.failed.map((f) => `- ${f}`), '');
	if (opts.files) extra.push('## Files', '', ...opts.files.map((f) => `- ${f}`), '');
	return `${text.trimEnd()}\n\n${extra.join('\n')}`;
}

describe('which recorded paths refer to an asked one (the rule logos 0.4.8 applies)', () => {
	it.each([
		['api/preview.go', 'api/preview.go', true],
		['api/preview.go', './api/preview.go', true],
		['api/preview.go', 'preview.go', true],
		['api/preview.go', 'view.go', false],
		['api/preview.go', '/home/dana/kestrel/api/preview.go', true],
		['/home/dana/kestrel/abs/x.go', 'abs/x.go', true],
		['./web/', 'web', true],
		['src/web/', 'web/', true],
		['web/', 'web/app.ts', false],
		['Docs/README.md', 'docs/readme.md', false],
		['a\\b\\win.go', 'b/win.go', true],
		['`code.ts`', 'code.ts', true],
		['file.ts:12', 'file.ts', false],
		['api//double.go', 'api/double.go', false],
		['dir/./dot.go', 'dir/dot.go', false],
		['api/preview.go', '/', false],
		['api/preview.go', '   ', false],
	])('%s recorded, %s asked: %s', (recorded, asked, expected) => {
		expect(refersTo(recorded, asked)).toBe(expected);
	});

	it('compares a cleaned form: ./ and trailing / gone, backslashes read as /', () => {
		expect(pathKey(' ././web\\app/ ')).toBe('web/app');
	});
});

describe('touching', () => {
	const snap = snapshot({
		'kestrel/uncommitted.md': '# Uncommitted — kestrel\n',
		'kestrel/reviewed.md': '# reviewed — kestrel\n\n- retired: client-side proration: drifts <!-- ts=1797000000 -->\n',
		'kestrel/20261101-100000-claude.md': cp('20261101-100000-claude', { files: ['api/preview.go'], failed: ['client-side proration: drifts'] }),
		'kestrel/20261103-100000-codex.md': cp('20261103-100000-codex', { agent: 'codex', touched: ['api/preview.go'] }),
		'heron/20261102-100000-claude.md': cp('20261102-100000-claude', { files: ['preview.go', 'other.go'] }),
		'heron/20261104-100000-claude.md': cp('20261104-100000-claude', { files: ['unrelated.go'] }),
	});
	const model = buildVaultModel(snap);

	it('finds every scope\'s checkpoints, newest first, with the path as recorded and its line', () => {
		const ms = touching(model, 'api/preview.go');
		expect(ms.map((m) => [m.record.id, m.record.scope, m.matched, m.from, m.asAsked])).toEqual([
			['20261103-100000-codex', 'kestrel', 'api/preview.go', 'touched', true],
			['20261102-100000-claude', 'heron', 'preview.go', 'files', false],
			['20261101-100000-claude', 'kestrel', 'api/preview.go', 'files', true],
		]);
		const raw = snap.files.find((f) => f.path === ms[2].record.path)?.text as string;
		expect(raw.split('\n')[ms[2].line]).toBe('- api/preview.go');
		const touchedRaw = snap.files.find((f) => f.path === ms[0].record.path)?.text as string;
		expect(touchedRaw.split('\n')[ms[0].line]).toBe('  - api/preview.go');
	});

	it('carries each ruling with its verdict from reviewed.md', () => {
		const m = touching(model, 'api/preview.go').find((x) => x.record.id === '20261101-100000-claude');
		expect(m?.rulings.map((r) => [r.text, r.verdict])).toEqual([['client-side proration: drifts', 'retired']]);
		expect(m?.task.text).toBe('task of 20261101-100000-claude');
	});

	it('narrows to one scope when asked', () => {
		expect(touching(model, 'preview.go', 'heron').map((m) => m.record.id)).toEqual(['20261102-100000-claude']);
	});

	it('lists every path any checkpoint names with its count, for the picker', () => {
		expect(touchedPaths(model)).toEqual([
			{ path: 'api/preview.go', count: 2 },
			{ path: 'other.go', count: 1 },
			{ path: 'preview.go', count: 1 },
			{ path: 'unrelated.go', count: 1 },
		]);
	});
});

describe('plans', () => {
	const plan = (agent: string, planned: string | null, text: string): string =>
		['---', 'type: plan', 'project: kestrel', `agent: ${agent}`, ...(planned ? [`planned: ${planned}`] : []), '---', '', text, ''].join('\n');

	it('are found only under a scope\'s plans folder, never as a scope or a checkpoint', () => {
		expect(planScopeOf('sessions', 'sessions/kestrel/plans/plan-20261101-090000-claude.md')).toBe('kestrel');
		expect(planScopeOf('sessions', 'sessions/kestrel/wt/plans/plan-20261101-090000-claude.md')).toBe('kestrel/wt');
		expect(planScopeOf('sessions', 'sessions/kestrel/plans/20261101-090000-claude.md')).toBeNull();
		expect(planScopeOf('sessions', 'sessions/kestrel/_convos/plans/plan-20261101-090000-claude.md')).toBeNull();
		const scan = scanVault(snapshot({
			'kestrel/20261101-100000-claude.md': cp('20261101-100000-claude'),
			'kestrel/plans/plan-20261101-090000-claude.md': plan('claude', '2026-11-01T09:00:00-08:00', 'do it'),
			'kestrel/wt/plans/plan-20261101-090000-claude.md': plan('claude', '2026-11-01T09:00:00-08:00', 'do it'),
		}));
		expect(scan.scopes.map((s) => s.scope)).toEqual(['kestrel']);
		expect(scan.records.map((r) => r.path)).toEqual(['sessions/kestrel/20261101-100000-claude.md']);
		expect(scan.problems).toEqual([]);
	});

	it('read agent, time and the raw markdown; an empty plan is skipped', () => {
		const p = readPlan('sessions/kestrel/plans/plan-x.md', 'kestrel', plan('claude', '2026-11-01T09:00:00-08:00', '# Plan\n\n- one'));
		expect(p).toMatchObject({ agent: 'claude', planned: Date.parse('2026-11-01T09:00:00-08:00') / 1000, text: '# Plan\n\n- one' });
		expect(readPlan('p', 'kestrel', plan('claude', null, '   \n'))).toBeNull();
		expect(readPlan('p', 'kestrel', plan('claude', 'yesterday', 'x'))?.planned).toBeNull();
	});

	it('tie to the checkpoint after them: same agent, after the previous checkpoint of the conversation', () => {
		const snap = snapshot({
			'kestrel/_convos/c1/20261101-100000-claude.md': cp('20261101-100000-claude', { host: 'c1' }),
			'kestrel/_convos/c1/20261101-140000-claude.md': cp('20261101-140000-claude', { host: 'c1' }),
			'kestrel/plans/plan-20261101-083000-claude.md': plan('claude', '2026-11-01T08:30:00-08:00', 'early plan'),
			'kestrel/plans/plan-20261101-090000-claude.md': plan('claude', '2026-11-01T09:00:00-08:00', 'first plan'),
			'kestrel/plans/plan-20261101-120000-codex.md': plan('codex', '2026-11-01T12:00:00-08:00', 'codex plan'),
			'kestrel/plans/plan-20261101-123000-claude.md': plan('claude', '2026-11-01T12:30:00-08:00', 'second plan'),
			'kestrel/plans/plan-20261101-150000-claude.md': plan('claude', '2026-11-01T15:00:00-08:00', 'later plan'),
		});
		const model = buildVaultModel(snap);
		const plans = plansFrom('sessions', snap.files).get('kestrel') ?? [];
		const rec = (id: string) => model.scan.records.find((r) => r.id === id) as never;
		const first = planFor(model.scan, plans, rec('20261101-100000-claude'));
		expect([first?.plan.text, first?.before]).toEqual(['first plan', 3600]);
		const second = planFor(model.scan, plans, rec('20261101-140000-claude'));
		expect([second?.plan.text, second?.before]).toEqual(['second plan', 5400]);
	});
});

describe('abandoned sessions', () => {
	/** What a POSIX shell makes of the quoted word. */
	const throughShell = (word: string): string => execFileSync('/bin/sh', ['-c', `printf '%s' ${word}`], { encoding: 'utf8' });

	it.each([
		['newline', 'kes\ntrel'],
		['command substitution', 'a$(touch /tmp/pwned)b'],
		['backticks', 'a`id`b'],
		['single quote', "it's"],
		['double quotes and $VAR', '"$HOME"'],
		['leading dash', '-rf'],
	])('quote a folder name with a %s so the shell reads it back unchanged', (_, name) => {
		expect(throughShell(shellQuote(name))).toBe(name);
	});

	it('copy `logos sessions <project>`, and say what to do when logos cannot take the name', () => {
		expect(sessionsCommand("it's")).toEqual({ command: "logos sessions 'it'\\''s'", caveat: null });
		const dash = sessionsCommand('-rf');
		expect(dash.command).toBe('logos sessions');
		expect(dash.caveat).toContain('-rf');
	});

	it('show a session logos closed, with logos\'s own label', () => {
		const model = buildVaultModel(snapshot({
			'kestrel/20261101-100000-claude.md': cp('20261101-100000-claude', { autoClosed: true, at: '2026-11-02T10:00:00-08:00' }),
			'kestrel/20261001-100000-codex.md': cp('20261001-100000-codex', { agent: 'codex', autoClosed: true }),
		}));
		const now = Date.parse('2026-11-02T12:00:00-08:00') / 1000;
		expect(closedSessions(model.scan, 'kestrel', now).map((c) => [c.record.id, c.agent])).toEqual([['20261101-100000-claude', 'claude']]);
		// The same model asked at other times: the quiet window moves with the clock.
		const closedAt = (iso: string): string[] => closedSessions(model.scan, 'kestrel', Date.parse(iso) / 1000).map((c) => c.record.id);
		expect(closedAt('2026-10-02T12:00:00-08:00')).toEqual(['20261001-100000-codex']);
		expect(closedAt('2026-12-20T12:00:00-08:00')).toEqual([]);
		expect(closedAt('2026-11-02T12:00:00-08:00')).toEqual(['20261101-100000-claude']);
		expect(AUTO_CLOSED_RECORD_LABEL).toBe('auto-closed — not a real handoff');
	});
});
