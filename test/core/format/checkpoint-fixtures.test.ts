/**
 * The shared fixture vault (README "Expected answers") and the spec's own examples.
 * The fixture vault lives outside this repository; without it those tests are skipped.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'fs';
import { join } from 'path';
import { isEmptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core/format/checkpoint';
import { describeIf, sharedPath } from '../../helpers/reference';

const sessions = sharedPath('fixtures', 'vault-basic', 'sessions');
const haveShared = existsSync(sessions);
const describeShared = describeIf(haveShared);

/** Every checkpoint file of the fixture vault, by base name. */
function checkpointFiles(dir: string, out = new Map<string, string>()): Map<string, string> {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) checkpointFiles(path, out);
		else if (/^[0-9]{8}-.*\.md$/.test(name)) out.set(name, path);
	}
	return out;
}

describeShared('fixture vault vault-basic: parsed values', () => {
	const files = haveShared ? checkpointFiles(sessions) : new Map<string, string>();
	const read = (stem: string) => parseCheckpoint(readFileSync(files.get(`${stem}.md`)!, 'utf8'));

	const expected: Array<[string, number, string, string]> = [
		// stem, ts, follows, handoff_to
		['20261116-091204-claude', 1794851921, '', ''],
		['20261116-142233-claude', 1794872409, '20261116-091204-claude', ''],
		['20261117-101517-claude', 1794942176, '20261116-142233-claude', 'codex'],
		['20261118-160840-claude-code', 1795046920, '20261117-101517-claude', ''],
		['20261119-113005-codex', 1795116605, '20261118-160840-claude-code', 'claude'],
		['20261120-093015-claude', 1795200422, '', ''],
		['20261120-151102-claude', 1795220440, '20261120-093015-claude', ''],
		['20261012-154233-claude', 1791763200, '', 'codex'],
		['20261116-090012-cursor', 1794938607, '20261012-154233-claude', ''],
		['20261123-084510-codex', 1795455600, '20261116-090012-cursor', ''],
		['20261123-121955-codex', 1795467931, '20261123-084510-codex', ''],
	];

	it.each(expected)('%s: ts %d, follows %j, handoff_to %j', (stem, ts, follows, handoffTo) => {
		const c = read(stem);
		expect(c.ts).toBe(ts);
		expect(c.follows).toBe(follows);
		expect(c.handoffTo).toBe(handoffTo);
		expect(c.session).toBe(stem);
		expect(c.problems).toEqual([]);
		expect(isEmptyCheckpoint(c)).toBe(false);
	});

	it('marks only B as auto and only AC as auto-closed', () => {
		const auto = expected.filter(([stem]) => read(stem).auto).map(([stem]) => stem);
		const closed = expected.filter(([stem]) => read(stem).autoClosed).map(([stem]) => stem);
		expect(auto).toEqual(['20261118-160840-claude-code']);
		expect(closed).toEqual(['20261116-090012-cursor']);
	});

	it("gives only B an inference, kept apart from B's own claims", () => {
		const withInference = expected.filter(([stem]) => read(stem).inferred !== null).map(([stem]) => stem);
		expect(withInference).toEqual(['20261118-160840-claude-code']);
		const b = read('20261118-160840-claude-code');
		expect(b.inferred).toMatchObject({ by: 'claude', at: '2026-11-19T10:05:12-08:00', turns: 2 });
		expect([b.inferred!.verified.length, b.inferred!.failed.length, b.inferred!.decided.length]).toEqual([1, 1, 0]);
		expect(b.verified).toEqual([]);
		expect(b.failed).toEqual([]);
		expect(b.transcriptTurns).toBe(2);
		expect(b.hostSession).toBe('d41f8e2c-95ab-47c8-9d0e-3f61a2b7c904');
	});

	it("un-escapes D1's `\\# TODO` line in State", () => {
		const d1 = read('20261120-093015-claude');
		expect(d1.state.split('\n')[0]).toBe('# TODO markers in billing/invoice.go are stale; ignore them.');
		expect(d1.project).toBe('kestrel/billing-v2');
	});

	it("keeps E2's `## Reviewer notes` as an annotation, never as a field", () => {
		const e2 = read('20261123-121955-codex');
		expect(e2.annotations.sections).toEqual([
			{ heading: 'Reviewer notes', text: 'Dana: ask about the dead-letter retention before merging.', line: 53 },
		]);
		expect(e2.next).toBe('open the PR for relay-queue');
		expect(JSON.stringify({ ...e2, annotations: null })).not.toContain('Dana');
	});

	it("reads A1's git paths (touched) apart from the agent's Files", () => {
		const a1 = read('20261116-091204-claude');
		expect(a1.git).toMatchObject({ branch: 'feat/annual-billing', commit: 'a3f9c2e', commitSubject: 'billing: sketch preview endpoint', uncommitted: 3 });
		expect(a1.git.touched).toEqual(['api/preview.go', 'api/preview_test.go', 'web/src/PricingTable.tsx']);
		expect(a1.files).toEqual(['api/preview.go', 'web/src/PricingTable.tsx']);
	});

	it('parses the torn (0-byte) file to an empty checkpoint', () => {
		const torn = read('20261120-181203-claude');
		expect(isEmptyCheckpoint(torn)).toBe(true);
		expect(torn.problems).toEqual([]);
	});

	it('re-renders every non-empty file but E2 byte for byte', () => {
		const differing: string[] = [];
		for (const [name, path] of files) {
			const raw = readFileSync(path, 'utf8');
			const c = parseCheckpoint(raw);
			if (raw === '' || name === '20261123-121955-codex.md') continue;
			if (renderCheckpoint(c, c.follows) !== raw) differing.push(name);
		}
		expect(files.size).toBe(12);
		expect(differing).toEqual([]);
	});

	it('re-renders E2 as logos would: without the hand-added section', () => {
		const raw = readFileSync(files.get('20261123-121955-codex.md')!, 'utf8');
		const c = parseCheckpoint(raw);
		expect(renderCheckpoint(c, c.follows)).toBe(raw.replace(/\n## Reviewer notes\n[\s\S]*$/, ''));
	});
});

describe('spec examples (docs/format.md §2.5, §2.6), copied into test/fixtures/spec-examples', () => {
	const dir = join(__dirname, '../../fixtures/spec-examples');

	it.each(readdirSync(dir).filter((n) => n.endsWith('.md')))('%s re-renders byte for byte', (name) => {
		const raw = readFileSync(join(dir, name), 'utf8');
		const c = parseCheckpoint(raw);
		expect(c.session).toBe(name.replace(/\.md$/, ''));
		expect(c.problems).toEqual([]);
		expect(renderCheckpoint(c, c.follows)).toBe(raw);
	});

	it('reads the §2.5 example as the spec describes it', () => {
		const c = parseCheckpoint(readFileSync(join(dir, '20261116-091204-claude.md'), 'utf8'));
		expect(c.hostSession).toBe('7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6');
		expect(c.follows).toBe('');
		expect(c.ts).toBe(1794851921);
		expect(c.state).toContain('Recorded during the session:\n- Stripe returns proration');
		expect(c.decisions).toHaveLength(2);
		expect(c.inferred).toBeNull();
	});
});
