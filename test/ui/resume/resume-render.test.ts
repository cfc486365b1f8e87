/** @jest-environment jsdom */
import 'obsidian-test-mocks/jest-setup';
import { AUTO_CLOSED_LABEL, AUTO_LABEL, EMPTY, HANDOFF, SECTION } from '../../../src/ui/shared/labels';
import { FOLD_LIMIT, noteFields, STATE_FOLD_PREVIEW_CHARS, when } from '../../../src/ui/resume/resume-dom';
import { earlierRulings, pendingNotices } from '../../../src/ui/resume/resume-history';
import { HANDOFF_LIST_LIMIT, renderResume } from '../../../src/ui/resume/resume-render';
import { A2_PATH, A3_PATH, emptyModel, fakeCheckpoint, fakeRecord, fakeSources, fullModel, NOW, recordingEnv, T_A3 } from '../../helpers/fake-model';

/** The section titles, without their counts. */
function titles(el: HTMLElement): string[] {
	return [...el.querySelectorAll(':scope .logos-resume > .logos-section > .logos-section-title .logos-section-name')].map((t) => t.textContent ?? '');
}

function counts(el: HTMLElement): Record<string, string> {
	const out: Record<string, string> = {};
	for (const s of el.querySelectorAll<HTMLElement>('.logos-section')) out[s.dataset.section ?? ''] = s.querySelector(':scope > .logos-section-title .logos-section-count')?.textContent ?? '';
	return out;
}

function texts(el: HTMLElement, selector: string): string[] {
	return [...el.querySelectorAll(selector)].map((t) => t.textContent ?? '');
}

function sectionEl(el: HTMLElement, key: string): HTMLElement {
	const s = el.querySelector<HTMLElement>(`.logos-section[data-section="${key}"]`);
	if (!s) throw new Error(`no section ${key}`);
	return s;
}

function part(el: HTMLElement, key: string): HTMLElement {
	const p = el.querySelector<HTMLElement>(`.logos-handoff [data-part="${key}"]`);
	if (!p) throw new Error(`no handoff row ${key}`);
	return p;
}

const LOCALE = 'en-US';
const a2 = fakeRecord(A2_PATH, fakeCheckpoint({ session: '20261116-142233-claude', agent: 'claude', ts: T_A3 - 70000, decisions: ['round once, at the end'] }));

function render(model = fullModel(), env = recordingEnv(fakeSources([a2]))): HTMLElement {
	const el = createDiv();
	renderResume(el, model, { ...env, locale: LOCALE });
	return el;
}

