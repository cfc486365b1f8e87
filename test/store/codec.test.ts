/**
 * What the index stores compactly comes back exactly: the record column (short names, the
 * project left out when it is the scope), line maps as bytes, and the checksum after a saved file.
 */
import fc from 'fast-check';
import type { LineMap } from '../../src/core';
import { lineMap, linesFromMaps } from '../../src/core';
import { checkedBytes, withChecksum } from '../../src/store/checksum';
import { bulletLineInBytes, decodeLines, decodeRecord, encodeCheckpoint, encodeCheckpointBytes, encodeLines, keyLineInBytes } from '../../src/store/record-codec';
import type { Checkpoint, CheckpointRecord } from '../../src/core';
import { emptyCheckpoint } from '../../src/core';
import { checkpoint, record } from '../helpers/store';

/** The row decodeRecord reads, as writeCheckpoint would have stored the record. */
function roundTrip(r: CheckpointRecord): CheckpointRecord {
	const cp = r.checkpoint;
	return decodeRecord({
		path: r.path, name: r.name, id: r.id, scope: r.scope, conversation: r.conversation, flat: r.flat ? 1 : 0,
		empty: r.empty ? 1 : 0, copy_of: r.copyOf, record: encodeCheckpoint(cp, r.scope), git_commit: cp.git.commit,
		session: cp.session, host_session: cp.hostSession, ts: cp.ts, agent: cp.agent, task: cp.task, follows: cp.follows,
		auto: cp.auto ? 1 : 0, auto_closed: cp.autoClosed ? 1 : 0, handoff: cp.handoffTo, problems: JSON.stringify(cp.problems),
	});
}

describe('record column', () => {
	it.each([
		['the scope', 'kestrel'],
		['none', ''],
		['another scope', 'heron'],
	])('gives back a checkpoint whose project is %s', (_label, project) => {
		const r = record('20261116-091204-claude', { checkpoint: { project } });
		expect(roundTrip(r)).toEqual(r);
	});

	it('gives back every field, nested ones and lists included', () => {
		const cp = checkpoint({
			session: 's', hostSession: 'h', agent: 'codex', task: 't', intent: 'i', state: 'st', decisions: ['d1', 'd2'],
			failed: ['f'], verified: ['v'], blockers: ['b'], commands: ['c'], questions: ['q'], files: ['a.go'], next: 'n',
			handoffTo: 'claude', auto: true, autoClosed: true, follows: 'prev', ts: 1795600000, firstSeen: '2026-11-16',
			checkpointed: '2026-11-16T09:12:04-08:00', transcriptTurns: 7,
			git: { branch: 'main', commit: 'abc1234', commitSubject: 'subject', uncommitted: 3, uncommittedUnreadable: true, worktree: 'wt', remote: 'origin', repoRoot: '/r', touched: ['x.go'] },
			inferred: { by: 'model', at: '2026-11-16', turns: 4, verified: ['iv'], failed: ['if'], decided: ['id'] },
			annotations: { preamble: 'pre', sections: [{ heading: 'Notes', text: 'text', line: 30 }] },
			problems: ['a problem'],
		});
		const r = { ...record('20261116-091204-claude'), checkpoint: cp };
		expect(roundTrip(r)).toEqual(r);
	});

	it('leaves out a checkpointed time and first-seen day the ts column gives, and gives them back whole', () => {
		const cp = checkpoint({ ts: 1795600000, checkpointed: '2026-11-25T09:46:40Z', firstSeen: '2026-11-25', state: 'going' });
		expect(JSON.parse(encodeCheckpoint(cp, 'kestrel'))).toEqual({ s: 'going' });
		const r = { ...record('20261116-091204-claude'), checkpoint: cp };
		expect(roundTrip(r)).toEqual(r);
		// Another spelling of the same instant, another day, and none at all are kept as written.
		const other = checkpoint({ ts: 1795600000, checkpointed: '2026-11-25T01:46:40-08:00', firstSeen: '2026-11-24' });
		expect(roundTrip({ ...r, checkpoint: other }).checkpoint).toEqual(other);
		const none = checkpoint({ ts: 1795600000, checkpointed: '', firstSeen: '' });
		expect(roundTrip({ ...r, checkpoint: none }).checkpoint).toEqual(none);
	});

	it('stores names short and leaves the scope\'s project out', () => {
		const at = { ts: 1795600000, checkpointed: '2026-11-25T09:46:40Z', firstSeen: '2026-11-25' };
		const stored = JSON.parse(encodeCheckpoint(checkpoint({ ...at, project: 'kestrel', state: 'going', decisions: ['x'] }), 'kestrel')) as Record<string, unknown>;
		expect(stored).toEqual({ s: 'going', d: ['x'] });
	});
});

