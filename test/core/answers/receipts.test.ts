import * as fs from 'node:fs';
import fc from 'fast-check';
import * as path from 'node:path';
import { emptyCheckpoint, parseCheckpoint } from '../../../src/core/format/checkpoint';
import {
	claimsDoneUnverified,
	decisionKey,
	decisionsWithoutReason,
	dropPlaceholders,
	INTENT_DEPTH,
	intentDropped,
	intentFor,
	isPlaceholder,
	nextReadsAsMoreThanOneStep,
	promoteDecisions,
	receiptsFor,
	decisionKeys,
	rulingKeys,
} from '../../../src/core/answers/receipts';
import { foldKey } from '../../../src/core/strings';
import type { Checkpoint } from '../../../src/core/types';
import { describeIf, sharedPath } from '../../helpers/reference';

const VAULT = sharedPath('fixtures', 'vault-basic', 'sessions');
const describeFixture = describeIf(fs.existsSync(VAULT));

const cp = (fields: Partial<Checkpoint>): Checkpoint => ({ ...emptyCheckpoint(), ...fields });

const KESTREL_TASK = 'wire the annual toggle into PricingTable';
const RELAY_TASK = "replace the webhook relay's retry loop with the queue";
const QUEUE_TASK = 'move invoice creation onto the job queue';
const A1_INTENT = 'annual plans launch with the December pricing page, and the quoted annual price must match the Stripe invoice to the cent';

