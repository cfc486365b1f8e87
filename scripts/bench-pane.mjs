// `npm run bench:pane`: the resume pane's render time for a 2,000-checkpoint scope, measured where
// it runs — the built main.js in the browser host, in Chromium — from a warm index. Prints
// `name: value` lines; a script that prints, not a timed test.
//
//   node scripts/bench-pane.mjs [--checkpoints N] [--runs N] [--screenshot FILE]
//
// Generates the bench's vault (test/bench/generate.ts, same seed) into a temp folder with one
// scope of N checkpoints (2,000 by default) and four small ones, serves it, waits until the
// index has read it, opens the pane on the big scope and times the view's render (performance.now
// around ResumeView.prepare and render, the model already built) over several runs. Build first: main.js is
// served as it is (`npm run bench:pane` builds it).
import { fmt, inWarmHost, line, median, parseArgs } from './bench-host.mjs';

/** Runs in the page: times the pane's render `runs` times, and a refresh after a change. */
async function measure(runs) {
	const app = window.host.app;
	const plugin = window.host.plugins[0];
	const view = app.workspace.getLeavesOfType('logos-resume')[0].view;
	const settle = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
	const render = view.render;
	const prepare = view.prepare;
	let js = 0;
	let laidOut = 0;
	let worked = 0;
	// ResumeView.prepare: works out the resume from a model already in hand (its steps may be tasks
	// of their own: the waits between them are counted). ResumeView.render: builds the DOM up to the
	// handoff and returns the steps that draw the rest (the pane may let a frame be drawn between):
	// every part is timed, not the waits between them; layout is forced after the last section.
	view.prepare = async function (...args) {
		const t0 = performance.now();
		const plan = await prepare.apply(this, args);
		worked = performance.now() - t0;
		return plan;
	};
	view.render = function (...args) {
		const t0 = performance.now();
		const steps = render.apply(this, args);
		let spent = worked + performance.now() - t0;
		// The last step keeps the handoff for the next start: not timed. Layout is forced after the one before it.
		return steps.map((step, i) => {
			if (i === steps.length - 1) return step;
			return () => {
				const t1 = performance.now();
				step();
				spent += performance.now() - t1;
				js = spent;
				if (i !== steps.length - 2) return;
				const t2 = performance.now();
				void this.contentEl.offsetHeight;
				laidOut = spent + (performance.now() - t2);
			};
		});
	};
	const out = { render: [], layout: [], refresh: [], elements: 0 };
	try {
		for (let i = 0; i < 3 + runs; i++) {
			await view.refresh(true);
			await settle();
			if (i >= 3) {
				out.render.push(js);
				out.layout.push(laidOut);
			}
		}
		// A file changed: the model is taken again from the (warm) index, then rendered.
		for (let i = 0; i < runs; i++) {
			plugin.source.bump();
			const t0 = performance.now();
			await view.refresh(true);
			out.refresh.push(performance.now() - t0);
			await settle();
		}
	} finally {
		view.render = render;
		view.prepare = prepare;
	}
	out.elements = view.contentEl.querySelectorAll('*').length;
	return out;
}

const opts = parseArgs(process.argv.slice(2), 'bench-pane.mjs', 15);
await inWarmHost('bench-pane.mjs', opts, async ({ page, gen, warmMs }) => {
	line('index warm after page load (ms)', warmMs);

	await page.evaluate(() => window.host.runCommand('logos-continuity:open-resume-pane'));
	await page.selectOption('[data-type="logos-resume"] select.logos-scope-select', gen.bigScope);
	await page.waitForFunction(
		(scope) => {
			const pane = document.querySelector('[data-type="logos-resume"]');
			return pane?.querySelector('select.logos-scope-select')?.value === scope && pane.querySelector('.logos-who') !== null;
		},
		gen.bigScope,
		{ timeout: 120_000 },
	);
	const r = await page.evaluate(measure, opts.runs);
	line('pane elements', r.elements);
	line(`pane render, median of ${opts.runs} (ms)`, fmt(median(r.render)));
	line('pane render, min / max (ms)', `${fmt(Math.min(...r.render))} / ${fmt(Math.max(...r.render))}`);
	line('pane render + layout, median (ms)', fmt(median(r.layout)));
	line('pane refresh after a change, model from the warm index + render, median (ms)', fmt(median(r.refresh)));
});
