/**
 * Secret masking in logos's known-shape mode (spec §7.8): what an agent or a person
 * chose to write is masked only where a credential's shape is certain, never by
 * guessing at randomness. The masked value is never kept; only why is reported.
 */
import { fields, utf8Length } from './strings';

export const MARKER = '[REDACTED]';

export interface Redaction {
	reason: string;
}

export interface MaskResult {
	text: string;
	redactions: Redaction[];
}

// Whitespace in these shapes is logos's ASCII class [\t\n\f\r ], not JavaScript's \s.

/** A whole private key, to its END line or, when a paste was cut short, to the end of the text. */
const PRIVATE_KEY =
	/-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|$)/g;
/** Only a header with a scheme is trusted: in prose "Authorization:" is often a heading. */
const AUTH_SCHEMED = /\bAuthorization[\t\n\f\r ]*:[\t\n\f\r ]*(?:Bearer|Basic|Token|Digest|Bot)[\t\n\f\r ]+([^\t\n\f\r '"]+)/gi;
/** "Bearer tokens expire hourly" has a header's structure and no credential. */
const PLAIN_WORD = /^[a-z]+[.,;:!?]?$/;
/**
 * The scheme is capped (real ones are short): unbounded, every start inside a long run of
 * letters rescans the run, and a 200 kB token took minutes. The masked text is the same,
 * since the replacement keeps everything the match began with.
 */
const URL_PASSWORD = /([a-zA-Z][a-zA-Z0-9+.-]{0,31}:\/\/[^\t\n\f\r /:@]+:)([^\t\n\f\r /@]+)@/g;
/** `-p<password>` only on a mysql-family command line; elsewhere `-print` is a flag. */
const MYSQL_COMMAND = /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/;
const MYSQL_PASSWORD = /(^|[\t\n\f\r ])-p([^\t\n\f\r ]+)/g;

/** Shapes holding a separator the token pass splits on, so matched on the line. */
const LINE_SHAPES: { reason: string; re: RegExp; keepsName: boolean }[] = [
	{
		reason: 'Slack webhook URL',
		re: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9_]{8,}\/B[A-Za-z0-9_]{8,}\/[A-Za-z0-9_]{20,}/g,
		keepsName: false,
	},
	{ reason: 'Telegram bot token', re: /\b[0-9]{8,10}:[A-Za-z0-9_-]{35}\b/g, keepsName: false },
	{
		// No prefix at all: only the name beside it says what it is, so the name stays.
		reason: 'AWS secret access key',
		re: /(aws_?secret_?(?:access_?)?key["']?[\t\n\f\r ]*[:=][\t\n\f\r ]*["']?)[A-Za-z0-9/+=]{40}/gi,
		keepsName: true,
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
	{ reason: 'Google API key', re: /^AIza[0-9A-Za-z_-]{35}$/ },
	{ reason: 'Google OAuth token', re: /^ya29\.[0-9A-Za-z_-]{20,}$/ },
	{ reason: 'xAI key', re: /^xai-[A-Za-z0-9]{40,}$/ },
	{ reason: 'Groq key', re: /^gsk_[A-Za-z0-9]{20,}$/ },
	{ reason: 'Hugging Face token', re: /^hf_[A-Za-z0-9]{30,}$/ },
	{ reason: 'Replicate token', re: /^r8_[A-Za-z0-9]{30,}$/ },
	{ reason: 'Perplexity key', re: /^pplx-[A-Za-z0-9]{40,}$/ },
	{ reason: 'Databricks token', re: /^dapi[A-Za-z0-9]{32}$/ },
	{ reason: 'DigitalOcean token', re: /^dop_v1_[a-f0-9]{64}$/ },
	{ reason: 'npm token', re: /^npm_[A-Za-z0-9]{30,}$/ },
	{ reason: 'PyPI token', re: /^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}$/ },
	{ reason: 'Square token', re: /^sq0[a-z]{3}-[A-Za-z0-9_-]{22,}$/ },
	{ reason: 'SendGrid key', re: /^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/ },
	{ reason: 'Shopify token', re: /^shpat_[a-fA-F0-9]{32}$/ },
	{ reason: 'Mailgun key', re: /^key-[A-Za-z0-9]{32}$/ },
	{ reason: 'Discord bot token', re: /^[MNO][A-Za-z0-9]{23}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27}$/ },
	{ reason: 'JSON Web Token', re: /^eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}$/ },
];

/** Assignment and quoting punctuation: `--token=ghp_…` and `{"key":"sk-…"}` hide a token inside a word. */
const TOKEN_SEPARATORS = '=:@,;\'"()[]{}`';

/** Why one token looks like a credential, or '' when it does not. */
function tokenReason(tok: string): string {
	// A marker an earlier pass left, split out of its brackets.
	if (tok === '' || tok === 'REDACTED') return '';
	for (const p of PREFIXES) {
		if (tok.startsWith(p) && utf8Length(tok) >= p.length + 6) return `known credential prefix (${p})`;
	}
	// A sentence's full stop would keep an anchored shape from matching the key it ends.
	const bare = tok.replace(/[.!?]+$/, '');
	const shape = TOKEN_SHAPES.find((s) => s.re.test(bare));
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
		return MARKER;
	};
	const words = fields(line).map((word) => {
		let out = '';
		let part = '';
		for (const ch of word) {
			if (TOKEN_SEPARATORS.includes(ch)) {
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
 * Replaces each match `make` accepts (null keeps the match), counting it. A match
 * already holding the marker is left alone, so masking twice reports nothing new.
 */
function replaceCounting(
	text: string,
	re: RegExp,
	reason: string,
	found: Redaction[],
	make: (match: string, g1: string, g2: string) => string | null,
): string {
	return text.replace(re, (match: string, g1?: unknown, g2?: unknown) => {
		if (match.includes(MARKER)) return match;
		const out = make(match, typeof g1 === 'string' ? g1 : '', typeof g2 === 'string' ? g2 : '');
		if (out === null) return match;
		found.push({ reason });
		return out;
	});
}

function maskLine(line: string, found: Redaction[]): string {
	let s = replaceCounting(line, AUTH_SCHEMED, 'Authorization header', found, (_m, value) =>
		PLAIN_WORD.test(value) ? null : `Authorization: ${MARKER}`,
	);
	s = replaceCounting(s, URL_PASSWORD, 'password in a URL', found, (_m, user) => `${user}${MARKER}@`);
	if (MYSQL_COMMAND.test(s)) {
		s = replaceCounting(s, MYSQL_PASSWORD, 'mysql -p password', found, (_m, lead) => `${lead}-p${MARKER}`);
	}
	for (const shape of LINE_SHAPES) {
		s = replaceCounting(s, shape.re, shape.reason, found, (_m, name) => (shape.keepsName ? name + MARKER : MARKER));
	}
	return maskTokens(s, found);
}

/** spec §7.8, known-shape mode: every listed credential shape replaced by `[REDACTED]`. Never throws. */
export function maskSecrets(text: string): MaskResult {
	const redactions: Redaction[] = [];
	if (typeof text !== 'string' || text === '') return { text: typeof text === 'string' ? text : '', redactions };
	const unkeyed = replaceCounting(text, PRIVATE_KEY, 'private key', redactions, () => MARKER);
	const lines = unkeyed.split('\n').map((line) => maskLine(line, redactions));
	return { text: lines.join('\n'), redactions };
}
