/**
 * What a person sees of a view in either theme and at either width, measured in the page:
 * whether anything reaches past its right edge, and how well a text stands out from what is
 * behind it (the WCAG contrast ratio).
 */
import type { Page } from 'playwright-core';

/** The elements under `selector` (matching `inner`, all by default) whose right edge is past the view's, described. */
export async function overflowingRight(page: Page, selector: string, inner = '*'): Promise<string[]> {
	return page.evaluate(
		([sel, within]) => {
			const root = document.querySelector<HTMLElement>(sel);
			if (!root) return ['no view'];
			const right = root.getBoundingClientRect().right + 0.5;
			const out: string[] = [];
			for (const el of root.querySelectorAll<HTMLElement>(within)) {
				const r = el.getBoundingClientRect();
				if (r.width > 0 && r.right > right) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
			}
			return out;
		},
		[selector, inner] as const,
	);
}

/**
 * The contrast ratio (1 to 21) of the first element matching `selector`: its text colour
 * against the nearest background behind it that is mostly opaque.
 */
export async function contrastOf(page: Page, selector: string): Promise<number> {
	return page.$eval(selector, (el) => {
		const channels = (css: string): number[] => (css.match(/[\d.]+/g) ?? []).map(Number);
		const luminance = (rgb: number[]): number => {
			const lin = (c: number): number => {
				const v = c / 255;
				return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
			};
			return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
		};
		const fg = channels(getComputedStyle(el).color);
		let bg = [255, 255, 255];
		for (let node: Element | null = el; node; node = node.parentElement) {
			const c = channels(getComputedStyle(node).backgroundColor);
			if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) {
				bg = c;
				break;
			}
		}
		const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
		return (hi + 0.05) / (lo + 0.05);
	});
}
