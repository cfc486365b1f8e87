/**
 * The layer rules hold by tools, not habit: each rule of eslint.config.mjs fails on a
 * planted violation and passes on clean text, the core/store type check fails on a host
 * global, and src has no import cycle, `import type` included.
 * Planted text is linted as if it were an existing file of the layer, so the real config,
 * resolver and type information apply; nothing is written into src.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

interface Planted { name: string; filePath: string; text: string; rule: string | null }
interface Message { ruleId: string | null; message: string; line: number }

// One existing, stable file per layer stands in for the planted source.
const CORE = 'src/core/strings.ts';
const STORE = 'src/store/checksum.ts';
const VAULT = 'src/vault/writer.ts';
const UI = 'src/ui/shared/labels.ts';
const CLI = 'src/cli/output.ts';

const CASES: Planted[] = [
	{ name: 'core importing obsidian', filePath: CORE, rule: 'no-restricted-imports',
		text: "import { Notice } from 'obsidian';\nexport const n = Notice;\n" },
	{ name: 'core importing a type from obsidian', filePath: CORE, rule: 'no-restricted-imports',
		text: "import type { App } from 'obsidian';\nexport type A = App;\n" },
	{ name: 'core importing Node', filePath: CORE, rule: 'import/no-nodejs-modules',
		text: "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n" },
	{ name: 'core importing store', filePath: CORE, rule: 'import/no-restricted-paths',
		text: "import { SCHEMA_VERSION } from '../store';\nexport const v = SCHEMA_VERSION;\n" },
	{ name: 'store importing vault', filePath: STORE, rule: 'import/no-restricted-paths',
		text: "import { appendVerdict } from '../vault/writer';\nexport const a = appendVerdict;\n" },
	{ name: 'store importing obsidian', filePath: STORE, rule: 'no-restricted-imports',
		text: "import { normalizePath } from 'obsidian';\nexport const p = normalizePath;\n" },
	{ name: 'vault importing ui', filePath: VAULT, rule: 'import/no-restricted-paths',
		text: "import { RESUME_VIEW_TYPE } from '../ui/shared/labels';\nexport const t = RESUME_VIEW_TYPE;\n" },
	{ name: 'vault showing a Notice', filePath: VAULT, rule: 'no-restricted-imports',
		text: "import { Notice } from 'obsidian';\nexport const n = Notice;\n" },
	{ name: 'ui importing the CLI', filePath: UI, rule: 'import/no-restricted-paths',
		text: "import { UsageError } from '../../cli/command-base';\nexport const u = UsageError;\n" },
	{ name: 'cli importing ui', filePath: CLI, rule: 'import/no-restricted-paths',
		text: "import { RESUME_VIEW_TYPE } from '../ui/shared/labels';\nexport const t = RESUME_VIEW_TYPE;\n" },
	{ name: 'cli importing obsidian', filePath: CLI, rule: 'no-restricted-imports',
		text: "import { Notice } from 'obsidian';\nexport const n = Notice;\n" },
	// notes.ts imports strings.ts; strings.ts importing notes.ts closes the loop.
	{ name: 'a cycle', filePath: CORE, rule: 'import/no-cycle',
		text: "import { uncommittedHeader } from './format/notes';\nexport const h = uncommittedHeader;\n" },

	{ name: 'clean core', filePath: CORE, rule: null,
		text: "import { oneLine } from './go/go-text';\nexport const one = (s: string): string => oneLine(s);\n" },
	{ name: 'ui importing a core module past its public surface', filePath: UI, rule: 'import/no-restricted-paths',
		text: "import { foldKey } from '../../core/strings';\nexport const key = (s: string): string => foldKey(s);\n" },
	{ name: 'store importing a core module past its public surface', filePath: STORE, rule: 'import/no-restricted-paths',
		text: "import { foldKey } from '../core/strings';\nexport const key = (s: string): string => foldKey(s);\n" },

	{ name: 'clean store', filePath: STORE, rule: null,
		text: "import { foldKey } from '../core';\nexport const key = (s: string): string => foldKey(s);\n" },
	{ name: 'clean vault', filePath: VAULT, rule: null,
		text: "import { normalizePath } from 'obsidian';\nimport { SCHEMA_VERSION } from '../store';\nimport { foldKey } from '../core';\n" +
			"export const v = SCHEMA_VERSION;\nexport const key = (s: string): string => normalizePath(foldKey(s));\n" },
	{ name: 'clean ui', filePath: UI, rule: null,
		text: "import { Notice } from 'obsidian';\nimport { appendVerdict } from '../../vault/writer';\nimport { SCHEMA_VERSION } from '../../store';\n" +
			"export const n = Notice;\nexport const a = appendVerdict;\nexport const v = SCHEMA_VERSION;\n" },
	{ name: 'clean cli', filePath: CLI, rule: null,
		text: "import { existsSync } from 'node:fs';\nimport { appendVerdict } from '../vault/writer';\nimport { SCHEMA_VERSION } from '../store';\n" +
			"export const e = existsSync;\nexport const a = appendVerdict;\nexport const v = SCHEMA_VERSION;\n" },
];

describe('layer rules in eslint.config.mjs', () => {
	let results: Message[][] = [];

	beforeAll(() => {
		const out = execFileSync(process.execPath, [path.join(ROOT, 'test/helpers/lint-text.mjs')], {
			cwd: ROOT, input: JSON.stringify(CASES), encoding: 'utf8', maxBuffer: 16 << 20,
		});
		results = JSON.parse(out) as Message[][];
	}, 240_000);

	it.each(CASES.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
		const c = CASES[i];
		const messages = results[i];
		if (c.rule === null) expect(messages).toEqual([]);
		else expect(messages.map((m) => m.ruleId)).toContain(c.rule);
	});
});

describe('tests outside test/core use core through its public surface, as src does', () => {
	// eslint does not lint test/; this holds the same rule there. Core's own tests may reach inside.
	function files(dir: string): string[] {
		return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
			const p = path.join(dir, e.name);
			if (e.isDirectory()) return ['core', 'node_modules', 'fixtures', 'approved', 'artifacts'].includes(e.name) && dir === path.join(ROOT, 'test') ? [] : files(p);
			return e.name.endsWith('.ts') ? [p] : [];
		});
	}
	const coreDir = path.join(ROOT, 'src/core');
	const deep = (file: string, text = readFileSync(file, 'utf8')): string[] => ts.preProcessFile(text, true, true).importedFiles
		.map((i) => i.fileName)
		.filter((spec) => {
			const target = path.resolve(path.dirname(file), spec);
			return spec.startsWith('.') && target.startsWith(`${coreDir}${path.sep}`) && target !== path.join(coreDir, 'index');
		});

	it('no test outside test/core imports a core module directly', () => {
		const offenders = files(path.join(ROOT, 'test')).flatMap((f) => deep(f).map((spec) => `${path.relative(ROOT, f)}: ${spec}`));
		expect(offenders).toEqual([]);
	});

	it('a planted deep import is found, the public surface is not', () => {
		const planted = path.join(ROOT, 'test/ui/planted.test.ts');
		expect(deep(planted, "import { foldKey } from '../../src/core/strings';\nimport { history } from '../../src/core';\n")).toEqual(['../../src/core/strings']);
	});
});

describe('tsconfig.core.json: core and store without Node or DOM types', () => {
	const configPath = path.join(ROOT, 'tsconfig.core.json');
	const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
		...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
	});
	if (!parsed) throw new Error('tsconfig.core.json did not parse');
	const platform = path.join(ROOT, 'src/platform.d.ts');

	function diagnose(text: string): string[] {
		const planted = path.join(ROOT, 'src/core/planted.ts');
		const host = ts.createCompilerHost(parsed!.options);
		const getSourceFile = host.getSourceFile.bind(host);
		host.getSourceFile = (name, lang, ...rest) =>
			path.resolve(name) === planted ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang, ...rest);
		const fileExists = host.fileExists.bind(host);
		host.fileExists = (name) => path.resolve(name) === planted || fileExists(name);
		const program = ts.createProgram({ rootNames: [planted, platform], options: parsed!.options, host });
		return ts.getPreEmitDiagnostics(program, program.getSourceFile(planted))
			.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
	}

	it.each([
		['process', 'export const home = process.env.HOME;\n'],
		['document', 'export const title = document.title;\n'],
		['setTimeout', 'export const t = setTimeout(() => 0, 1);\n'],
		['Buffer', "export const b = Buffer.from('x');\n"],
	])('a host global (%s) fails', (name, text) => {
		expect(diagnose(text).join('\n')).toContain(`Cannot find name '${name}'`);
	});

	it('the globals every host has pass', () => {
		expect(diagnose("export const n = new TextEncoder().encode('é').length + new TextDecoder().decode(new Uint8Array()).length;\n")).toEqual([]);
	});
});

describe('no import cycle in src, `import type` included', () => {
	// A type-only cycle is erased at build, so eslint's import/no-cycle does not follow it;
	// it still ties two files together, so it is refused here.
	// TEMPORARY: one known type-only cycle, to be removed when it is broken.
	const KNOWN: string[] = [];

	function sources(dir: string): string[] {
		return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
			const p = path.join(dir, e.name);
			if (e.isDirectory()) return sources(p);
			return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
		});
	}

	function resolveImport(from: string, spec: string, known: Set<string>): string | null {
		if (!spec.startsWith('.')) return null;
		const base = path.resolve(path.dirname(from), spec);
		for (const c of [base, `${base}.ts`, path.join(base, 'index.ts')]) if (known.has(c)) return c;
		return null;
	}

	/** Each cycle once, as the path from its smallest file back to it. */
	function cycles(graph: Map<string, string[]>): string[] {
		const found = new Set<string>();
		const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');
		for (const start of graph.keys()) {
			// Breadth-first from start's imports back to start: the shortest cycle through it.
			const prev = new Map<string, string>();
			const queue = [...(graph.get(start) ?? [])];
			for (const q of queue) prev.set(q, start);
			while (queue.length > 0) {
				const n = queue.shift()!;
				if (n === start) break;
				for (const m of graph.get(n) ?? []) if (!prev.has(m)) { prev.set(m, n); queue.push(m); }
			}
			if (!prev.has(start)) continue;
			const loop: string[] = [start];
			for (let at = prev.get(start)!; at !== start; at = prev.get(at)!) loop.unshift(at);
			const min = loop.reduce((a, b) => (rel(a) < rel(b) ? a : b));
			const i = loop.indexOf(min);
			const rotated = [...loop.slice(i), ...loop.slice(0, i), min];
			found.add(rotated.map(rel).join(' -> '));
		}
		return [...found].sort();
	}

	function graphOf(files: string[], read: (f: string) => string): Map<string, string[]> {
		const known = new Set(files);
		return new Map(files.map((f) => [f, ts.preProcessFile(read(f), true, true).importedFiles
			.map((i) => resolveImport(f, i.fileName, known)).filter((x): x is string => x !== null)]));
	}

	it('src has none but the known one', () => {
		const files = sources(path.join(ROOT, 'src'));
		expect(cycles(graphOf(files, (f) => readFileSync(f, 'utf8')))).toEqual(KNOWN);
	});

	it('a planted type-only cycle is found', () => {
		const files = sources(path.join(ROOT, 'src'));
		const notes = path.join(ROOT, 'src/core/format/notes.ts');
		const strings = path.join(ROOT, 'src/core/strings.ts');
		const read = (f: string) => readFileSync(f, 'utf8') + (f === strings ? "\nimport type { WorkingNote } from './format/notes';\n" : '');
		expect(readFileSync(notes, 'utf8')).toContain("from '../strings'");
		expect(cycles(graphOf(files, read))).toContain('src/core/format/notes.ts -> src/core/strings.ts -> src/core/format/notes.ts');
	});
});
