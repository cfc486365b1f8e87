/**
 * Verdict marks at scale: 4,000 rulings and 40,000 verdict lines. Scanning reviewed.md
 * once per ruling took about 43 seconds here; the marks are looked up by key now. The
 * answer is checked ruling by ruling.
 */
import { emptyCheckpoint, renderCheckpoint } from '../../../src/core';
import { lastVerdict, lastVerdictByKey, parseReviewed } from '../../../src/core';
import type { VaultFile } from '../../../src/core';
import { buildVaultModel } from '../../../src/core';
import { marksByPath } from '../../../src/ui/review/verdict-marks';

const CHECKPOINTS = 40;
const PER_CHECKPOINT = 100;
const NOISE = 36_000;
const T0 = Date.UTC(2026, 10, 1, 9) / 1000;

const pad = (n: number): string => String(n).padStart(2, '0');
const pathOf = (i: number): string => `sessions/alpha/20261101-09${pad(Math.floor(i / 60))}${pad(i % 60)}-claude.md`;
const ruling = (i: number, j: number): string => `approach ${i}-${j} — it failed`;

function vault(): VaultFile[] {
	const files: VaultFile[] = [];
	for (let i = 0; i < CHECKPOINTS; i++) {
		const c = { ...emptyCheckpoint(), session: pathOf(i).slice(15, -3), project: 'alpha', agent: 'claude', task: `task ${i}` };
		c.checkpointed = new Date((T0 + i * 60) * 1000).toISOString().replace('.000Z', 'Z');
		c.failed = Array.from({ length: PER_CHECKPOINT }, (_, j) => ruling(i, j));
		const text = renderCheckpoint(c, '');
		files.push({ path: pathOf(i), text, mtime: 0, size: text.length });
	}
	const lines: string[] = [];
	for (let n = 0; n < NOISE; n++) lines.push(`- retired: something never recorded ${n} <!-- ts=${T0} -->`);
	for (let i = 0; i < CHECKPOINTS; i++) {
		for (let j = 0; j < PER_CHECKPOINT; j++) {
			const copy = T0 + i * 60;
			if (j % 4 === 0) lines.push(`- retired: ${ruling(i, j)} <!-- ts=${copy + 30} -->`);
			if (j % 4 === 1) lines.push(`- reconfirmed at abcd${pad(j)}: ${ruling(i, j)} <!-- ts=${copy + 30} -->`);
			// Retired before this copy was written: the copy is a new, live finding.
			if (j % 4 === 2) lines.push(`- retired: ${ruling(i, j)} <!-- ts=${copy - 30} -->`);
		}
	}
	const text = `# reviewed — alpha\n\n${lines.join('\n')}\n`;
	files.push({ path: 'sessions/alpha/reviewed.md', text, mtime: 0, size: text.length });
	return files;
}

it('marks 4,000 rulings against 40,000 verdict lines, each as its last verdict says', () => {
	const model = buildVaultModel({ root: 'sessions', files: vault(), dirs: ['sessions', 'sessions/alpha'] });
	expect(model.verdicts.get('alpha')).toHaveLength(NOISE + (CHECKPOINTS * PER_CHECKPOINT * 3) / 4);
	const marks = marksByPath(model);
	for (let i = 0; i < CHECKPOINTS; i++) {
		const forPath = marks.get(pathOf(i));
		expect(forPath?.size).toBe((PER_CHECKPOINT * 3) / 4);
		for (let j = 0; j < PER_CHECKPOINT; j++) {
			const mark = forPath?.get(ruling(i, j).toLowerCase());
			if (j % 4 === 0) expect(mark).toEqual({ kind: 'retired', text: 'retired 2026-11-01' });
			if (j % 4 === 1) expect(mark).toEqual({ kind: 'reconfirmed', text: `reconfirmed 2026-11-01 at abcd${pad(j)}` });
			if (j % 4 === 2) expect(mark).toEqual({ kind: 'restated', text: 'live — restated after it was retired 2026-11-01' });
			if (j % 4 === 3) expect(mark).toBeUndefined();
		}
	}
});

it('the last line about a ruling wins, by key, and a list read again gives its new answer', () => {
	const verdicts = parseReviewed('- retired: A  ruling\n- reconfirmed at abcd: a ruling\n- retired: other\n');
	expect(lastVerdictByKey(verdicts).get('a ruling')?.kind).toBe('reconfirmed');
	expect(lastVerdict(verdicts, 'A RULING')?.commit).toBe('abcd');
	expect(lastVerdict(verdicts, 'nothing')).toBeNull();
	const more = [...verdicts, ...parseReviewed('- retired: a ruling <!-- ts=9 -->')];
	expect(lastVerdict(more, 'a ruling')?.kind).toBe('retired');
});
