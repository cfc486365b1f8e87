/**
 * Bounded work and no stack overflow on vault-sized input. Hostile frontmatters (error per
 * comma, tabs between dashes, hundreds of thousands of aliases, deep nesting, and random
 * repeats of such units) must be refused by the YAML reader's budget without building a
 * document, the note's body still read; verdict marks over thousands of rulings and tens
 * of thousands of verdict lines must come from one lookup per ruling; resume and the model
 * build must hold lists of 100,000s of bullets, notes and checkpoints.
 *
 * Figures: "inputs over the work budget read in full" (the reader spent more than its token
 * budget, counted by re-lexing the text, yet gave no over-budget problem, or lost the body),
 * "inputs answered slowly (over 1 s)" (wall clock, printed, not asserted in unit tests),
 * and "stack overflows" (a RangeError from the call stack anywhere here).
 */
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core';
import { linesFromTexts } from '../../../src/core';
import { buildResume } from '../../../src/core';
import { renderResumeMarkdown } from '../../../src/core';
import type { CheckpointRecord, VaultFile } from '../../../src/core';
import { buildScopeModel, buildVaultModel, combineScopeModels } from '../../../src/core';
import { MAX_TOKENS, tokenCount } from '../../../src/core';
import { resumeJson } from '../../../src/cli/output';
import { marksByPath } from '../../../src/ui/review/verdict-marks';
import { errorText, type CheckResult, Tally } from './report';
import { Rng } from './rng';

const SLOW_MS = 1000;
const BODY = "\n## Task\n\nstill read\n\n## Didn't work\n\n- the first way\n";
const NOW = Date.UTC(2026, 10, 30) / 1000;
const ID = '20261101-090000-claude';

/** The frontmatters found by hand, at the sizes they were found. */
const FOUND: [string, () => string][] = [
	['150 kB of empty flow items', () => `x: [${','.repeat(150_000)}]`],
	['200 kB of dash and tab', () => '-\t'.repeat(100_000)],
	['200,000 aliases in a flow list', () => `a: &a x\nb: [${Array(200_000).fill('*a').join(',')}]`],
	['200,000 aliases in a block list', () => `a: &a x\nb:\n${'- *a\n'.repeat(200_000)}`],
	['explicit keys 4,900 deep', () => `x: ${'? '.repeat(4900)}`],
];

/** Units whose repeats cost a YAML reader most: errors, aliases, nesting, items. */
const UNITS = [',', '-\t', '- ', '*a,', '*a ', '? ', '?\t', '[', '{', '{a: ', '&a x ', '!t ', ': ', '- *a\n', '  - x\n', 'k: v\n', '"\\', "'", '#', '\t', '|\n', ':,'];

function isStackOverflow(e: unknown): boolean {
	return e instanceof RangeError && /call stack/i.test(e.message);
}

function timed<T>(t: Tally, name: string, run: () => T): T | undefined {
	const started = Date.now();
	try {
		const out = run();
		const ms = Date.now() - started;
		if (ms > SLOW_MS) t.fail('inputs answered slowly (over 1 s)', `${name}: ${ms} ms`);
		return out;
	} catch (e) {
		if (isStackOverflow(e)) t.fail('stack overflows', `${name}: ${errorText(e)}`);
		else t.fail('exceptions', `${name}: ${errorText(e)}`);
		return undefined;
	}
}

function frontmatter(t: Tally, name: string, yaml: string): void {
	t.add('hostile frontmatters tried');
	const c = timed(t, name, () => parseCheckpoint(`---\nproject: p\n${yaml}\n---\n${BODY}`));
	if (!c) return;
	const problems = c.problems.join(' ');
	const refused = /too complex|nests deeper|too many YAML aliases/.test(problems);
	const bodyRead = c.task === 'still read' && c.failed.length === 1;
	// The true cost, counted afresh: a text over the budget must have been refused, not read.
	if ((tokenCount(`project: p\n${yaml}`, Infinity) > MAX_TOKENS && !refused) || !bodyRead) {
		t.fail('inputs over the work budget read in full', `${name}: ${problems.slice(0, 200)} (task ${JSON.stringify(c.task)})`);
	}
	if (refused) t.add('frontmatters refused over the budget');
}

function file(path: string, text: string): VaultFile {
	return { path, text, mtime: 0, size: text.length };
}

function checkpointText(id: string, failed: string[], at: string): string {
	const c = { ...emptyCheckpoint(), session: id, project: 'alpha', agent: 'claude', task: 'the task', next: 'go on', failed };
	c.checkpointed = at;
	return renderCheckpoint(c, '');
}

