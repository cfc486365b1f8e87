import { stripControls } from '../../src/cli/terminal';

describe('stripControls', () => {
	it('removes colour, cursor and title sequences an agent could have written', () => {
		const hostile = 'ok \u001b[31mred\u001b[0m \u001b]0;pwned\u0007title \u001b[2J\u001b[Hclear';
		expect(stripControls(hostile)).toBe('ok red title clear');
	});
	it('removes bare control characters but keeps tabs, newlines and unicode', () => {
		expect(stripControls('a\u0000b\u0008c\td\ne — ü \u009bx')).toBe('abc\td\ne — ü x');
	});
});
