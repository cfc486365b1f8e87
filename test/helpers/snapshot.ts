/**
 * Builds an in-memory VaultSnapshot from a map of paths (relative to the sessions
 * folder) to text, so core tests need no disk. A null text is a file that could not be
 * read. `checkpointText` writes a checkpoint in logos's shape for such maps.
 */
import type { VaultSnapshot } from '../../src/core';

export function snapshot(files: Record<string, string | null>, root = 'sessions', extraDirs: string[] = []): VaultSnapshot {
	const prefix = root === '' ? '' : `${root}/`;
	const dirs = new Set<string>();
	const addParents = (rel: string): void => {
		const parts = rel.split('/');
		for (let i = 1; i < parts.length; i++) dirs.add(prefix + parts.slice(0, i).join('/'));
	};
	for (const d of extraDirs) addParents(`${d}/x`);
	const out = Object.entries(files).map(([rel, text]) => {
		addParents(rel);
		return {
			path: prefix + rel,
			text,
			mtime: 0,
			size: text === null ? 0 : new TextEncoder().encode(text).length,
			...(text === null ? { error: 'permission denied' } : {}),
		};
	});
	return { root, files: out, dirs: [...dirs].sort() };
}

export interface CheckpointSpec {
	session?: string;
	host?: string;
	project?: string;
	agent?: string;
	task?: string;
	intent?: string;
	state?: string;
	next?: string;
	follows?: string;
	auto?: boolean;
	autoClosed?: boolean;
	checkpointed?: string;
}

/** A checkpoint as logos writes it; keys left out are omitted like logos omits them. */
export function checkpointText(c: CheckpointSpec): string {
	const title = (c.task ?? 'checkpoint').replace(/\s+/g, ' ').trim();
	const fm = ['---', 'type: checkpoint', `title: ${c.project ?? 'kestrel'} — ${title}`];
	fm.push(`project: ${c.project ?? 'kestrel'}`, `agent: ${c.agent ?? 'claude'}`);
	if (c.session !== undefined) fm.push(`session: ${c.session}`);
	if (c.host) fm.push(`host_session: ${c.host}`);
	if (c.autoClosed) fm.push('auto_closed: true');
	if (c.auto) fm.push('auto: true');
	fm.push('relations:', `  - { pred: checkpoint_of, obj: "[[${c.project ?? 'kestrel'}]]", conf: 1.0, src: stated }`);
	if (c.follows) fm.push(`  - { pred: follows, obj: "[[${c.follows}]]", conf: 1.0, src: stated }`);
	fm.push('first_seen: 2026-11-16', `checkpointed: ${c.checkpointed ?? '2026-11-16T09:58:41-08:00'}`, '---');
	const sections: string[] = [];
	const add = (heading: string, text: string | undefined): void => {
		if (text && text.trim() !== '') sections.push('', `## ${heading}`, '', text);
	};
	add('Task', c.task);
	add('Intent', c.intent);
	add('State', c.state ?? 'working');
	add('Next', c.next);
	return [...fm, ...sections].join('\n') + '\n';
}