/** The fixture's checkpoints, the fields the heuristics read, copied from the files. */
const F: Record<string, Checkpoint> = {
	A1: cp({
		session: '20261116-091204-claude',
		task: KESTREL_TASK,
		intent: A1_INTENT,
		state: 'Server-side preview endpoint sketched in api/preview.go; PricingTable still renders monthly only.\n\nRecorded during the session:\n- Stripe returns proration on the upcoming invoice, not on the price object\n- client-side proration drifts by up to 3 cents against the invoice',
		decisions: ['keep proration on the server, because Stripe is the source of truth for invoice totals', 'use Intl.NumberFormat for the displayed price'],
		failed: ['computing proration client-side in PricingTable — totals drifted from the Stripe invoice by up to 3 cents'],
		verified: ['api/preview.go returns the Stripe upcoming-invoice total for plan=annual — go test ./api -run TestPreviewAnnual'],
		next: 'call /api/preview from PricingTable when the annual toggle flips',
	}),
	A2: cp({
		session: '20261116-142233-claude',
		task: KESTREL_TASK,
		state: 'PricingTable calls /api/preview on every toggle; the Stripe test account started returning 429s.\n\nRecorded during the session:\n- 429 from Stripe after about 25 toggles a second in the storybook',
		decisions: ['debounce the toggle by 250ms before calling /api/preview, since a burst of toggles is the only way to hit the limit'],
		failed: ["calling Stripe's upcoming-invoice endpoint on every toggle — rate-limited at 25 req/s in test mode"],
		verified: ['PricingTable shows the annual total from /api/preview — npm test -- PricingTable'],
		next: 'Cache previews per plan and coupon. Then wire the toggle into checkout.',
	}),
	A3: cp({
		session: '20261117-101517-claude',
		task: KESTREL_TASK,
		state: 'Previews are cached server-side per (plan, coupon) for 10 minutes; the toggle is wired into PricingTable and checkout.',
		decisions: ['cache previews on the server keyed by plan and coupon — a coupon change must invalidate immediately'],
		failed: ["caching previews in localStorage — stale after a coupon changes, showed last week's price"],
		verified: ['a coupon change invalidates the cached preview — go test ./api -run TestPreviewCacheCoupon'],
		next: 'find why the annual coupon total is one cent off when a trial is present',
	}),
	B: cp({
		session: '20261118-160840-claude-code',
		auto: true,
		task: 'why is the annual total off by a cent after the coupon',
		state: 'Built from the activity log (d41f8e2c-95ab-47c8-9d0e-3f61a2b7c904) when the session ended without a checkpoint.',
	}),
	C: cp({
		session: '20261119-113005-codex',
		task: 'fix the one-cent annual coupon drift',
		intent: 'finance reconciles pricing-page quotes against invoices, and any drift blocks the December launch',
		state: 'Annual toggle is done and merged behind the billing.annual flag. Proration now rounds once, after the coupon.',
		decisions: ["round once at the end of proration (matching Stripe's own rounding)", 'keep the flag off in production'],
		next: 'flip billing.annual on in staging and compare ten invoices with Stripe',
	}),
	D1: cp({
		session: '20261120-093015-claude',
		task: QUEUE_TASK,
		intent: 'billing-v2 moves invoices to the queue so a Stripe outage stops failing checkouts',
		state: '# TODO markers in billing/invoice.go are stale; ignore them.\nInvoice creation is enqueued; the worker is a stub.\n\nRecorded during the session:\n- queue.Enqueue already retries with backoff, no need for our own loop',
		decisions: ["reuse queue.Enqueue's retry/backoff rather than writing a new loop"],
		failed: ['calling Stripe synchronously inside the checkout transaction — a 30s Stripe timeout held the DB lock'],
		verified: ['checkout succeeds with Stripe unreachable — go test ./billing -run TestCheckoutStripeDown'],
		next: 'implement the invoice worker',
	}),
	D2: cp({
		session: '20261120-151102-claude',
		task: QUEUE_TASK,
		state: 'The invoice worker creates the Stripe invoice and marks the order billed.',
		decisions: ['store the Stripe idempotency key on the order, so a retried job cannot bill twice'],
		verified: ['a retried job does not create a second invoice — go test ./queue -run TestInvoiceWorkerIdempotent'],
		next: 'add a dead-letter alert for invoice jobs that exhaust their retries',
	}),
	L: cp({
		session: '20261012-154233-claude',
		task: RELAY_TASK,
		state: 'Mapped every caller of relay.retry; three of them swallow the final error. Nothing fixed yet.',
		decisions: ["keep the relay's HTTP signature unchanged"],
		failed: ['none this session'],
		next: "move relay.retry's callers onto queue.Enqueue",
	}),
	AC: cp({
		session: '20261116-090012-cursor',
		autoClosed: true,
		state: 'Closed automatically — no activity for 24h, past the 6h0m0s abandonment window. Nobody reviewed or summarized this session; this is not a real handoff.\n\nRecorded during the session:\n- relay_test.go flakes when the fake clock and the queue clock disagree\n- tried pinning the queue clock in TestRelayRetry, still flaky',
		next: 'Read the recorded notes below, if any, and decide whether to continue this work or discard it.',
	}),
	E1: cp({
		session: '20261123-084510-codex',
		task: RELAY_TASK,
		intent: 'the relay drops webhooks during deploys, and customers reconcile against them daily',
		state: 'Two of the three relay.retry callers now enqueue; the third (billing webhooks) still retries inline.',
		decisions: ['send exhausted webhook jobs to a dead-letter queue instead of logging them'],
		failed: ['pinning the queue clock in TestRelayRetry — still flaky, the fake clock and the queue clock drift'],
		verified: ['relay/retry.go callers for orders and refunds enqueue — go test ./relay/...'],
		next: 'move the billing webhook caller onto queue.Enqueue',
	}),
	E2: cp({
		session: '20261123-121955-codex',
		task: RELAY_TASK,
		state: 'Retry loop is half done; not merged yet. All three callers enqueue; relay.retry is deleted on the branch.',
		decisions: ['delete relay.retry outright'],
		verified: ['all webhook callers enqueue and relay.retry has no references — go test ./relay/... && go vet ./...'],
		questions: ['how long should the dead-letter queue keep webhook jobs?'],
		next: 'open the PR for relay-queue',
	}),
};

/** Scope histories, newest first. */
const SCOPES = [
	['C', 'B', 'A3', 'A2', 'A1'],
	['D2', 'D1'],
	['E2', 'E1', 'AC', 'L'],
];

/** The fixture README's receipt table: next multi-step, done unverified, decisions without reason, placeholders. */
const TABLE: Record<string, [boolean, boolean, number, string[]]> = {
	A1: [false, false, 1, []],
	A2: [true, false, 0, []],
	A3: [false, false, 0, []],
	B: [false, false, 0, []],
	C: [false, true, 1, []],
	D1: [false, false, 0, []],
	D2: [false, false, 0, []],
	L: [false, false, 1, ['none this session']],
	AC: [true, false, 0, []],
	E1: [false, false, 0, []],
	E2: [false, false, 1, []],
};

