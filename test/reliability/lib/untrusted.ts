/**
 * Untrusted text and paths: the one path guard never lets a write out of the sessions
 * folder (or the plugin's folder), whatever the target or scope string; a scope comes from
 * a folder that exists, never from a frontmatter value; and every note written is masked.
 *
 * The guard is checked against an independent reading of the same rule (posix path
 * arithmetic), so a path both accept is one the rule allows.
 */
import * as path from 'node:path';
import fc from 'fast-check';
import { parseCheckpoint } from '../../../src/core';
import { guardPath, scopeFilePath, WriteRefused } from '../../../src/core';
import { parseUncommitted } from '../../../src/core';
import { parseReviewed } from '../../../src/core';
import { MARKER } from '../../../src/core';
import { buildVaultModel } from '../../../src/core';
import type { VaultSnapshot } from '../../../src/core';
import { appendNote, appendVerdict, type AppendPort, type WriteTarget } from '../../../src/vault/writer';
import { leaks, secretNote as shapedSecretNote } from '../../helpers/secret-shapes';
import { errorText, type CheckResult, Tally } from './report';

const ROOTS = ['sessions', 'logos/sessions', '.obsidian/plugins/logos-continuity'];

/** The rule, read independently: relative, no NUL or backslash, every segment a plain name, under a root. */
function allowed(target: string, roots: string[]): boolean {
	if (target === '' || target.includes('\0') || target.includes('\\') || path.posix.isAbsolute(target) || /^[A-Za-z]:/.test(target)) return false;
	const segs = target.split('/');
	if (segs.some((s) => s === '' || s === '.' || s === '..' || Buffer.byteLength(s, 'utf8') > 255)) return false;
	const norm = path.posix.normalize(target);
	return norm === target && roots.some((r) => norm.startsWith(`${r}/`) && norm.length > r.length + 1);
}

