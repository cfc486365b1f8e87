/**
 * A checksum after the database's last page, added when the index is saved. A start that
 * finds it matching knows the file holds exactly the bytes that were saved, and skips
 * SQLite's page-by-page check, the slowest part of opening (about 40 ms of 50 for a
 * 10,000-checkpoint index, against 5 ms for the sum). One that finds it not matching knows
 * the file was damaged, whatever the damage: a page copied over another passes SQLite's
 * checks and fails the queries later (docs/decisions.md, Index). A file without one (saved
 * before checksums) is checked as before. SQLite sizes a database by the page count in its
 * header, so the 16 extra bytes change nothing for it or for other tools.
 */

import { runThrough, STEP_BYTES, type Steps } from './steps';

const MAGIC = [0x4c, 0x4f, 0x47, 0x43, 0x53, 0x55, 0x4d, 0x31]; // "LOGCSUM1"
const TRAILER = 16;

/** Two 32-bit lanes of multiply, rotate and xor over the bytes, four at a time. */
export function sum(bytes: Uint8Array): [number, number] {
	return runThrough(sumSteps(bytes));
}

/** sum(), a step per STEP_BYTES (steps.ts). */
export function* sumSteps(bytes: Uint8Array): Steps<[number, number]> {
	// Whole words from an aligned view when the bytes allow one, else from a copy.
	const body = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
	const words = new Int32Array(body.buffer, body.byteOffset, body.length >>> 2);
	let a = 0x9e3779b1 ^ body.length;
	let b = 0x85ebca77;
	// Words go in pairs; an odd last word is hashed with the bytes after it.
	const paired = words.length - (words.length % 2);
	for (let from = 0; from < paired; from += STEP_WORDS) {
		const to = Math.min(paired, from + STEP_WORDS);
		for (let i = from; i < to; i += 2) {
			a = Math.imul(a ^ words[i], 0x85ebca6b);
			a = (a << 13) | (a >>> 19);
			b = Math.imul(b ^ words[i + 1], 0xc2b2ae35);
			b = (b << 15) | (b >>> 17);
		}
		if (to < paired) yield;
	}
	for (let k = paired * 4; k < body.length; k++) a = Math.imul(a ^ body[k], 0x85ebca6b);
	return [a >>> 0, b >>> 0];
}

/** Words a step of sumSteps hashes (an even number: they go in pairs). */
const STEP_WORDS = STEP_BYTES / 4;

/** The database bytes with their checksum after them. */
export function withChecksum(bytes: Uint8Array): Uint8Array {
	return runThrough(withChecksumSteps(bytes));
}

/** withChecksum(), a step per STEP_BYTES copied or hashed (steps.ts). */
export function* withChecksumSteps(bytes: Uint8Array): Steps<Uint8Array> {
	const out = new Uint8Array(bytes.length + TRAILER);
	for (let at = 0; at < bytes.length; at += STEP_BYTES) {
		out.set(bytes.subarray(at, at + STEP_BYTES), at);
		yield;
	}
	writeTrailer(out, bytes.length, yield* sumSteps(bytes));
	return out;
}

/** The checksum after saved bytes (as withChecksum wrote it), or null when there is none. */
export function savedSum(saved: Uint8Array): [number, number] | null {
	const at = saved.length - TRAILER;
	if (at < 0 || MAGIC.some((m, i) => saved[at + i] !== m)) return null;
	const view = new DataView(saved.buffer, saved.byteOffset + at + MAGIC.length, 8);
	return [view.getUint32(0), view.getUint32(4)];
}

export const TRAILER_BYTES = TRAILER;

/** Writes the trailer for a known checksum at `at` (the end of the database bytes in `out`). */
export function writeTrailer(out: Uint8Array, at: number, known: [number, number]): void {
	out.set(MAGIC, at);
	const view = new DataView(out.buffer, out.byteOffset + at + MAGIC.length, 8);
	view.setUint32(0, known[0]);
	view.setUint32(4, known[1]);
}

/** `verified`: the bytes saved; `mismatch`: damaged since; `absent`: no checksum to tell. */
export type ChecksumState = 'verified' | 'mismatch' | 'absent';

/**
 * The database bytes without a checksum after them, and what the checksum says of them.
 * Bytes without a trailer come back whole: a file saved before checksums, or cut short.
 */
export function checkedBytes(bytes: Uint8Array): Checked {
	return runThrough(checkedBytesSteps(bytes));
}

export interface Checked {
	bytes: Uint8Array;
	state: ChecksumState;
}

/** checkedBytes(), a step per STEP_BYTES of the sum (a start gives the main thread back between them). */
export function* checkedBytesSteps(bytes: Uint8Array): Steps<Checked> {
	const at = bytes.length - TRAILER;
	if (at < 0 || MAGIC.some((m, i) => bytes[at + i] !== m)) return { bytes, state: 'absent' };
	const body = bytes.subarray(0, at);
	const view = new DataView(bytes.buffer, bytes.byteOffset + at + MAGIC.length, 8);
	const [a, b] = yield* sumSteps(body);
	return { bytes: body, state: view.getUint32(0) === a && view.getUint32(4) === b ? 'verified' : 'mismatch' };
}
