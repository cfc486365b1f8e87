/** A small seeded generator, so every interleaving and every damaged file can be replayed from its seed. */
export class Rng {
	private s: number;

	constructor(seed: number) {
		this.s = seed >>> 0 || 0x9e3779b9;
	}

	/** mulberry32: uniform in [0, 1). */
	next(): number {
		this.s = (this.s + 0x6d2b79f5) >>> 0;
		let t = this.s;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Whole number in [0, n). */
	int(n: number): number {
		return Math.floor(this.next() * n);
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	pick<T>(xs: readonly T[]): T {
		return xs[this.int(xs.length)];
	}

	bytes(n: number): Uint8Array {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i++) out[i] = this.int(256);
		return out;
	}
}
