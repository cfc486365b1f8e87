// Builds test/fixtures/yaml-quote-corpus.json: thousands of tricky strings and how
// go-yaml v3 marshals each one (the oracle in test/oracle/yaml-quote). Deterministic:
// the same script and the same go-yaml give the same file. Needs Go, so it is run by
// hand (see test/oracle/yaml-quote/README.md), never by the tests.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** mulberry32: a small seeded generator, so the corpus never changes between runs. */
function rng(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const rand = rng(20261116);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

const out = new Set();
const add = (...xs) => xs.forEach((x) => out.add(x));

// Words YAML 1.1 / 1.2 may read as something other than text.
const words = [
	'', '~', 'null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE',
	'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF', 'oN', 'yES',
	'.inf', '.Inf', '.INF', '+.inf', '+.Inf', '-.inf', '-.INF', '.nan', '.NaN', '.NAN', '.nAn', 'inf', 'Infinity',
	'-Infinity', 'nan', 'NaN', '+inf', '-inf', '<<', '=', '!', '&', '*', '|', '>', '%', '@', '`', '...', '---',
	'--- x', '... x', '----', '..', '.', '-', '+', '?', ':', '#', ',', '[', ']', '{', '}', "'", '"', '\\',
];
add(...words);

// Numbers in every notation go-yaml knows, and near misses.
add(
	'0', '00', '07', '08', '017', '018', '0o17', '0O17', '0o18', '0o', '0x', '0b', '0x1F', '0X1f', '0xg', '0b101',
	'0B101', '0b102', '-0b101', '-0o17', '+0x10', '-0x10', '0b-1', '0b+1', '0o-7', '1_000', '1__0', '_1', '1_',
	'-1_0', '+1', '-1', '+-1', '1-', '9223372036854775807', '9223372036854775808', '-9223372036854775808',
	'-9223372036854775809', '18446744073709551615', '18446744073709551616', '99999999999999999999999',
	'0xFFFFFFFFFFFFFFFF', '0x1FFFFFFFFFFFFFFFF', '0b' + '1'.repeat(64), '0b' + '1'.repeat(65),
	'0o' + '7'.repeat(22), '0o1' + '7'.repeat(21), '0o2' + '7'.repeat(21), '1.0', '1.', '.5', '-.5', '+.5', '1.5e3',
	'1e3', '1E3', '1e+3', '1e-3', '1e', 'e1', '.e1', '1.e5', '12e4567', '12E4567', '-12e4567', '1e308', '1e309',
	'1.7976931348623157e308', '1.7976931348623159e308', '1e-400', '0e99999', '.5e999', '.5e-999', '.5_0', '._5',
	'.5_', '.5__0', '.5e1_0', '.5e_1', '1_0.5', '1.5_0', '1_e5', '0x1p-2', '0x1.8p1', '1:20', '1:2:3',
	'190:20:30.15', '-1:20', '+1:20', '1:60', '1:5:60', '1:20.5', '1:20.', '1:_20', '1_0:20', '12:34:56',
	'1234567', '0123456', '50721e8', '1e10', '12345e6', '4e1b9c0', '1c9e7b4', 'a3f9c2e', 'deadbeef', '123abc',
	'1234567890123456789012345678901234567890', '12e4567a', '0.0.1', '1.2.3', 'v1.2.3', '1,000', '1 000', '٣',
);

// Dates and timestamps, valid and not.
add(
	'2026-11-16', '2026-1-6', '2026-01-6', '2026-1-06', '2026-02-29', '2024-02-29', '2026-02-30', '2026-13-01',
	'2026-00-10', '2026-11-00', '2026-11-31', '2026-12-31', '0000-01-01', '20261-11-16', '226-11-16', '2026-11',
	'2026-11-16T09:58:41-08:00', '2026-11-16T09:58:41Z', '2026-11-16t09:58:41Z', '2026-11-16T09:58:41z',
	'2026-11-16T09:58:41', '2026-11-16 09:58:41', '2026-11-16  09:58:41', '2026-11-16 9:5:4',
	'2026-11-16T9:58:41+01:00', '2026-11-16T24:00:00Z', '2026-11-16T23:60:00Z', '2026-11-16T23:59:60Z',
	'2026-11-16T09:58:41.123Z', '2026-11-16T09:58:41,123Z', '2026-11-16T09:58:41.123456789Z',
	'2026-11-16T09:58:41.1234567890Z', '2026-11-16T09:58:41.Z', '2026-11-16 09:58:41.5', '2026-11-16 09:58:41 Z',
	'2026-11-16T09:58:41+0100', '2026-11-16T09:58:41+01', '2026-11-16T09:58:41+25:00', '2026-11-16T09:58:41+-1:00',
	'2026-11-16T09:58:41+1:000', '2026-11-16T09:58:41 +01:00', '2026-11-16T09:58', '2026-11-16T', '2026-11-16 ',
	' 2026-11-16', '2026-11-16x', '2026/11/16', '16-11-2026', '2026-11-16T09:58:41-08:00 ', '2026-1-1T1:1:1Z',
);

// Indicators and separators at the start, middle and end, with and without spaces.
const marks = ['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`', '<', '=', '~', '\\', '/', '.', '+', ';', '(', ')', '^', '$'];
for (const m of marks) {
	add(m, m + 'a', m + ' a', m + '\ta', 'a' + m, 'a' + m + 'b', 'a ' + m, 'a ' + m + 'b', 'a' + m + ' b', 'a ' + m + ' b', m + m, m + m + m);
}

// Whitespace and line breaks in every position.
const spaces = [' ', '  ', '\t', '\n', '\r', '\r\n', '\n\n', '\u0085', '\u2028', '\u2029', '\u00a0', '\u3000', '\u200b', '\ufeff', '\v', '\f'];
for (const w of spaces) {
	add(w, w + 'a', 'a' + w, 'a' + w + 'b', w + 'a' + w, 'a' + w + ' b', 'a ' + w + 'b', w + w + 'a', 'a' + w + w, w + ' a', 'a' + w + '\n');
}
add('\n', '\n\n', '\n\n\n', 'a\n', 'a\n\n', '\na', '\n\na', 'a\nb\n', 'a\n\nb', ' a\nb', 'a\n b', 'a \nb', 'a\n\tb',
	'a\n#b', 'a\n- b', '- a\n- b', 'key: value\nother: x', '# heading\ntext', '\ta\nb', 'a\nb\t', 'a\nb ', 'a\n\u0001b',
	'\u2028a\nb', 'a\n\u2028b', 'a\u2028\nb', 'line one\nline two\nline three');

// Every control character and the C1 range, alone and inside text.
for (let c = 0; c < 0x20; c++) add(String.fromCharCode(c), 'a' + String.fromCharCode(c) + 'b');
for (let c = 0x7f; c <= 0xa0; c++) add(String.fromCharCode(c), 'x' + String.fromCharCode(c));
add('\ufeffa', 'a\ufeff', '\ufeff', '\ufeff a', '\ufeff\u00e9', '\ufeff"', '\ufeff\t', '\ufffe', '\uffff', '\ufffd',
	'\ue000', '\ud7ff', 'a\ufffeb');

// Unicode: scripts, emoji (four bytes in UTF-8), combining marks, right-to-left.
add('é', 'café', 'naïve résumé', '日本語', 'проект', 'ß', 'Ωmega', 'עברית', 'مرحبا', 'हिन्दी', '한국어', '中文: 说明',
	'😀', 'a😀', '😀 a', 'fix 🐛 in parser', '👩‍💻', '🇺🇸', 'e\u0301', '\u0301a', 'kestrel — wire the toggle',
	'heron — Read the recorded notes…', '—', '…', '“quoted”', '‘single’', '«guillemets»', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\u{10ffff}');

// What logos actually writes: titles, commit subjects, branches, paths, URLs, ids.
const subjects = [
	'billing: sketch preview endpoint', 'web: PricingTable reads /api/preview', 'relay: log swallowed errors',
	"Merge branch 'main' into feat/annual-billing", 'Merge pull request #42 from acme/fix-proration',
	'Revert "billing: cache previews per coupon"', 'fix(api): handle 429 from Stripe', 'feat!: drop v1 endpoints',
	'[skip ci] bump deps', 'WIP', 'wip: ', 'fixup! relay: enqueue', 'squash! web: toggle', '#123 fix crash',
	'- bullet in subject', '* star', '> quoted', 'v1.2.3', 'Release 2026-11-16', 'chore: release 1.0.0',
	'docs: explain `logos resume`', 'Use 100% of width', '@mention the reviewer', '&& chain', '!important',
	'? question first', 'ends with colon:', 'a: b: c', 'tag #hash', 'no#hash', 'key:value', 'http://x',
	'TODO: fix', 'NOTE - trailing space ', ' leading space', "don't break", "'quoted' start", '"double" start',
	'a "quote" inside', "it's fine", '100%', '50% done', 'C#', 'C++ bindings', 'x|y', 'x > y', '{curly}', '[square]',
	'kestrel — wire the annual toggle into PricingTable', 'heron — replace the webhook relay\'s retry loop with the queue',
	'kestrel — ' + 'a'.repeat(70) + '…', 'checkpoint', 'kestrel/billing-v2', 'claude-code', 'codex', 'cursor',
];
const paths = [
	'api/preview.go', 'web/src/PricingTable.tsx', '/Users/dana/src/kestrel', '/home/dana/src/kestrel', 'C:\\Users\\dana',
	'./relative', '../up', '~/logos', '.github/workflows/ci.yml', 'docs/README.md', 'a b/c d.txt', 'file:name.go',
	'weird #name.md', '#leading.md', '-dash.md', 'ümlaut/päth.go', 'src/[id].tsx', 'src/{a,b}.ts', '@scope/pkg',
	'*.go', 'path/with: colon', 'trailing/', 'x.', '.hidden', 'null/file', 'true.go', '123/456',
];
const urls = [
	'https://github.com/acme/kestrel.git', 'git@github.com:acme/kestrel.git', 'ssh://git@host:2222/acme/k.git',
	'https://user:pw@host/x', 'https://example.com/a?b=c&d=e#frag', 'http://localhost:8080/', 'file:///tmp/x',
	'github.com/acme/kestrel', 'https://example.com/path with space', 'mailto:dana@example.com',
];
const ids = [
	'7c0e4f1a-2b3d-4c5e-8f90-a1b2c3d4e5f6', 'd41f8e2c-95ab-47c8-9d0e-3f61a2b7c904', '20261116-091204-claude',
	'20261118-160840-claude-code', '0199f3a2-6c1d-7e42-9b8a-5d4c3b2a1f00', 'feat/annual-billing', 'main',
	'relay-queue', 'HEAD', 'release/1.0', 'dependabot/npm_and_yarn/yaml-2.9.1',
];
add(...subjects, ...paths, ...urls, ...ids);

// Short commit ids: hex, some all digits, some reading as floats (12e4567).
const hex = '0123456789abcdef';
for (let i = 0; i < 400; i++) {
	const len = pick([7, 7, 7, 8, 9, 12, 40]);
	let s = '';
	for (let j = 0; j < len; j++) s += rand() < 0.45 ? hex[int(0, 9)] : hex[int(0, 15)];
	add(s);
}
for (let i = 0; i < 150; i++) add(String(int(1000000, 9999999)), int(1, 999) + 'e' + int(1, 99999));

// Random numbers in all notations.
for (let i = 0; i < 300; i++) {
	const sign = pick(['', '', '-', '+']);
	const body = pick([
		() => String(int(0, 1e9)),
		() => '0x' + int(0, 0xffffff).toString(16),
		() => '0o' + int(0, 0o7777).toString(8),
		() => '0b' + int(0, 255).toString(2),
		() => '0' + int(0, 0o777).toString(8),
		() => int(0, 999) + '.' + int(0, 999),
		() => '.' + int(0, 999) + pick(['', 'e' + int(-400, 400)]),
		() => int(1, 9) + 'e' + int(-400, 400),
		() => String(int(0, 99999)).replace(/(\d)(?=\d)/g, (d) => d + (rand() < 0.3 ? '_' : '')),
		() => int(0, 99) + ':' + int(0, 99) + pick(['', ':' + int(0, 99)]) + pick(['', '.' + int(0, 9)]),
	])();
	add(sign + body);
}

// Random dates and times, mostly near-valid.
for (let i = 0; i < 300; i++) {
	const y = String(int(0, 9999)).padStart(pick([4, 4, 4, 3, 5]), '0');
	const mo = String(int(0, 13)).padStart(pick([1, 2, 2]), '0');
	const d = String(int(0, 32)).padStart(pick([1, 2, 2]), '0');
	let s = `${y}-${mo}-${d}`;
	if (rand() < 0.6) {
		const t = `${int(0, 25)}:${String(int(0, 61)).padStart(2, '0')}:${String(int(0, 61)).padStart(pick([1, 2]), '0')}`;
		s += pick(['T', 't', ' ', '  ', '_']) + t + pick(['', '.5', ',25', '.123456789', '.1234567891', 'Z', 'z', '-08:00', '+05:30', '+0530', ' Z']);
	}
	add(s);
}

// Random strings from an alphabet heavy in YAML syntax.
const alphabet = [
	'a', 'b', 'z', 'A', '0', '1', '9', 'e', 'x', ' ', ' ', '\t', '\n', ':', '-', '#', "'", '"', '\\', '?', ',', '[', ']',
	'{', '}', '&', '*', '!', '|', '>', '%', '@', '`', '.', '_', '+', '~', '/', '=', 'é', '—', '…', '😀', '\u00a0',
	'\u2028', '\u0085', '\r', '\u0000', '\u001b', '\ufeff', 'y', 'n', 'o', 't', 'f', 'N', 'T', 'F', 'O',
];
for (let i = 0; i < 2500; i++) {
	const len = int(1, 12);
	let s = '';
	for (let j = 0; j < len; j++) s += pick(alphabet);
	add(s);
}

// Prefix × core × suffix around realistic text.
const cores = ['word', 'two words', 'kestrel', '1234567', 'true', 'a: b', 'x #y', '2026-11-16', '12e4567'];
const edges = ['', ' ', '  ', ':', ': ', ' #', '#', '- ', '-', "'", '"', '\t', '\n', '&', '!', '.', '%'];
for (const c of cores) for (const p of edges) for (const s of edges) add(p + c + s);

// Long strings: go-yaml's line width would fold them if it were set; it is not.
const long = (n, sep = ' ') => Array.from({ length: n }, (_, i) => ['word', 'kestrel', 'proration', 'a:b', 'x'][i % 5]).join(sep);
add(long(20), long(40), long(100), long(300), 'x'.repeat(81), 'x'.repeat(500), long(40, '  '), long(30) + ': tail',
	'# ' + long(30), long(30, '\t'), long(30, '\n'), ' ' + long(30), long(30) + ' ', 'a'.repeat(70) + ' ' + 'b'.repeat(70),
	long(25) + ' #end', '"' + long(25) + '"', "'" + long(25), long(25) + '\u2028' + long(25));

const inputs = [...out];
const env = { ...process.env, GOPATH: '/usr/share/gocode', GO111MODULE: 'off', GOFLAGS: '', GOPROXY: 'off' };
const raw = execFileSync('go', ['run', 'main.go'], {
	cwd: join(here, 'yaml-quote'),
	input: JSON.stringify(inputs),
	env,
	maxBuffer: 256 * 1024 * 1024,
	encoding: 'utf8',
});
const corpus = JSON.parse(raw);
if (corpus.length !== inputs.length) throw new Error('the oracle answered a different number of strings');
const file = join(root, 'test', 'fixtures', 'yaml-quote-corpus.json');
writeFileSync(file, JSON.stringify(corpus, null, '\t') + '\n');
console.log(`${corpus.length} strings written to ${file}`);
