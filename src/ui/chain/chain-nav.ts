/**
 * Walking the history from a checkpoint note: previous / next / first / latest in its
 * conversation (by file name), back / forward along `follows` (a chooser on a fork), and
 * the scope's latest checkpoint. Dangling links, forks and loops become a Notice the
 * person can act on, never a crash and never a blind step.
 */
import { Notice, type App } from 'obsidian';
import { chainPlace, type ChainPlace } from '../../core';
import { history } from '../../core';
import type { VaultScan } from '../../core';
import { scopeOfPath } from '../../core';
import { isCheckpointFile } from '../../core';
import type { CheckpointRecord } from '../../core';
import type { ModelSource } from '../../vault/obsidian-source';
import { isUnder, sessionsRoot } from '../../vault/obsidian-snapshot';
import { ForkChooser } from './chain-chooser';
import { nowSeconds } from '../resume/copy-resume';
import { EMPTY } from '../shared/labels';
import { openTarget } from '../shared/line-links';
import { checkpointName } from '../shared/names';
import type { LogosSettings } from '../settings';

/** What the chain features need of the plugin. */
export interface ChainHost {
	readonly app: App;
	readonly source: ModelSource;
	readonly settings: LogosSettings;
}

export type ChainMove = 'previous' | 'next' | 'first' | 'latest' | 'back' | 'forward' | 'scope-latest';

/** What a move did: the file it opened, what it told the person, the fork it offered. */
export interface MoveResult {
	opened: string | null;
	notice: string | null;
	fork: CheckpointRecord[];
}

export const CHAIN_TEXT = {
	notCheckpoint: 'This note is not a checkpoint of the sessions folder.',
	notInScope: 'This note is not inside a logos scope.',
	empty: 'This checkpoint file holds nothing logos reads (its problem says why): it has no place in a chain.',
	atFirst: 'This is the first checkpoint of this conversation.',
	atLatest: 'This is the latest checkpoint of this conversation.',
	alreadyFirst: 'Already at the first checkpoint of this conversation.',
	alreadyLatest: 'Already at the latest checkpoint of this conversation.',
	startsChain: 'This checkpoint follows nothing: it starts its chain.',
	nothingFollows: 'No checkpoint follows this one yet.',
	alreadyScopeLatest: 'This is already the latest checkpoint of this scope.',
	chooseFork: (n: number, name: string): string => `${n} checkpoints follow ${name}: choose one`,
	loops: (detail: string): string => `The follows chain loops back on itself (${detail}).`,
} as const;

/** True for a checkpoint file name under the sessions folder: decided without reading. */
export function isChainNote(host: ChainHost, path: string): boolean {
	const root = sessionsRoot(host.settings.sessionsFolder);
	const name = path.slice(path.lastIndexOf('/') + 1);
	return isUnder(root, path) && path !== root && isCheckpointFile(name);
}

function say(result: MoveResult, text: string): MoveResult {
	new Notice(text);
	return { ...result, notice: text };
}

async function open(app: App, r: CheckpointRecord, evt: MouseEvent | KeyboardEvent | null): Promise<MoveResult> {
	await openTarget(app, { path: r.path, line: -1 }, evt);
	return { opened: r.path, notice: null, fork: [] };
}

/** The loop through the target, if stepping onto it walks in a circle. */
function loopNotice(result: MoveResult, target: ChainPlace | null): MoveResult {
	const cycle = target?.problems.find((p) => p.kind === 'cycle');
	return cycle ? say(result, CHAIN_TEXT.loops(cycle.detail)) : result;
}

async function withinConversation(app: App, place: ChainPlace, move: 'previous' | 'next' | 'first' | 'latest', evt: MouseEvent | KeyboardEvent | null): Promise<MoveResult> {
	const none: MoveResult = { opened: null, notice: null, fork: [] };
	if (!place.canonical) return say(none, CHAIN_TEXT.empty);
	const target = place[move];
	const here = place.canonical;
	if (move === 'previous' && !target) return say(none, CHAIN_TEXT.atFirst);
	if (move === 'next' && !target) return say(none, CHAIN_TEXT.atLatest);
	if (move === 'first' && target === here) return say(none, CHAIN_TEXT.alreadyFirst);
	if (move === 'latest' && target === here) return say(none, CHAIN_TEXT.alreadyLatest);
	return target ? open(app, target, evt) : say(none, CHAIN_TEXT.notCheckpoint);
}

async function alongFollows(host: ChainHost, scan: VaultScan, place: ChainPlace, move: 'back' | 'forward', evt: MouseEvent | KeyboardEvent | null): Promise<MoveResult> {
	const none: MoveResult = { opened: null, notice: null, fork: [] };
	if (!place.canonical) return say(none, CHAIN_TEXT.empty);
	if (move === 'back') {
		if (!place.follows) {
			const why = place.problems.find((p) => p.kind === 'dangling' && p.path === place.canonical?.path);
			return say(none, why ? `${place.canonical.id} ${why.detail}.` : CHAIN_TEXT.startsChain);
		}
		return loopNotice(await open(host.app, place.follows, evt), chainPlace(scan, place.follows.path));
	}
	const kids = place.followedBy;
	if (kids.length === 0) return say(none, CHAIN_TEXT.nothingFollows);
	if (kids.length > 1) {
		const title = CHAIN_TEXT.chooseFork(kids.length, checkpointName(place.canonical, nowSeconds()));
		new ForkChooser(host.app, kids, title, (r, e) => void openTarget(host.app, { path: r.path, line: -1 }, e)).open();
		return { ...none, notice: title, fork: kids };
	}
	return loopNotice(await open(host.app, kids[0], evt), chainPlace(scan, kids[0].path));
}

async function scopeLatest(host: ChainHost, path: string, evt: MouseEvent | KeyboardEvent | null): Promise<MoveResult> {
	const none: MoveResult = { opened: null, notice: null, fork: [] };
	const { model } = await host.source.load();
	const scope = scopeOfPath(model, path);
	if (scope === null) return say(none, CHAIN_TEXT.notInScope);
	const latest = history(model.scan, scope, 1).entries[0];
	if (!latest) return say(none, EMPTY.noCheckpoints);
	if (latest.path === path) return say(none, CHAIN_TEXT.alreadyScopeLatest);
	return open(host.app, latest, evt);
}

/** Moves from the checkpoint at `path`; Ctrl/Cmd (evt) opens in a new tab. */
export async function moveFrom(host: ChainHost, path: string, move: ChainMove, evt: MouseEvent | KeyboardEvent | null = null): Promise<MoveResult> {
	if (move === 'scope-latest') return scopeLatest(host, path, evt);
	const { model } = await host.source.load();
	const place = chainPlace(model.scan, path);
	if (!place) return say({ opened: null, notice: null, fork: [] }, CHAIN_TEXT.notCheckpoint);
	if (move === 'back' || move === 'forward') return alongFollows(host, model.scan, place, move, evt);
	return withinConversation(host.app, place, move, evt);
}
