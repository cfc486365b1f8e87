import { emptyCheckpoint, isEmptyCheckpoint, parseCheckpoint, renderCheckpoint, checkpointTitle } from '../../../src/core/format/checkpoint';
import type { Checkpoint } from '../../../src/core/types';

/** A note with the given frontmatter lines and body. */
const note = (fm: string[], body = '## Task\n\nx\n'): string => `---\n${fm.join('\n')}\n---\n\n${body}`;

const record = (patch: Partial<Checkpoint>): Checkpoint => ({ ...emptyCheckpoint(), ...patch });

/** RFC 3339 and date of a Unix time in this machine's zone, built from Date's own getters. */
function local(ts: number): { date: string; stamp: string } {
	const d = new Date(ts * 1000);
	const two = (n: number) => String(n).padStart(2, '0');
	const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
	const off = -d.getTimezoneOffset();
	const zone = off === 0 ? 'Z' : `${off < 0 ? '-' : '+'}${two(Math.floor(Math.abs(off) / 60))}:${two(Math.abs(off) % 60)}`;
	return { date, stamp: `${date}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}${zone}` };
}

describe('parseCheckpoint: frontmatter', () => {
	it.each([
		['1234567', '"1234567"'],
		['50721e8', '"50721e8"'],
		['12e4567', '12e4567'],
		['0x1F', '"0x1F"'],
		['1_000', '"1_000"'],
	])('reads commit %s back as the text written, and writes it as %s', (sha, written) => {
		const c = parseCheckpoint(note(['branch: main', `commit: ${sha}`]));
		expect(c.git.commit).toBe(sha);
		expect(renderCheckpoint(c, '')).toContain(`\ncommit: ${written}\n`);
		expect(parseCheckpoint(note(['branch: main', `commit: ${written}`])).git.commit).toBe(sha);
	});

	it('keeps first_seen and checkpointed as text and takes ts from checkpointed', () => {
		const c = parseCheckpoint(note(['first_seen: 2026-11-16', 'checkpointed: 2026-11-16T09:58:41-08:00']));
		expect([c.firstSeen, c.checkpointed, c.ts]).toEqual(['2026-11-16', '2026-11-16T09:58:41-08:00', 1794851921]);
	});

	it('falls back to first_seen at midnight UTC, then to 0', () => {
		expect(parseCheckpoint(note(['first_seen: 2026-10-12', 'checkpointed: soon'])).ts).toBe(1791763200);
		expect(parseCheckpoint(note(['first_seen: 12 Oct'])).ts).toBe(0);
	});

	it('reads uncommitted: many as 0 but keeps every other key, and says so', () => {
		const c = parseCheckpoint(note(['project: kestrel', 'branch: main', 'uncommitted: many', 'transcript_turns: 4']));
		expect([c.project, c.git.branch, c.git.uncommitted, c.transcriptTurns]).toEqual(['kestrel', 'main', 0, 4]);
		expect(c.problems).toEqual(['`uncommitted` should be a whole number but is "many"; logos ignores it.']);
	});

	it('reads no value at all from frontmatter with a YAML error, but still reads the body', () => {
		const c = parseCheckpoint(note(['project: kestrel', 'commit_subject: billing: sketch']));
		expect(c.project).toBe('');
		expect(c.task).toBe('x');
		expect(c.problems[0]).toMatch(/not valid YAML/);
	});

	it('reads host_session and the flags', () => {
		const c = parseCheckpoint(note(['host_session: 7c0e', 'auto: true', 'auto_closed: true', 'uncommitted_unreadable: true']));
		expect([c.hostSession, c.auto, c.autoClosed, c.git.uncommittedUnreadable]).toEqual(['7c0e', true, true, true]);
	});

	it('has an inference when only inferred_by or inferred_at is present', () => {
		expect(parseCheckpoint(note(['inferred_by: claude'])).inferred).toMatchObject({ by: 'claude', at: '', verified: [] });
		expect(parseCheckpoint(note([])).inferred).toBeNull();
	});

	it.each([
		['a byte order mark', '\ufeff---\nproject: k\n---\n\n## Task\n\nx\n', /byte order mark/],
		['CRLF line endings', '---\r\nproject: k\r\n---\r\n\r\n## Task\r\n\r\nx\r\n', /CRLF/],
		['a first line that is not exactly ---', '--- \nproject: k\n---\n\n## Task\n\nx\n', /not exactly/],
		['a closing --- at the end without a line break', '---\nproject: k\n---', /no closing/],
	])('reads no frontmatter from a file with %s', (_, raw, problem) => {
		const c = parseCheckpoint(raw);
		expect(c.project).toBe('');
		expect(c.problems.join(' ')).toMatch(problem);
	});

	it('takes follows from the first relation line in the raw text', () => {
		const rel = (id: string) => `  - { pred: follows, obj: "[[${id}]]", conf: 1.0, src: stated }`;
		expect(parseCheckpoint(note(['relations:', rel('a'), rel('b')])).follows).toBe('a');
		expect(parseCheckpoint(note(['relations:', rel('')])).follows).toBe('');
		expect(parseCheckpoint(note(['x: pred: follows, obj: "[[a] ]"'])).follows).toBe('');
	});
});