const segment = fc.oneof(
	{ weight: 5, arbitrary: fc.constantFrom('sessions', 'logos', 'alpha', 'beta', 'uncommitted.md', 'reviewed.md', '.obsidian', 'plugins', 'logos-continuity', 'index.db') },
	{ weight: 3, arbitrary: fc.constantFrom('..', '.', '', '...', '.. ', ' ..', '..\u0000', '%2e%2e', '\u2024\u2024', '\uff0e\uff0e', 'a\\..\\b', 'C:', 'c:\\x', '~', '$HOME', 'CON', 'nul') },
	{ weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
	{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
	{ weight: 1, arbitrary: fc.constantFrom('x'.repeat(255), 'x'.repeat(256), 'é'.repeat(128), '日'.repeat(85), '日'.repeat(86), '😀'.repeat(64)) },
);
const target = fc.tuple(fc.constantFrom('', '/', '//', './', '../', 'C:/', '\\\\?\\'), fc.array(segment, { maxLength: 7 }), fc.constantFrom('', '/', '/.'))
	.map(([lead, segs, tail]) => lead + segs.join('/') + tail);

/** A port that only records: a write the guard let through is judged, never performed. */
function recorder(seen: string[]): AppendPort {
	return {
		appendLine(p) {
			seen.push(p);
			return Promise.resolve();
		},
	};
}

const SECRET_SHAPES: fc.Arbitrary<string>[] = [
	fc.stringMatching(/^[A-Za-z0-9]{36}$/).map((s) => `ghp_${s}`),
	fc.stringMatching(/^[A-Za-z0-9]{20,30}$/).map((s) => `sk-${s}`),
	fc.stringMatching(/^[A-Z0-9]{16}$/).map((s) => `AKIA${s}`),
	fc.stringMatching(/^[A-Za-z0-9]{20}$/).map((s) => `glpat-${s}`),
	fc.stringMatching(/^[A-Za-z0-9_-]{35}$/).map((s) => `AIza${s}`),
	fc.tuple(fc.stringMatching(/^[A-Za-z0-9_-]{12}$/), fc.stringMatching(/^[A-Za-z0-9_-]{12}$/), fc.stringMatching(/^[A-Za-z0-9_-]{12}$/)).map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
	fc.stringMatching(/^[a-z0-9]{12,20}$/).map((s) => `postgres://app:${s}@db.internal/x`),
	// A plain lower-case word after Bearer is prose, not a token, so a digit is always there.
	fc.stringMatching(/^[A-Za-z0-9]{24,40}$/).map((s) => `Authorization: Bearer Tk9${s}`),
];
/** The part of a secret shape that must not reach the disk. */
function secretValue(s: string): string {
	if (s.startsWith('postgres://')) return s.slice('postgres://app:'.length, s.indexOf('@'));
	if (s.startsWith('Authorization:')) return s.slice('Authorization: Bearer '.length);
	return s;
}

export async function untrusted(runs: number, seed: number): Promise<CheckResult> {
	const t = new Tally();
	t.zero('writes outside the allowed folders', 'unmasked secrets written', 'forged lines written', 'exceptions');

	fc.assert(
		fc.property(target, fc.subarray(ROOTS, { minLength: 1 }), (p, roots) => {
			t.add('paths tried');
			let accepted = false;
			try {
				guardPath(p, roots);
				accepted = true;
			} catch (e) {
				if (!(e instanceof WriteRefused)) t.fail('exceptions', `guardPath(${JSON.stringify(p)}): ${errorText(e)}`);
			}
			if (accepted && !allowed(p, roots)) t.fail('writes outside the allowed folders', `guardPath accepted ${JSON.stringify(p)} for ${JSON.stringify(roots)}`);
			if (!accepted && allowed(p, roots)) t.add('safe paths refused');
		}),
		{ numRuns: runs, seed },
	);

	// Scopes come from folders that exist; any other string, a frontmatter project above all, is refused.
	const scopeText = fc.oneof(fc.constantFrom('../../.obsidian', '..', 'alpha/../../x', '/etc', 'alpha/', 'alpha//spike', 'ALPHA', 'alpha\u0000', 'alpha/spike/..'), target);
	fc.assert(
		fc.property(scopeText, fc.constantFrom('uncommitted.md', 'reviewed.md', '../x.md', 'a/b.md'), (scope, file) => {
			t.add('paths tried');
			const existing = ['alpha', 'alpha/spike', 'beta'];
			try {
				const p = scopeFilePath('sessions', scope, existing, file);
				if (!existing.includes(scope) || !allowed(p, ['sessions']) || p !== `sessions/${scope}/${file}`) {
					t.fail('writes outside the allowed folders', `scopeFilePath(${JSON.stringify(scope)}, ${JSON.stringify(file)}) = ${p}`);
				}
			} catch (e) {
				if (!(e instanceof WriteRefused)) t.fail('exceptions', `scopeFilePath: ${errorText(e)}`);
			}
		}),
		{ numRuns: runs, seed },
	);

	// The writer over a vault whose checkpoints name projects elsewhere: every write it
	// makes is in a scope folder that exists, whatever the frontmatter says.
	const project = fc.oneof(fc.constantFrom('../../.obsidian', '../..', '/etc', 'alpha/../../x', '.obsidian/plugins', 'alpha'), fc.string({ maxLength: 12 }));
	const projects = await fc.sample(fc.array(project, { minLength: 1, maxLength: 4 }), { numRuns: Math.max(5, Math.floor(runs / 10)), seed });
	for (const names of projects) {
		const files = names.map((name, i) => ({
			path: `sessions/alpha/_convos/c${i}/2026110${i}-090000-claude.md`,
			text: `---\nproject: ${JSON.stringify(name)}\nsession: 2026110${i}-090000-claude\n---\n\n## Task\n\nt\n\n## Didn't work\n\n- ruling ${i}\n`,
			mtime: 0,
			size: 0,
		}));
		const snap: VaultSnapshot = { root: 'sessions', files, dirs: ['sessions/alpha', 'sessions/alpha/_convos'] };
		const model = buildVaultModel(snap);
		const seen: string[] = [];
		const target: WriteTarget = { port: recorder(seen), sessionsRoot: model.scan.root, scopes: model.scopes };
		const tries = [...model.scopes, ...files.map((f) => parseCheckpoint(f.text).project)];
		for (const scope of tries) {
			t.add('write attempts');
			for (const write of [
				() => appendNote(target, scope, 'obsidian', 'a note', 1796000000),
				() => appendVerdict(target, scope, { kind: 'retired', text: 'ruling 0', commit: '', ts: 1796000000 }),
			]) {
				try {
					await write();
				} catch (e) {
					if (!(e instanceof WriteRefused)) t.fail('exceptions', `writer with scope ${JSON.stringify(scope)}: ${errorText(e)}`);
				}
			}
		}
		for (const p of seen) {
			const scope = p.slice('sessions/'.length, p.lastIndexOf('/'));
			if (!model.scopes.includes(scope) || !allowed(p, ['sessions'])) t.fail('writes outside the allowed folders', `writer wrote ${p}`);
		}
	}

	// Notes written from Obsidian are masked like logos masks them.
	const secretNote = fc.tuple(fc.string({ maxLength: 20 }), fc.oneof(...SECRET_SHAPES), fc.string({ maxLength: 20 }), fc.constantFrom(' ', '\n', '\t', '=', ':', '"', '(', ','));
	const noteRuns = Math.max(20, Math.floor(runs / 2));
	const notes = fc.sample(secretNote, { numRuns: noteRuns, seed });
	for (const [before, secret, after, sep] of notes) {
		t.add('secrets tried');
		const seen: { line: string }[] = [];
		const port: AppendPort = {
			appendLine(_p, line) {
				seen.push({ line });
				return Promise.resolve();
			},
		};
		const target: WriteTarget = { port, sessionsRoot: 'sessions', scopes: ['alpha'] };
		try {
			await appendNote(target, 'alpha', 'obsidian', `${before} ${sep}${secret}${sep} ${after}`, 1796000000);
		} catch (e) {
			if (!(e instanceof WriteRefused)) t.fail('exceptions', `appendNote: ${errorText(e)}`);
			continue;
		}
		const written = seen.map((s) => s.line).join('\n');
		if (written.includes(secretValue(secret)) || !written.includes(MARKER)) t.fail('unmasked secrets written', `${JSON.stringify(secret)} in ${JSON.stringify(written)}`);
	}

	// Credentials split over lines or by any Unicode space, in URLs, JSON, headers, markdown
	// and key blocks: the line the writer hands the port must not give one away.
	for (const { text, value } of fc.sample(shapedSecretNote, { numRuns: runs, seed })) {
		t.add('secrets tried');
		const lines: string[] = [];
		const target: WriteTarget = { port: { appendLine: (_p, line) => Promise.resolve(void lines.push(line)) }, sessionsRoot: 'sessions', scopes: ['alpha'] };
		try {
			await appendNote(target, 'alpha', 'obsidian', text, 1796000000);
		} catch (e) {
			if (!(e instanceof WriteRefused)) t.fail('exceptions', `appendNote: ${errorText(e)}`);
			continue;
		}
		if (lines.some((line) => leaks(line, value))) t.fail('unmasked secrets written', `${JSON.stringify(value)} in ${JSON.stringify(lines.join('\n'))}`);
	}

	await forgedLines(t, runs, seed);
	return t.result();
}

/** Line breaks, controls, bidi controls and comment markers a folder name can hold. */
const NAME_PARTS = [
	'zz', ' ', '\n', '\r', '\r\n', '\u000b', '\f', '\u0085', '\u2028', '\u2029', '\t', '\u0000', '\u001b[2J', '\u009b', '\u202e', '\u2066', '\u200f', '\u061c',
	'<!--', '-->', '--!>', '<', '!', '-', '>', '- ', '* ', '# ', 'retired: other ruling', 'reconfirm at abc1234: other ruling', ' <!-- ts=9999999999 -->',
	'fake note <!-- ts=1796000001 agent=claude -->',
];

/**
 * A scope folder named to forge lines: whatever the name, a new reviewed.md holds exactly
 * the verdict written and a new uncommitted.md exactly the note, and no header line carries
 * a line break, control, bidi control or comment marker.
 */
async function forgedLines(t: Tally, runs: number, seed: number): Promise<void> {
	const name = fc.array(fc.constantFrom(...NAME_PARTS), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));
	// eslint-disable-next-line no-control-regex -- finding control characters is the point
	const BAD_HEADER = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]|<!--|--!?>/;
	for (const scope of fc.sample(name, { numRuns: Math.max(20, Math.floor(runs / 3)), seed })) {
		t.add('hostile scope names tried');
		const files = new Map<string, string>();
		const port: AppendPort = {
			appendLine(p, line, header) {
				files.set(p, (files.get(p) ?? header) + line + '\n');
				return Promise.resolve();
			},
		};
		const target: WriteTarget = { port, sessionsRoot: 'sessions', scopes: [scope] };
		try {
			await appendVerdict(target, scope, { kind: 'retired', text: 'the one ruling', commit: '', ts: 1796000000 });
			await appendNote(target, scope, 'obsidian', 'the one note', 1796000000);
		} catch (e) {
			if (!(e instanceof WriteRefused)) t.fail('exceptions', `writer with scope ${JSON.stringify(scope)}: ${errorText(e)}`);
			continue;
		}
		for (const [p, text] of files) {
			const header = text.slice(0, text.indexOf('\n- '));
			const got = p.endsWith('reviewed.md') ? parseReviewed(text).map((v) => v.text) : parseUncommitted(text, scope).map((n) => `${n.text} ${n.agent}`);
			const want = p.endsWith('reviewed.md') ? ['the one ruling'] : ['the one note obsidian'];
			if (JSON.stringify(got) !== JSON.stringify(want) || BAD_HEADER.test(header)) t.fail('forged lines written', `scope ${JSON.stringify(scope)}: ${JSON.stringify(text.slice(0, 400))}`);
		}
	}
}
