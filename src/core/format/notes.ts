/**
 * Working notes: `uncommitted.md` read and written exactly as logos does (docs/format.md §4.3,
 * §4.4), and the dead-end reading of a note (docs/format.md §7.6, typed `route:` records).
 */
import { asciiSpace, noteTail } from './line-tail';
import { headerName, safeName } from './names';
import { maskSecrets, type MaskResult } from './secrets';
import { appendWithHeader, collapseSpace, cutToBytes, trimSpace, utf8Length } from '../strings';
import type { WorkingNote } from '../types';

/** The text logos writes above the notes, blank line included (docs/format.md §4.3). */
export function uncommittedHeader(folder: string): string {
	const scope = headerName(folder);
	return (
		`# uncommitted — ${scope}\n\n` +
		'Working notes from sessions that have not been checkpointed yet.\n' +
		`\`logos checkpoint ${scope}\` folds these into a permanent record and\n` +
		'empties this file. Until then they live here, so a rebuilt index does not\n' +
		'lose them.\n\n'
	);
}

/**
 * docs/format.md §4.4, on a trimmed line: `- ` + text + optional spaces + the comment
 * `<!-- ts=N agent=A -->` at the end. Spacing is logos's ASCII `\s`; the text is
 * everything before the last comment, so earlier comments stay in it.
 */
function noteLine(line: string): { text: string; ts: string; agent: string } | null {
	if (line[0] !== '-' || line.length < 2 || !asciiSpace(line[1])) return null;
	const tail = noteTail(line);
	if (tail === null || tail.at < 2) return null;
	return { text: line.slice(1, tail.at), ts: tail.ts, agent: tail.agent };
}

/** One note line read: its text (trimmed), its time and its agent as written. */
interface ReadNote {
	text: string;
	ts: number;
	agent: string;
}

/**
 * A file's notes as `scopes` and `continuity` print them: how many, and each agent's newest
 * time (docs/decisions.md "What a CLI command reads"). The same notes as parseUncommitted
 * gives, repeats dropped the same way; no note object is made.
 */
export interface NoteTally {
	count: number;
	/** The newest `ts` of each agent's notes ('agent' for a note that names none). */
	lastByAgent: Map<string, number>;
}

/** The tally of notes already read (a model's). */
export function tallyNotes(notes: readonly Pick<WorkingNote, 'ts' | 'agent'>[]): NoteTally {
	const lastByAgent = new Map<string, number>();
	for (let i = 0; i < notes.length; i++) {
		const n = notes[i];
		const last = lastByAgent.get(n.agent);
		if (last === undefined || n.ts > last) lastByAgent.set(n.agent, n.ts);
	}
	return { count: notes.length, lastByAgent };
}

/** Where a note line is kept once read, repeats dropped: both readings below share it. */
class NoteList {
	readonly out: WorkingNote[] = [];
	// The texts seen at each time: texts are compared only when notes share a second, so a
	// busy file's notes need no joined key each (`scopes` reads every uncommitted.md).
	private readonly seen = new Map<number, string | string[]>();

	/** Every agent named so far, each as one string: a file's notes name a few agents, over and over. */
	private readonly agents = new Map<string, string>();

	constructor(private readonly scope: string) {}

	/** `agent` as the string of the first note that named the same agent. */
	agentNamed(agent: string): string {
		const known = this.agents.get(agent);
		if (known !== undefined) return known;
		this.agents.set(agent, agent);
		return agent;
	}

	add(noteText: string, ts: number, agent: string, line: number): void {
		if (this.isNew(noteText, ts)) this.out.push({ scope: this.scope, text: noteText, ts, agent: agent === '' ? 'agent' : agent, line });
	}

	/** Whether (text, ts) is a note not seen before, now seen. */
	isNew(noteText: string, ts: number): boolean {
		// A time past 2^53 cannot be held exactly; keeping it would key the note wrongly.
		if (noteText === '' || !Number.isSafeInteger(ts)) return false;
		const at = this.seen.get(ts);
		if (at === undefined) this.seen.set(ts, noteText);
		else if (at === noteText || (typeof at !== 'string' && at.includes(noteText))) return false;
		else if (typeof at === 'string') this.seen.set(ts, [at, noteText]);
		else at.push(noteText);
		return true;
	}
}

