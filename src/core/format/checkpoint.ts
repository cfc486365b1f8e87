/**
 * Reading a checkpoint note exactly as logos reads it (docs/format.md §3), plus what logos drops
 * on the way (annotations) and what a person should be told (problems). The fields
 * follow logos; the extras never change them. Rendering lives in checkpoint-render.ts.
 */

import type { Checkpoint, ExtraSection } from '../types';
import { HEADING, isKnownHeading, parseBullets, splitSections, unescapeHeadings } from './checkpoint-body';
import type { RawSection } from './checkpoint-body';
import { decodeFlag, decodeInt, decodeText, decodeTextList, readFrontmatter } from '../go/yaml-frontmatter';
import type { Decoded, FrontValue } from '../go/yaml-frontmatter';
import { firstRunes, goTrimSpace } from '../go/go-text';
import { parseDate, parseRfc3339 } from '../go/go-time';
import { frontmatterProblems, headingProblems } from './checkpoint-problems';
import { pushAll } from '../arrays';

export { renderCheckpoint, checkpointTitle } from './checkpoint-render';

/** A blank record: every text '', every list empty, every count 0. */
export function emptyCheckpoint(): Checkpoint {
	return {
		session: '', hostSession: '', project: '', agent: '',
		task: '', intent: '', state: '', decisions: [], failed: [], verified: [], blockers: [],
		commands: [], questions: [], files: [], next: '',
		handoffTo: '', auto: false, autoClosed: false, follows: '', ts: 0, firstSeen: '', checkpointed: '',
		transcriptTurns: 0,
		git: {
			branch: '', commit: '', commitSubject: '', uncommitted: 0, uncommittedUnreadable: false,
			worktree: '', remote: '', repoRoot: '', touched: [],
		},
		inferred: null,
		annotations: { preamble: '', sections: [] },
		problems: [],
	};
}

/** Empty as logos counts it (§3.4): no task, state or next, and no claim bullets. Such files are skipped. */
export function isEmptyCheckpoint(c: Checkpoint): boolean {
	return (
		goTrimSpace(c.task) === '' && goTrimSpace(c.state) === '' && goTrimSpace(c.next) === '' &&
		c.decisions.length === 0 && c.failed.length === 0 && c.questions.length === 0 &&
		c.verified.length === 0 && c.blockers.length === 0
	);
}

export interface Split {
	yaml: string | null;
	body: string;
	/** 0-based line of the raw file where the body starts. */
	bodyLine: number;
}

/** logos's strict split: `---\n` first, closed by the first `\n---\n`; else all body. */
export function splitFrontmatter(raw: string): Split {
	if (!raw.startsWith('---\n')) return { yaml: null, body: raw, bodyLine: 0 };
	const end = raw.indexOf('\n---\n', 4);
	if (end < 0) return { yaml: null, body: raw, bodyLine: 0 };
	const after = end + 5;
	let start = after;
	while (raw[start] === '\n') start++;
	let bodyLine = 0;
	for (let i = raw.indexOf('\n'); i >= 0 && i < start; i = raw.indexOf('\n', i + 1)) bodyLine++;
	return { yaml: raw.slice(4, end), body: raw.slice(start), bodyLine };
}

/** Frontmatter values logos keeps outside the record until the sections are read. */
interface InferenceKeys {
	by: string;
	at: string;
	turns: number;
}

type Apply<T> = (c: Checkpoint, inf: InferenceKeys, value: T) => void;
interface KeyRule {
	decode: (v: FrontValue) => Decoded<unknown>;
	apply: Apply<never>;
	/** What the value should be, for a person reading a problem. */
	expects: string;
}

const rule = <T>(decode: (v: FrontValue) => Decoded<T>, expects: string) => (apply: Apply<T>): KeyRule => ({
	decode,
	apply,
	expects,
});
const text = rule(decodeText, 'text');
const int = rule(decodeInt, 'a whole number');
const flag = rule(decodeFlag, 'true or false');
const list = rule(decodeTextList, 'a list of paths');

/** The keys logos reads (§3.2). `type`, `title` and `relations` are not among them. */
const KEYS: Record<string, KeyRule> = {
	project: text((c, _, v) => (c.project = v)),
	agent: text((c, _, v) => (c.agent = v)),
	session: text((c, _, v) => (c.session = v)),
	host_session: text((c, _, v) => (c.hostSession = v)),
	handoff_to: text((c, _, v) => (c.handoffTo = v)),
	auto_closed: flag((c, _, v) => (c.autoClosed = v)),
	auto: flag((c, _, v) => (c.auto = v)),
	inferred_by: text((_, inf, v) => (inf.by = v)),
	inferred_at: text((_, inf, v) => (inf.at = v)),
	inferred_turns: int((_, inf, v) => (inf.turns = v)),
	transcript_turns: int((c, _, v) => (c.transcriptTurns = v)),
	first_seen: text((c, _, v) => (c.firstSeen = v)),
	checkpointed: text((c, _, v) => (c.checkpointed = v)),
	branch: text((c, _, v) => (c.git.branch = v)),
	commit: text((c, _, v) => (c.git.commit = v)),
	commit_subject: text((c, _, v) => (c.git.commitSubject = v)),
	uncommitted: int((c, _, v) => (c.git.uncommitted = v)),
	uncommitted_unreadable: flag((c, _, v) => (c.git.uncommittedUnreadable = v)),
	worktree: text((c, _, v) => (c.git.worktree = v)),
	remote: text((c, _, v) => (c.git.remote = v)),
	repo_root: text((c, _, v) => (c.git.repoRoot = v)),
	touched: list((c, _, v) => (c.git.touched = v)),
};

