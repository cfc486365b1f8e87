import fc from 'fast-check';
import { MARKER, maskSecrets } from '../../../src/core/format/secrets';

/**
 * Fake credentials are assembled at run time so this file never holds a literal
 * that a secret scanner would flag; each has the real shape and a made-up body.
 */
const ALNUM = 'Q7mZ2xK9pL4vB8nR3tY6wC1sD5fG0hJaEiUoXq';
function body(n: number, alphabet = ALNUM): string {
	let s = '';
	for (let i = 0; i < n; i++) s += alphabet[(i * 7 + 3) % alphabet.length];
	return s;
}
const HEX = '0123456789abcdef';
const join = (...parts: string[]): string => parts.join('');

function masked(text: string): string {
	return maskSecrets(text).text;
}
function reasons(text: string): string[] {
	return maskSecrets(text).redactions.map((r) => r.reason);
}

describe('private key blocks', () => {
	const pem = join('-----BEGIN RSA ', 'PRIVATE KEY-----\n', body(64), '\n', body(40), '\n-----END RSA PRIVATE KEY-----');

	it('masks the whole block, body lines included', () => {
		expect(masked(`key:\n${pem}\nafter`)).toBe(`key:\n${MARKER}\nafter`);
		expect(reasons(pem)).toEqual(['private key']);
	});

	it('masks a block cut short to the end of the text', () => {
		expect(masked(join('paste: -----BEGIN OPENSSH ', 'PRIVATE KEY-----\n', body(70)))).toBe(`paste: ${MARKER}`);
	});

	it('leaves a public key alone', () => {
		const pub = `-----BEGIN PUBLIC KEY-----\n${body(64)}\n-----END PUBLIC KEY-----`;
		expect(maskSecrets(pub)).toEqual({ text: pub, redactions: [] });
	});
});

describe('Authorization headers', () => {
	it.each(['Bearer', 'Basic', 'Token', 'Digest', 'Bot'])('masks a %s credential, scheme included', (scheme) => {
		const text = `curl -H "Authorization: ${scheme} ${body(32)}" https://api.example.com/v1/invoices`;
		expect(masked(text)).toBe(`curl -H "Authorization: ${MARKER}" https://api.example.com/v1/invoices`);
		expect(reasons(text)).toEqual(['Authorization header']);
	});

	it('reads the header in any case', () => {
		expect(masked(`authorization:bearer ${body(24)}`)).toBe(`Authorization: ${MARKER}`);
	});

	it('leaves a plain lower-case word after the scheme alone, and a header without a scheme', () => {
		for (const text of [
			'Authorization: Bearer tokens expire hourly',
			'Authorization: Bearer tokens, then refresh',
			'Authorization: every route checks the session cookie',
			"the worker's preview call needs Authorization: [REDACTED] from the vault secret",
		]) {
			expect(maskSecrets(text)).toEqual({ text, redactions: [] });
		}
	});
});

describe('passwords in URLs', () => {
	it('masks the password and keeps user and host', () => {
		const text = join('DATABASE_URL=postgres://app:', 'hunter2hunter2', '@db.internal:5432/billing');
		expect(masked(text)).toBe(`DATABASE_URL=postgres://app:${MARKER}@db.internal:5432/billing`);
		expect(reasons(text)).toEqual(['password in a URL']);
	});

	it('leaves URLs without a password alone', () => {
		for (const text of ['https://github.com/acme/kestrel.git', 'git@github.com:acme/kestrel.git', 'https://user@example.com/path']) {
			expect(maskSecrets(text)).toEqual({ text, redactions: [] });
		}
	});
});

describe('mysql -p', () => {
	it('masks the glued password on a mysql-family command line', () => {
		expect(masked(join('mysql -u root -p', 'S3cretPass', ' shop'))).toBe(`mysql -u root -p${MARKER} shop`);
		expect(masked(join('mysqldump -p', 'pw0rd', ' shop > dump.sql'))).toBe(`mysqldump -p${MARKER} shop > dump.sql`);
		expect(reasons(join('mariadb -p', 'pw0rd'))).toEqual(['mysql -p password']);
	});

	it('leaves -p alone elsewhere, and a bare -p that prompts', () => {
		for (const text of ['find . -name "*.go" -print', 'mysql -u root -p shop', 'mkdir -p build/out']) {
			expect(maskSecrets(text)).toEqual({ text, redactions: [] });
		}
	});
});

