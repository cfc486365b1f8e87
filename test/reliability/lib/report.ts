/**
 * What every reliability check returns: counts under fixed names, and a few examples of
 * what went wrong so a failing run can be replayed.
 */
export type Figures = Record<string, number>;

export interface CheckResult {
	figures: Figures;
	/** At most a handful of readable examples (seed, input, error). */
	failures: string[];
}

/** Counts that must be zero; the rest (inputs tried, notes written…) only describe the run. */
export const MUST_BE_ZERO = [
	'exceptions',
	'unstable round trips',
	'lines lost by an append',
	'inconsistent vault readings',
	'lost notes',
	'pending notes never written',
	'lost verdicts',
	'pending verdicts never written',
	'headers written twice',
	'writes outside the allowed folders',
	'writes through a swapped folder',
	'writes through a hard link',
	'notes appended to an oversized file',
	'crashes on damaged index files',
	'indexes unusable on the next start',
	'saved indexes lost',
	'indexes stuck',
	'foreign files overwritten by index --db',
	'concurrent index runs crashed',
	'control sequences printed',
	'unmasked secrets written',
	'live HTML kept in agent text',
	'forged lines written',
	'bad --now accepted',
	'special files read by parse',
	'bidi controls printed',
	'hostile vault wrong answers',
	'cli failures',
	'inputs over the work budget read in full',
	'inputs answered slowly (over 1 s)',
	'stack overflows',
	"other issues' checks failed",
	'diffs of a checkpoint with itself not empty',
	'diff words untrue of the files',
] as const;

const MAX_EXAMPLES = 8;

export class Tally {
	readonly figures: Figures = {};
	readonly failures: string[] = [];

	add(name: string, n = 1): void {
		this.figures[name] = (this.figures[name] ?? 0) + n;
	}

	/** Counts `name` and keeps an example. */
	fail(name: string, example: string): void {
		this.add(name);
		if (this.failures.length < MAX_EXAMPLES) this.failures.push(`${name}: ${example.slice(0, 600)}`);
	}

	/** Makes sure a zero-count figure is still printed. */
	zero(...names: string[]): void {
		for (const n of names) this.figures[n] ??= 0;
	}

	result(): CheckResult {
		return { figures: { ...this.figures }, failures: [...this.failures] };
	}
}

export function merge(results: CheckResult[]): CheckResult {
	const t = new Tally();
	for (const r of results) {
		for (const [k, v] of Object.entries(r.figures)) t.add(k, v);
		for (const f of r.failures) if (t.failures.length < 20) t.failures.push(f);
	}
	return t.result();
}

/** The figures that must be zero and are not. */
export function nonZero(r: CheckResult): string[] {
	return MUST_BE_ZERO.filter((k) => (r.figures[k] ?? 0) !== 0).map((k) => `${k}: ${r.figures[k]}`);
}

/** Short text of any thrown value, for an example line. */
export function errorText(e: unknown): string {
	if (e instanceof Error) return `${e.name}: ${e.message}`;
	return String(e);
}