/**
 * The record column as it was first written: the stripped object, then JSON.stringify. The
 * codec now writes the text member by member; stored rows must read the same, byte for byte.
 */
function plainEncode(cp: Checkpoint, scope: string): string {
	type Json = Record<string, unknown>;
	const SHORT: Record<string, string> = {
		project: 'p', intent: 'i', state: 's', decisions: 'd', failed: 'f', verified: 'v', blockers: 'b',
		commands: 'c', questions: 'q', files: 'l', next: 'n', firstSeen: 'F', checkpointed: 'C',
		transcriptTurns: 't', git: 'g', inferred: 'I', annotations: 'A',
	};
	const SHORT_GIT: Record<string, string> = {
		branch: 'b', commitSubject: 's', uncommitted: 'u', uncommittedUnreadable: 'U', worktree: 'w',
		remote: 'r', repoRoot: 'R', touched: 't',
	};
	const inColumns = ['session', 'hostSession', 'ts', 'agent', 'task', 'follows', 'auto', 'autoClosed', 'handoffTo', 'problems', 'checkpointed', 'firstSeen'];
	const isEmpty = (v: unknown, e: unknown): boolean => {
		if (Array.isArray(v)) return v.length === 0;
		if (v !== null && typeof v === 'object' && e !== null && typeof e === 'object') return Object.keys(v).every((k) => isEmpty((v as Json)[k], (e as Json)[k]));
		return v === e;
	};
	const strip = (o: Json, empty: Json, names: Record<string, string>, skip: string[]): Json => {
		const out: Json = {};
		for (const k in o) {
			if (skip.includes(k)) continue;
			const v = o[k];
			const e = empty[k];
			if (isEmpty(v, e)) continue;
			const nested = v !== null && typeof v === 'object' && !Array.isArray(v) && e !== null && typeof e === 'object';
			out[names[k] ?? k] = nested ? strip(v as Json, e as Json, k === 'git' ? SHORT_GIT : {}, k === 'git' ? ['commit'] : []) : v;
		}
		return out;
	};
	const o = strip(cp as unknown as Json, emptyCheckpoint() as unknown as Json, SHORT, cp.project === scope ? [...inColumns, 'project'] : inColumns);
	if (cp.project === '' && scope !== '') o.p = '';
	const ms = cp.ts * 1000;
	const iso = Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? `${new Date(ms).toISOString().slice(0, 19)}Z` : null;
	if (cp.checkpointed !== (iso ?? '')) o.C = cp.checkpointed;
	if (cp.firstSeen !== (iso === null ? '' : iso.slice(0, 10))) o.F = cp.firstSeen;
	return JSON.stringify(o);
}

