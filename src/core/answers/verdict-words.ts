/**
 * The words for a ruling's verdict, once, for every surface: the pane, the review queue,
 * the marks beside rulings, "Was this tried?", review notices and the CLI's text. A ruling
 * is live, retired (with the day) or reconfirmed (with the day and, when known, the
 * commit). An undo that restored "no verdict" reads as live (docs/decisions.md, reviews).
 */
import type { RulingVerdict } from './resume-types';

export const VERDICT_WORD: Readonly<Record<RulingVerdict, string>> = {
	none: 'live',
	retired: 'retired',
	reconfirmed: 'reconfirmed',
};

export interface VerdictFacts {
	verdict: RulingVerdict;
	/** The reconfirmation's commit; ignored for other verdicts. */
	commit: string | null;
	/** The verdict's day as the caller shows days ('' when unknown or not wanted). */
	day: string;
}

/** "live", "retired 2026-11-20", "reconfirmed 2026-11-20 at 9c4d2e1". */
export function verdictPhrase(v: VerdictFacts): string {
	const words = [VERDICT_WORD[v.verdict]];
	if (v.verdict !== 'none' && v.day !== '') words.push(v.day);
	if (v.verdict === 'reconfirmed' && v.commit) words.push(`at ${v.commit}`);
	return words.join(' ');
}

/** The phrase with a capital first letter, for a label that starts a line. */
export function verdictTitle(v: VerdictFacts): string {
	const p = verdictPhrase(v);
	return p.charAt(0).toUpperCase() + p.slice(1);
}
