/**
 * Secret masking in logos's known-shape mode (docs/format.md §7.8): what an agent or a person
 * chose to write is masked only where a credential's shape is certain, never by
 * guessing at randomness. The masked value is never kept; only why is reported.
 */
import { fields, utf8Length } from '../strings';

export const MARKER = '[REDACTED]';

export interface Redaction {
	reason: string;
}

export interface MaskResult {
	text: string;
	redactions: Redaction[];
}

/**
 * Spacing inside a shape: every Unicode space (JavaScript's `\s`, a superset of logos's
 * ASCII class and of what the writer folds into one space) and the invisible characters
 * that separate words on screen without being spaces (zero-width, bidi marks, soft
 * hyphen). Masking more than logos is fine; a shape split by any of them must still match.
 */
const SP = '\\s\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069';
/** Quotes, backslashes and markdown emphasis around a name or a value (JSON, `**bold**`, `code`). */
const WRAP = '"\'`*_~\\\\';

/**
 * A whole private key, to its END line or, when a paste was cut short, to the end of the
 * text: PEM (`-----BEGIN … PRIVATE KEY-----`), SSH2 (`---- BEGIN SSH2 … PRIVATE KEY ----`)
 * and PuTTY key files. The word list before PRIVATE is bounded, so a long run of capitals
 * is not rescanned from every start.
 */
const PRIVATE_KEY = new RegExp(
	`-{4,5}[${SP}]*BEGIN[${SP}]+(?:[A-Z0-9]+[${SP}]+){0,4}PRIVATE[${SP}]+KEY(?:[${SP}]+BLOCK)?[${SP}]*-{4,5}[\\s\\S]*?` +
		`(?:-{4,5}[${SP}]*END[${SP}]+(?:[A-Z0-9]+[${SP}]+){0,4}PRIVATE[${SP}]+KEY(?:[${SP}]+BLOCK)?[${SP}]*-{4,5}|$)` +
		`|PuTTY-User-Key-File-[0-9]+:[\\s\\S]*?(?:Private-MAC:[${SP}]*[0-9a-fA-F]+|$)`,
	'gi',
);
/**
 * Only a header with a scheme is trusted: in prose "Authorization:" is often a heading.
 * Any name ending in it (`Proxy-Authorization`), a `:` or `=`, quotes and emphasis around
 * the parts (`{"Authorization": "Bearer …"}`, `**Authorization:** Bearer …`). Group 1 is
 * everything before the value, group 2 the value: an OAuth token68 or any run up to a quote.
 */
const AUTH_SCHEMED = new RegExp(
	`(Authorization[${SP}${WRAP}]*[:=][${SP}${WRAP}]*(?:Bearer|Basic|Token|Digest|Bot)[${SP}"'\`*<>\\\\]+)([^${SP}"'\`<>,;*\\\\]+)`,
	'gi',
);
/** What logos writes for the header it masks; other forms keep their own text around the marker. */
const AUTH_PLAIN = /^Authorization[\t\n\f\r ]*:[\t\n\f\r ]*(?:Bearer|Basic|Token|Digest|Bot)[\t\n\f\r ]+$/i;
/** "Bearer tokens expire hourly" has a header's structure and no credential. */
const PLAIN_WORD = /^[a-z]+[.,;:!?]?$/;
/**
 * A run of text a URL can sit in: anything but spacing, quotes and angle brackets (a URL
 * in a JSON string, in `<…>` or in backticks ends there). Matched without backtracking.
 */
const URL_RUN = new RegExp(`[^${SP}"'\`<>]+`, 'g');
const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
/** `-p<password>` only on a mysql-family command line; elsewhere `-print` is a flag. */
const MYSQL_COMMAND = /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/;
const MYSQL_PASSWORD = new RegExp(`((?:^|[${SP}"'\`(])-p)([^${SP}"'\`]+)`, 'g');
/**
 * A quoted value under a secret's name, in JSON, YAML or code (`"password": "…"`,
 * `api_key = '…'`). The name's prefix and the value are bounded so a long run is never
 * rescanned from every start; an escaped quote stays inside the value.
 */
const SECRET_NAME = /password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential/i;
const QUOTED_SECRET = new RegExp(
	`(["']?[A-Za-z0-9_.-]{0,40}?(?:${SECRET_NAME.source})s?["']?` +
		`[${SP}${WRAP}]*[:=][${SP}]*)("(?:[^"\\\\]|\\\\.){1,4096}"|'(?:[^'\\\\]|\\\\.){1,4096}')`,
	'gi',
);
/** `PGPASSWORD=…`, `--password=…`, `?password=…`: an assignment, value up to spacing or a separator. */
const ASSIGNED_PASSWORD = new RegExp(`((?:password|passwd|passphrase)=)([^${SP}"'\`,;&<>]+)`, 'gi');

/**
 * Shapes holding a separator the token pass splits on, so matched on the line. Group 1 is
 * kept (a name, or the character before the shape), group 2 is the credential.
 */
