/**
 * The index's tables. Step 1 is logos's own working-notes schema (docs/format.md §4.1), kept
 * column for column so the two read alike; step 2 adds what the plugin's views need
 * to answer without re-reading files. New steps go at the end, never edit old ones.
 */

/** Marks a database as this plugin's index (`PRAGMA application_id`, 'LOGC'). */
export const APPLICATION_ID = 0x4c4f4743;

export const LOGOS_NOTES_SCHEMA = `
CREATE TABLE sessions (
	id TEXT PRIMARY KEY,
	project TEXT NOT NULL,
	agent TEXT NOT NULL,
	task TEXT NOT NULL DEFAULT '',
	started INTEGER NOT NULL,
	ended INTEGER NOT NULL DEFAULT 0,
	slug TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_project ON sessions(project, started);
CREATE TABLE session_notes (
	id INTEGER PRIMARY KEY,
	session TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
	text TEXT NOT NULL,
	ts INTEGER NOT NULL,
	unflushed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX session_notes_session ON session_notes(session, ts);
`;

export const VIEW_SCHEMA = `
-- own: the person's note (decisions §6), the one thing not derived from the vault.
-- dismissed: the person let it go; the row stays so a re-import does not adopt it again.
-- present: the line is in uncommitted.md now; rows are never deleted on import.
ALTER TABLE session_notes ADD COLUMN own INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_notes ADD COLUMN dismissed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_notes ADD COLUMN present INTEGER NOT NULL DEFAULT 1;
CREATE INDEX session_notes_text ON session_notes(ts, text);

CREATE TABLE note_files (
	path TEXT PRIMARY KEY,
	scope TEXT NOT NULL,
	mtime INTEGER NOT NULL,
	size INTEGER NOT NULL
);

-- One row per checkpoint file. record holds the whole CheckpointRecord as JSON so the
-- views get it back without reading the vault.
CREATE TABLE checkpoints (
	path TEXT PRIMARY KEY,
	name TEXT NOT NULL,
	scope TEXT NOT NULL,
	conversation TEXT NOT NULL,
	id TEXT NOT NULL,
	session TEXT NOT NULL,
	host_session TEXT NOT NULL,
	ts INTEGER NOT NULL,
	agent TEXT NOT NULL,
	task TEXT NOT NULL,
	follows TEXT NOT NULL,
	auto INTEGER NOT NULL,
	auto_closed INTEGER NOT NULL,
	handoff TEXT NOT NULL,
	git_commit TEXT NOT NULL,
	flat INTEGER NOT NULL,
	empty INTEGER NOT NULL,
	copy_of TEXT,
	mtime INTEGER NOT NULL,
	size INTEGER NOT NULL,
	problems TEXT NOT NULL,
	record TEXT NOT NULL
);
CREATE INDEX checkpoints_scope ON checkpoints(scope, name);
CREATE INDEX checkpoints_id ON checkpoints(id);

CREATE TABLE rulings (
	path TEXT NOT NULL,
	ord INTEGER NOT NULL,
	scope TEXT NOT NULL,
	text TEXT NOT NULL,
	review_key TEXT NOT NULL,
	PRIMARY KEY (path, ord)
);
CREATE INDEX rulings_scope ON rulings(scope, review_key);

CREATE TABLE decisions (
	path TEXT NOT NULL,
	ord INTEGER NOT NULL,
	scope TEXT NOT NULL,
	text TEXT NOT NULL,
	decision_key TEXT NOT NULL,
	PRIMARY KEY (path, ord)
);
CREATE INDEX decisions_scope ON decisions(scope, decision_key);
`;

// Step 3: what lets an unchanged file be placed again without reading it: a fingerprint
// of its bytes (identical copies fold, docs/decisions.md §5) and where its bullets and keys sit
// (the pane links every line). '' means unknown: the file is read again.
export const KEPT_PARSE_SCHEMA = `
ALTER TABLE checkpoints ADD COLUMN digest TEXT NOT NULL DEFAULT '';
ALTER TABLE checkpoints ADD COLUMN lines TEXT NOT NULL DEFAULT '';
`;

