/**
 * A small logos vault in the shape logos writes (docs/format.md §2.5), after the shared fixture
 * `vault-basic`: two projects, two conversations in kestrel, notes and a verdict.
 */

export const A2 = 'sessions/kestrel/_convos/7c0e/20261116-142233-claude.md';
export const A3 = 'sessions/kestrel/_convos/7c0e/20261117-101517-claude.md';
export const B = 'sessions/kestrel/_convos/d41f/20261115-160840-claude-code.md';
export const HERON = 'sessions/heron/20261012-154233-claude.md';
export const NOTES = 'sessions/kestrel/uncommitted.md';

/** 2026-11-17T11:02:56-08:00, A3's `checkpointed`. */
export const T_A3 = 1794942176;
export const NOW = T_A3 + 3 * 3600;

const a2 = `---
type: checkpoint
title: kestrel — wire the annual toggle into PricingTable
project: kestrel
agent: claude
session: 20261116-142233-claude
host_session: 7c0e
branch: feat/annual-billing
commit: b7d1e08
commit_subject: 'web: PricingTable reads /api/preview'
first_seen: 2026-11-16
checkpointed: 2026-11-16T15:40:09-08:00
---

## Task

wire the annual toggle into PricingTable

## Intent

annual plans must show the price the invoice will charge

## State

PricingTable calls /api/preview on every toggle.

## Decisions

- debounce the toggle by 250ms before calling /api/preview, since bursts hit the limit

## Didn't work

- calling Stripe's upcoming-invoice endpoint on every toggle — rate-limited at 25 req/s in test mode

## Verified

- PricingTable shows the annual total from /api/preview — npm test -- PricingTable

## Next

Cache previews per plan and coupon.
`;

const a3 = `---
type: checkpoint
title: kestrel — wire the annual toggle into PricingTable
project: kestrel
agent: claude
session: 20261117-101517-claude
host_session: 7c0e
handoff_to: codex
branch: feat/annual-billing
commit: 4e1b9c0
commit_subject: 'billing: cache previews per coupon'
uncommitted: 2
touched:
  - api/preview.go
relations:
  - { pred: follows, obj: "[[20261116-142233-claude]]", conf: 1.0, src: stated }
first_seen: 2026-11-17
checkpointed: 2026-11-17T11:02:56-08:00
---

## Task

wire the annual toggle into PricingTable

## State

Previews are cached server-side per (plan, coupon) for 10 minutes.

## Decisions

- cache previews on the server keyed by plan and coupon — a coupon change must invalidate immediately

## Didn't work

- caching previews in localStorage — stale after a coupon changes

## Verified

- a coupon change invalidates the cached preview — go test ./api -run TestPreviewCacheCoupon

## Blockers

- the annual coupon is still off by one cent on invoices with a trial

## Commands run

- go test ./api -run TestPreviewCacheCoupon

## Files

- api/preview.go
- api/cache.go

## Next

find why the annual coupon total is one cent off when a trial is present
`;

const b = `---
type: checkpoint
title: kestrel — why is the annual total off by a cent
project: kestrel
agent: claude-code
session: 20261115-160840-claude-code
host_session: d41f
auto: true
branch: feat/annual-billing
commit: 4e1b9c0
first_seen: 2026-11-15
checkpointed: 2026-11-15T16:08:40-08:00
---

## Task

why is the annual total off by a cent after the coupon

## State

Built from the activity log (d41f) when the session ended without a checkpoint.

## Commands run

- go test ./billing -run TestAnnualCoupon
`;

const heron = `---
type: checkpoint
title: heron — replace the webhook relay's retry loop with the queue
project: heron
agent: claude
session: 20261012-154233-claude
handoff_to: codex
branch: main
commit: 1c9e7b4
first_seen: 2026-10-12
checkpointed: 2026-10-12T15:42:33-07:00
---

## Task

replace the webhook relay's retry loop with the queue

## Next

move the three swallowing callers onto the queue
`;

const notes = `# uncommitted — kestrel

Working notes from sessions that have not been checkpointed yet.
\`logos checkpoint kestrel\` folds these into a permanent record and
empties this file. Until then they live here, so a rebuilt index does not
lose them.

- PricingTable renders the annual price from /api/preview now <!-- ts=${NOW - 600} agent=claude -->
- proration_test.go: TestAnnualCoupon passes after rounding once <!-- ts=${NOW - 300} agent=codex -->
`;

const reviewed = `# reviewed — kestrel

- retired: calling Stripe's upcoming-invoice endpoint on every toggle — rate-limited at 25 req/s in test mode <!-- ts=${T_A3 + 60} -->
`;

export function vaultFiles(): Record<string, string> {
	return {
		[A2]: a2,
		[A3]: a3,
		[B]: b,
		[HERON]: heron,
		[NOTES]: notes,
		'sessions/kestrel/reviewed.md': reviewed,
		'notes/outside.md': '# my own note\n',
	};
}