function resumeOf(t: Tally, name: string, files: VaultFile[]): void {
	t.add('large inputs tried');
	try {
		const model = buildVaultModel({ root: 'sessions', files, dirs: ['sessions', 'sessions/alpha'] });
		const r = buildResume(model, 'alpha', { now: NOW, conversation: null });
		renderResumeMarkdown(r);
		JSON.stringify(resumeJson(r));
	} catch (e) {
		t.fail(isStackOverflow(e) ? 'stack overflows' : 'exceptions', `${name}: ${errorText(e)}`);
	}
}

/** 4,000 rulings, 38,000 verdict lines: the marks must come quickly. */
function marks(t: Tally): void {
	t.add('large inputs tried');
	const files: VaultFile[] = [];
	const lines: string[] = [];
	for (let n = 0; n < 36_000; n++) lines.push(`- retired: something never recorded ${n} <!-- ts=1 -->`);
	for (let i = 0; i < 40; i++) {
		const id = `20261101-0900${String(i).padStart(2, '0')}-claude`;
		const failed = Array.from({ length: 100 }, (_, j) => `approach ${i}-${j} — failed`);
		files.push(file(`sessions/alpha/${id}.md`, checkpointText(id, failed, `2026-11-01T09:00:${String(i).padStart(2, '0')}Z`)));
		// Half retired; the other half live, which the old code looked up by scanning every line.
		for (let j = 0; j < failed.length; j += 2) lines.push(`- retired: ${failed[j]} <!-- ts=${NOW} -->`);
	}
	files.push(file('sessions/alpha/reviewed.md', `# reviewed — alpha\n\n${lines.join('\n')}\n`));
	const model = buildVaultModel({ root: 'sessions', files, dirs: ['sessions', 'sessions/alpha'] });
	const m = timed(t, 'verdict marks of 4,000 rulings and 38,000 verdict lines', () => marksByPath(model));
	const count = m ? [...m.values()].reduce((n, x) => n + x.size, 0) : 0;
	if (m && count !== 2000) t.fail('exceptions', `verdict marks: ${count} marks for 2,000 retired rulings`);
}

function combined(t: Tally, records: number): void {
	t.add('large inputs tried');
	try {
		const base = buildScopeModel({ root: 'sessions', files: [file(`sessions/alpha/${ID}.md`, checkpointText(ID, ['x'], '2026-11-01T09:00:00Z'))], dirs: ['sessions', 'sessions/alpha'] }, 'alpha');
		const many: CheckpointRecord[] = Array.from({ length: records }, (_, i) => ({ ...base.records[0], path: `sessions/alpha/${String(i).padStart(7, '0')}.md` }));
		const model = combineScopeModels('sessions', ['alpha'], [{ ...base, records: many }], linesFromTexts(new Map()));
		if (model.scan.records.length !== records) t.fail('exceptions', `combined model holds ${model.scan.records.length} of ${records} records`);
	} catch (e) {
		t.fail(isStackOverflow(e) ? 'stack overflows' : 'exceptions', `a scope of ${records} checkpoints: ${errorText(e)}`);
	}
}

/** `runs` random hostile frontmatters besides the ones found by hand. */
export function workBudget(runs: number, seed: number): CheckResult {
	const t = new Tally();
	t.zero('inputs over the work budget read in full', 'inputs answered slowly (over 1 s)', 'stack overflows', 'exceptions');
	for (const [name, make] of FOUND) frontmatter(t, name, make());
	const rng = new Rng(seed);
	for (let i = 0; i < runs; i++) {
		const parts: string[] = [];
		for (let k = 1 + rng.int(3); k > 0; k--) parts.push(rng.pick(UNITS).repeat(1 + rng.int(rng.chance(0.5) ? 2000 : 120_000)));
		const yaml = `${rng.chance(0.5) ? 'a: &a x\n' : ''}x: ${parts.join('')}`;
		frontmatter(t, `seed ${seed} run ${i} (${yaml.length} chars: ${JSON.stringify(yaml.slice(0, 40))}…)`, yaml);
	}
	marks(t);
	resumeOf(t, "200,000 Didn't work bullets", [file(`sessions/alpha/${ID}.md`, checkpointText(ID, Array.from({ length: 200_000 }, (_, i) => `approach ${i}`), '2026-11-01T09:00:00Z'))]);
	const notes = Array.from({ length: 200_000 }, (_, i) => `- note ${i} <!-- ts=${NOW - i} agent=claude -->`).join('\n');
	resumeOf(t, '200,000 working notes', [file(`sessions/alpha/${ID}.md`, checkpointText(ID, [], '2026-11-01T09:00:00Z')), file('sessions/alpha/uncommitted.md', `# uncommitted — alpha\n\n${notes}\n`)]);
	combined(t, 140_000);
	return t.result();
}
