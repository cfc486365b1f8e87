/**
 * The reference fixtures that live beside the repository, in the workspace's `shared/`
 * folder (the format's own example vault and spec examples). CI has them; a bare clone does
 * not. Tests that need them run when the folder is there and otherwise are skipped by name,
 * with the reason in the test's title, so `npm test` ends with "N skipped: reference vault
 * absent" instead of passing quietly (scripts/test.mjs reads the reason back from the title).
 * LOGOS_SHARED_DIR points elsewhere (`LOGOS_SHARED_DIR=/nonexistent` to see the skips).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const SHARED_DIR = process.env.LOGOS_SHARED_DIR ?? path.resolve(__dirname, '..', '..', '..', 'shared');

export const REFERENCE_ABSENT = 'reference vault absent';

/** How a skipped test names its reason; scripts/test.mjs matches this form. */
export function skippedFor(title: string, reason: string): string {
	return `${title} [skipped: ${reason}]`;
}

/** A path inside the shared folder, whether or not it exists. */
export function sharedPath(...parts: string[]): string {
	return path.join(SHARED_DIR, ...parts);
}

/** The path inside the shared folder, or null when it is absent on this machine. */
export function sharedIfPresent(...parts: string[]): string | null {
	const p = sharedPath(...parts);
	return fs.existsSync(p) ? p : null;
}

/** `describe` when `present`; otherwise the same block skipped, each test titled with the reason. */
export function describeIf(present: boolean, reason = REFERENCE_ABSENT): (title: string, fn: () => void) => void {
	return present ? describe : (title, fn) => describe.skip(skippedFor(title, reason), fn);
}

/** `it` when `present`; otherwise the test skipped, titled with the reason. */
export function itIf(present: boolean, reason = REFERENCE_ABSENT): (title: string, fn: jest.ProvidesCallback, timeout?: number) => void {
	return present ? it : (title, fn, timeout) => it.skip(skippedFor(title, reason), fn, timeout);
}