/** Intent inheritance from the README: effective intent comes from this checkpoint, or none. */
const INTENT_FROM: Record<string, string | null> = {
	A1: 'A1', A2: 'A1', A3: 'A1', B: 'A1', C: 'C', D1: 'D1', D2: 'D1', L: null, AC: null, E1: 'E1', E2: 'E1',
};

const RECEIPT_KINDS: Record<string, string[]> = {
	A1: ['decisionsWithoutReason'],
	A2: ['nextMultiStep'],
	A3: [],
	B: [],
	C: ['doneUnverified', 'decisionsWithoutReason'],
	D1: [],
	D2: [],
	L: ['placeholders', 'decisionsWithoutReason'],
	AC: ['nextMultiStep'],
	E1: [],
	E2: ['decisionsWithoutReason'],
};

function checkFixture(all: Record<string, Checkpoint>): void {
	for (const [name, [multi, done, unreasoned, placeholders]] of Object.entries(TABLE)) {
		const c = all[name];
		expect([name, nextReadsAsMoreThanOneStep(c.next), claimsDoneUnverified(c), decisionsWithoutReason(c.decisions), c.failed.filter(isPlaceholder)]).toEqual([
			name, multi, done, unreasoned, placeholders,
		]);
	}
	for (const scope of SCOPES) {
		scope.forEach((name, i) => {
			const earlier = scope.slice(i + 1).map((n) => all[n]);
			const { intent, from, inherited } = intentFor(all[name], earlier);
			const want = INTENT_FROM[name];
			expect([name, from === null ? null : Object.keys(all).find((k) => all[k] === from)]).toEqual([name, want]);
			expect(intent).toBe(want === null ? '' : all[want].intent);
			expect(inherited).toBe(want !== null && want !== name);
			expect([name, intentDropped(all[name], earlier)]).toEqual([name, false]);
			const receipts = receiptsFor(all[name], earlier);
			expect([name, receipts.map((r) => r.kind)]).toEqual([name, RECEIPT_KINDS[name]]);
			for (const r of receipts) expect(r.session).toBe(all[name].session);
		});
	}
}

describe('the fixture cases', () => {
	it('gives the README receipt table, intent inheritance and receipts', () => {
		checkFixture(F);
	});

	it('says what the receipts are about', () => {
		const c = receiptsFor(F.C, []);
		expect(c[1].detail).toContain('“keep the flag off in production”');
		expect(receiptsFor(F.L, [])[0].detail).toContain('1 placeholder (“none this session”)');
	});

	it('promotes each distinct decision once, newest first', () => {
		const promoted = promoteDecisions(SCOPES[0].map((n) => F[n]));
		expect(promoted.map((d) => [d.session, d.count, d.inLatest])).toEqual([
			['20261119-113005-codex', 1, true],
			['20261119-113005-codex', 1, true],
			['20261117-101517-claude', 1, false],
			['20261116-142233-claude', 1, false],
			['20261116-091204-claude', 1, false],
			['20261116-091204-claude', 1, false],
		]);
		expect(promoted[1].text).toBe('keep the flag off in production');
	});
});

const FILES: Record<string, string> = {
	A1: 'kestrel/_convos/7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6/20261116-091204-claude.md',
	A2: 'kestrel/_convos/7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6/20261116-142233-claude.md',
	A3: 'kestrel/_convos/7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6/20261117-101517-claude.md',
	B: 'kestrel/_convos/d41f8e2c-95ab-47c8-9d0e-3f61a2b7c904/20261118-160840-claude-code.md',
	C: 'kestrel/_convos/_unattached/20261119-113005-codex.md',
	D1: 'kestrel/billing-v2/_convos/3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48/20261120-093015-claude.md',
	D2: 'kestrel/billing-v2/_convos/3b9d2f71-0c4e-4d8a-b5e6-7f1a9c2d0e48/20261120-151102-claude.md',
	L: 'heron/20261012-154233-claude.md',
	AC: 'heron/_convos/_unattached/20261116-090012-cursor.md',
	E1: 'heron/_convos/0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00/20261123-084510-codex.md',
	E2: 'heron/_convos/0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00/20261123-121955-codex.md',
};