/** NoteList's reading with only the tally kept. */
class TallyList extends NoteList {
	readonly tally: NoteTally = { count: 0, lastByAgent: new Map() };

	override add(noteText: string, ts: number, agent: string): void {
		if (!this.isNew(noteText, ts)) return;
		const name = agent === '' ? 'agent' : agent;
		const last = this.tally.lastByAgent.get(name);
		if (last === undefined || ts > last) this.tally.lastByAgent.set(name, ts);
		this.tally.count++;
	}
}

/** One line read the plain way: trimmed, then noteLine. */
function plainNote(line: string): ReadNote | null {
	const m = noteLine(trimSpace(line));
	return m === null ? null : { text: trimSpace(m.text), ts: Number(m.ts), agent: m.agent };
}

/**
 * Every note line of an `uncommitted.md`, in file order. Header, prose and bullets
 * without the comment are ignored; a repeated (text, ts) counts once, as logos's
 * import does. Never throws.
 *
 * A line in the shape logos writes (`- text <!-- ts=N agent=A -->`, single spaces, nothing
 * after) is read by one pattern (WRITTEN_NOTE), without cutting the file into lines first;
 * any other line is read the plain way (parseUncommittedPlain). `scopes` reads every
 * uncommitted.md of the vault, mostly before the engine has compiled any loop of ours
 * (docs/decisions.md "What a CLI command reads"); a property test holds both readings to
 * the same answer.
 */
export function parseUncommitted(text: string, scope: string): WorkingNote[] {
	const notes = parseUncommittedShared(text, scope);
	ownTexts(notes);
	return notes;
}

/**
 * parseUncommitted for a reader that lets the notes go soon (a CLI command): their texts
 * may share the file's text (see ownTexts), so none is copied.
 */
export function parseUncommittedShared(text: string, scope: string): WorkingNote[] {
	if (typeof text !== 'string') return [];
	const notes = new NoteList(scope);
	readNotes(text, notes);
	return notes.out;
}

/** What `scopes` and `continuity` print of an `uncommitted.md`: parseUncommitted's notes counted, not kept. */
export function tallyUncommitted(text: string): NoteTally {
	const notes = new TallyList('');
	if (typeof text === 'string') readNotes(text, notes);
	return notes.tally;
}

/** Every note line of the text into `notes`, each in one pattern when it can be (parseUncommitted). */
function readNotes(text: string, notes: NoteList): void {
	const n = text.length;
	for (let s = 0, i = 0; ; i++) {
		let e = text.indexOf('\n', s);
		if (e < 0) e = n;
		WRITTEN_NOTE.lastIndex = s;
		const m = e - s < 20 ? null : WRITTEN_NOTE.exec(text);
		if (m !== null && WRITTEN_NOTE.lastIndex === e) notes.add(trimSpace(m[1]), Number(m[2]), notes.agentNamed(m[3]), i);
		else {
			const p = plainNote(text.slice(s, e));
			if (p !== null) notes.add(p.text, p.ts, p.agent, i);
		}
		if (e === n) break;
		s = e + 1;
	}
}

/**
 * A whole line as logos writes it, `- ` text ` <!-- ts=DIGITS agent=NAME -->` with single
 * spaces and nothing after: its text, time and agent, as the plain reading (noteLine) gives
 * them once the text is trimmed. Greedy, so the comment is the last one, as noteTail reads it;
 * `.` stops at CR and the line separators, so a line holding one is read the plain way; the
 * agent is a run of non-spaces (logos's ASCII spacing). Sticky: matched at a line's start,
 * kept only when it ends at the line's end.
 */
const WRITTEN_NOTE = /- (.*) <!-- ts=([0-9]+) agent=([^ \t\n\f\r]+) -->/y;

/** parseUncommitted line by line, with no line read by the pattern: the reference its fast path is tested against. */
export function parseUncommittedPlain(text: string, scope: string): WorkingNote[] {
	if (typeof text !== 'string') return [];
	const notes = new NoteList(scope);
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const m = plainNote(lines[i]);
		if (m !== null) notes.add(m.text, m.ts, m.agent, i);
	}
	return notes.out;
}

