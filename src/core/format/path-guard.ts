/**
 * The one path guard every write goes through (docs/decisions.md §1): a target is inside the
 * sessions folder or the plugin's own folder, has no `..`, is not absolute, has no NUL or
 * backslash, and its scope is a folder that exists — never a frontmatter value.
 */

export class WriteRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'WriteRefused';
	}
}

const MAX_SEGMENT_BYTES = 255;

function byteLength(s: string): number {
	return new TextEncoder().encode(s).length;
}

/** Returns the target unchanged when it may be written, throws WriteRefused otherwise. */
export function guardPath(target: string, allowedRoots: string[]): string {
	if (target.length === 0) throw new WriteRefused('empty path');
	if (target.includes('\0')) throw new WriteRefused('path contains a NUL character');
	if (target.includes('\\')) throw new WriteRefused('path contains a backslash');
	if (target.startsWith('/') || /^[A-Za-z]:/.test(target)) throw new WriteRefused(`absolute path refused: ${target}`);
	const segments = target.split('/');
	for (const seg of segments) {
		if (seg === '' || seg === '.' || seg === '..') throw new WriteRefused(`path has an empty, "." or ".." segment: ${target}`);
		if (byteLength(seg) > MAX_SEGMENT_BYTES) throw new WriteRefused('a path segment is longer than 255 bytes');
	}
	const inside = allowedRoots.some((root) => root !== '' && target.startsWith(`${root}/`) && target.length > root.length + 1);
	if (!inside) throw new WriteRefused(`outside the folders the plugin may write: ${target}`);
	return target;
}

/**
 * Path of a file directly in an existing scope folder (`reviewed.md`, `uncommitted.md`).
 * `existingScopes` comes from the folders found on disk, so a scope can never be invented.
 */
export function scopeFilePath(sessionsRoot: string, scope: string, existingScopes: readonly string[], file: string): string {
	if (!existingScopes.includes(scope)) throw new WriteRefused(`no scope folder "${scope}" under ${sessionsRoot}/`);
	if (file.includes('/')) throw new WriteRefused('a scope file name has no folder part');
	return guardPath(`${sessionsRoot}/${scope}/${file}`, [sessionsRoot]);
}
