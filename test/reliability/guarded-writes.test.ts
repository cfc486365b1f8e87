/**
 * The CLI's port with the scope folder swapped for a link (at each step, and against a
 * process swapping it in a loop), a note file hard-linked out of the vault, and notes
 * files over 64 MB: nothing outside the vault changes, no oversized file grows.
 */
import { guardedWrites } from './lib/guarded-writes';

it('no line reaches a folder swapped in, a file hard-linked out, or an oversized file', async () => {
	const r = await guardedWrites(60, 300, 17);
	expect(r.failures).toEqual([]);
	expect(r.figures).toMatchObject({
		'writes through a swapped folder': 0,
		'writes through a hard link': 0,
		'notes appended to an oversized file': 0,
		exceptions: 0,
		'folder swaps tried': 60,
		'appends raced against a swapping process': 300,
		'hard links tried': 20,
	});
	expect(r.figures['oversized files tried']).toBeGreaterThanOrEqual(5);
}, 60_000);
