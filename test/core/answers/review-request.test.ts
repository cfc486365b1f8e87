/**
 * What a review may ask, over our fixture vault (test/fixtures/vault-own, README "Rulings and
 * their verdict per copy"): the commit, the ruling, the undo, and the queue of a scope.
 */
import * as path from 'node:path';
import { WriteRefused } from '../../../src/core/format/path-guard';
import { ownCommit, readCommit, reviewQueue, undoFor, verdictFor } from '../../../src/core/answers/review-request';
import { parseReviewed, renderVerdict } from '../../../src/core/format/reviews';
import { buildVaultModel } from '../../../src/core/model/vault-model';
import type { Verdict } from '../../../src/core/types';
import { loadFolder } from '../../helpers/load-folder';

const model = buildVaultModel(loadFolder(path.join(__dirname, '../../fixtures/vault-own')));
const R1 = 'sharing buckets across gateway replicas through Redis — each Allow call added a 4 ms round trip';
const R2 = 'matching internal callers by X-Forwarded-For — the NAT rewrites it for every caller';
const R3 = 'a sync.Map of buckets — lock contention doubled p99 latency under load';
const R4 = 'per-route flags in the load balancer — the LB has no per-route flags';
const ROUTE = 'route: per-key buckets in the CDN edge | observation: edge workers share no state across POPs | layer: infrastructure | scope: alpha';
const NOW = 1794700000;

describe('readCommit', () => {
	test.each([
		['', ''],
		['  ', ''],
		['9c4d2e1', '9c4d2e1'],
		[' ABCD ', 'abcd'],
		['a'.repeat(40), 'a'.repeat(40)],
	])('accepts %j as %j', (raw, commit) => expect(readCommit(raw)).toBe(commit));

	test.each(['abc', 'a'.repeat(41), 'xyz1234', '9c4d 2e1', 'HEAD', '-1234'])('refuses %j', (raw) => expect(readCommit(raw)).toBeNull());
});

describe('verdictFor', () => {
	test('takes the ruling text as the checkpoint holds it, whatever case and spacing the request used', () => {
		const { verdict, ruling } = verdictFor(model, 'alpha', { kind: 'retired', text: `  ${R4.toUpperCase().replace(/ /g, '   ')} `, commit: '', ts: NOW });
		expect(verdict).toEqual({ kind: 'retired', text: R4, commit: '', ts: NOW });
		expect(ruling.session).toBe('20261106-090000-codex');
	});

	test('a dead-end working note is a ruling too; a reconfirmation keeps its commit, lower-cased', () => {
		expect(verdictFor(model, 'alpha', { kind: 'reconfirmed', text: ROUTE, commit: 'ABC1234', ts: NOW }).verdict).toEqual({ kind: 'reconfirmed', text: ROUTE, commit: 'abc1234', ts: NOW });
	});

	test.each([
		['a text nothing records', 'alpha', { text: 'an approach nobody wrote down' }, 'no checkpoint or working note of alpha records the ruling "an approach nobody wrote down"'],
		["a ruling of another scope (alpha's reviewed.md covers only alpha)", 'beta', { text: R1 }, `no checkpoint or working note of beta records the ruling "${R1}"`],
		['a decision', 'alpha', { text: 'start buckets half full after a restart' }, 'records the ruling'],
		['a placeholder', 'alpha', { text: 'none this session' }, 'records the ruling'],
		['a bad commit', 'alpha', { text: R1, commit: 'xyz', kind: 'reconfirmed' as const }, '"xyz" is not a commit'],
		['a commit on a retirement', 'alpha', { text: R1, commit: 'abcd' }, 'a retirement takes no commit'],
		['an unknown scope', 'nope', { text: R1 }, 'no scope "nope"'],
	])('refuses %s', (_what, scope, req, message) => {
		expect(() => verdictFor(model, scope, { kind: 'retired', commit: '', ts: NOW, ...req })).toThrow(WriteRefused);
		expect(() => verdictFor(model, scope, { kind: 'retired', commit: '', ts: NOW, ...req })).toThrow(message);
	});
});

