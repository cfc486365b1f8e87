/**
 * The chain bar on a checkpoint note: its conversation, its position there ("3 of 7"),
 * previous / next in the conversation, back / forward along `follows`, and a badge for
 * the problems of its place. It is drawn beside the note's text and never touches the file.
 */
import { Notice, setIcon, type Component } from 'obsidian';
import { chainPlace, type ChainPlace } from '../../core';
import { projectOf } from '../../core';
import type { CheckpointRecord, Problem } from '../../core';
import { moveFrom, type ChainHost, type ChainMove } from './chain-nav';
import { nowSeconds } from '../resume/copy-resume';
import { PROBLEM_TEXT } from '../shared/labels';
import { checkpointTooltip, conversationName } from '../shared/names';
import { plural } from '../resume/resume-dom';

export function problemLine(p: Problem): string {
	return `${PROBLEM_TEXT[p.kind]}: ${p.detail}`;
}

/** "3 of 7", or what the file is when it has no place in the chain. */
export function positionText(place: ChainPlace): string {
	if (place.position > 0) return `${place.position} of ${place.total}`;
	return place.canonical ? 'not in a conversation' : 'empty — not counted';
}

interface ButtonSpec {
	move: ChainMove;
	icon: string;
	label: string;
	enabled: boolean;
}

function buttons(place: ChainPlace, now: number): ButtonSpec[] {
	const { previous, next, follows, followedBy } = place;
	// Agent and time first, the id on the tooltip's second line.
	const recordLabel = (r: CheckpointRecord): string => checkpointTooltip(r, now);
	const dangling = place.problems.some((p) => p.kind === 'dangling' && p.path === place.canonical?.path);
	let back = 'Follows nothing: this checkpoint starts its chain';
	if (follows) back = `Back along follows: ${recordLabel(follows)}`;
	else if (dangling) back = `Follows ${place.canonical?.checkpoint.follows.trim() ?? ''}, which is not in the vault`;
	let forward = 'No checkpoint follows this one yet';
	if (followedBy.length === 1) forward = `Forward along follows: ${recordLabel(followedBy[0])}`;
	if (followedBy.length > 1) forward = `Forward along follows: ${followedBy.length} checkpoints follow this one (a fork) — choose one`;
	return [
		{ move: 'previous', icon: 'chevron-left', label: previous ? `Previous in this conversation: ${recordLabel(previous)}` : 'No earlier checkpoint in this conversation', enabled: previous !== null },
		{ move: 'next', icon: 'chevron-right', label: next ? `Next in this conversation: ${recordLabel(next)}` : 'No later checkpoint in this conversation', enabled: next !== null },
		{ move: 'back', icon: 'arrow-left', label: back, enabled: follows !== null || dangling },
		{ move: 'forward', icon: followedBy.length > 1 ? 'git-fork' : 'arrow-right', label: forward, enabled: followedBy.length > 0 },
	];
}

function addButton(parent: HTMLElement, b: ButtonSpec): void {
	const el = parent.createEl('button', { cls: ['clickable-icon', 'logos-chain-button'], attr: { 'aria-label': b.label, 'data-chain': b.move } });
	setIcon(el, b.icon);
	el.disabled = !b.enabled;
}

/** Draws the bar for `place` into `el` (emptied first). */
export function drawBar(el: HTMLElement, place: ChainPlace | null, now = nowSeconds()): void {
	el.empty();
	el.toggleClass('logos-chain-unknown', place === null);
	if (!place) {
		el.createSpan({ cls: 'logos-chain-name', text: 'Not read yet as a checkpoint of the sessions folder' });
		return;
	}
	const conv = place.conversation;
	const where = el.createDiv({ cls: 'logos-chain-where' });
	const name = conv ? conversationName(conv, now) : place.record.conversation;
	const id = conv?.id ?? place.record.conversation;
	where.createSpan({ cls: 'logos-chain-name', text: name, attr: { 'aria-label': name === id ? `Conversation ${id}` : `Conversation: ${name}\n${id}` } });
	if (conv && conv.scope !== projectOf(conv.scope)) where.createSpan({ cls: 'logos-chain-flag', text: conv.scope });
	where.createSpan({ cls: 'logos-chain-position', text: positionText(place) });
	if (place.record.copyOf !== null) where.createSpan({ cls: ['logos-chain-flag', 'mod-warning'], text: `copy of ${place.record.copyOf}` });
	if (place.canonical?.checkpoint.auto) where.createSpan({ cls: 'logos-chain-flag', text: 'auto' });

	const nav = el.createDiv({ cls: 'logos-chain-nav' });
	const specs = buttons(place, now);
	const conversation = nav.createDiv({ cls: 'logos-chain-group' });
	conversation.createSpan({ cls: 'logos-chain-label', text: 'Conversation' });
	for (const b of specs.slice(0, 2)) addButton(conversation, b);
	const follows = nav.createDiv({ cls: 'logos-chain-group' });
	follows.createSpan({ cls: 'logos-chain-label', text: 'Follows' });
	for (const b of specs.slice(2)) addButton(follows, b);

	if (place.problems.length > 0) {
		const lines = place.problems.map(problemLine);
		el.createEl('button', {
			cls: 'logos-chain-problems',
			text: plural(place.problems.length, 'problem'),
			attr: { 'aria-label': lines.join('\n'), 'data-chain': 'problems' },
		});
	}
}

export class ChainBar {
	readonly el: HTMLElement;
	private key = '';
	private place: ChainPlace | null = null;

	constructor(
		private readonly host: ChainHost,
		parent: HTMLElement,
		private readonly path: () => string | null,
	) {
		this.el = createDiv({ cls: 'logos-chain-bar', attr: { role: 'navigation', 'aria-label': 'Checkpoint chain' } });
		parent.prepend(this.el);
	}

	/** Redraws when the model's revision or the note changed (always with `force`). */
	async render(force = false): Promise<void> {
		// Before the layout is ready nothing reads the vault; the plugin refreshes every bar then.
		if (!this.host.app.workspace.layoutReady) return;
		const path = this.path();
		if (path === null) return;
		const loaded = await this.host.source.load();
		const key = `${loaded.revision}\u0000${path}`;
		if (!force && key === this.key) return;
		this.key = key;
		this.place = chainPlace(loaded.model.scan, path);
		drawBar(this.el, this.place);
	}

	onClick(evt: MouseEvent): void {
		const button = evt.target instanceof Element ? evt.target.closest('button[data-chain]') : null;
		const path = this.path();
		if (!(button instanceof HTMLButtonElement) || button.disabled || path === null) return;
		evt.preventDefault();
		const move = button.dataset.chain;
		if (move === 'problems') {
			new Notice((this.place?.problems ?? []).map(problemLine).join('\n'), 10000);
			return;
		}
		void moveFrom(this.host, path, move as ChainMove, evt);
	}
}

/** Every bar on screen, so a change in the vault redraws them all. */
export class ChainBars {
	private readonly live = new Set<ChainBar>();

	constructor(readonly host: ChainHost) {}

	/** A bar at the top of `parent`, alive as long as `owner` is loaded. */
	attach(parent: HTMLElement, path: () => string | null, owner: Component): ChainBar {
		const bar = new ChainBar(this.host, parent, path);
		owner.registerDomEvent(bar.el, 'click', (evt) => bar.onClick(evt));
		this.live.add(bar);
		owner.register(() => {
			this.live.delete(bar);
			bar.el.remove();
		});
		void bar.render();
		return bar;
	}

	get size(): number {
		return this.live.size;
	}

	refresh(force = false): void {
		for (const bar of this.live) void bar.render(force);
	}
}