describe('the handoff block', () => {
	test('comes first and holds who stopped, the branch, task, intent, next step, blockers, verified and the notes waiting', () => {
		const el = render();
		const block = el.querySelector('.logos-resume')?.firstElementChild as HTMLElement;
		expect(block.classList.contains('logos-handoff')).toBe(true);
		expect([...block.querySelectorAll<HTMLElement>(':scope > .logos-handoff-row')].map((r) => [r.dataset.part, r.querySelector('.logos-handoff-label')?.textContent])).toEqual([
			['who', HANDOFF.who],
			['branch', HANDOFF.branch],
			['task', HANDOFF.task],
			['intent', HANDOFF.intent],
			['next', HANDOFF.next],
			['blocked', HANDOFF.blocked],
			['verified', HANDOFF.verified],
			['notes', HANDOFF.notes],
		]);
		expect(part(el, 'task').querySelector('.logos-handoff-value')?.textContent).toBe('wire the annual toggle into PricingTable');
		expect(part(el, 'next').querySelector('.logos-handoff-value')?.textContent).toBe('find why the annual coupon total is one cent off');
		expect(part(el, 'blocked').classList.contains('mod-warning')).toBe(true);
		expect(texts(part(el, 'blocked'), 'li')).toEqual(['the annual coupon is off by one cent']);
		expect(texts(part(el, 'verified'), 'li')).toEqual(['a coupon change invalidates the cached preview']);
		expect(part(el, 'notes').textContent).toContain(HANDOFF.notesCount(1));
		// Later lines of the handoff have their place inside the block, after these.
		expect(block.lastElementChild?.classList.contains('logos-handoff-extra')).toBe(true);
	});

	test('says who stopped and when as a person reads it, the exact time and ids in tooltips', () => {
		const el = render();
		const who = el.querySelector<HTMLElement>('.logos-who');
		expect(who?.textContent).toBe('claude · 3 hours ago → codex');
		expect(who?.querySelector('.logos-time')?.getAttribute('aria-label')).toBe('Tuesday, November 17, 2026 at 11:02 AM');
		expect(who?.querySelector('.logos-handoff-to')?.getAttribute('aria-label')).toBe('Handed off to codex');
		// An inherited intent names the agent and when, the checkpoint id kept for the tooltip.
		const from = part(el, 'intent').querySelector<HTMLElement>('.logos-inherited');
		expect(from?.textContent).toBe(' · from claude, 22 hours ago');
		expect(from?.querySelector('.logos-agent')?.getAttribute('aria-label')).toBe('Checkpoint 20261116-142233-claude');
		expect(el.textContent).not.toContain('Intent inherited from 20261116');
		expect(part(el, 'branch').querySelector('.logos-handoff-value')?.textContent).toBe('feat/annual-billing @ 4e1b9c0 · 2 uncommitted files');
		expect(part(el, 'branch').querySelector('.logos-commit-id')?.getAttribute('aria-label')).toBe('billing: cache previews per coupon');
	});

	test('times: relative under a day, then the date and time in the locale, the year when not this one', () => {
		const now = Date.UTC(2026, 10, 30, 20) / 1000;
		expect(when(now - 3 * 3600 - 59, now, LOCALE).text).toBe('3 hours ago');
		expect(when(now - 25 * 3600, now, LOCALE).text).toBe('Nov 29, 11:00 AM');
		expect(when(now - 400 * 86400, now, LOCALE).text).toBe('Oct 26, 2025');
		expect(when(now - 25 * 3600, now, 'en-GB').text).toBe('29 Nov, 11:00');
		expect(when(0, now, LOCALE)).toEqual({ text: 'at an unknown time', exact: 'Time unknown' });
	});

	test('lists in the block stop after a few lines, the rest behind "show all"', () => {
		const verified = Array.from({ length: HANDOFF_LIST_LIMIT + 2 }, (_, i) => `claim ${i}`);
		const env = recordingEnv();
		const el = render(fullModel({ verified }), env);
		expect(texts(part(el, 'verified'), 'li')).toEqual(verified.slice(0, HANDOFF_LIST_LIMIT));
		const more = part(el, 'verified').querySelector<HTMLElement>('.logos-show-all');
		if (more) env.actions.get(more)?.();
		expect(texts(part(el, 'verified'), 'li')).toEqual(verified);
	});

	test('the count of notes opens their section and moves there', () => {
		const env = recordingEnv();
		const opened: HTMLElement[] = [];
		const el = render(fullModel(), { ...env, opened: (s) => void opened.push(s) });
		const notes = sectionEl(el, 'notes');
		expect(notes.classList.contains('is-collapsed')).toBe(true);
		const count = part(el, 'notes').querySelector<HTMLElement>('.logos-notes-count');
		if (count) env.actions.get(count)?.();
		expect(notes.classList.contains('is-collapsed')).toBe(false);
		expect(opened).toEqual([notes]);
	});

	test('labels auto and auto-closed records', () => {
		const el = render(fullModel({ auto: true, autoClosed: true }), recordingEnv());
		expect(texts(el, '.logos-label')).toEqual([AUTO_LABEL, AUTO_CLOSED_LABEL]);
	});

	test('a checkpoint with only a task shows only that row and the block stays first', () => {
		const m = fullModel({ next: '', blockers: [], verified: [], handoffTo: '', git: fakeCheckpoint().git });
		m.latest = { ...m.latest!, intent: '', intentFrom: null };
		m.uncommitted = [];
		const el = render(m, recordingEnv());
		expect([...el.querySelectorAll<HTMLElement>('.logos-handoff-row')].map((r) => r.dataset.part)).toEqual(['who', 'task']);
	});

	test('the handoff extras hook fills the room left for later lines', () => {
		const el = render(fullModel(), { ...recordingEnv(), handoffExtras: (room) => void room.createDiv({ text: 'changed since: 3 files' }) });
		expect(el.querySelector('.logos-handoff .logos-handoff-extra')?.textContent).toBe('changed since: 3 files');
	});
});

