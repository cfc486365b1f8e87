/**
 * Credentials in the shapes people and agents paste them, as fast-check arbitraries: each
 * gives the text to write and the value that must never reach the disk. Secrets × wrappers
 * (markdown, quotes, brackets, URLs) × separators (every Unicode space, line breaks,
 * invisible characters). Fake bodies only, drawn at run time.
 */
import fc from 'fast-check';

export interface SecretCase {
	/** The text holding the credential, as written into a note. */
	text: string;
	/** What must not appear in the written line. */
	value: string;
}

/** Spacing between a credential's name and its value, and around it. */
export const SEPARATORS = [
	' ', '  ', '\n', '\r\n', '\t', '\v', '\f', '\u0085', '\u00a0', '\u1680', '\u2002', '\u2009', '\u200a', '\u2028', '\u2029',
	'\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u180e', '\u2060', ' \n ', '\n\n', '\u00a0\n',
];

/** What a credential is wrapped in: markdown emphasis, code, quotes, brackets. */
export const WRAPPERS: [string, string][] = [
	['', ''], ['*', '*'], ['**', '**'], ['_', '_'], ['__', '__'], ['~~', '~~'], ['`', '`'], ['```', '```'], ['<', '>'],
	['"', '"'], ["'", "'"], ['(', ')'], ['[', ']'], ['{', '}'], ['\u201c', '\u201d'], ['\u00ab', '\u00bb'], ['|', '|'],
	['==', '=='], ['> ', ''], ['- ', '.'], ['', '.'], ['', ','], ['', '!'], ['\u300c', '\u300d'],
];

const alnum = (min: number, max: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));
/** A body that is surely not a word: a digit and a capital in it. */
const tokenBody = (min: number, max: number): fc.Arbitrary<string> => alnum(min, max).map((s) => `Q7${s}`);
const sep = fc.constantFrom(...SEPARATORS);
const wrapper = fc.constantFrom(...WRAPPERS);
/** Wrappers inside a line (not a list or quote marker), for a value right after its name. */
const inlineWrapper = fc.constantFrom(...WRAPPERS.filter(([open]) => !open.endsWith(' ')));
/** A password as people choose them: it may hold `@`, `/`, `:` and other URL characters. */
const password = fc.stringMatching(/^[A-Za-z0-9!$%&*+,;=@/:~._#?-]{6,20}$/).map((s) => `X9${s}`);

/** Tokens recognised by a prefix or a whole shape. */
const TOKENS: fc.Arbitrary<string>[] = [
	tokenBody(34, 36).map((s) => `ghp_${s}`),
	tokenBody(20, 40).map((s) => `github_pat_${s}`),
	tokenBody(20, 30).map((s) => `sk-${s}`),
	tokenBody(20, 30).map((s) => `sk-proj-${s}`),
	fc.stringMatching(/^[A-Z0-9]{16}$/).map((s) => `AKIA${s}`),
	tokenBody(18, 20).map((s) => `glpat-${s}`),
	tokenBody(20, 30).map((s) => `xoxb-1234-${s}`),
	fc.stringMatching(/^[A-Za-z0-9_-]{35}$/).map((s) => `AIza${s}`),
	fc.stringMatching(/^[A-Za-z0-9]{30,40}$/).map((s) => `npm_${s}`),
	fc.tuple(alnum(12, 14), alnum(12, 14), alnum(12, 14)).map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
	fc.stringMatching(/^[A-Za-z0-9_-]{35}$/).map((s) => `123456789:${s}`),
];

function wrap([open, close]: [string, string], s: string): string {
	return `${open}${s}${close}`;
}

const token: fc.Arbitrary<SecretCase> = fc.tuple(fc.oneof(...TOKENS), wrapper, fc.constantFrom('', 'export TOKEN=', '--token=', 'token: ', 'https://', 'https://x-access-token:'))
	.map(([tok, w, lead]) => {
		const inUrl = lead.startsWith('https://');
		const text = inUrl ? wrap(w, `${lead}${tok}@github.com/acme/kestrel.git`) : lead + wrap(w, tok);
		return { text, value: tok };
	});

const authorization: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('Authorization', 'authorization', 'AUTHORIZATION', 'Proxy-Authorization'), sep, fc.constantFrom('Bearer', 'Basic', 'Token', 'bearer', 'Bot'), sep, tokenBody(16, 40), fc.constantFrom('', '=', '=='), inlineWrapper, fc.constantFrom('plain', 'json', 'curl', 'bold'))
	.map(([name, s1, scheme, s2, body, pad, w, form]) => {
		const value = body + pad;
		const text =
			form === 'json' ? `{"${name}":${s1}"${scheme}${s2 === '' ? ' ' : s2}${value}"}` :
			form === 'curl' ? `curl -H '${name}:${s1}${scheme}${s2}${value}' https://api.example.com` :
			form === 'bold' ? `**${name}:**${s1}${scheme}${s2}${wrap(w, value)}` :
			wrap(w, `${name}:${s1}${scheme}${s2}${value}`);
		return { text, value };
	});

const urlPassword: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('postgres', 'redis', 'mysql', 'https', 'amqp', 'mongodb+srv'), fc.stringMatching(/^[a-z0-9._-]{0,8}$/), password, fc.constantFrom('db.internal', 'h', '10.0.0.5:6379'), fc.constantFrom('', '/0', '/billing?sslmode=require'), wrapper)
	.map(([scheme, user, pw, host, rest, w]) => ({ text: wrap(w, `${scheme}://${user}:${pw}@${host}${rest}`), value: pw }));