describe('Slack webhooks', () => {
	const hook = join('https://hooks.', 'slack.com/services/', 'T0', body(9), '/B0', body(9), '/', body(24));

	it('masks the whole webhook URL', () => {
		expect(masked(`alerts go to ${hook} on failure`)).toBe(`alerts go to ${MARKER} on failure`);
		expect(reasons(hook)).toEqual(['Slack webhook URL']);
	});

	it('leaves the documentation URL alone', () => {
		const text = 'see https://hooks.slack.com/services/ for the format';
		expect(maskSecrets(text)).toEqual({ text, redactions: [] });
	});
});

describe('Telegram bot tokens', () => {
	it('masks digits:35 characters', () => {
		const token = join('123456789', ':', 'AAH', body(32));
		expect(masked(`bot ${token} posts to the channel`)).toBe(`bot ${MARKER} posts to the channel`);
		expect(reasons(token)).toEqual(['Telegram bot token']);
	});

	it('leaves times and short ids alone', () => {
		for (const text of ['started 12:30:45', `order 1234567:${body(35)}`, `id 123456789:${body(36)}`]) {
			expect(maskSecrets(text)).toEqual({ text, redactions: [] });
		}
	});
});

describe('AWS secret access keys', () => {
	const secret = join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY');

	it('masks the value after the name and keeps the name', () => {
		expect(masked(`aws_secret_access_key = ${secret}`)).toBe(`aws_secret_access_key = ${MARKER}`);
		expect(masked(`AWS_SECRET_ACCESS_KEY="${secret}"`)).toBe(`AWS_SECRET_ACCESS_KEY="${MARKER}"`);
		expect(masked(`awssecretkey: ${secret}`)).toBe(`awssecretkey: ${MARKER}`);
		expect(reasons(`aws_secret_key=${secret}`)).toEqual(['AWS secret access key']);
	});

	it('leaves the name alone without a value, and a 40-character value without the name', () => {
		for (const text of ['aws_secret_access_key is read from the environment', `checksum = ${secret}`]) {
			expect(maskSecrets(text)).toEqual({ text, redactions: [] });
		}
	});
});

describe('per-token prefixes', () => {
	const prefixes = ['sk-', 'sk_live_', 'sk_test_', 'rk_live_', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'AKIA', 'ASIA', 'xox'];

	it.each(prefixes)('masks a token starting %s, inside an assignment', (p) => {
		const text = `export TOKEN=${p}${body(20)} && make deploy`;
		expect(masked(text)).toBe(`export TOKEN=${MARKER} && make deploy`);
		expect(reasons(text)).toEqual([`known credential prefix (${p})`]);
	});

	it.each(prefixes)('leaves %s followed by fewer than six characters alone', (p) => {
		const text = `the ${p}${body(5)} prefix`;
		expect(maskSecrets(text)).toEqual({ text, redactions: [] });
	});

	it('finds a token inside JSON and flags', () => {
		expect(masked(join('{"api_key":"sk-', body(30), '"}'))).toBe(`{"api_key":"${MARKER}"}`);
		expect(masked(join('gh auth --with-token=ghp_', body(36)))).toBe(`gh auth --with-token=${MARKER}`);
	});

	it('rejoins a changed line with single spaces, as logos does', () => {
		expect(masked(join('  token:   ghp_', body(36), '   done'))).toBe(`token: ${MARKER} done`);
	});
});