const utf8In = new TextEncoder();
// ignoreBOM: a text that begins with U+FEFF keeps it.
const utf8Out = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The notes' texts in memory of their own. Each is cut out of the file's text, and a runtime
 * may keep such a cut as a view of the whole file: the notes the index and the views keep
 * (20,000 at 10,000 checkpoints) would hold every uncommitted.md whole, in two bytes a
 * character once one character needs them (the header's dash does). One copy of all the
 * texts of a file, through UTF-8 (a text without such a character comes back in one byte a
 * character), cut again: a copy per note costs several times more. A text that is not well
 * formed UTF-16 would not come back the same, so such a file's notes stay as they are.
 */
function ownTexts(notes: WorkingNote[]): void {
	if (notes.length === 0) return;
	const joined = notes.map((n) => n.text).join('\n');
	const check = (joined as unknown as { isWellFormed?: () => boolean }).isWellFormed;
	if (check === undefined || !check.call(joined)) return;
	const copies = utf8Out.decode(utf8In.encode(joined)).split('\n');
	for (let i = 0; i < notes.length; i++) notes[i].text = copies[i];
}

/**
 * One note as logos writes it: text on one line, agent sanitized. Throws on a note
 * that could not be read back (blank text, a time that is not a whole second count),
 * because writing it would lose it silently.
 */
export function renderNoteLine(note: Pick<WorkingNote, 'text' | 'ts' | 'agent'>): string {
	const text = collapseSpace(note.text);
	if (text === '') throw new RangeError('a working note needs text');
	if (!Number.isSafeInteger(note.ts) || note.ts < 0) throw new RangeError(`not a note time: ${note.ts}`);
	return `- ${text} <!-- ts=${note.ts} agent=${safeName(note.agent)} -->`;
}

/**
 * A note's text as it will stand in its line, masked (docs/format.md §7.8): folded to one line first,
 * then masked, so a credential split over lines or by an unusual space is masked in the
 * shape the line will show, not missed line by line and rebuilt by the folding.
 */
export function maskNoteText(text: string): MaskResult {
	const masked = maskSecrets(collapseSpace(typeof text === 'string' ? text : ''));
	return { text: collapseSpace(masked.text), redactions: masked.redactions };
}

/** The whole file: header, then notes oldest first (ts, then given order). Blank notes are left out. */
export function renderUncommitted(scope: string, notes: readonly WorkingNote[]): string {
	const ordered = notes
		.map((note, i) => ({ note, i }))
		.filter(({ note }) => collapseSpace(note.text) !== '')
		.sort((a, b) => a.note.ts - b.note.ts || a.i - b.i);
	return uncommittedHeader(scope) + ordered.map(({ note }) => renderNoteLine(note) + '\n').join('');
}

/** The new full text of `uncommitted.md` after appending one note line. */
export function appendNoteLine(existing: string | null, line: string, scope: string): string {
	return appendWithHeader(existing, line, uncommittedHeader(scope));
}

/** docs/format.md §7.6: how people write down that something did not work. */
export const FAILURE_MARKERS: readonly string[] = [
	"didn't work", 'did not work', "doesn't work", 'does not work', "won't work", 'will not work',
	'failed', 'fails ', 'fails.', 'failing', 'vetoed', 'rejected', 'ruled out', 'dead end',
	'no movement', 'not viable', 'unworkable', 'gave up', 'abandoned', 'backed out', 'blocked by',
	'no good', 'not possible', 'cannot', "can't ", 'too slow', 'too expensive', 'too costly',
	'not worth it', 'reverted', 'rolled back', 'made it worse', 'made things worse', 'dead-end',
	'gave up on',
];

/** Any of the markers, found in one search of the text (each a literal: its pattern characters escaped). */
const FAILURE_MARKER = new RegExp(FAILURE_MARKERS.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

export const ROUTE_LAYERS = ['implementation', 'design', 'environment', 'dependency', 'requirement'] as const;
export const ROUTE_SCOPES = ['local', 'version-bound', 'general'] as const;
export const ROUTE_DEGREES = ['contradicted', 'partial', 'inconclusive', 'unstable'] as const;
export const ROUTE_ACTIONS = ['retry', 'change-method', 'narrow-scope', 'abandon'] as const;

export type RouteLayer = (typeof ROUTE_LAYERS)[number];
export type RouteScope = (typeof ROUTE_SCOPES)[number];
export type RouteDegree = (typeof ROUTE_DEGREES)[number];
export type RouteAction = (typeof ROUTE_ACTIONS)[number];

/** A dead end in the typed shape `route: … | observation: … | layer: …`. */
export interface RouteRecord {
	route: string;
	observation: string;
	/** '' when absent or not one of logos's values. */
	layer: RouteLayer | '';
	scope: RouteScope | '';
	degree: RouteDegree | '';
	action: RouteAction | '';
	alternative: string;
	/** The entry as read: whitespace folded, trimmed, capped. */
	raw: string;
	/** True when the entry ran past logos's 1200-byte cap and was cut. */
	truncated: boolean;
}

/** logos keeps one record to about 300 tokens. */
const ROUTE_CAP_BYTES = 1200;

function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | '' {
	return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

/**
 * The typed record in a note or `Didn't work` bullet, or null when it is free prose.
 * Segments are split on ` | `, each on its first `: `; keys any order and case; the
 * last repeat of a key wins; a record needs a non-empty `route`.
 */
export function parseRoute(text: string): RouteRecord | null {
	if (typeof text !== 'string') return null;
	let raw = collapseSpace(text);
	let truncated = false;
	if (utf8Length(raw) > ROUTE_CAP_BYTES) {
		raw = trimSpace(cutToBytes(raw, ROUTE_CAP_BYTES));
		truncated = true;
	}
	const values = new Map<string, string>();
	for (const part of raw.split(' | ')) {
		const colon = part.indexOf(': ');
		if (colon < 0) continue;
		values.set(trimSpace(part.slice(0, colon)).toLowerCase(), trimSpace(part.slice(colon + 2)));
	}
	const route = values.get('route') ?? '';
	if (route === '') return null;
	return {
		route,
		observation: values.get('observation') ?? '',
		layer: oneOf(ROUTE_LAYERS, values.get('layer')),
		scope: oneOf(ROUTE_SCOPES, values.get('scope')),
		degree: oneOf(ROUTE_DEGREES, values.get('degree')),
		action: oneOf(ROUTE_ACTIONS, values.get('action')),
		alternative: values.get('alternative') ?? '',
		raw,
		truncated,
	};
}

/** docs/format.md §7.6: a note reads as a ruling when it says so outright or is a typed record. */
export function isDeadEnd(text: string): boolean {
	if (typeof text !== 'string') return false;
	return FAILURE_MARKER.test(text.toLowerCase()) || parseRoute(text) !== null;
}

/** A note the person added from Obsidian and whose line was written once. */
export interface OwnNote {
	text: string;
	ts: number;
}

export interface Reappend<T extends OwnNote> {
	/** Missing from the file and no checkpoint is newer: append again (once per rewrite). */
	reappend: T[];
	/** Missing, a checkpoint newer than it exists, and none holds it: shown as "not folded", never re-appended. */
	notFolded: T[];
	/** Missing because a newer checkpoint holds it: nothing to do. */
	folded: T[];
}

/**
 * docs/decisions.md §6: logos rewrites uncommitted.md from its own cache and may drop the
 * person's line. A note still in the file needs nothing; a missing one is appended
 * again while no checkpoint of the scope is newer than it, and once one is, it is left
 * to the person (add again / dismiss) unless `isFolded` finds it in such a checkpoint.
 * Compared as logos keys notes: (text with whitespace folded, ts).
 */
export function notesToReappend<T extends OwnNote>(
	own: readonly T[],
	fileNotes: readonly Pick<WorkingNote, 'text' | 'ts'>[],
	newestCheckpointTs: number,
	isFolded: (note: T) => boolean = () => false,
): Reappend<T> {
	const inFile = new Set(fileNotes.map((n) => `${n.ts}\u0000${n.text}`));
	const out: Reappend<T> = { reappend: [], notFolded: [], folded: [] };
	for (const n of own) {
		if (inFile.has(`${n.ts}\u0000${collapseSpace(n.text)}`)) continue;
		if (newestCheckpointTs <= n.ts) out.reappend.push(n);
		else if (isFolded(n)) out.folded.push(n);
		else out.notFolded.push(n);
	}
	return out;
}