// Step 4: each text stored once. Rulings and decisions refer to their checkpoint by an
// integer and keep only their key (the text is the record's), the record is compact and
// the note text is no longer copied into an index. Checkpoint rows, rulings and decisions
// are derived from the vault, so they are dropped here and read again, not converted.
// Deleting a checkpoint row takes its rulings and decisions with it (one statement).
export const STORE_ONCE_SCHEMA = `
DROP TABLE rulings;
DROP TABLE decisions;
DROP TABLE checkpoints;
DROP INDEX session_notes_text;

CREATE TABLE checkpoints (
	rid INTEGER PRIMARY KEY,
	path TEXT NOT NULL UNIQUE,
	name TEXT NOT NULL,
	scope TEXT NOT NULL,
	conversation TEXT NOT NULL,
	id TEXT NOT NULL,
	session TEXT NOT NULL,
	host_session TEXT NOT NULL,
	ts INTEGER NOT NULL,
	agent TEXT NOT NULL,
	task TEXT NOT NULL,
	follows TEXT NOT NULL,
	auto INTEGER NOT NULL,
	auto_closed INTEGER NOT NULL,
	handoff TEXT NOT NULL,
	git_commit TEXT NOT NULL,
	flat INTEGER NOT NULL,
	empty INTEGER NOT NULL,
	copy_of TEXT,
	mtime INTEGER NOT NULL,
	size INTEGER NOT NULL,
	problems TEXT NOT NULL,
	record TEXT NOT NULL,
	digest TEXT NOT NULL,
	lines BLOB NOT NULL,
	stamp INTEGER NOT NULL
);
CREATE INDEX checkpoints_scope ON checkpoints(scope, name);
-- stamp: a hash of (path, mtime, size). Their sum over the table, read from this small
-- index, tells a start whether any checkpoint file changed without reading every row.
CREATE INDEX checkpoints_stamp ON checkpoints(stamp);
-- Rows whose file must be read again (unreadable last time): found without a table scan.
CREATE INDEX checkpoints_unread ON checkpoints(scope) WHERE digest = '';

CREATE TABLE rulings (
	checkpoint INTEGER NOT NULL,
	ord INTEGER NOT NULL,
	review_key TEXT NOT NULL,
	PRIMARY KEY (checkpoint, ord)
) WITHOUT ROWID;

CREATE TABLE decisions (
	checkpoint INTEGER NOT NULL,
	ord INTEGER NOT NULL,
	decision_key TEXT NOT NULL,
	PRIMARY KEY (checkpoint, ord)
) WITHOUT ROWID;

CREATE TRIGGER checkpoints_gone AFTER DELETE ON checkpoints BEGIN
	DELETE FROM rulings WHERE checkpoint = old.rid;
	DELETE FROM decisions WHERE checkpoint = old.rid;
END;
`;

// Step 5: the person's own notes found without reading every note (each view of the vault
// asks for those not yet written to uncommitted.md).
export const OWN_NOTES_SCHEMA = `
CREATE INDEX session_notes_own ON session_notes(ts, id) WHERE own = 1;
`;

