/**
 * Schema versions through `PRAGMA user_version`: step i brings a database from
 * version i to i + 1. A database newer than the last step was written by a later
 * plugin and is not ours to read (the caller rebuilds it from the vault).
 */
import type { Database } from 'sql.js';
import { runThrough, type Steps } from './steps';
import { APPLICATION_ID, COMPACT_SCHEMA, FIRST_SEEN_SCHEMA, KEPT_PARSE_SCHEMA, LIVE_COUNT_SCHEMA, LOGOS_NOTES_SCHEMA, NAME_AT_SCHEMA, NOTES_SEEN_SCHEMA, OWN_NOTES_SCHEMA, SEEN_LATER_SCHEMA, SHOWN_TALLY_SCHEMA, STORE_ONCE_SCHEMA, VIEW_SCHEMA } from './schema';

export type Migration = (db: Database) => void;

export const MIGRATIONS: readonly Migration[] = [
	(db) => db.exec(LOGOS_NOTES_SCHEMA),
	(db) => db.exec(VIEW_SCHEMA),
	(db) => db.exec(KEPT_PARSE_SCHEMA),
	(db) => db.exec(STORE_ONCE_SCHEMA),
	(db) => db.exec(OWN_NOTES_SCHEMA),
	(db) => db.exec(COMPACT_SCHEMA),
	(db) => db.exec(FIRST_SEEN_SCHEMA),
	(db) => db.exec(LIVE_COUNT_SCHEMA),
	(db) => db.exec(SHOWN_TALLY_SCHEMA),
	(db) => db.exec(NAME_AT_SCHEMA),
	(db) => db.exec(SEEN_LATER_SCHEMA),
	(db) => db.exec(NOTES_SEEN_SCHEMA),
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function userVersion(db: Database): number {
	const r = db.exec('PRAGMA user_version');
	return Number(r[0]?.values[0]?.[0] ?? 0);
}

export function applicationId(db: Database): number {
	const r = db.exec('PRAGMA application_id');
	return Number(r[0]?.values[0]?.[0] ?? 0);
}

export class ForeignVersion extends Error {
	constructor(readonly found: number, readonly known: number) {
		super(`index schema version ${found} is newer than this plugin knows (${known})`);
	}
}

/**
 * Runs the steps a database is missing, each in its own transaction so a failure
 * leaves it at the last complete version. Returns the versions it went through.
 */
export function migrate(db: Database, steps: readonly Migration[] = MIGRATIONS): { from: number; to: number } {
	return runThrough(migrateSteps(db, steps));
}

/** migrate(), a step per version (a new index's twelve are ~40 ms together in the browser host). */
export function* migrateSteps(db: Database, steps: readonly Migration[] = MIGRATIONS): Steps<{ from: number; to: number }> {
	const from = userVersion(db);
	if (from > steps.length) throw new ForeignVersion(from, steps.length);
	for (let v = from; v < steps.length; v++) {
		db.run('BEGIN');
		try {
			steps[v](db);
			// PRAGMA takes no bound parameters; v is our own integer.
			db.run(`PRAGMA user_version = ${v + 1}`);
			db.run(`PRAGMA application_id = ${APPLICATION_ID}`);
			db.run('COMMIT');
		} catch (err) {
			db.run('ROLLBACK');
			throw err;
		}
		if (v + 1 < steps.length) yield;
	}
	return { from, to: steps.length };
}
