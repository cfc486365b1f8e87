/**
 * The pages changed since the index file was last written whole (docs/decisions.md, "Bytes
 * written per change"). A save after a small change writes these pages to a small file beside
 * the index instead of the whole index; the index itself is written again only when they come
 * to an eighth of it.
 *
 * The small file names the saved index it applies to by that file's checksum, and carries the
 * checksum of the database the two make together: pages for another index (replaced by a sync
 * client or another device, or written whole since) are never applied, and a database put
 * together wrong is never opened (its checksum does not match, and the index alone is used).
 */
import { checkedBytes, savedSum, sum, sumSteps, TRAILER_BYTES, withChecksumSteps, writeTrailer } from './checksum';
import { runThrough, STEP_BYTES, type Steps } from './steps';

/** "LOGCPGS1": pages of this plugin's index. */
const MAGIC = [0x4c, 0x4f, 0x47, 0x43, 0x50, 0x47, 0x53, 0x31];
/** magic, base checksum, database checksum, page size, page count, number of pages. */
const HEAD = 8 + 8 + 8 + 4 + 4 + 4;

/** What a save needs to know of the index file as written whole: its checksum and each page's. */
export interface Base {
	sum: [number, number];
	pageSize: number;
	/** Two 32-bit sums per page. */
	hashes: Uint32Array;
}

/** The page size a database header states (offset 16; 1 means 65,536), or 0 for no header. */
function pageSizeOf(bytes: Uint8Array): number {
	if (bytes.length < 100) return 0;
	const raw = (bytes[16] << 8) | bytes[17];
	return raw === 1 ? 65536 : raw;
}

function* pageHashes(bytes: Uint8Array, pageSize: number): Steps<Uint32Array> {
	const pages = Math.floor(bytes.length / pageSize);
	const out = new Uint32Array(pages * 2);
	const perStep = Math.max(1, Math.floor(STEP_BYTES / pageSize));
	for (let p = 0; p < pages; p++) {
		const [a, b] = sum(bytes.subarray(p * pageSize, (p + 1) * pageSize));
		out[2 * p] = a;
		out[2 * p + 1] = b;
		if ((p + 1) % perStep === 0) yield;
	}
	return out;
}

/** The base a saved file (database and checksum) gives, or null when it has no checksum. */
export function baseOf(saved: Uint8Array): Base | null {
	return runThrough(baseSteps(saved));
}

/** baseOf(), a step per STEP_BYTES hashed (steps.ts). */
export function* baseSteps(saved: Uint8Array): Steps<Base | null> {
	const known = savedSum(saved);
	const body = saved.subarray(0, saved.length - TRAILER_BYTES);
	const pageSize = pageSizeOf(body);
	if (!known || pageSize === 0 || body.length % pageSize !== 0) return null;
	return { sum: known, pageSize, hashes: yield* pageHashes(body, pageSize) };
}

/** Indexes of the pages of `bytes` that differ from the base's (or are past its end); null when the page size changed. */
export function changedPages(base: Base, bytes: Uint8Array): number[] | null {
	return runThrough(changedPagesSteps(base, bytes));
}

/** changedPages(), a step per STEP_BYTES hashed (steps.ts). */
export function* changedPagesSteps(base: Base, bytes: Uint8Array): Steps<number[] | null> {
	if (pageSizeOf(bytes) !== base.pageSize || bytes.length % base.pageSize !== 0) return null;
	const pages = bytes.length / base.pageSize;
	const known = base.hashes.length / 2;
	const perStep = Math.max(1, Math.floor(STEP_BYTES / base.pageSize));
	const out: number[] = [];
	for (let p = 0; p < pages; p++) {
		if (p >= known) {
			out.push(p);
			continue;
		}
		const [a, b] = sum(bytes.subarray(p * base.pageSize, (p + 1) * base.pageSize));
		if (a !== base.hashes[2 * p] || b !== base.hashes[2 * p + 1]) out.push(p);
		if ((p + 1) % perStep === 0) yield;
	}
	return out;
}

/** The pages file: `changed` pages of `bytes` for the base, with its own checksum after it. */
export function encodePages(base: Base, bytes: Uint8Array, changed: readonly number[]): Uint8Array {
	return runThrough(encodePagesSteps(base, bytes, changed));
}

/** encodePages(), a step per STEP_BYTES hashed (steps.ts): the database's checksum is over all of it. */
export function* encodePagesSteps(base: Base, bytes: Uint8Array, changed: readonly number[]): Steps<Uint8Array> {
	const ps = base.pageSize;
	const [a, b] = yield* sumSteps(bytes);
	const out = new Uint8Array(HEAD + changed.length * (4 + ps));
	const view = new DataView(out.buffer);
	out.set(MAGIC, 0);
	view.setUint32(8, base.sum[0]);
	view.setUint32(12, base.sum[1]);
	view.setUint32(16, a);
	view.setUint32(20, b);
	view.setUint32(24, ps);
	view.setUint32(28, bytes.length / ps);
	view.setUint32(32, changed.length);
	let at = HEAD;
	for (const p of changed) {
		view.setUint32(at, p);
		at += 4;
	}
	for (const p of changed) {
		out.set(bytes.subarray(p * ps, (p + 1) * ps), at);
		at += ps;
	}
	return yield* withChecksumSteps(out);
}

/** The most a rebuilt database may hold (a damaged count must not allocate gigabytes): 1 GiB. */
const LIMIT = 2 ** 30;

/**
 * The saved index with the pages file applied: database bytes with the checksum of the
 * database the pages were written for, which the opener checks. Null when the pages file is
 * damaged, not one, or written for another index.
 */
export function applyPages(saved: Uint8Array, file: Uint8Array): Uint8Array | null {
	const { bytes: pages, state } = checkedBytes(file);
	if (state !== 'verified' || pages.length < HEAD || MAGIC.some((m, i) => pages[i] !== m)) return null;
	const known = savedSum(saved);
	const view = new DataView(pages.buffer, pages.byteOffset, pages.byteLength);
	if (!known || view.getUint32(8) !== known[0] || view.getUint32(12) !== known[1]) return null;
	const body = saved.subarray(0, saved.length - TRAILER_BYTES);
	const ps = view.getUint32(24);
	const count = view.getUint32(28);
	const n = view.getUint32(32);
	if (ps !== pageSizeOf(body) || ps === 0 || count * ps > LIMIT || n > count || pages.length !== HEAD + n * (4 + ps)) return null;
	const length = count * ps;
	const out = new Uint8Array(length + TRAILER_BYTES);
	out.set(body.subarray(0, Math.min(body.length, length)));
	let at = HEAD + 4 * n;
	for (let i = 0; i < n; i++) {
		const p = view.getUint32(HEAD + 4 * i);
		if (p >= count) return null;
		out.set(pages.subarray(at, at + ps), p * ps);
		at += ps;
	}
	writeTrailer(out, length, [view.getUint32(16), view.getUint32(20)]);
	return out;
}