describe('parseCheckpoint: sections', () => {
	const body = (text: string) => parseCheckpoint(note(['project: k'], text));

	it('starts sections only at lines beginning exactly with "## "', () => {
		const c = body('## Task\n\nreal\n### Task\n #x\n ## Next\n#x\n##Next\n');
		expect(c.task).toBe('real\n### Task\n #x\n ## Next\n#x\n##Next');
		expect(c.next).toBe('');
	});

	it('matches headings exactly; near misses are kept as annotations and reported', () => {
		const c = body("## didn't work\n\n- a\n\n## Didn’t work\n\n- b\n\n## Failed\n\n- c\n");
		expect(c.failed).toEqual([]);
		expect(c.annotations.sections.map((s) => s.heading)).toEqual(["didn't work", 'Didn’t work', 'Failed']);
		expect(c.problems).toHaveLength(3);
		expect(c.problems[0]).toContain("`## Didn't work` exactly");
	});

	it('lets the last of a repeated heading win and keeps the earlier one as an annotation', () => {
		const c = body('## Task\n\nfirst\n\n## Task\n\nsecond\n');
		expect(c.task).toBe('second');
		expect(c.annotations.sections).toEqual([{ heading: 'Task', text: 'first', line: 4 }]);
	});

	it('keeps text before the first heading as the preamble', () => {
		const c = body('a note to self\n\n## Task\n\nx\n');
		expect(c.annotations.preamble).toBe('a note to self');
		expect(c.task).toBe('x');
	});

	it('un-escapes one backslash in prose before #', () => {
		const c = body('## State\n\n\\# TODO\n  \\\\## kept\n\\x\n');
		expect(c.state).toBe('# TODO\n  \\## kept\n\\x');
	});

	it('reads -, * and + bullets and ignores every other line', () => {
		const c = body('## Decisions\n\n- one\n* two\n  + three\ncontinued\n1. numbered\n-no space\n');
		expect(c.decisions).toEqual(['one', 'two', 'three']);
	});

	it('parses an empty file, frontmatter only, and only Files as empty', () => {
		expect(isEmptyCheckpoint(parseCheckpoint(''))).toBe(true);
		expect(isEmptyCheckpoint(parseCheckpoint(note(['project: k'], '')))).toBe(true);
		expect(isEmptyCheckpoint(body('## Files\n\n- a.go\n## Commands run\n\n- ls\n'))).toBe(true);
		expect(isEmptyCheckpoint(body('## Verified\n\n- it works — npm test\n'))).toBe(false);
	});
});