// Step 6: a smaller file (docs/decisions.md, "The index file's size"). Rulings and decisions are
// no longer tables: which bullets they are and their keys follow from the record's lists
// (rulingKeys, decisionKeys), so they are worked out on reading. Columns that nearly always
// repeat another are generated from it: the name from the path, the id from the session, the
// host session from the conversation; the `_own` column holds the value only where it differs
// (NULL: it does not). The stamps' sum is one row kept by triggers instead of an index.
// Checkpoint rows are derived: dropped and read again, not converted.
export const COMPACT_SCHEMA = `
DROP TRIGGER checkpoints_gone;
DROP TABLE rulings;
DROP TABLE decisions;
DROP TABLE checkpoints;

CREATE TABLE checkpoints (
	rid INTEGER PRIMARY KEY,
	path TEXT NOT NULL UNIQUE,
	-- The last part of the path: rtrim takes every character but '/' off its end.
	name TEXT GENERATED ALWAYS AS (replace(path, rtrim(path, replace(path, '/', '')), '')) VIRTUAL,
	scope TEXT NOT NULL,
	conversation TEXT NOT NULL,
	id_own TEXT,
	id TEXT GENERATED ALWAYS AS (coalesce(id_own, session)) VIRTUAL,
	session TEXT NOT NULL,
	host_session_own TEXT,
	host_session TEXT GENERATED ALWAYS AS (coalesce(host_session_own, conversation)) VIRTUAL,
	ts INTEGER NOT NULL,
	agent TEXT NOT NULL,
	task TEXT NOT NULL,
	follows TEXT NOT NULL,
	auto INTEGER NOT NULL,
	auto_closed INTEGER NOT NULL,
	handoff TEXT NOT NULL,
	git_commit TEXT NOT NULL,
	flat INTEGER NOT NULL,
	empty INTEGER NOT NULL,
	copy_of TEXT,
	mtime INTEGER NOT NULL,
	size INTEGER NOT NULL,
	problems TEXT NOT NULL,
	record TEXT NOT NULL,
	digest TEXT NOT NULL,
	lines BLOB NOT NULL,
	stamp INTEGER NOT NULL
);
CREATE INDEX checkpoints_scope ON checkpoints(scope, name);
CREATE INDEX checkpoints_unread ON checkpoints(scope) WHERE digest = '';

-- How many checkpoint rows there are and the sum of their stamps, kept by triggers: a start
-- compares them with the listing in one row, and a change rewrites this row's page, not the
-- pages of an index of stamps (a save writes only the pages that changed, persist.ts).
CREATE TABLE stamp_total (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	n INTEGER NOT NULL,
	total INTEGER NOT NULL
);
INSERT INTO stamp_total (id, n, total) VALUES (1, 0, 0);
CREATE TRIGGER stamp_added AFTER INSERT ON checkpoints BEGIN
	UPDATE stamp_total SET n = n + 1, total = total + new.stamp WHERE id = 1;
END;
CREATE TRIGGER stamp_removed AFTER DELETE ON checkpoints BEGIN
	UPDATE stamp_total SET n = n - 1, total = total - old.stamp WHERE id = 1;
END;
CREATE TRIGGER stamp_changed AFTER UPDATE OF stamp ON checkpoints BEGIN
	UPDATE stamp_total SET total = total - old.stamp + new.stamp WHERE id = 1;
END;
`;

// Step 7: when this device's index first saw each checkpoint, working note and verdict line
// (milliseconds of the injected clock), so "since I last looked" is one indexed count
// (docs/decisions.md, "Since I last looked"). Rows already in an index get 0: seen before
// news was kept, so an upgrade announces nothing. `news_baseline` says which first reads are
// still to come: what they find (the first full pass of a new, upgraded or rebuilt index, and
// the first read of reviewed.md files) is taken as seen, not as news.
export const FIRST_SEEN_SCHEMA = `
ALTER TABLE checkpoints ADD COLUMN first_seen INTEGER NOT NULL DEFAULT 0;
CREATE INDEX checkpoints_seen ON checkpoints(scope, first_seen);
ALTER TABLE session_notes ADD COLUMN first_seen INTEGER NOT NULL DEFAULT 0;

CREATE TABLE verdict_lines (
	scope TEXT NOT NULL,
	line TEXT NOT NULL,
	first_seen INTEGER NOT NULL,
	PRIMARY KEY (scope, line)
) WITHOUT ROWID;

CREATE TABLE news_baseline (what TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO news_baseline (what) VALUES ('rows'), ('verdicts');
`;

// Step 8: copies and torn files per scope from an index of those few rows alone, so a scope's
// checkpoint count is two index counts, never a read of every row (activity.ts).
export const LIVE_COUNT_SCHEMA = `
CREATE INDEX checkpoints_dead ON checkpoints(scope) WHERE NOT (copy_of IS NULL AND empty = 0);
`;

