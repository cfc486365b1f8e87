/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { AUTO_CLOSED_LABEL, AUTO_LABEL, EMPTY, SECTION } from '../../src/ui/labels';
import { FOLD_LIMIT, STATE_FOLD_PREVIEW_CHARS } from '../../src/ui/resume-dom';
import { earlierRulings, pendingNotices } from '../../src/ui/resume-history';
import { renderResume } from '../../src/ui/resume-render';
import { A2_PATH, A3_PATH, emptyModel, fakeCheckpoint, fakeRecord, fakeSources, fullModel, recordingEnv } from '../helpers/fake-model';

function titles(el: HTMLElement): string[] {
	return [...el.querySelectorAll('.logos-section-title')].map((t) => t.textContent ?? '');
}

function texts(el: HTMLElement, selector: string): string[] {
	return [...el.querySelectorAll(selector)].map((t) => t.textContent ?? '');
}

function sectionEl(el: HTMLElement, key: string): HTMLElement {
	const s = el.querySelector<HTMLElement>(`[data-section="${key}"]`);
	if (!s) throw new Error(`no section ${key}`);
	return s;
}

const a2 = fakeRecord(A2_PATH, fakeCheckpoint({ session: '20261116-142233-claude', decisions: ['round once, at the end'] }));

describe('resume renderer', () => {
	test('shows the sections in logos resume order', () => {
		const el = createDiv();
		renderResume(el, fullModel(), recordingEnv(fakeSources([a2])));
		expect(titles(el)).toEqual([
			SECTION.doing,
			SECTION.verified,
			SECTION.blockers,
			SECTION.commands,
			SECTION.state,
			SECTION.decided,
			SECTION.failed,
			SECTION.questions,
			SECTION.files,
			SECTION.ruledOut,
			SECTION.decidedEarlier,
			SECTION.next,
			SECTION.notes,
			SECTION.abandoned,
			SECTION.otherWork,
			SECTION.receipts,
			SECTION.problems,
		]);
		// Who stopped and the repository come before every section.
		const first = el.querySelector('.logos-resume')?.firstElementChild;
		expect(first?.classList.contains('logos-who')).toBe(true);
		expect(first?.nextElementSibling?.classList.contains('logos-repo')).toBe(true);
	});

	test('says who stopped, when, to whom, and where the intent came from', () => {
		const el = createDiv();
		renderResume(el, fullModel(), recordingEnv(fakeSources([a2])));
		const who = el.querySelector('.logos-who')?.textContent ?? '';
		expect(who).toContain('claude stopped about 3 hours ago');
		expect(who).toContain('Handed off to codex');
		expect(who).toContain('Intent inherited from 20261116-142233-claude');
		expect(who).not.toContain(AUTO_LABEL);
		expect(el.querySelector('.logos-repo')?.textContent).toContain('feat/annual-billing@4e1b9c0 — billing: cache previews per coupon');
		expect(el.querySelector('.logos-repo')?.textContent).toContain('2 uncommitted files');
		expect(texts(sectionEl(el, 'doing'), '.logos-line')).toEqual(['wire the annual toggle into PricingTable', 'annual plans must show the real price']);
	});

	test('labels auto and auto-closed records', () => {
		const el = createDiv();
		renderResume(el, fullModel({ auto: true, autoClosed: true }), recordingEnv());
		expect(texts(el, '.logos-label')).toEqual([AUTO_LABEL, AUTO_CLOSED_LABEL]);
	});

	test('links every checkpoint line to its file and bullet line', () => {
		const el = createDiv();
		const env = recordingEnv(fakeSources([a2]));
		renderResume(el, fullModel(), env);
		const verified = sectionEl(el, 'verified').querySelector<HTMLElement>('li');
		expect(verified && env.links.get(verified)).toEqual({ path: A3_PATH, line: 100 });
		const inherited = el.querySelector<HTMLElement>('.logos-inherited');
		expect(inherited && env.links.get(inherited)).toEqual({ path: A2_PATH, line: 90 });
		const note = sectionEl(el, 'notes').querySelector<HTMLElement>('li');
		expect(note && env.links.get(note)).toEqual({ path: 'sessions/kestrel/uncommitted.md', line: 7 });
		const touched = el.querySelector<HTMLElement>('.logos-repo li');
		expect(touched && env.links.get(touched)).toEqual({ path: A3_PATH, line: 15 });
		// The row's own line wins for a ruling.
		const failed = sectionEl(el, 'failed').querySelector<HTMLElement>('li');
		expect(failed && env.links.get(failed)).toEqual({ path: A3_PATH, line: 27 });
	});

	test('hands State to the markdown renderer, never as HTML', () => {
		const el = createDiv();
		const env = recordingEnv();
		renderResume(el, fullModel({ state: '<img src=x onerror=alert(1)>\n- a list' }), env);
		expect(env.markdownCalls).toEqual([{ text: '<img src=x onerror=alert(1)>\n- a list', sourcePath: A3_PATH }]);
		expect(el.querySelector('img')).toBeNull();
	});

	test('shows agent text as text', () => {
		const el = createDiv();
		renderResume(el, fullModel({ verified: ['<b>bold</b> claim'] }), recordingEnv());
		expect(el.querySelector('b')).toBeNull();
		expect(texts(sectionEl(el, 'verified'), 'li')).toEqual(['<b>bold</b> claim']);
	});

	test('rulings from earlier: one per key, retired collapsed and marked, reconfirmed with commit', () => {
		const el = createDiv();
		renderResume(el, fullModel(), recordingEnv());
		const ruled = sectionEl(el, 'ruled-out');
		const live = ruled.querySelectorAll(':scope > .logos-section-body > ul > li');
		expect([...live].map((li) => li.textContent)).toEqual(['computing proration client-side · reconfirmed 2026-11-16 at d2c7a15']);
		const details = ruled.querySelector('details.logos-retired');
		expect(details?.hasAttribute('open')).toBe(false);
		expect(details?.querySelector('summary')?.textContent).toBe('Retired (1)');
		const retired = details?.querySelector('li');
		expect(retired?.classList.contains('logos-is-retired')).toBe(true);
		expect(retired?.textContent).toMatch(/^calling Stripe's upcoming-invoice endpoint on every toggle · retired/);
		expect(texts(sectionEl(el, 'decided-earlier'), 'li')).toEqual(['round once, at the end · in 2 checkpoints']);
	});

	test('earlierRulings drops keys the latest checkpoint states and keeps the newest copy', () => {
		const rows = earlierRulings(fullModel().rulings);
		expect(rows.map((r) => r.key)).toEqual(['k-client', 'k-stripe']);
		expect(rows[0].path).toBe(A2_PATH);
	});

	test('notes, abandoned sessions, other work and receipts read for a person', () => {
		const el = createDiv();
		renderResume(el, fullModel(), recordingEnv());
		expect(texts(sectionEl(el, 'notes'), 'li')).toEqual(['PricingTable renders the annual price · codex, 10 minutes ago']);
		expect(texts(sectionEl(el, 'abandoned'), 'li')).toEqual(['cursor went silent about 8 hours ago with 2 notes not checkpointed']);
		expect(sectionEl(el, 'other-work').textContent).toContain('why is the annual total off · claude-code · 1 checkpoint · about 2 hours ago · auto');
		expect(texts(sectionEl(el, 'receipts'), 'li')).toEqual(['The next step reads as more than one step · two verbs']);
		expect(sectionEl(el, 'next').textContent).toContain('find why the annual coupon total is one cent off');
	});

	test('notices: passed-over files linked, core notices shown once, labels not repeated', () => {
		const m = fullModel({ auto: true });
		m.notices = [AUTO_LABEL, 'A newer checkpoint file was passed over (empty or unreadable): sessions/kestrel/_convos/7c0e/20261118-000000-claude.md', 'something the core wants said'];
		expect(pendingNotices(m)).toEqual(['something the core wants said']);
		const el = createDiv();
		const env = recordingEnv();
		renderResume(el, m, env);
		const items = sectionEl(el, 'problems').querySelectorAll<HTMLElement>('li');
		expect([...items].map((li) => li.textContent)).toEqual([
			'A newer checkpoint file was passed over (empty or unreadable): sessions/kestrel/_convos/7c0e/20261118-000000-claude.md',
			'something the core wants said',
			'Sync conflict copy · copy of ledger.md',
		]);
		expect(env.links.get(items[0])?.path).toBe('sessions/kestrel/_convos/7c0e/20261118-000000-claude.md');
		expect(env.links.has(items[1])).toBe(false);
	});

	test('long lists fold behind "show all" and open on demand', () => {
		const many = Array.from({ length: FOLD_LIMIT + 3 }, (_, i) => `file-${i}.go`);
		const el = createDiv();
		const env = recordingEnv();
		renderResume(el, fullModel({ files: many }), env);
		const files = sectionEl(el, 'files');
		expect(files.querySelectorAll('li')).toHaveLength(FOLD_LIMIT);
		const more = files.querySelector<HTMLElement>('.logos-show-all');
		expect(more?.textContent).toBe(`Show all ${many.length}`);
		if (more) env.actions.get(more)?.();
		expect(texts(files, 'li')).toEqual(many);
		expect(files.querySelector('.logos-show-all')).toBeNull();
	});

	test('long State starts folded, rendering only its first lines until "show all"', () => {
		const el = createDiv();
		const env = recordingEnv();
		const state = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
		renderResume(el, fullModel({ state }), env);
		const block = sectionEl(el, 'state').querySelector<HTMLElement>('.logos-block');
		expect(block?.classList.contains('logos-folded')).toBe(true);
		expect(env.markdownCalls.map((c) => c.text)).toEqual([Array.from({ length: 12 }, (_, i) => `line ${i}`).join('\n')]);
		const more = sectionEl(el, 'state').querySelector<HTMLElement>('.logos-show-all');
		if (more) env.actions.get(more)?.();
		expect(block?.classList.contains('logos-folded')).toBe(false);
		expect(env.markdownCalls.map((c) => c.text)).toEqual([expect.any(String), state]);
	});

	test('a State of one very long line is previewed by its start only', () => {
		const state = 'x'.repeat(STATE_FOLD_PREVIEW_CHARS * 3);
		const env = recordingEnv();
		renderResume(createDiv(), fullModel({ state }), env);
		expect(env.markdownCalls.map((c) => c.text)).toEqual(['x'.repeat(STATE_FOLD_PREVIEW_CHARS)]);
	});

	test('a scope without checkpoints says so, and still shows its notes', () => {
		const m = emptyModel();
		m.uncommitted = [{ scope: 'kestrel', text: 'started on the CDN idea', ts: m.now - 60, agent: 'claude', line: 8 }];
		const el = createDiv();
		renderResume(el, m, recordingEnv());
		expect(el.querySelector('.logos-empty')?.textContent).toBe(EMPTY.noCheckpoints);
		expect(titles(el)).toEqual([SECTION.notes]);
	});
});