describe('whole-token shapes', () => {
	const cases: [string, string, string][] = [
		['Google API key', join('AIza', body(35)), join('AIza', body(34))],
		['Google OAuth token', join('ya29.', body(40)), 'ya29.short'],
		['xAI key', join('xai-', body(44)), join('xai-', body(39))],
		['Groq key', join('gsk_', body(48)), 'gsk_short'],
		['Hugging Face token', join('hf_', body(34)), 'hf_hub_download'],
		['Replicate token', join('r8_', body(37)), join('r8_', body(29))],
		['Perplexity key', join('pplx-', body(48)), join('pplx-', body(12))],
		['Databricks token', join('dapi', body(32)), join('dapi', body(33))],
		['DigitalOcean token', join('dop_v1_', body(64, HEX)), join('dop_v1_', body(64, HEX).toUpperCase())],
		['npm token', join('npm_', body(36)), 'npm_config_cache'],
		['PyPI token', join('pypi-AgEIcHlwaS5vcmc', body(50)), 'pypi-upload'],
		['Square token', join('sq0atp-', body(22)), join('sq0atp-', body(21))],
		['SendGrid key', join('SG.', body(22), '.', body(43)), join('SG.', body(22), '.', body(42))],
		['Shopify token', join('shpat_', body(32, HEX)), join('shpat_', body(31, HEX))],
		['Mailgun key', join('key-', body(32)), 'key-value'],
		['Discord bot token', join('MTA5NjQ3NDg5MDEyMzQ1Njc4', '.', 'GhJkLm', '.', body(27)), join('ATA5NjQ3NDg5MDEyMzQ1Njc4', '.', 'GhJkLm', '.', body(27))],
		[
			'JSON Web Token',
			join('eyJhbGciOiJIUzI1NiJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', '.', body(43)),
			'eyJhbGciOiJIUzI1NiJ9.notapayload.x',
		],
	];

	it.each(cases)('masks a %s, also when a sentence ends on it', (reason, token) => {
		expect(masked(`use ${token} here`)).toBe(`use ${MARKER} here`);
		expect(masked(`the token is ${token}.`)).toBe(`the token is ${MARKER}`);
		expect(reasons(token)).toEqual([`known credential shape (${reason})`]);
	});

	it.each(cases)('leaves a near-miss %s alone', (_reason, _token, nearMiss) => {
		const text = `use ${nearMiss} here`;
		expect(maskSecrets(text)).toEqual({ text, redactions: [] });
	});
});

describe('what is already masked', () => {
	it.each([
		`Authorization: Bearer ${MARKER}`,
		`postgres://app:${MARKER}@db.internal/billing`,
		`mysql -u root -p${MARKER}`,
		`aws_secret_access_key = ${MARKER}`,
		`TOKEN=${MARKER}`,
	])('leaves %j alone and reports nothing', (text) => {
		expect(maskSecrets(text)).toEqual({ text, redactions: [] });
	});

	it('masking twice changes nothing more', () => {
		const text = join('Authorization: Bearer ', body(30), '\npostgres://a:', 'pw12345', '@h/db ghp_', body(36));
		const once = maskSecrets(text);
		expect(once.redactions).toHaveLength(3);
		expect(maskSecrets(once.text)).toEqual({ text: once.text, redactions: [] });
	});

	it('never reports the value, only why', () => {
		const secret = join('ghp_', body(36));
		const out = maskSecrets(`token ${secret}`);
		expect(JSON.stringify(out)).not.toContain(secret);
	});

	it('keeps other lines and an empty text as they are', () => {
		expect(maskSecrets('')).toEqual({ text: '', redactions: [] });
		expect(masked(join('line one  stays\nTOKEN=ghp_', body(36), '\n  indented stays'))).toBe(`line one  stays\nTOKEN=${MARKER}\n  indented stays`);
	});
});