// Step 9: how many notes of each session a person sees as not yet checkpointed (note-rows.ts,
// SHOWN), kept by triggers: the status bar counts every scope's notes from one row per
// session, not from every note (20,000 at 10,000 checkpoints). Rows at 0 stay; readers skip them.
// The person's notes not yet written to uncommitted.md, asked on every count, from an index of
// those few alone (not a look at each of the person's notes).
export const SHOWN_TALLY_SCHEMA = `
CREATE INDEX session_notes_unflushed ON session_notes(ts, id) WHERE own = 1 AND unflushed = 1;
CREATE TABLE session_shown (
	session TEXT PRIMARY KEY,
	n INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO session_shown (session, n)
	SELECT session, count(*) FROM session_notes WHERE present = 1 OR (own = 1 AND dismissed = 0) GROUP BY session;
CREATE TRIGGER shown_added AFTER INSERT ON session_notes
	WHEN new.present = 1 OR (new.own = 1 AND new.dismissed = 0) BEGIN
	INSERT INTO session_shown (session, n) VALUES (new.session, 1) ON CONFLICT (session) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER shown_removed AFTER DELETE ON session_notes
	WHEN old.present = 1 OR (old.own = 1 AND old.dismissed = 0) BEGIN
	UPDATE session_shown SET n = n - 1 WHERE session = old.session;
END;
CREATE TRIGGER shown_changed AFTER UPDATE OF session, present, own, dismissed ON session_notes BEGIN
	UPDATE session_shown SET n = n - 1
		WHERE session = old.session AND (old.present = 1 OR (old.own = 1 AND old.dismissed = 0));
	INSERT INTO session_shown (session, n)
		SELECT new.session, 1 WHERE new.present = 1 OR (new.own = 1 AND new.dismissed = 0)
		ON CONFLICT (session) DO UPDATE SET n = n + 1;
END;
`;

// Step 10: the name cut from the path at a stored offset (`name_at`, the characters before it),
// where step 6 found the last '/' with rtrim over a set of the path's own characters: about
// 6 µs a row in sql.js, paid on every checkpoint written (the (scope, name) index holds the
// name) and every name read outside that index, against well under 1 µs for substr
// (docs/decisions.md, "A first index at the speed of reading"). Rows are kept: the offset is
// worked out once from the old name.
export const NAME_AT_SCHEMA = `
DROP INDEX checkpoints_scope;
ALTER TABLE checkpoints ADD COLUMN name_at INTEGER NOT NULL DEFAULT 0;
UPDATE checkpoints SET name_at = length(path) - length(name);
ALTER TABLE checkpoints DROP COLUMN name;
ALTER TABLE checkpoints ADD COLUMN name TEXT GENERATED ALWAYS AS (substr(path, name_at + 1)) VIRTUAL;
CREATE INDEX checkpoints_scope ON checkpoints(scope, name);
`;

// Step 11: a row first seen at 0 (taken as seen: a first pass, an upgrade, step 7) is never news,
// so the index of first sight holds only the rows seen later. A first index of 10,000
// checkpoints writes no entry of it (one b-tree insert a row less) and the file is about
// 0.2 MB smaller; the news queries ask for `first_seen > 0` beside their time (news.ts).
export const SEEN_LATER_SCHEMA = `
DROP INDEX checkpoints_seen;
CREATE INDEX checkpoints_seen ON checkpoints(scope, first_seen) WHERE first_seen > 0;
`;

// Step 12: the working notes first seen after a moment, per session, from an index of the notes
// seen later alone (as step 11 for checkpoints): "since I last looked" counts a project's new
// notes in a look per session, not a read of every note it holds (20,000 at 10,000
// checkpoints, asked for each scope the person has looked at whenever the vault changes).
export const NOTES_SEEN_SCHEMA = `
CREATE INDEX session_notes_seen ON session_notes(session, first_seen) WHERE own = 0 AND present = 1 AND first_seen > 0;
`;