describe('record column text', () => {
	const words = fc.oneof(
		fc.constantFrom('', 'kestrel', 'a "quoted" \\ word', 'ünïcode ✓', 'line\nbreak', '\u2028', '😀', ' '),
		// Every kind of character the writer treats apart: escapes, controls, DEL and C1, two and three bytes, pairs and lone halves.
		fc.string({ unit: fc.constantFrom('a', '"', '\\', '\b', '\t', '\n', '\f', '\r', '\u0000', '\u001f', '\u007f', '\u0085', 'é', '߿', 'ࠀ', '✓', '\uffff', '😀', '\ud83d', '\ude00', '\udbff', '\udc00'), maxLength: 8 }),
	);
	const list = fc.array(words, { maxLength: 3 });
	const cp = fc.record({
		project: words, state: words, decisions: list, failed: list, next: words, checkpointed: fc.constantFrom('', '2026-11-25T09:46:40Z', 'x'),
		firstSeen: fc.constantFrom('', '2026-11-25', 'y'), ts: fc.constantFrom(0, 1795600000, -1, 1e20, Number.NaN, 1795600000.5),
		transcriptTurns: fc.constantFrom(0, 3), branch: words, commit: words, touched: list, uncommitted: fc.constantFrom(0, 2),
		inferred: fc.option(fc.record({ by: words, at: words, turns: fc.nat(3), verified: list, failed: list, decided: list })),
		preamble: words, sections: fc.array(fc.record({ heading: words, text: words, line: fc.nat(40) }), { maxLength: 2 }),
	}).map((f) => checkpoint({
		project: f.project, state: f.state, decisions: f.decisions, failed: f.failed, next: f.next, checkpointed: f.checkpointed,
		firstSeen: f.firstSeen, ts: f.ts, transcriptTurns: f.transcriptTurns, inferred: f.inferred,
		git: { ...checkpoint().git, branch: f.branch, commit: f.commit, touched: f.touched, uncommitted: f.uncommitted },
		annotations: { preamble: f.preamble, sections: f.sections },
	}));

	it('leaves out the time and day of any whole second as Date writes them, and keeps any other', () => {
		const second = fc.oneof(fc.integer({ min: -2e10, max: 2.6e11 }), fc.constantFrom(0, 68169599, 68256000, 951782400, 4107542399, 253402300799, 253402300800));
		fc.assert(fc.property(second, fc.boolean(), (ts, same) => {
			const iso = `${new Date(ts * 1000).toISOString().slice(0, 19)}Z`;
			const c = checkpoint({ ts, checkpointed: same ? iso : `${iso} `, firstSeen: same ? iso.slice(0, 10) : '' });
			expect(encodeCheckpoint(c, 'kestrel')).toBe(plainEncode(c, 'kestrel'));
			if (same && iso.length === 20) expect(encodeCheckpoint(c, 'kestrel')).toBe('{}');
		}), { numRuns: 5000 });
	});

	it('is written into one buffer that grows for a large record and serves the next one', () => {
		const big = checkpoint({ state: 'x'.repeat(20000), decisions: ['é'.repeat(3000)] });
		const small = checkpoint({ state: 'going' });
		for (const c of [small, big, small]) expect(Buffer.from(encodeCheckpointBytes(c, 'kestrel'))).toEqual(Buffer.from(plainEncode(c, 'kestrel'), 'utf8'));
	});

	it('is the text JSON.stringify gives the stripped record, for any checkpoint and scope', () => {
		fc.assert(fc.property(cp, fc.constantFrom('', 'kestrel', 'heron'), (c, scope) => {
			expect(encodeCheckpoint(c, scope)).toBe(plainEncode(c, scope));
			expect(Buffer.from(encodeCheckpointBytes(c, scope))).toEqual(Buffer.from(plainEncode(c, scope), 'utf8'));
		}), { numRuns: 3000 });
	});
});

describe('records decoded without a list', () => {
	it('share an empty one that no reader can change under the others', () => {
		const [a, b] = [roundTrip(record('20260101-000000-a')), roundTrip(record('20260101-000001-b'))];
		expect(a.checkpoint.decisions).toBe(b.checkpoint.decisions);
		expect(() => a.checkpoint.decisions.push('x')).toThrow(TypeError);
		expect(() => a.checkpoint.problems.push('x')).toThrow(TypeError);
		expect(() => a.checkpoint.git.touched.push('x')).toThrow(TypeError);
		expect(b.checkpoint.decisions).toEqual([]);
		expect(b.checkpoint.problems).toEqual([]);
		// Each record's own objects stay its own: a change to one is not seen in another.
		a.checkpoint.git.branch = 'other';
		a.checkpoint.task = 'other';
		expect(b.checkpoint.git.branch).not.toBe('other');
		expect(b.checkpoint.task).not.toBe('other');
	});
});

