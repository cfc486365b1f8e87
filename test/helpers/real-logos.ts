/**
 * Runs the released logos binary (`@noeton/logos-linux-x64`, an optional dependency) in a
 * sandbox of its own: a temporary HOME, LOGOS_VAULT, git repository and clock zone, with
 * embeddings and usage reporting off, every run bounded twice (coreutils `timeout` inside,
 * spawnSync's own timeout outside). Nothing is read from or written to the real home.
 *
 * Where the package is not installed (npm skips it on other platforms), `describeRealLogos`
 * registers one skipped test whose name says so, so the run's summary shows the reason.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const LOGOS_VERSION = '0.4.8';
const ROOT = path.join(__dirname, '..', '..');
const PKG = path.join(ROOT, 'node_modules', '@noeton', 'logos-linux-x64');
export const LOGOS_BIN = path.join(PKG, 'bin', 'logos');
export const NOT_INSTALLED = `real logos ${LOGOS_VERSION} not installed on this platform`;
/** The zone the binary and our CLI both run in: file names carry local wall-clock time. */
export const LOGOS_TZ = 'America/Los_Angeles';
const RUN_SECONDS = 30;

function hasCommand(cmd: string): boolean {
	return spawnSync(cmd, ['--version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** Why the real binary cannot run here, or null when it can. */
export function realLogosMissing(): string | null {
	if (!fs.existsSync(LOGOS_BIN)) return `${NOT_INSTALLED} (${process.platform}-${process.arch})`;
	try {
		const pkg = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8'));
		if (pkg.version !== LOGOS_VERSION) return `${NOT_INSTALLED} (found ${String(pkg.version)})`;
	} catch {
		return `${NOT_INSTALLED} (unreadable package.json)`;
	}
	if (!hasCommand('timeout')) return `${NOT_INSTALLED} (no coreutils timeout)`;
	if (!hasCommand('git')) return `${NOT_INSTALLED} (no git)`;
	return null;
}

/** `describe` when the binary can run, else one skipped test naming the reason. */
export function describeRealLogos(name: string, body: () => void): void {
	const missing = realLogosMissing();
	if (missing === null) describe(name, body);
	else describe(name, () => it.skip(`${name}: ${missing}`, () => undefined));
}

export interface LogosRun {
	args: string[];
	cwd: string;
	status: number;
	stdout: string;
	stderr: string;
	/** Unix seconds when the run started and ended (the binary reads the wall clock). */
	started: number;
	ended: number;
}

export interface ScratchRepo {
	dir: string;
	worktree: string;
	branch: string;
	remote: string;
	subject: string;
}

/** A sandbox: one vault, one home, any number of repositories; every run is counted. */
export class LogosSandbox {
	readonly root: string;
	readonly home: string;
	readonly vault: string;
	readonly runs: LogosRun[] = [];

	constructor() {
		this.root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'real-logos-')));
		this.home = path.join(this.root, 'home');
		this.vault = path.join(this.root, 'vault');
		fs.mkdirSync(this.home, { recursive: true });
		// 0.4.8 refuses a vault folder that does not exist (it would have `logos setup` make it).
		fs.mkdirSync(this.vault, { recursive: true });
	}

	/** The only environment the binary sees: nothing of the caller's HOME or LOGOS_* leaks in. */
	env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
		return {
			PATH: process.env.PATH ?? '/usr/bin:/bin',
			HOME: this.home,
			XDG_CONFIG_HOME: path.join(this.home, '.config'),
			XDG_CACHE_HOME: path.join(this.home, '.cache'),
			XDG_DATA_HOME: path.join(this.home, '.local', 'share'),
			LOGOS_VAULT: this.vault,
			LOGOS_EMBED: 'off',
			LOGOS_USAGE: 'off',
			TZ: LOGOS_TZ,
			LANG: 'C.UTF-8',
			GIT_CONFIG_NOSYSTEM: '1',
			GIT_AUTHOR_NAME: 'Test',
			GIT_AUTHOR_EMAIL: 'test@example.invalid',
			GIT_COMMITTER_NAME: 'Test',
			GIT_COMMITTER_EMAIL: 'test@example.invalid',
			...extra,
		};
	}

	/** Runs `logos …` in `cwd` (default: the sandbox root, outside any repository). */
	logos(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): LogosRun {
		const cwd = opts.cwd ?? this.root;
		const started = Math.floor(Date.now() / 1000);
		const r = spawnSync('timeout', ['-k', '5', String(RUN_SECONDS), LOGOS_BIN, ...args], {
			cwd,
			env: this.env(opts.env),
			encoding: 'utf8',
			timeout: (RUN_SECONDS + 10) * 1000,
			input: '',
		});
		const run: LogosRun = { args, cwd, status: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '', started, ended: Math.ceil(Date.now() / 1000) };
		this.runs.push(run);
		return run;
	}

	/** Like `logos` but throws with the output when the command fails. */
	ok(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): LogosRun {
		const r = this.logos(args, opts);
		if (r.status !== 0) throw new Error(`logos ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
		return r;
	}

	git(cwd: string, args: string[]): string {
		const r = spawnSync('timeout', ['20', 'git', ...args], { cwd, env: this.env(), encoding: 'utf8', timeout: 30_000 });
		if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
		return r.stdout;
	}

	/**
	 * A repository named `name` on a branch, with a remote URL, one commit, a modified and an
	 * untracked file, and a linked worktree beside it on a second branch.
	 */
	repo(name: string, opts: { branch?: string; subject?: string; worktreeBranch?: string } = {}): ScratchRepo {
		const dir = path.join(this.root, name);
		const branch = opts.branch ?? 'main';
		const subject = opts.subject ?? 'first commit';
		const remote = `https://example.invalid/${name}.git`;
		fs.mkdirSync(dir, { recursive: true });
		this.git(dir, ['init', '-q', '-b', branch]);
		this.git(dir, ['remote', 'add', 'origin', remote]);
		fs.writeFileSync(path.join(dir, 'a.txt'), 'one\n');
		this.git(dir, ['add', '.']);
		this.git(dir, ['commit', '-q', '-m', subject]);
		fs.appendFileSync(path.join(dir, 'a.txt'), 'dirty\n');
		fs.writeFileSync(path.join(dir, 'untracked.txt'), 'new\n');
		const worktree = path.join(this.root, `${name}-wt`);
		this.git(dir, ['worktree', 'add', '-q', '-b', opts.worktreeBranch ?? 'feature', worktree]);
		return { dir, worktree, branch, remote, subject };
	}

	/** A folder outside any repository. */
	plainDir(name: string): string {
		const dir = path.join(this.root, name);
		fs.mkdirSync(dir, { recursive: true });
		return dir;
	}

	/** Every file under the vault's sessions folder, vault-relative, sorted. */
	sessionFiles(): string[] {
		const out: string[] = [];
		const walk = (rel: string): void => {
			const abs = path.join(this.vault, rel);
			if (!fs.existsSync(abs)) return;
			for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
				const r = rel === '' ? e.name : `${rel}/${e.name}`;
				if (e.isDirectory()) walk(r);
				else out.push(r);
			}
		};
		walk('sessions');
		return out.sort();
	}

	read(rel: string): string {
		return fs.readFileSync(path.join(this.vault, rel), 'utf8');
	}

	dispose(): void {
		fs.rmSync(this.root, { recursive: true, force: true });
	}
}