/** A value as a problem quotes it: short, one line. */
function show(v: FrontValue): string {
	if (v.kind !== 'scalar') return `a ${v.kind}`;
	const text = v.text.length > 40 ? firstRunes(v.text, 40) + '…' : v.text;
	return JSON.stringify(text);
}

/** Applies the keys logos reads; a value of the wrong type leaves its field as it was. */
function applyFrontmatter(c: Checkpoint, inf: InferenceKeys, yaml: string): void {
	const read = readFrontmatter(yaml);
	pushAll(c.problems, read.problems);
	for (let i = 0; i < read.entries.length; i++) {
		const { key, value } = read.entries[i];
		if (!Object.prototype.hasOwnProperty.call(KEYS, key)) continue;
		const { decode, apply, expects } = KEYS[key];
		const d = decode(value);
		if (d.kind === 'set') apply(c, inf, d.value as never);
		if (d.kind === 'mismatch') c.problems.push(`\`${key}\` should be ${expects} but is ${show(value)}; logos ignores it.`);
	}
}

/** The first `pred: follows, obj: "[[id]]"` anywhere in the raw text, without a regex (linear on any input). */
export function findFollows(raw: string): string {
	const prefix = 'pred: follows, obj: "[[';
	let closing = -1;
	for (let at = raw.indexOf(prefix); at >= 0; at = raw.indexOf(prefix, at + 1)) {
		const start = at + prefix.length;
		if (closing < start) closing = raw.indexOf(']', start);
		if (closing < 0) return '';
		if (closing > start && raw[closing + 1] === ']' && raw[closing + 2] === '"') return raw.slice(start, closing);
	}
	return '';
}

type Reader = (c: Checkpoint, text: string, inference: () => NonNullable<Checkpoint['inferred']>) => void;

const SECTION_READERS: Record<string, Reader> = {
	[HEADING.task]: (c, t) => (c.task = unescapeHeadings(t)),
	[HEADING.intent]: (c, t) => (c.intent = unescapeHeadings(t)),
	[HEADING.state]: (c, t) => (c.state = unescapeHeadings(t)),
	[HEADING.next]: (c, t) => (c.next = unescapeHeadings(t)),
	[HEADING.decisions]: (c, t) => (c.decisions = parseBullets(t)),
	[HEADING.failed]: (c, t) => (c.failed = parseBullets(t)),
	[HEADING.verified]: (c, t) => (c.verified = parseBullets(t)),
	[HEADING.blockers]: (c, t) => (c.blockers = parseBullets(t)),
	[HEADING.commands]: (c, t) => (c.commands = parseBullets(t)),
	[HEADING.questions]: (c, t) => (c.questions = parseBullets(t)),
	[HEADING.files]: (c, t) => (c.files = parseBullets(t)),
	[HEADING.inferredVerified]: (_, t, inf) => (inf().verified = parseBullets(t)),
	[HEADING.inferredFailed]: (_, t, inf) => (inf().failed = parseBullets(t)),
	[HEADING.inferredDecided]: (_, t, inf) => (inf().decided = parseBullets(t)),
};

/** Known sections fill the record (the last of a repeated heading wins); the rest are annotations. */
function applySections(c: Checkpoint, inf: InferenceKeys, body: string, bodyLine: number): void {
	const split = splitSections(body);
	const sections = split.sections;
	// Indexed loops and forEach, no iterator or entry destructuring: every checkpoint of a full
	// pass comes through here, most of them before the engine has compiled it.
	const lastOf = new Map<string, RawSection>();
	for (let i = 0; i < sections.length; i++) if (isKnownHeading(sections[i].heading)) lastOf.set(sections[i].heading, sections[i]);
	const inference = (): NonNullable<Checkpoint['inferred']> =>
		(c.inferred ??= { by: inf.by, at: inf.at, turns: inf.turns, verified: [], failed: [], decided: [] });
	lastOf.forEach((s, heading) => SECTION_READERS[heading](c, s.text, inference));
	const dropped: ExtraSection[] = [];
	if (lastOf.size < sections.length) {
		for (let i = 0; i < sections.length; i++) {
			const s = sections[i];
			if (lastOf.get(s.heading) !== s) dropped.push({ heading: s.heading, text: s.text, line: bodyLine + s.line });
		}
	}
	c.annotations = { preamble: split.preamble, sections: dropped };
	if (lastOf.size < sections.length) pushAll(c.problems, headingProblems(sections, lastOf, bodyLine));
}

function readInto(c: Checkpoint, raw: string): void {
	const split = splitFrontmatter(raw);
	pushAll(c.problems, frontmatterProblems(raw, split.yaml !== null));
	const inf: InferenceKeys = { by: '', at: '', turns: 0 };
	if (split.yaml !== null && split.yaml !== '') applyFrontmatter(c, inf, split.yaml);
	c.ts = parseRfc3339(c.checkpointed) ?? parseDate(c.firstSeen) ?? 0;
	c.follows = findFollows(raw);
	applySections(c, inf, split.body, split.bodyLine);
	// A distillation that kept nothing still happened.
	if (c.inferred === null && (inf.by !== '' || inf.at !== '')) {
		c.inferred = { by: inf.by, at: inf.at, turns: inf.turns, verified: [], failed: [], decided: [] };
	}
}

/** Reads a checkpoint note. Never throws: anything unreadable becomes a problem. */
export function parseCheckpoint(raw: string): Checkpoint {
	const c = emptyCheckpoint();
	try {
		readInto(c, typeof raw === 'string' ? raw : '');
		return c;
	} catch (err) {
		const blank = emptyCheckpoint();
		blank.problems.push(`The note could not be read (${String(err)}).`);
		return blank;
	}
}