describe('the sections under the block', () => {
	test('come in the person’s order, each with its count, all closed at first', () => {
		const el = render();
		expect(titles(el)).toEqual([
			SECTION.decided,
			SECTION.failed,
			SECTION.questions,
			SECTION.state,
			SECTION.notes,
			SECTION.ruledOut,
			SECTION.decidedEarlier,
			SECTION.files,
			SECTION.commands,
			SECTION.receipts,
			SECTION.otherWork,
			SECTION.abandoned,
			SECTION.problems,
		]);
		expect(counts(el)).toEqual({
			decided: '1',
			failed: '1',
			questions: '1',
			state: '',
			notes: '1',
			'ruled-out': '2',
			'ruled-out-retired': '1',
			'decided-earlier': '1',
			files: '3',
			commands: '1',
			receipts: '1',
			'other-work': '1',
			abandoned: '1',
			problems: '3',
		});
		for (const s of el.querySelectorAll<HTMLElement>('.logos-section')) {
			expect(s.classList.contains('is-collapsed')).toBe(true);
			const head = s.querySelector(':scope > .logos-section-title');
			expect([head?.getAttribute('role'), head?.getAttribute('tabindex'), head?.getAttribute('aria-expanded')]).toEqual(['button', '0', 'false']);
			expect(head?.querySelector('.collapse-icon.is-collapsed')).not.toBeNull();
		}
	});

	test('person-facing names: no jargon, and each fact once', () => {
		const el = render();
		const all = el.textContent ?? '';
		for (const word of ['Receipts', 'Shown by running', 'They were doing', 'Files touched', 'Touched']) expect(titles(el)).not.toContain(word);
		// The task, the next step and each file appear once on the whole pane.
		for (const fact of ['wire the annual toggle into PricingTable', 'find why the annual coupon total is one cent off', 'billing/proration.go', 'api/preview.go']) {
			expect(all.split(fact)).toHaveLength(2);
		}
	});

	test('files: the checkpoint’s and the uncommitted ones merged, uncommitted marked', () => {
		const el = render(fullModel({ files: ['api/preview.go', 'billing/proration.go'] }));
		expect(texts(sectionEl(el, 'files'), 'li')).toEqual(['api/preview.go', 'billing/proration.go · uncommitted']);
	});

	test('each file offers "Why was this file touched?", which asks about that file', () => {
		const asked: string[] = [];
		const env = { ...recordingEnv(fakeSources([a2])), why: (p: string) => void asked.push(p) };
		const el = render(fullModel({ files: ['api/preview.go', 'billing/proration.go'] }), env);
		const buttons = [...sectionEl(el, 'files').querySelectorAll<HTMLElement>('button.logos-file-why')];
		expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Why was this file touched? api/preview.go', 'Why was this file touched? billing/proration.go']);
		env.actions.get(buttons[1])?.();
		expect(asked).toEqual(['billing/proration.go']);
		// Without the feature, the files are plain lines.
		expect(render(fullModel({ files: ['api/preview.go'] })).querySelectorAll('button.logos-file-why')).toHaveLength(0);
	});

	test('links every checkpoint line to its file and bullet line', () => {
		const env = recordingEnv(fakeSources([a2]));
		const el = render(fullModel(), env);
		const verified = part(el, 'verified').querySelector<HTMLElement>('li > .logos-line');
		expect(verified && env.links.get(verified)).toEqual({ path: A3_PATH, line: 100 });
		const intent = el.querySelector<HTMLElement>('.logos-intent');
		expect(intent && env.links.get(intent)).toEqual({ path: A2_PATH, line: 90 });
		const note = sectionEl(el, 'notes').querySelector<HTMLElement>('li > .logos-line');
		expect(note && env.links.get(note)).toEqual({ path: 'sessions/kestrel/uncommitted.md', line: 7 });
		const touched = [...sectionEl(el, 'files').querySelectorAll<HTMLElement>('li > .logos-line')].find((li) => li.textContent?.startsWith('billing/'));
		expect(touched && env.links.get(touched)).toEqual({ path: A3_PATH, line: 15 });
		// The row's own line wins for a ruling.
		const failed = sectionEl(el, 'failed').querySelector<HTMLElement>('.logos-ruling-text');
		expect(failed && env.links.get(failed)).toEqual({ path: A3_PATH, line: 27 });
	});

	test('hands State to the markdown renderer, never as HTML', () => {
		const env = recordingEnv();
		render(fullModel({ state: '<img src=x onerror=alert(1)>\n- a list' }), env);
		expect(env.markdownCalls).toEqual([{ text: '<img src=x onerror=alert(1)>\n- a list', sourcePath: A3_PATH }]);
	});

	test('shows agent text as text', () => {
		const el = render(fullModel({ verified: ['<b>bold</b> claim'] }), recordingEnv());
		expect(el.querySelector('b')).toBeNull();
		expect(texts(part(el, 'verified'), 'li')).toEqual(['<b>bold</b> claim']);
	});

	test('rulings from earlier: one per key with agent and time, retired in their own closed section, reconfirmed with commit', () => {
		const el = render();
		const ruled = sectionEl(el, 'ruled-out');
		const live = ruled.querySelectorAll(':scope > .logos-section-body > ul > li');
		expect([...live].map((li) => li.textContent)).toEqual(['computing proration client-side · reconfirmed 2026-11-16 at d2c7a15']);
		const retired = sectionEl(el, 'ruled-out-retired');
		expect(retired.classList.contains('is-collapsed')).toBe(true);
		const li = retired.querySelector('li');
		expect(li?.classList.contains('logos-is-retired')).toBe(true);
		expect(li?.textContent).toMatch(/^calling Stripe's upcoming-invoice endpoint on every toggle · retired/);
		expect(texts(sectionEl(el, 'decided-earlier'), 'li')).toEqual(['round once, at the end · in 2 checkpoints, latest claude']);
	});

	test('a live ruling names the agent and when, never the checkpoint id', () => {
		const m = fullModel();
		m.rulings = m.rulings.map((r, i) => (i === 1 ? { ...r, verdict: 'none', commit: null, at: null } : r));
		const el = render(m);
		const li = sectionEl(el, 'ruled-out').querySelector<HTMLElement>('li');
		expect(li?.textContent).toBe('computing proration client-side · claude, 22 hours ago');
		expect(li?.querySelector('.logos-agent')?.getAttribute('aria-label')).toBe('Checkpoint 20261116-142233-claude');
	});

	test('earlierRulings drops keys the latest checkpoint states and keeps the newest copy', () => {
		const rows = earlierRulings(fullModel().rulings);
		expect(rows.map((r) => r.key)).toEqual(['k-client', 'k-stripe']);
		expect(rows[0].path).toBe(A2_PATH);
	});

	test('notes, abandoned sessions, other work and checks read for a person', () => {
		const el = render();
		expect(texts(sectionEl(el, 'notes'), 'li')).toEqual(['PricingTable renders the annual price · codex, 10 minutes ago']);
		expect(texts(sectionEl(el, 'abandoned'), 'li')[0]).toMatch(/^cursor went silent (about )?8 hours ago with 2 notes not checkpointed/);
		expect(sectionEl(el, 'other-work').textContent).toContain('why is the annual total off · claude-code · 1 checkpoint · 2 hours ago · auto');
		expect(sectionEl(el, 'other-work').querySelector('.logos-conversation-name')?.getAttribute('aria-label')).toBe('Conversation d41f');
		expect(texts(sectionEl(el, 'receipts'), 'li')).toEqual(['The next step reads as more than one step · two verbs']);
	});

	test('an untitled conversation is named by its agents, its id in the tooltip', () => {
		const m = fullModel();
		m.conversations[0] = { ...m.conversations[0], name: '', id: '20261127-111502-cursor', agents: ['cursor'] };
		const el = render(m);
		const name = sectionEl(el, 'other-work').querySelector('.logos-conversation-name');
		expect(name?.textContent).toBe('Untitled conversation (cursor)');
		expect(name?.getAttribute('aria-label')).toBe('Conversation 20261127-111502-cursor');
	});

	test('typed working notes show as labelled fields', () => {
		const text = 'route: replaying failed refunds with stripe trigger | observation: stripe trigger cannot set a partial amount | layer: tooling | scope: local';
		expect(noteFields(text)).toEqual([
			{ name: 'Route', value: 'replaying failed refunds with stripe trigger' },
			{ name: 'Observation', value: 'stripe trigger cannot set a partial amount' },
			{ name: 'Layer', value: 'tooling' },
			{ name: 'Scope', value: 'local' },
		]);
		expect(noteFields('plain note: nothing typed')).toBeNull();
		const m = fullModel();
		m.uncommitted = [{ scope: 'kestrel', text, ts: NOW - 60, agent: 'codex', line: 9 }];
		const el = render(m);
		const li = sectionEl(el, 'notes').querySelector<HTMLElement>('li');
		expect(texts(li as HTMLElement, '.logos-field')).toEqual([
			'Route: replaying failed refunds with stripe trigger',
			'Observation: stripe trigger cannot set a partial amount',
			'Layer: tooling · Scope: local',
		]);
		expect(li?.textContent).not.toContain(' | ');
	});

	test('notices: passed-over files linked, core notices shown once, labels not repeated', () => {
		const m = fullModel({ auto: true });
		m.notices = [AUTO_LABEL, 'A newer checkpoint file was passed over (empty or unreadable): sessions/kestrel/_convos/7c0e/20261118-000000-claude.md', 'something the core wants said'];
		expect(pendingNotices(m)).toEqual(['something the core wants said']);
		const env = recordingEnv();
		const el = render(m, env);
		const items = sectionEl(el, 'problems').querySelectorAll<HTMLElement>('li');
		expect([...items].map((li) => li.textContent)).toEqual([
			'A newer checkpoint file was passed over (empty or unreadable): sessions/kestrel/_convos/7c0e/20261118-000000-claude.md',
			'something the core wants said',
			'Sync conflict copy · copy of ledger.md',
		]);
		// The item holds the line that opens (a list item keeps its role for a screen reader).
		expect(env.links.get(items[0].querySelector<HTMLElement>('.logos-line') as HTMLElement)?.path).toBe('sessions/kestrel/_convos/7c0e/20261118-000000-claude.md');
		expect(env.links.has(items[1])).toBe(false);
		expect(sectionEl(el, 'problems').classList.contains('mod-warning')).toBe(true);
	});

	test('long lists fold behind "show all" and open on demand', () => {
		const many = Array.from({ length: FOLD_LIMIT + 3 }, (_, i) => `file-${i}.go`);
		const env = recordingEnv();
		const el = render(fullModel({ files: many, git: fullModel().latest!.record.checkpoint.git }), env);
		const files = sectionEl(el, 'files');
		expect(files.querySelectorAll('li')).toHaveLength(FOLD_LIMIT);
		const more = files.querySelector<HTMLElement>('.logos-show-all');
		expect(more?.textContent).toBe(`Show all ${many.length + 1}`);
		if (more) env.actions.get(more)?.();
		expect(texts(files, 'li')).toEqual([...many, 'billing/proration.go · uncommitted']);
		expect(files.querySelector('.logos-show-all')).toBeNull();
	});

	test('long State starts folded, rendering only its first lines until "show all"', () => {
		const env = recordingEnv();
		const state = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
		const el = render(fullModel({ state }), env);
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
		render(fullModel({ state }), env);
		expect(env.markdownCalls.map((c) => c.text)).toEqual(['x'.repeat(STATE_FOLD_PREVIEW_CHARS)]);
	});

	test('a scope without checkpoints says so, and still shows its notes', () => {
		const m = emptyModel();
		m.uncommitted = [{ scope: 'kestrel', text: 'started on the CDN idea', ts: m.now - 60, agent: 'claude', line: 8 }];
		const el = render(m, recordingEnv());
		expect(el.querySelector('.logos-empty')?.textContent).toBe(EMPTY.noCheckpoints);
		expect(titles(el)).toEqual([SECTION.notes]);
	});
});