const LINE_SHAPES: { reason: string; re: RegExp }[] = [
	{
		reason: 'Slack webhook URL',
		re: /()(https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9_]{8,}\/B[A-Za-z0-9_]{8,}\/[A-Za-z0-9_]{20,})/g,
	},
	// Bounded by what is not a digit or letter rather than by \b, so `_…_` emphasis does not hide it.
	{ reason: 'Telegram bot token', re: /(^|[^0-9])([0-9]{8,10}:[A-Za-z0-9_-]{35})(?![A-Za-z0-9])/g },
	{
		// No prefix at all: only the name beside it says what it is, so the name stays.
		reason: 'AWS secret access key',
		re: new RegExp(`(aws[_ .-]?secret[_ .-]?(?:access[_ .-]?)?key[${SP}${WRAP}]*[:=][${SP}${WRAP}]*)([A-Za-z0-9/+=]{40})`, 'gi'),
	},
];

/** Provider prefixes specific enough to trust alone, given six more characters. */
const PREFIXES = [
	'sk-', 'sk_live_', 'sk_test_', 'rk_live_',
	'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_',
	'glpat-', 'AKIA', 'ASIA', 'xox',
];

/** Prefixes too common to trust alone (npm_config_cache, key-value): the whole token must fit. */
const TOKEN_SHAPES: { reason: string; re: RegExp }[] = [
	{ reason: 'Google API key', re: /^AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9])/ },
	{ reason: 'Google OAuth token', re: /^ya29\.[0-9A-Za-z_-]{20,}(?![A-Za-z0-9])/ },
	{ reason: 'xAI key', re: /^xai-[A-Za-z0-9]{40,}(?![A-Za-z0-9])/ },
	{ reason: 'Groq key', re: /^gsk_[A-Za-z0-9]{20,}(?![A-Za-z0-9])/ },
	{ reason: 'Hugging Face token', re: /^hf_[A-Za-z0-9]{30,}(?![A-Za-z0-9])/ },
	{ reason: 'Replicate token', re: /^r8_[A-Za-z0-9]{30,}(?![A-Za-z0-9])/ },
	{ reason: 'Perplexity key', re: /^pplx-[A-Za-z0-9]{40,}(?![A-Za-z0-9])/ },
	{ reason: 'Databricks token', re: /^dapi[A-Za-z0-9]{32}(?![A-Za-z0-9])/ },
	{ reason: 'DigitalOcean token', re: /^dop_v1_[a-f0-9]{64}(?![A-Za-z0-9])/ },
	{ reason: 'npm token', re: /^npm_[A-Za-z0-9]{30,}(?![A-Za-z0-9])/ },
	{ reason: 'PyPI token', re: /^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}(?![A-Za-z0-9])/ },
	{ reason: 'Square token', re: /^sq0[a-z]{3}-[A-Za-z0-9_-]{22,}(?![A-Za-z0-9])/ },
	{ reason: 'SendGrid key', re: /^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9])/ },
	{ reason: 'Shopify token', re: /^shpat_[a-fA-F0-9]{32}(?![A-Za-z0-9])/ },
	{ reason: 'Mailgun key', re: /^key-[A-Za-z0-9]{32}(?![A-Za-z0-9])/ },
	{ reason: 'Discord bot token', re: /^[MNO][A-Za-z0-9]{23}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27}(?![A-Za-z0-9])/ },
	{ reason: 'JSON Web Token', re: /^eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}(?![A-Za-z0-9])/ },
];

/** Assignment and quoting punctuation: `--token=ghp_…` and `{"key":"sk-…"}` hide a token inside a word. */
const TOKEN_SEPARATORS = '=:@,;\'"()[]{}`';
/** Markdown and other wrappers: `*ghp_…*`, `<ghp_…>`, `~~…~~`, a table's `|`. */
const WRAPPER_SEPARATORS = '<>*~|\\';
const LETTER_OR_DIGIT = /^[\p{L}\p{N}\p{M}]$/u;

/** Where a word splits into token parts: punctuation above, controls, and any non-ASCII symbol, quote or invisible character. */
function splitsToken(ch: string): boolean {
	if (TOKEN_SEPARATORS.includes(ch) || WRAPPER_SEPARATORS.includes(ch)) return true;
	const cp = ch.codePointAt(0) as number;
	if (cp < 0x20 || cp === 0x7f) return true;
	return cp >= 0x80 && !LETTER_OR_DIGIT.test(ch);
}

/** Why one token looks like a credential, or '' when it does not. */
function tokenReason(tok: string): string {
	// Leading `_`, `.` or `//` (`_ghp_…_` emphasis, `https://ghp_…@host`) are not part of a token.
	const core = tok.replace(/^[^A-Za-z0-9]+/, '');
	// A marker an earlier pass left, split out of its brackets.
	if (core === '' || core === 'REDACTED') return '';
	for (const p of PREFIXES) {
		if (core.startsWith(p) && utf8Length(core) >= p.length + 6) return `known credential prefix (${p})`;
	}
	// Anchored at the start; at the end only a letter or digit may not follow, so a full stop
	// or a closing `_` of emphasis does not keep the shape from matching the key it ends.
	const shape = TOKEN_SHAPES.find((s) => s.re.test(core));
	return shape ? `known credential shape (${shape.reason})` : '';
}

