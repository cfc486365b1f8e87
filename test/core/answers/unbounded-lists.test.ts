/**
 * Lists as long as a vault makes them: nothing spreads them into a call (which overflows
 * the stack past about 100,000 items). Each input here crashed `resume` or the model
 * build with "Maximum call stack size exceeded"; now each gives its answer.
 */
import { emptyCheckpoint, parseCheckpoint, renderCheckpoint } from '../../../src/core/format/checkpoint';
import { linesFromTexts } from '../../../src/core/format/lines';
import { buildResume } from '../../../src/core/answers/resume';
import { renderResumeMarkdown } from '../../../src/core/answers/resume-markdown';
import type { CheckpointRecord, VaultFile } from '../../../src/core/types';
import { buildScopeModel, buildVaultModel, combineScopeModels } from '../../../src/core/model/vault-model';
import { resumeJson } from '../../../src/cli/output';

const MANY = 200_000;
const NOW = Date.UTC(2026, 10, 30) / 1000;
const ID = '20261101-090000-claude';

function checkpointText(failed: string[]): string {
	const c = { ...emptyCheckpoint(), session: ID, project: 'alpha', agent: 'claude', task: 'the task', next: 'go on', failed };
	c.checkpointed = '2026-11-01T09:00:00Z';
	return renderCheckpoint(c, '');
}

function file(path: string, text: string): VaultFile {
	return { path, text, mtime: 0, size: text.length };
}

function resumeOf(files: VaultFile[]): { markdown: string; json: Record<string, unknown> } {
	const model = buildVaultModel({ root: 'sessions', files, dirs: ['sessions', 'sessions/alpha'] });
	const r = buildResume(model, 'alpha', { now: NOW, conversation: null });
	return { markdown: renderResumeMarkdown(r), json: resumeJson(r) };
}

it(`resume of a checkpoint with ${MANY} "Didn't work" bullets lists them all`, () => {
	const text = checkpointText(Array.from({ length: MANY }, (_, i) => `approach ${i} — failed`));
	expect(parseCheckpoint(text).failed).toHaveLength(MANY);
	const { markdown, json } = resumeOf([file(`sessions/alpha/${ID}.md`, text)]);
	expect(markdown).toContain("## Already tried, didn't work\n\n- approach 0 — failed\n");
	expect(markdown).toContain(`- approach ${MANY - 1} — failed\n`);
	expect((json.rulings as unknown[]).length).toBe(MANY);
});

it(`resume of a scope with ${MANY} working notes lists them all`, () => {
	const notes = Array.from({ length: MANY }, (_, i) => `- note ${i} <!-- ts=${NOW - MANY + i} agent=claude -->`).join('\n');
	const { markdown } = resumeOf([file(`sessions/alpha/${ID}.md`, checkpointText([])), file('sessions/alpha/uncommitted.md', `# uncommitted — alpha\n\n${notes}\n`)]);
	expect(markdown).toContain('## Recorded since, not yet checkpointed\n\n- note 0 — claude');
	expect(markdown).toContain(`- note ${MANY - 1} — claude`);
});

it('a model put together from a scope of 140,000 checkpoints holds them all', () => {
	// One real scope model, its record list grown in memory: combining does not look inside records.
	const base = buildScopeModel({ root: 'sessions', files: [file(`sessions/alpha/${ID}.md`, checkpointText(['x']))], dirs: ['sessions', 'sessions/alpha'] }, 'alpha');
	const [one] = base.records;
	const records: CheckpointRecord[] = Array.from({ length: 140_000 }, (_, i) => ({ ...one, path: `sessions/alpha/${String(i).padStart(6, '0')}.md` }));
	const problems = records.map((r) => ({ kind: 'malformed' as const, path: r.path, session: null, detail: 'x' }));
	const beta = { ...base, scope: 'beta', info: base.info && { ...base.info, scope: 'beta' }, records: records.map((r) => ({ ...r, scope: 'beta', path: r.path.replace('alpha', 'beta') })) };
	const model = combineScopeModels('sessions', ['alpha', 'beta'], [{ ...base, records, problems, transcripts: [], folded: [], fileProblems: problems }, beta], linesFromTexts(new Map()));
	expect(model.scan.records).toHaveLength(280_000);
	expect(model.scan.problems).toHaveLength(140_000);
	expect(model.problems).toHaveLength(280_000);
});
