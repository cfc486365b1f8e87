/**
 * Approval (golden) files, after obsidian-tasks' approval tests: the text a person or an
 * agent reads is kept, reviewed, in `<name>.approved.<ext>`. A run that produces other text
 * writes it beside as `<name>.received.<ext>` and fails with the diff; once the change is
 * wanted, `npm run approve` (APPROVE=1) writes what was received as the new approved file.
 * Received files are never committed (.gitignore).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const APPROVE_COMMAND = 'npm run approve';

/** Whether this run approves what it receives instead of comparing. */
export function approving(): boolean {
	return process.env.APPROVE === '1';
}

/** `base` is the path without the `.approved.<ext>` suffix, e.g. `…/approved/kestrel/resume`. */
export function verifyApproved(base: string, received: string, ext = 'txt'): void {
	const approvedPath = `${base}.approved.${ext}`;
	const receivedPath = `${base}.received.${ext}`;
	if (approving()) {
		fs.mkdirSync(path.dirname(approvedPath), { recursive: true });
		fs.writeFileSync(approvedPath, received);
		fs.rmSync(receivedPath, { force: true });
		return;
	}
	const approved = fs.existsSync(approvedPath) ? fs.readFileSync(approvedPath, 'utf8') : null;
	if (approved === received) {
		fs.rmSync(receivedPath, { force: true });
		return;
	}
	fs.mkdirSync(path.dirname(receivedPath), { recursive: true });
	fs.writeFileSync(receivedPath, received);
	const where = path.relative(process.cwd(), receivedPath);
	if (approved === null) {
		throw new Error(`no approved file for ${where}: read it, then run \`${APPROVE_COMMAND}\` to approve it`);
	}
	try {
		expect(received).toBe(approved);
	} catch (e) {
		(e as Error).message = `${where} differs from its approved file (diff below); ` +
			`if the change is wanted, run \`${APPROVE_COMMAND}\`\n\n${(e as Error).message}`;
		throw e;
	}
}