const jsonPassword: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('password', 'db_password', 'PASSWORD', 'secret', 'client_secret', 'api_key', 'apiKey', 'access_token', 'passphrase'), sep, fc.stringMatching(/^[A-Za-z0-9 !#$%&()*+,./:;<=>?@[\]^_{|}~-]{6,24}$/).map((s) => `X9${s}`), fc.constantFrom('"', "'"))
	.map(([key, s, pw, q]) => ({ text: `{${q}${key}${q}:${s}${q}${pw}${q}}`, value: pw }));

const assignedPassword: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('PGPASSWORD=', '--password=', 'DB_PASSWORD=', 'password='), password.filter((p) => !/[,;&]/.test(p)), wrapper)
	.map(([lead, pw, w]) => ({ text: wrap(w, `${lead}${pw}`), value: pw }));

const mysql: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('mysql', 'mysqldump', 'mariadb'), sep, password, sep)
	.map(([cmd, s1, pw, s2]) => ({ text: `${cmd} -u root${s1}-p${pw}${s2}shop`, value: pw }));

const aws: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('aws_secret_access_key', 'AWS_SECRET_ACCESS_KEY', 'awsSecretAccessKey', '"aws_secret_access_key"'), sep, fc.constantFrom('=', ':'), sep, fc.stringMatching(/^[A-Za-z0-9/+]{38}$/).map((s) => `K9${s}`))
	.map(([name, s1, eq, s2, key]) => ({ text: `${name}${s1}${eq}${s2}${key}`, value: key }));

const privateKey: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----', '-----BEGIN OPENSSH PRIVATE KEY-----', '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----', '-----BEGIN EC PRIVATE KEY-----'), sep, tokenBody(40, 64), sep, fc.boolean())
	.map(([begin, s1, body, s2, ended]) => {
		const end = ended ? begin.replace('BEGIN', 'END') : '';
		return { text: `${begin}${s1}${body}${s2}${end}`, value: body };
	});

export const secretCase: fc.Arbitrary<SecretCase> = fc.oneof(token, authorization, urlPassword, jsonPassword, assignedPassword, mysql, aws, privateKey);

/** A note holding one credential, with ordinary text and spacing around it. */
export const secretNote: fc.Arbitrary<SecretCase> = fc
	.tuple(fc.constantFrom('', 'the key is', 'tried', 'see:', 'prod creds'), sep, secretCase, sep, fc.constantFrom('', 'then deploy', 'works now', '— rotate it'))
	.map(([before, s1, c, s2, after]) => ({ text: `${before}${s1}${c.text}${s2}${after}`, value: c.value }));

/**
 * Whether `written` gives the credential away: the whole value, or any long enough piece of
 * it (a password masked only up to its first `@` leaves the rest readable).
 */
export function leaks(written: string, value: string): boolean {
	if (written.includes(value)) return true;
	return (value.match(/[A-Za-z0-9]{8,}/g) ?? []).some((piece) => written.includes(piece));
}