describe('line maps', () => {
	const text = [
		'---', 'type: checkpoint', 'project: kestrel', 'custom_key: 1', '---', '', '## Task', '', 'do it', '',
		"## Didn't work", '', '- one', '- two', '', '## A heading of its own', '- x', '## Decisions', '* y',
	].join('\n');

	it('come back as they were, known and unknown names alike', () => {
		const map = lineMap(text);
		expect(decodeLines(encodeLines(map))).toEqual(map);
	});

	it('hold lines past one byte and steps back', () => {
		const map: LineMap = { s: [['Task', 300, 301, 70000], ['Zürich ✓', 2]], k: [['type', 1], ['ünïcode', 0]] };
		expect(decodeLines(encodeLines(map))).toEqual(map);
	});

	it('come back for any map', () => {
		const name = fc.oneof(fc.constantFrom('Task', 'Next', "Didn't work", 'type', 'relations'), fc.string({ maxLength: 8 }));
		const line = fc.nat({ max: 100000 });
		const map = fc.record({
			s: fc.array(fc.tuple(name, fc.array(line, { minLength: 1, maxLength: 5 })).map(([h, ls]) => [h, ...ls]), { maxLength: 6 }),
			k: fc.array(fc.tuple(name, line), { maxLength: 6 }),
		});
		fc.assert(fc.property(map, (m) => {
			expect(decodeLines(encodeLines(m))).toEqual(m);
		}));
	});

	it('come back whole one after another, a map of many lines between small ones', () => {
		const small: LineMap = { s: [['Task', 5]], k: [['type', 1]] };
		const big: LineMap = { s: [['Decisions', 10, ...Array.from({ length: 600 }, (_, i) => 12 + i * 200)]], k: [['a long key of its own', 2]] };
		const bytes = [small, big, small].map(encodeLines);
		expect(bytes.map(decodeLines)).toEqual([small, big, small]);
		expect(bytes[2]).toEqual(bytes[0]);
	});

	it('read as absent when none was kept', () => {
		expect(decodeLines(new Uint8Array(0))).toBeNull();
		expect(decodeLines('')).toBeNull();
	});

	// The indexer keeps maps as stored and looks lines up in the bytes: every link to a line
	// (a bullet, a heading, a frontmatter key) must land where the decoded map says.
	it('answer every lookup in place as the decoded map does', () => {
		const name = fc.oneof(fc.constantFrom('Task', 'Next', "Didn't work", 'Decisions', 'type', 'commit', 'touched'), fc.string({ maxLength: 6 }));
		const line = fc.nat({ max: 100000 });
		const map = fc.record({
			s: fc.array(fc.tuple(name, fc.array(line, { maxLength: 5 })).map(([h, ls]) => [h, ...ls]), { maxLength: 6 }),
			k: fc.array(fc.tuple(name, line), { maxLength: 6 }),
		});
		fc.assert(fc.property(map, name, fc.integer({ min: -2, max: 6 }), (m, asked, k) => {
			const decoded = linesFromMaps({ get: () => m });
			const bytes = encodeLines(m);
			expect(bulletLineInBytes(bytes, asked, k)).toBe(decoded.bullet('p', asked, k));
			expect(keyLineInBytes(bytes, asked)).toBe(decoded.key('p', asked));
			for (const s of m.s) expect(bulletLineInBytes(bytes, String(s[0]), k)).toBe(decoded.bullet('p', String(s[0]), k));
			for (const [key] of m.k) expect(keyLineInBytes(bytes, key)).toBe(decoded.key('p', key));
		}), { numRuns: 2000 });
	});

	it('answer -1 in place when no map was kept', () => {
		expect(bulletLineInBytes(undefined, 'Task', 0)).toBe(-1);
		expect(bulletLineInBytes(new Uint8Array(0), 'Task', -1)).toBe(-1);
		expect(keyLineInBytes(new Uint8Array(0), 'type')).toBe(-1);
	});

	it('point at the lines of a real checkpoint in place', () => {
		const bytes = encodeLines(lineMap(text));
		expect(bulletLineInBytes(bytes, "Didn't work", 1)).toBe(13);
		expect(bulletLineInBytes(bytes, "Didn't work", 5)).toBe(10);
		expect(bulletLineInBytes(bytes, 'A heading of its own', 0)).toBe(16);
		expect(bulletLineInBytes(bytes, 'Decisions', 0)).toBe(18);
		expect(keyLineInBytes(bytes, 'custom_key')).toBe(3);
		expect(keyLineInBytes(bytes, 'agent')).toBe(-1);
	});
});

describe('checksum', () => {
	const body = new Uint8Array(Array.from({ length: 8195 }, (_, i) => (i * 31) % 251));

	it('vouches for the bytes it was written with', () => {
		const saved = withChecksum(body);
		expect(saved.length).toBe(body.length + 16);
		const got = checkedBytes(saved);
		expect(got.state).toBe('verified');
		expect([...got.bytes]).toEqual([...body]);
	});

	it('tells a changed byte from a file without a checksum, and still hands the database bytes back', () => {
		const saved = withChecksum(body);
		saved[4000] ^= 1;
		const got = checkedBytes(saved);
		expect(got.state).toBe('mismatch');
		expect(got.bytes.length).toBe(body.length);
	});

	it('leaves bytes without one as they are', () => {
		expect(checkedBytes(body)).toEqual({ bytes: body, state: 'absent' });
		expect(checkedBytes(new Uint8Array(3)).state).toBe('absent');
	});

	it('reads bytes that do not start on a word boundary', () => {
		const saved = withChecksum(body);
		const shifted = new Uint8Array(saved.length + 1);
		shifted.set(saved, 1);
		expect(checkedBytes(shifted.subarray(1)).state).toBe('verified');
	});
});
