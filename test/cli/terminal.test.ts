import { jsonForTerminal, stripControls } from '../../src/cli/terminal';

describe('stripControls', () => {
	it('removes colour, cursor and title sequences an agent could have written', () => {
		const hostile = 'ok \u001b[31mred\u001b[0m \u001b]0;pwned\u0007title \u001b[2J\u001b[Hclear';
		expect(stripControls(hostile)).toBe('ok red title clear');
	});
	it('removes bare control characters but keeps tabs, newlines and unicode', () => {
		expect(stripControls('a\u0000b\u0008c\td\ne — ü \u009bx')).toBe('abc\td\ne — ü x');
	});
});

describe('bidi controls', () => {
	const bidi = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';

	it('are removed from text like other controls, and the words kept', () => {
		expect(stripControls(`scope evil${bidi}gnp.exe — ok`)).toBe('scope evilgnp.exe — ok');
	});

	it('are escaped in JSON, which stays the same value', () => {
		const value = { scope: `evil${bidi}x` };
		const out = jsonForTerminal(value);
		expect(out).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
		expect(out).toContain('\\u202e');
		expect(JSON.parse(out)).toEqual(value);
	});

	it('leave other Unicode as it is', () => {
		expect(stripControls('日本 — ß \u00a0x \u200d👩‍💻')).toBe('日本 — ß \u00a0x \u200d👩‍💻');
	});
});
