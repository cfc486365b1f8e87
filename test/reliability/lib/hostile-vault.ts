/**
 * The hostile fixture vault made whole: test/fixtures/vault-hostile copied to a temp
 * folder, plus what cannot (or should not) be committed — a 5 MB checkpoint, links that
 * dangle, loop or leave the vault, a folder and a FIFO where checkpoints should be, a
 * deep YAML nest, a deep folder tree, and note files that are links out of the vault.
 *
 * Tests run as root here, where chmod 000 does not stop a read; an unreadable checkpoint
 * is stood for by the folder, the FIFO and the links, which no user can read as a file.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './env';

export const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'vault-hostile');
const D1 = 'sessions/delta/_convos/d0000000-0000-4000-8000-00000000d001';
const D2 = 'sessions/delta/_convos/d0000000-0000-4000-8000-00000000d002';

export interface HostileVault {
	/** The vault folder (holds `sessions/`). */
	dir: string;
	/** Files outside the vault that links point at; a write must never change them. */
	outside: Map<string, string>;
	/** Whether a FIFO could be made here (not on every file system). */
	fifo: boolean;
	dispose(): void;
}

/** A checkpoint in logos's shape whose State is `bytes` long: 5 MB by default. */
export function bigCheckpoint(bytes = 5 * 1024 * 1024): string {
	const head = [
		'---', 'type: checkpoint', 'title: delta — stream the billing export', 'project: delta', 'agent: claude',
		'session: 20261205-090000-claude', 'host_session: d0000000-0000-4000-8000-00000000d001', 'relations:',
		'  - { pred: checkpoint_of, obj: "[[delta]]", conf: 1.0, src: stated }',
		'  - { pred: follows, obj: "[[20261204-120000-codex]]", conf: 1.0, src: stated }',
		'first_seen: 2026-12-05', 'checkpointed: 2026-12-05T09:00:00-08:00', '---', '', '## Task', '', 'stream the billing export', '', '## State', '', '',
	].join('\n');
	const tail = "\n## Didn't work\n\n- buffering every row before writing doubled memory\n\n## Next\n\nship the streaming importer\n";
	const line = 'row batch written, checksum verified, moving to the next batch of ten thousand rows\n';
	const n = Math.max(0, Math.ceil((bytes - head.length - tail.length) / line.length));
	return head + line.repeat(n) + tail;
}

/** A checkpoint whose frontmatter nests 5,000 levels deep; its body still reads. */
export function deepYamlCheckpoint(): string {
	return [
		'---', 'type: checkpoint', 'project: delta', 'agent: codex', 'session: 20261204-120000-codex',
		'host_session: d0000000-0000-4000-8000-00000000d002', 'relations:',
		'  - { pred: follows, obj: "[[20261204-090000-codex]]", conf: 1.0, src: stated }',
		`touched: ${'['.repeat(5000)}${']'.repeat(5000)}`, 'checkpointed: 2026-12-04T12:00:00-08:00', '---', '',
		'## Task', '', 'measure the streaming importer', '', '## Next', '', 'compare with the batch importer', '',
	].join('\n');
}

export function buildHostileVault(): HostileVault {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'logos-hostile-'));
	const dir = path.join(base, 'vault');
	fs.cpSync(FIXTURE, dir, { recursive: true });
	const at = (rel: string): string => path.join(dir, ...rel.split('/'));
	const outside = new Map<string, string>();
	const outsideFile = (name: string, text: string): string => {
		const p = path.join(base, name);
		fs.writeFileSync(p, text);
		outside.set(p, text);
		return p;
	};

	fs.writeFileSync(at(`${D1}/20261205-090000-claude.md`), bigCheckpoint());
	fs.writeFileSync(at(`${D2}/20261204-120000-codex.md`), deepYamlCheckpoint());
	fs.symlinkSync('gone-20261206.md', at(`${D1}/20261206-090000-claude.md`));
	fs.symlinkSync('20261207-090000-loop-b.md', at(`${D1}/20261207-090000-loop-a.md`));
	fs.symlinkSync('20261207-090000-loop-a.md', at(`${D1}/20261207-090000-loop-b.md`));
	fs.mkdirSync(at(`${D1}/20261208-090000-claude.md`));
	let fifo = true;
	try {
		execFileSync('mkfifo', [at(`${D1}/20261209-090000-claude.md`)]);
	} catch {
		fifo = false;
	}
	fs.symlinkSync(outsideFile('secret-20261210.md', '---\nproject: delta\n---\n## Task\n\nnot from this vault\n'), at(`${D1}/20261210-090000-claude.md`));
	// A link to a checkpoint inside the vault reads as that file: a second copy of d1, folded.
	fs.symlinkSync('20261201-090000-claude.md', at(`${D1}/20261211-090000-claude.md`));
	fs.symlinkSync('..', at(`${D1}/loop`));
	let deep = at('sessions/delta/deep');
	for (let i = 0; i < 60; i++) deep = path.join(deep, `n${i}`);
	fs.mkdirSync(deep, { recursive: true });
	fs.writeFileSync(path.join(deep, '20261212-090000-claude.md'), '## Task\n\nburied too deep to be a checkpoint\n');

	// epsilon: its note and verdict files are links out of the vault.
	fs.symlinkSync(outsideFile('outside-notes.md', 'a file outside the vault\n'), at('sessions/epsilon/uncommitted.md'));
	fs.symlinkSync(outsideFile('outside-reviewed.md', 'another file outside the vault\n'), at('sessions/epsilon/reviewed.md'));
	// zeta: a whole scope folder that is a link out of the vault.
	const zeta = path.join(base, 'zeta-elsewhere');
	fs.mkdirSync(path.join(zeta, '_convos', 'z1'), { recursive: true });
	fs.writeFileSync(path.join(zeta, '_convos', 'z1', '20261201-110000-claude.md'), '## Task\n\nlinked scope\n');
	outside.set(path.join(zeta, '_convos', 'z1', '20261201-110000-claude.md'), '## Task\n\nlinked scope\n');
	fs.symlinkSync(zeta, at('sessions/zeta'));
	return { dir, outside, fifo, dispose: () => fs.rmSync(base, { recursive: true, force: true }) };
}

/** Outside files whose bytes changed (a write escaped the vault). */
export function changedOutside(v: HostileVault): string[] {
	const changed: string[] = [];
	for (const [p, text] of v.outside) {
		const now = fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : null;
		if (now !== text) changed.push(p);
	}
	// Nothing new may appear next to the vault either.
	const base = path.dirname(v.dir);
	for (const name of fs.readdirSync(base)) {
		const p = path.join(base, name);
		if (p !== v.dir && !v.outside.has(p) && name !== 'zeta-elsewhere') changed.push(p);
	}
	return changed;
}
