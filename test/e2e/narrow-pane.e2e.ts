/**
 * The resume pane at a phone's width (360 px) in real Chromium, over test/fixtures/vault-own:
 * the sidebar opens as a full-width drawer (the host's narrow layout), and nothing of the pane,
 * long rulings and their buttons included, reaches past its right edge.
 *
 * Only the width is a phone's: the host reports a desktop Platform, so the plugin's own
 * mobile choices (no status bar, counts in the pane) are covered by the unit tests.
 */
import { join } from 'node:path';
import { openResumePane, PANE, ROOT, screenshot, useHost, waitForPane } from './helpers';

const WIDTH = 360;

const served = useHost(join(ROOT, 'test/fixtures/vault-own'), { viewport: { width: WIDTH, height: 760 } });

test('at 360 px the pane fills the drawer and nothing in it overflows to the side', async () => {
	const { page, errors } = await served.open();
	// One drawer at a time, as on a phone: the file list closes first.
	await page.click('.host-toggle-left');
	await openResumePane(page);
	await page.selectOption(`${PANE} select.logos-scope-select`, 'alpha');
	await waitForPane(page, 'alpha');

	// Every section open, so their lines are on screen and measured too.
	const closed = page.locator(`${PANE} .logos-section.is-collapsed > .logos-section-title`).filter({ visible: true });
	for (let k = 0; k < 40 && (await closed.count()) > 0; k++) await closed.first().click();
	const box = await page.locator(PANE).boundingBox();
	expect(box?.width).toBeGreaterThan(WIDTH - 24);
	expect(box?.width).toBeLessThanOrEqual(WIDTH);
	// Everything on screen, lines, meta and buttons alike, ends inside the pane.
	const overflow = await page.evaluate((pane) => {
		const root = document.querySelector<HTMLElement>(pane);
		if (!root) return ['no pane'];
		const right = root.getBoundingClientRect().right + 0.5;
		const out: string[] = [];
		for (const el of root.querySelectorAll<HTMLElement>('*')) {
			const r = el.getBoundingClientRect();
			if (r.width > 0 && r.right > right) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
		}
		const body = root.querySelector<HTMLElement>('.logos-body');
		if (body && body.scrollWidth > body.clientWidth) out.push(`body scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
		return out;
	}, PANE);
	expect(overflow).toEqual([]);
	expect(await page.locator(`${PANE} [data-section="ruled-out"] button.logos-ruling-menu`).count()).toBeGreaterThan(0);
	await screenshot(page, 'pane-narrow');
	await page.locator(`${PANE} [data-section="ruled-out"]`).scrollIntoViewIfNeeded();
	await screenshot(page, 'pane-narrow-rulings');
	expect(errors).toEqual([]);
	await page.context().close();
});