describeFixture('the shared fixture files', () => {
	it('give the same receipt table, intents and receipts when parsed', () => {
		const all: Record<string, Checkpoint> = {};
		for (const [name, rel] of Object.entries(FILES)) all[name] = parseCheckpoint(fs.readFileSync(path.join(VAULT, rel), 'utf8'));
		checkFixture(all);
	});
});

describe('isPlaceholder', () => {
	it.each(['', 'none', 'None this session.', '— nothing so far —', 'N/A', 'na', 'nil', 'No.', 'no failures', 'no dead ends', 'Nothing ruled out yet', 'nothing today yet'])(
		'%j says nothing was ruled out',
		(s) => expect(isPlaceholder(s)).toBe(true),
	);

	it.each(['none of the retries worked', 'nothing yet today', 'no  yet', 'n/a — the API rejected it', 'nothing this session so far'])('%j is a ruling', (s) =>
		expect(isPlaceholder(s)).toBe(false),
	);

	it('reads every text as the rule written out does, long ones and non-ASCII ones too', () => {
		// docs/format.md §7.2 as first written: trim, trim the edges, lower-case, strip each suffix once in order.
		const plain = (s: string): boolean => {
			let t = s.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g, '');
			t = t.replace(/^[.!\-–— ]+|[.!\-–— ]+$/g, '').toLowerCase();
			for (const suffix of [' this session', ' so far', ' yet', ' today']) if (t.endsWith(suffix)) t = t.slice(0, t.length - suffix.length);
			return ['', 'none', 'nothing', 'n/a', 'na', 'nil', 'no', 'nothing ruled out', 'no failures', 'no dead ends'].includes(t);
		};
		const piece = fc.constantFrom('nothing ruled out', 'No Dead Ends', 'none', ' this session', ' so far', ' yet', ' today', '.', '!', '—', '-', ' ', '\u00a0', 'İ', '\u212a', 'x', 'NOTHING RULED OUT THIS SESSION SO FAR YET TODAY');
		fc.assert(fc.property(fc.array(piece, { maxLength: 9 }), (parts) => {
			const s = parts.join('');
			expect(isPlaceholder(s)).toBe(plain(s));
		}), { numRuns: 5000 });
	});

	it('drops placeholders and counts them', () => {
		expect(dropPlaceholders(['none', 'caching in localStorage — stale', 'N/A today'])).toEqual({ kept: ['caching in localStorage — stale'], dropped: 2 });
	});
});

describe('nextReadsAsMoreThanOneStep', () => {
	it.each([
		'If the build passes, tag v0.5.9',
		'tag it, otherwise revert the bump',
		'ship it unless CI is red',
		'retry depending on the error',
		'Cut the tag. Then watch the run',
		'Is it green? Then merge',
		'merge; then announce',
		'first line\nsecond line',
	])('%j is more than one step', (s) => expect(nextReadsAsMoreThanOneStep(s)).toBe(true));

	it.each(['', '   ', 'run go test ./... and report', 'wait... then merge', 'bump v1.2 and tag', 'Merge the PR.', 'Ship it!!!', 'gif conversion for the docs', 'cd ./. and build'])(
		'%j is one step',
		(s) => expect(nextReadsAsMoreThanOneStep(s)).toBe(false),
	);
});

describe('claimsDoneUnverified', () => {
	it.each(['Done.', 'The migration is complete', 'tests passing on main', 'Fixed the rounding and shipped it'])('%j claims done', (state) =>
		expect(claimsDoneUnverified({ state, verified: [] })).toBe(true),
	);

	it.each(['not done', "isn't finished", 'half done', 'nearly finished', 'no tests passing yet', 'undone work remains', "it's not yet merged"])(
		'%j does not',
		(state) => expect(claimsDoneUnverified({ state, verified: [] })).toBe(false),
	);

	it('is silent when Verified shows something', () => {
		expect(claimsDoneUnverified({ state: 'Done.', verified: ['x — go test ./...'] })).toBe(false);
	});
});