describe('undoFor', () => {
	const file = (lines: string[]): Verdict[] => parseReviewed(['# reviewed — alpha', '', ...lines, ''].join('\n'));

	test('restates the line before, time included, so every copy reads as it did', () => {
		const given = { kind: 'retired' as const, text: R2, commit: '', ts: NOW };
		const verdicts = file([
			renderVerdict({ kind: 'reconfirmed', text: R2, commit: '9c4d2e1', ts: 1794243600, line: 0 }),
			renderVerdict({ ...given, line: 0 }),
		]);
		expect(undoFor(verdicts, given, NOW + 5)).toEqual({ kind: 'reconfirmed', text: R2, commit: '9c4d2e1', ts: 1794243600 });
	});

	test('a ruling that had no verdict gets an undo line: reconfirmed without a commit, at the time of the undo, marked undo', () => {
		const given = { kind: 'retired' as const, text: R4, commit: '', ts: NOW };
		expect(undoFor(file([renderVerdict({ ...given, line: 0 })]), given, NOW + 5)).toEqual({ kind: 'reconfirmed', text: R4, commit: '', ts: NOW + 5, undo: true });
	});

	test('refuses when a later verdict on the ruling was given, or the verdict is gone', () => {
		const given = { kind: 'retired' as const, text: R3, commit: '', ts: NOW };
		const later = file([renderVerdict({ ...given, line: 0 }), renderVerdict({ kind: 'reconfirmed', text: R3, commit: 'abcd', ts: NOW + 1, line: 0 })]);
		expect(() => undoFor(later, given, NOW + 5)).toThrow('reviewed.md holds a later verdict on this ruling; nothing was undone');
		expect(() => undoFor(file([]), given, NOW + 5)).toThrow('the verdict is no longer in reviewed.md; nothing was undone');
		// A verdict on another ruling in between changes nothing.
		const other = file([renderVerdict({ ...given, line: 0 }), renderVerdict({ kind: 'retired', text: R1, commit: '', ts: NOW + 1, line: 0 })]);
		expect(undoFor(other, given, NOW + 5)).toEqual({ kind: 'reconfirmed', text: R3, commit: '', ts: NOW + 5, undo: true });
	});
});

describe('reviewQueue', () => {
	test('one entry per ruling, its newest copy, newest first, with copies and the commit recorded with it', () => {
		const q = reviewQueue(model, 'alpha');
		expect(q.map((e) => [e.row.text, e.row.session, e.row.verdict, e.copies, e.recordedCommit])).toEqual([
			[ROUTE, null, 'none', 1, ''],
			// Restated after its retirement: the newest copy is live; the older one is retired.
			[R1, '20261111-103000-claude', 'none', 2, '6b1d9a4'],
			[R4, '20261106-090000-codex', 'none', 1, '2e8f6b3'],
			[R2, '20261104-120000-codex', 'reconfirmed', 1, '9c4d2e1'],
			// Retired, then reconfirmed at 5b8e0f3: the last line wins; the flat copy a2' counts once.
			[R3, '20261103-100000-claude', 'reconfirmed', 1, '8d2b7e1'],
		]);
		expect(q[3].row.commit).toBe('9c4d2e1');
		expect(q[4].row.commit).toBe('5b8e0f3');
		expect(q.every((e, i) => i === 0 || q[i - 1].row.copyTs >= e.row.copyTs)).toBe(true);
		// A reconfirmation starts from the copy's own commit, not the verdict's.
		expect(ownCommit(model, q[3].row.path)).toBe('9c4d2e1');
		expect(ownCommit(model, q[4].row.path)).toBe('8d2b7e1');
		expect(ownCommit(model, 'sessions/alpha/uncommitted.md')).toBe('');
	});

	test('a scope without rulings has an empty queue; worktree scopes have their own', () => {
		expect(reviewQueue(model, 'gamma')).toEqual([]);
		expect(reviewQueue(model, 'alpha/spike').map((e) => e.row.verdict)).toEqual(['none']);
	});
});
