/**
 * The CLI's entry finds each command through the registry, which loads only that command's
 * module: every command of the table must be found there, as the same command.
 */
import { COMMANDS } from '../../src/cli/commands';
import { COMMAND_NAMES, loadCommand } from '../../src/cli/registry';

it('every command of the table is in the registry, and loads as itself', async () => {
	expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(COMMANDS).sort());
	for (const name of COMMAND_NAMES) expect(await loadCommand(name)).toBe(COMMANDS[name]);
});

it('a name that is no command, even one every object has, is not found', async () => {
	for (const name of ['nope', 'toString', 'constructor', '__proto__']) expect(await loadCommand(name)).toBeUndefined();
});
