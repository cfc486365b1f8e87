/**
 * Where the timeline view draws each thing, in pixels, from a core Timeline, the view's width
 * and the zoom. Pure arithmetic, so the drawing code only places what this decides and the
 * geometry is tested without a browser.
 */
import type { Timeline, TimelineMark } from '../../core';

export type Zoom = 'day' | 'week' | 'all';

export const ZOOM_SPAN: Record<Exclude<Zoom, 'all'>, number> = { day: 24 * 3600, week: 7 * 24 * 3600 };
/** Below this width the labels go above their lane instead of beside it. */
export const NARROW_WIDTH = 480;
export const LABEL_WIDTH = 200;
export const LANE_HEIGHT = 28;
/** The label row above each lane when narrow. */
export const LABEL_ROW = 18;
export const AXIS_HEIGHT = 24;
export const PAD = 14;
export const MARK_R = 6;
/** Ticks closer than this are thinned out. */
const TICK_MIN_PX = 90;
const TICK_STEPS = [3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400, 7 * 86400, 14 * 86400, 30 * 86400, 91 * 86400, 365 * 86400];

export interface LanePlace {
	/** Lane index in the timeline, or -1 for the working-notes row. */
	lane: number;
	/** Top of the lane's label row (narrow) or of the lane itself (wide). */
	top: number;
	/** The lane's centre line, where its marks sit. */
	y: number;
}

export interface TimelineLayout {
	narrow: boolean;
	/** The stretch of time drawn: all of it, or a day or a week ending at `end`. */
	window: { from: number; to: number };
	/** There is more before or after the window (zoomed in only). */
	earlier: boolean;
	later: boolean;
	/** Width of the label column beside the track; 0 when narrow. */
	labelWidth: number;
	/** The drawing's size: the view's width, whatever the zoom (a zoomed drawing pages, never grows). */
	width: number;
	height: number;
	/** The part of the track on screen at once. */
	viewWidth: number;
	pxPerSecond: number;
	from: number;
	lanes: LanePlace[];
	/** The working-notes row for silent sessions, null when there are none. */
	notesRow: LanePlace | null;
	ticks: { x: number; t: number; step: number }[];
	x(t: number): number;
}

/**
 * `end` is where a zoomed window ends (default: the latest time drawn). Zoomed in, the
 * drawing stays the view's width and shows one day or week at a time: a drawing as wide as
 * months at a day's scale is hundreds of thousands of pixels the browser must lay out.
 */
export function layoutTimeline(t: Timeline, viewWidth: number, zoom: Zoom, end: number | null = null): TimelineLayout {
	const narrow = viewWidth < NARROW_WIDTH;
	const labelWidth = narrow ? 0 : LABEL_WIDTH;
	const track = Math.max(120, viewWidth - labelWidth - 2 * PAD);
	const first = t.range?.from ?? 0;
	const last = t.range?.to ?? first;
	let from = first;
	let to = Math.max(last, first + 3600);
	if (zoom !== 'all') {
		const span = ZOOM_SPAN[zoom];
		to = Math.min(Math.max(end ?? last, first + span), Math.max(last, first + span));
		from = to - span;
	}
	const pxPerSecond = track / (to - from);
	const width = Math.ceil(track + 2 * PAD);
	const rowHeight = narrow ? LANE_HEIGHT + LABEL_ROW : LANE_HEIGHT;
	const place = (lane: number, k: number): LanePlace => {
		const top = AXIS_HEIGHT + k * rowHeight;
		return { lane, top, y: top + (narrow ? LABEL_ROW : 0) + LANE_HEIGHT / 2 };
	};
	const lanes = t.lanes.map((_, k) => place(k, k));
	const notesRow = t.abandoned.length > 0 ? place(-1, lanes.length) : null;
	const rows = lanes.length + (notesRow ? 1 : 0);
	const x = (time: number): number => PAD + (time - from) * pxPerSecond;
	return {
		narrow, labelWidth, width, height: AXIS_HEIGHT + rows * rowHeight + PAD, viewWidth: width, pxPerSecond, from, lanes, notesRow,
		window: { from, to }, earlier: zoom !== 'all' && from > first, later: zoom !== 'all' && to < last,
		ticks: ticks(from, to, pxPerSecond, x), x,
	};
}

/** Axis ticks on whole hours or days (UTC), no closer than TICK_MIN_PX. */
function ticks(from: number, to: number, pxPerSecond: number, x: (t: number) => number): { x: number; t: number; step: number }[] {
	const step = TICK_STEPS.find((s) => s * pxPerSecond >= TICK_MIN_PX) ?? TICK_STEPS[TICK_STEPS.length - 1];
	const out: { x: number; t: number; step: number }[] = [];
	for (let t = Math.ceil(from / step) * step; t <= to; t += step) out.push({ x: x(t), t, step });
	return out;
}

/** Agents in a fixed order (by name), each given one of the palette's colours in turn. */
export function agentColours(t: Timeline, palette: number): Map<string, number> {
	const names = [...new Set(t.marks.map((m) => m.agent))].sort();
	return new Map(names.map((a, i) => [a, i % palette] as const));
}

/**
 * The mark the arrow keys lead to: along the lane for Left/Right (Home/End to its ends),
 * to the nearest in time on the lane above or below for Up/Down; null at an edge.
 */
export function neighbour(t: Timeline, byLane: readonly (readonly number[])[], from: number, key: string): number | null {
	const m = t.marks[from];
	const lane = t.lanes.findIndex((l) => l.id === m.lane);
	const own = byLane[lane] ?? [];
	const at = own.indexOf(from);
	switch (key) {
		case 'ArrowLeft':
			return at > 0 ? own[at - 1] : null;
		case 'ArrowRight':
			return at >= 0 && at < own.length - 1 ? own[at + 1] : null;
		case 'Home':
			return own[0] ?? null;
		case 'End':
			return own[own.length - 1] ?? null;
		case 'ArrowUp':
		case 'ArrowDown': {
			const step = key === 'ArrowUp' ? -1 : 1;
			for (let k = lane + step; k >= 0 && k < byLane.length; k += step) {
				if (byLane[k].length > 0) return nearest(t.marks, byLane[k], m);
			}
			return null;
		}
		default:
			return null;
	}
}

function nearest(marks: readonly TimelineMark[], candidates: readonly number[], m: TimelineMark): number {
	let best = candidates[0];
	for (const c of candidates) if (Math.abs(marks[c].at - m.at) < Math.abs(marks[best].at - m.at)) best = c;
	return best;
}