describe('shapes beyond the ones logos masks', () => {
	const token = join('ghp_', body(36));

	it.each([
		['a URL password with an empty user', join('redis://:', 'Hunter2pw', '@cache.internal:6379/0'), `redis://:${MARKER}@cache.internal:6379/0`],
		['a URL password holding @', join('postgres://app:', 'p@ssw0rd', '@db.internal/billing'), `postgres://app:${MARKER}@db.internal/billing`],
		['a URL password holding / and :', join('amqp://app:', 'a/b:c99', '@mq:5672'), `amqp://app:${MARKER}@mq:5672`],
		['a URL in a JSON string', join('{"url":"postgres://app:', 'pw12345', '@h/db","x":1}'), `{"url":"postgres://app:${MARKER}@h/db","x":1}`],
		['a JSON Authorization header', join('{"Authorization": "Bearer ', body(30), '"}'), `{"Authorization": "Bearer ${MARKER}"}`],
		['a proxy Authorization header', join('Proxy-Authorization: Basic ', body(24)), `Proxy-Authorization: ${MARKER}`],
		['a bold header name', join('**Authorization:** Bearer ', body(30)), `**Authorization:** Bearer ${MARKER}`],
		['a header split by a no-break space', join('Authorization:\u00a0Bearer\u00a0', body(30)), `Authorization:\u00a0Bearer\u00a0${MARKER}`],
		['a JSON password', join('{"password": "', 'correct horse 9', '"}'), `{"password": "${MARKER}"}`],
		['a quoted api key in code', join("api_key = '", body(20), "'"), `api_key = '${MARKER}'`],
		['a password assignment', join('PGPASSWORD=', 'hunter2x', ' psql -h db'), `PGPASSWORD=${MARKER} psql -h db`],
		['a token in emphasis', `use *${token}* now`, `use *${MARKER}* now`],
		['a token in strong emphasis with underscores', `use __${token}__ now`, `use ${MARKER} now`],
		['a token in angle brackets', `use <${token}> now`, `use <${MARKER}> now`],
		['a token in smart quotes', `use \u201c${token}\u201d now`, `use \u201c${MARKER}\u201d now`],
		['a token as a URL user', `https://${token}@github.com/acme/kestrel.git`, `https://${MARKER}@github.com/acme/kestrel.git`],
		['a whole-shape token in underscores', join('use _AIza', body(35), '_ now'), `use ${MARKER} now`],
		['an SSH2 private key block', join('---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "k"\n', body(64), '\n---- END SSH2 ENCRYPTED PRIVATE KEY ----\nafter'), `${MARKER}\nafter`],
		['a PuTTY key file', join('PuTTY-User-Key-File-2: ssh-rsa\nPrivate-Lines: 1\n', body(64), '\nPrivate-MAC: 0a1b2c'), MARKER],
	])('masks %s', (_what, text, want) => {
		expect(masked(text)).toBe(want);
	});

	it('masks a value that merely holds the marker, so the marker shields nothing', () => {
		expect(masked(join('postgres://app:[REDACTED]', 'tail99', '@h/db'))).toBe(`postgres://app:${MARKER}@h/db`);
	});

	it('leaves prose and public text alone', () => {
		for (const text of [
			'Authorization: Bearer tokens expire hourly',
			'the password is in the vault',
			'max_tokens: 500, "tokenizer": "bpe"',
			'https://user@example.com:8080/path and git@github.com:acme/kestrel.git',
			'---- BEGIN SSH2 PUBLIC KEY ----',
			'*emphasis* and <b>tags</b> and __init__',
		]) {
			expect(maskSecrets(text)).toEqual({ text, redactions: [] });
		}
	});
});

describe('properties', () => {
	const fragments = [
		'Authorization:', 'Bearer', 'bearer', 'Basic', ' ', '  ', '\n', '\t', ':', '@', '=', '"', "'", '.', '/', '-p',
		'*', '_', '<', '>', '\u00a0', '\u200b', '\u2028', '"password":', 'redis://:', 'PGPASSWORD=', '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----',
		'mysql', 'postgres://', 'user', 'pw', MARKER, 'REDACTED', '-----BEGIN PRIVATE KEY-----', '-----END PRIVATE KEY-----',
		'ghp_', 'sk-', 'AKIA', 'xox', 'eyJ', 'aws_secret_key', 'https://hooks.slack.com/services/T', '/B', '123456789',
		body(6), body(20), body(35), body(40), body(64, HEX),
	];
	const shaped = fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((parts) => parts.join(''));

	it('never throws, on arbitrary and on credential-shaped text', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string({ unit: 'binary' }), shaped), (text) => {
				const out = maskSecrets(text);
				expect(typeof out.text).toBe('string');
			}),
		);
	});

	it('is idempotent: a masked text masks to itself with nothing reported', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string(), shaped), (text) => {
				const once = maskSecrets(text).text;
				expect(maskSecrets(once)).toEqual({ text: once, redactions: [] });
			}),
		);
	});
});
