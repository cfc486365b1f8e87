/**
 * Gives the main thread back between pieces of long work (the index's pass, docs/decisions.md
 * "A long pass in slices"; the pane's sections; the timeline's lanes): what follows runs in a
 * task of its own, so the browser draws a frame and takes input first. `scheduler.yield()` where
 * the runtime has it (Chromium 129+): the work goes on before other pages' or plugins' queued
 * tasks, not behind them. Else a message to itself, not setTimeout(0), which browsers hold back
 * 4 ms once timers nest.
 */
export function nextTask(): Promise<void> {
	const scheduler = (window as unknown as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	if (typeof scheduler?.yield === 'function') return scheduler.yield();
	return new Promise((ok) => {
		const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
		const done = (): void => {
			window.clearTimeout(timer);
			channel?.port1.close();
			ok();
		};
		// Where a message to itself is never delivered (jsdom's MessageChannel), the timer moves on.
		const timer = window.setTimeout(done, 0);
		if (channel) {
			channel.port1.onmessage = done;
			channel.port2.postMessage(null);
		}
	});
}

/**
 * Pauses between the steps of work that may each be long (a start: compiling sql.js, checking
 * the saved index, walking the folder tree; the pane: working out a big scope's resume, drawing
 * its handoff): a pause gives the main thread back once the work since the main thread was last
 * given back (or since this was made) took `longMs` or more (half the index pass's slice by
 * default), so a small vault's work runs on in one go. Counted from the last pause that gave
 * it back, not from the last step: three steps of 5 ms ran as one task of 15, and with a
 * collection in it the pane's was a task of 55 ms.
 */
export function pausesAfterLongSteps(longMs = LONG_STEP_MS, clock: () => number = () => performance.now()): () => Promise<void> {
	let began = clock();
	return async () => {
		if (clock() - began < longMs) return;
		await nextTask();
		began = clock();
	};
}

/** Half the index pass's slice (store/indexer.ts SLICE_MS). */
const LONG_STEP_MS = 7.5;
