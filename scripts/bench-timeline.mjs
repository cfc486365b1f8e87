// `npm run bench:timeline`: the conversation timeline's draw time for a 2,000-checkpoint scope,
// measured where it runs — the built main.js in the browser host, in Chromium — from a warm
// index, with the main thread's long tasks (PerformanceObserver 'longtask': every task over
// 50 ms) counted while it draws. Prints `name: value` lines; a script that prints, not a timed test.
//
//   node scripts/bench-timeline.mjs [--checkpoints N] [--runs N] [--screenshot FILE]
//
// Generates the bench's vault (test/bench/generate.ts, same seed, as bench-pane.mjs) with one
// scope of N checkpoints, serves it, waits until the index has read it, opens the timeline on
// that scope and times, over several runs: the draw (TimelineView.render, the timeline in hand,
// then with the layout it forces) and a whole refresh (the model from the warm index, the
// timeline built, drawn). Build first (`npm run bench:timeline` builds main.js).
import { fmt, inWarmHost, line, median, parseArgs } from './bench-host.mjs';

const max = (xs) => xs.reduce((a, b) => Math.max(a, b), 0);

/** Runs in the page: draws the timeline `runs` times per zoom, watching for long tasks. */
async function measure({ runs, scope }) {
	const app = window.host.app;
	const view = app.workspace.getLeavesOfType('logos-timeline')[0].view;
	const settle = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
	const long = [];
	let phase = 'open';
	const observer = new PerformanceObserver((list) => {
		for (const e of list.getEntries()) long.push({ phase, ms: e.duration });
	});
	observer.observe({ type: 'longtask' });
	const render = view.render;
	let js = 0;
	let laidOut = 0;
	// TimelineView.render draws in pieces and resolves once the last is in: timed from its call
	// to then (the pieces' gaps included), and with the layout it forces after.
	view.render = async function (t, width) {
		const t0 = performance.now();
		await render.call(this, t, width);
		js = performance.now() - t0;
		void this.contentEl.offsetHeight;
		laidOut = performance.now() - t0;
	};
	const out = { draw: [], layout: [], refresh: [], painted: [], day: [], marks: 0, lanes: 0, elements: 0, long: [] };
	try {
		await view.showScope(scope);
		await view.setZoom('all');
		await settle();
		await new Promise((ok) => setTimeout(ok, 200));
		phase = 'all';
		for (let i = 0; i < 2 + runs; i++) {
			const t0 = performance.now();
			await view.refresh(true);
			const done = performance.now() - t0;
			await new Promise((ok) => requestAnimationFrame(ok));
			const painted = performance.now() - t0;
			await settle();
			if (i < 2) continue;
			out.draw.push(js);
			out.layout.push(laidOut);
			out.refresh.push(done);
			out.painted.push(painted);
		}
		phase = 'day';
		await view.setZoom('day');
		for (let i = 0; i < runs; i++) {
			await view.refresh(true);
			out.day.push(laidOut);
			await settle();
		}
		phase = 'back';
		await view.setZoom('all');
		await settle();
		await new Promise((ok) => setTimeout(ok, 200));
	} finally {
		view.render = render;
		observer.disconnect();
	}
	out.long = long;
	out.marks = view.contentEl.querySelectorAll('.logos-timeline-mark').length;
	out.lanes = view.contentEl.querySelectorAll('.logos-timeline-label[data-lane]').length;
	out.elements = view.contentEl.querySelectorAll('*').length;
	return out;
}

const opts = parseArgs(process.argv.slice(2), 'bench-timeline.mjs', 10);
await inWarmHost('bench-timeline.mjs', opts, async ({ page, gen }) => {
	await page.evaluate(() => window.host.runCommand('logos-continuity:open-timeline'));
	await page.waitForSelector('[data-type="logos-timeline"] .logos-timeline-svg, [data-type="logos-timeline"] .logos-empty:not(:empty)', { timeout: 120_000 });
	const r = await page.evaluate(measure, { runs: opts.runs, scope: gen.bigScope });
	line('timeline marks', r.marks);
	line('timeline lanes', r.lanes);
	line('timeline elements', r.elements);
	line(`timeline draw, first mark to last, median of ${opts.runs} (ms)`, fmt(median(r.draw)));
	line('timeline draw, min / max (ms)', `${fmt(Math.min(...r.draw))} / ${fmt(max(r.draw))}`);
	line('timeline draw + layout, median (ms)', fmt(median(r.layout)));
	line('timeline refresh, model from the warm index + build + draw, median (ms)', fmt(median(r.refresh)));
	line('timeline refresh to next frame, median (ms)', fmt(median(r.painted)));
	line('timeline draw + layout zoomed to a day, median (ms)', fmt(median(r.day)));
	// Opening the view on the scope (the first draw) is left out: it is timed on its own below.
	for (const [phase, what] of [['open', 'opening the view on the scope'], ['all', `${opts.runs + 2} redraws of everything`], ['day', `${opts.runs} redraws zoomed to a day`]]) {
		const ms = r.long.filter((l) => l.phase === phase).map((l) => l.ms);
		line(`long tasks, ${what} (count / longest / total ms)`, `${ms.length} / ${fmt(max(ms))} / ${fmt(ms.reduce((a, b) => a + b, 0))}`);
	}
});