/**
 * Masks each token part of each word, keeping the text around it. A line that
 * changes is rejoined with single spaces, as logos does.
 */
function maskTokens(line: string, found: Redaction[]): string {
	let changed = false;
	const flush = (part: string): string => {
		const reason = tokenReason(part);
		if (reason === '') return part;
		found.push({ reason });
		changed = true;
		// `https://ghp_…@host` keeps its slashes: the marker then reads as the URL's user.
		return (/^\/+/.exec(part)?.[0] ?? '') + MARKER;
	};
	const words = fields(line).map((word) => {
		let out = '';
		let part = '';
		for (const ch of word) {
			if (splitsToken(ch)) {
				out += flush(part) + ch;
				part = '';
			} else {
				part += ch;
			}
		}
		return out + flush(part);
	});
	return changed ? words.join(' ') : line;
}

/**
 * Masks group 2 of each match (the two groups make up the match), keeping group 1 (`make` may give another text, or null to
 * keep the match). A value that is already the marker is left alone, so masking twice
 * reports nothing new; a value that merely holds it is masked, or `[REDACTED]x` would
 * shield what follows.
 */
function maskGroup(
	text: string,
	re: RegExp,
	reason: string,
	found: Redaction[],
	make: (kept: string, value: string) => string | null = (kept) => kept + MARKER,
): string {
	return text.replace(re, (match: string, g1?: unknown, g2?: unknown) => {
		const kept = typeof g1 === 'string' ? g1 : '';
		const value = typeof g2 === 'string' ? g2 : '';
		if (value === '' || value === MARKER) return match;
		const out = make(kept, value);
		if (out === null) return match;
		found.push({ reason });
		return out + match.slice(kept.length + value.length);
	});
}

/**
 * `scheme://user:password@host`, any user (empty too) and a password holding `@`, `/` or
 * `:`: the password runs from the first `:` after `://` to the last `@` of the run. A path
 * that holds an `@` after a port is masked with it; more masked is the safe side.
 */
function maskUrlPasswords(text: string, found: Redaction[]): string {
	return text.replace(URL_RUN, (run) => {
		const slashes = run.indexOf('://');
		if (slashes < 1 || !SCHEME_CHAR.test(run[slashes - 1])) return run;
		const at = run.lastIndexOf('@');
		const colon = run.indexOf(':', slashes + 3);
		if (at < 0 || colon < 0 || colon > at) return run;
		if (/[/?#]/.test(run.slice(slashes + 3, colon))) return run;
		const password = run.slice(colon + 1, at);
		if (password === '' || password === MARKER) return run;
		found.push({ reason: 'password in a URL' });
		return `${run.slice(0, colon + 1)}${MARKER}${run.slice(at)}`;
	});
}

function maskLine(line: string, found: Redaction[]): string {
	let s = maskGroup(line, AUTH_SCHEMED, 'Authorization header', found, (kept, value) => {
		if (PLAIN_WORD.test(value)) return null;
		// logos's own form for the plain header; any other keeps its quotes and spacing.
		return AUTH_PLAIN.test(kept) ? `Authorization: ${MARKER}` : kept + MARKER;
	});
	// Whole shapes first: a Telegram token as a URL's user:password is masked whole.
	for (const shape of LINE_SHAPES) s = maskGroup(s, shape.re, shape.reason, found);
	s = maskUrlPasswords(s, found);
	// Only a line naming a secret can hold one of these (most lines do not: skip the scan).
	if (SECRET_NAME.test(s)) {
		s = maskGroup(s, QUOTED_SECRET, 'quoted secret value', found, (kept, value) =>
			value.slice(1, -1) === MARKER ? null : `${kept}${value[0]}${MARKER}${value[0]}`,
		);
		s = maskGroup(s, ASSIGNED_PASSWORD, 'password assignment', found);
	}
	if (MYSQL_COMMAND.test(s)) {
		s = maskGroup(s, MYSQL_PASSWORD, 'mysql -p password', found);
	}
	return maskTokens(s, found);
}

/**
 * docs/format.md §7.8, known-shape mode: every listed credential shape replaced by `[REDACTED]`, and
 * more (docs/decisions.md, "Masking secrets"). Never throws. Lines are masked one by one;
 * a note is masked in its final one-line form (notes.ts maskNoteText), so no shape can be
 * split over lines and rebuilt when the lines are joined.
 */
export function maskSecrets(text: string): MaskResult {
	const redactions: Redaction[] = [];
	if (typeof text !== 'string' || text === '') return { text: typeof text === 'string' ? text : '', redactions };
	const unkeyed = text.replace(PRIVATE_KEY, () => {
		redactions.push({ reason: 'private key' });
		return MARKER;
	});
	const lines = unkeyed.split('\n').map((line) => maskLine(line, redactions));
	return { text: lines.join('\n'), redactions };
}