describe('renderCheckpoint', () => {
	const base = record({ project: 'kestrel', agent: 'claude', session: '20261116-091204-claude', task: 'x', ts: 1794851921 });

	it('writes the time of a new record in local time, as logos does', () => {
		// In US Pacific time (the test run's zone) this is the docs/format.md §2.5 example's time.
		const out = renderCheckpoint(base, '');
		expect(out).toContain(`first_seen: ${local(base.ts).date}\ncheckpointed: ${local(base.ts).stamp}\n`);
		if (new Date(base.ts * 1000).getTimezoneOffset() === 480) expect(out).toContain('checkpointed: 2026-11-16T09:58:41-08:00\n');
		expect(parseCheckpoint(out).ts).toBe(base.ts);
	});

	it('writes a new record with keys in order and one trailing LF', () => {
		const c = record({ ...base, hostSession: 'h1', handoffTo: 'codex', auto: true, transcriptTurns: 2 });
		expect(renderCheckpoint(c, 'prev')).toBe(
			[
				'---', 'type: checkpoint', 'title: kestrel — x', 'project: kestrel', 'agent: claude', 'session: 20261116-091204-claude',
				'host_session: h1', 'handoff_to: codex', 'auto: true', 'transcript_turns: 2', 'relations:',
				'  - { pred: checkpoint_of, obj: "[[kestrel]]", conf: 1.0, src: stated }',
				'  - { pred: follows, obj: "[[prev]]", conf: 1.0, src: stated }',
				`first_seen: ${local(c.ts).date}`, `checkpointed: ${local(c.ts).stamp}`, '---', '', '## Task', '', 'x', '',
			].join('\n'),
		);
	});

	it('uses the follows argument, not c.follows', () => {
		expect(renderCheckpoint(record({ ...base, follows: 'old' }), '')).not.toContain('follows');
		expect(renderCheckpoint(record({ ...base, follows: 'old' }), 'new')).toContain('"[[new]]"');
	});

	it('writes the git block only when a branch or a commit is known', () => {
		const git = { ...base.git, worktree: '/w', touched: ['a.go'] };
		expect(renderCheckpoint(record({ ...base, git }), '')).not.toContain('worktree');
		const withCommit = renderCheckpoint(record({ ...base, git: { ...git, commit: '1234567', uncommitted: 2 } }), '');
		expect(withCommit).toContain('commit: "1234567"\nuncommitted: 2\nworktree: /w\ntouched:\n  - a.go\n');
	});

	it('writes an inference with the epoch when its time is unknown', () => {
		const inferred = { by: 'claude', at: '', turns: 0, verified: ['v'], failed: [], decided: [] };
		const out = renderCheckpoint(record({ ...base, inferred }), '');
		expect(out).toContain(`inferred_by: claude\ninferred_at: ${local(0).stamp}\nrelations:`);
		expect(out.endsWith('## Inferred from the transcript: verified\n\n- v\n')).toBe(true);
	});

	it('writes sections in order, skips empty ones, escapes prose and collapses bullets', () => {
		const c = record({ ...base, task: '  ## forged\n# TODO  ', decisions: ['  a\n\tb  ', '   '], next: 'n', verified: [] });
		expect(renderCheckpoint(c, '').split('---\n')[2]).toBe('\n## Task\n\n\\## forged\n\\# TODO\n\n## Decisions\n\n- a b\n\n## Next\n\nn\n');
	});

	it('keeps times as written, even when absent, and quotes times it cannot read', () => {
		const kept = renderCheckpoint(record({ ...base, firstSeen: '2026-10-12', ts: 1 }), '');
		expect(kept).toContain('first_seen: 2026-10-12\n---\n');
		expect(renderCheckpoint(record({ ...base, checkpointed: 'a: b' }), '')).toContain("checkpointed: 'a: b'\n");
	});
});

describe('checkpointTitle', () => {
	it.each([
		[{ task: '  fix\n\tthe  relay ', next: 'n' }, 'kestrel — fix the relay'],
		[{ task: ' ', next: 'move callers' }, 'kestrel — move callers'],
		[{ task: '', next: '' }, 'kestrel — checkpoint'],
		[{ task: 'a'.repeat(69) + ' bcd', next: '' }, 'kestrel — ' + 'a'.repeat(69) + '…'],
		[{ task: '日'.repeat(71), next: '' }, 'kestrel — ' + '日'.repeat(70) + '…'],
		[{ task: '😀'.repeat(70), next: '' }, 'kestrel — ' + '😀'.repeat(70)],
	])('%j → %j', (fields, title) => {
		expect(checkpointTitle({ project: 'kestrel', ...fields })).toBe(title);
	});
});