describe('decisionsWithoutReason', () => {
	it('counts only non-blank decisions with no sign of why', () => {
		expect(
			decisionsWithoutReason([
				'keep the flag off in production',
				'Use Intl.NumberFormat.',
				'  ',
				'use A — B is deprecated',
				'use A – B is deprecated',
				'use A - B is deprecated',
				'use A: faster',
				'use A; faster',
				'use A (faster)',
				'use A. It is faster',
				'debounce since bursts hit the limit',
				"round once, matching Stripe's rounding",
				'cache per coupon to avoid stale prices',
				'queue the job rather than block checkout',
				'keep it, as the API needs it',
			]),
		).toBe(2);
	});
});

describe('decisionKey', () => {
	it('ignores case, spacing, a closing full stop and a leading "Decision:"', () => {
		expect(decisionKey('Decision:  Keep the flag OFF in production.')).toBe('keep the flag off in production');
		expect(decisionKey('  keep the flag off\nin production ')).toBe('keep the flag off in production');
		expect(decisionKey('keep it...')).toBe('keep it..');
	});

	it('lets a restated decision count twice, keeping the newest wording and holder', () => {
		const older = cp({ session: 'old', decisions: ['Decision: Keep the flag off in production.', 'keep the flag off in production'] });
		const promoted = promoteDecisions([F.C, older]);
		expect(promoted.find((d) => d.key === 'keep the flag off in production')).toEqual({
			text: 'keep the flag off in production',
			key: 'keep the flag off in production',
			count: 2,
			session: F.C.session,
			inLatest: true,
		});
	});

	it('reads only the newest 200 checkpoints', () => {
		const many = Array.from({ length: 201 }, (_, i) => cp({ session: `s${i}`, decisions: [i === 200 ? 'only in the oldest' : 'shared'] }));
		expect(promoteDecisions(many)).toEqual([{ text: 'shared', key: 'shared', count: 200, session: 's0', inLatest: true }]);
	});
});

describe('bullet keys kept per scope', () => {
	it('gives every list its own keys, whichever scopes asked before and in whatever order', () => {
		const bullet = fc.constantFrom('Keep  buckets.', 'keep buckets', 'none', 'n/a', 'Decision: shard by tenant', 'retry on 409', '', 'TBD');
		const asked = fc.array(fc.record({ list: fc.nat(5), scope: fc.constantFrom('a', 'a/wt-1', 'b', undefined) }), { maxLength: 30 });
		fc.assert(fc.property(fc.array(fc.array(bullet, { maxLength: 4 }), { minLength: 6, maxLength: 6 }), asked, (lists, asks) => {
			for (const { list, scope } of asks) {
				const items = lists[list];
				expect(rulingKeys(items, scope)).toEqual(items.map((t) => (isPlaceholder(t) ? null : foldKey(t))));
				expect(decisionKeys(items, scope)).toEqual(items.map(decisionKey));
			}
		}), { numRuns: 300 });
	});
});

describe('intent', () => {
	it('an auto record takes the reason of the newest non-auto checkpoint before it', () => {
		const auto = cp({ auto: true, task: 'first prompt' });
		const otherAuto = cp({ auto: true, task: 'another prompt', intent: 'not this one' });
		expect(intentFor(auto, [otherAuto, F.A2, F.A1]).from).toBe(F.A1);
	});

	it('is dropped when a reworded task loses the reason the work before it had', () => {
		const before = cp({ task: 'cut the BOM to $118', intent: 'the retail price needs a 40% margin' });
		const reworded = cp({ task: 'keep cutting the BOM toward $118' });
		expect(intentDropped(reworded, [before])).toBe(true);
		expect(receiptsFor(reworded, [before]).map((r) => r.kind)).toEqual(['intentDropped']);
		expect(intentDropped(cp({ auto: true, task: 'x' }), [before])).toBe(false);
		expect(intentDropped(reworded, [cp({ auto: true }), cp({ task: 'other' }), before])).toBe(false);
	});

	it(`looks back ${INTENT_DEPTH} checkpoints and no further`, () => {
		const filler = (n: number): Checkpoint[] => Array.from({ length: n }, () => cp({ task: 'other work' }));
		const stated = cp({ task: KESTREL_TASK, intent: A1_INTENT });
		const c = cp({ task: KESTREL_TASK });
		expect(intentFor(c, [...filler(INTENT_DEPTH - 1), stated]).intent).toBe(A1_INTENT);
		expect(intentFor(c, [...filler(INTENT_DEPTH), stated]).intent).toBe('');
	});
});
