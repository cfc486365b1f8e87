/**
 * The public surface of the logos core (docs/decisions.md §11). Pure TypeScript:
 * no `obsidian` import, no Node API, so the plugin (desktop and mobile) and the CLI share it.
 * The store, the vault adapters, the UI, the CLI and their tests import core only from here
 * (lint refuses a deeper import); core's own tests may reach inside.
 */
export * from './types';
export * from './answers/resume-types';
export { parseCheckpoint, renderCheckpoint, isEmptyCheckpoint, emptyCheckpoint } from './format/checkpoint';
export { isCheckpointFile, safeName, safeScope, conflictCopyOf, isTranscriptFile, scanVault } from './model/scan';
export type { VaultScan, ScopeInfo } from './model/scan';
export { history, latest } from './model/history';
export { conversations, findConversation } from './model/conversations';
export type { Conversation, ConversationMatch } from './model/conversations';
export { back, forward, followsGraph, stepInConversation } from './model/chains';
export {
	isPlaceholder,
	dropPlaceholders,
	nextReadsAsMoreThanOneStep,
	claimsDoneUnverified,
	decisionsWithoutReason,
	decisionKey,
	intentFor,
	intentDropped,
	promoteDecisions,
	receiptsFor,
} from './answers/receipts';
export { parseUncommitted, parseUncommittedShared, tallyNotes, tallyUncommitted, renderUncommitted, renderNoteLine, isDeadEnd, parseRoute, notesToReappend } from './format/notes';
export type { NoteTally, OwnNote, Reappend } from './format/notes';
export { parseReviewed, renderVerdict, reviewKey, effectiveVerdict, undoVerdict, verdictBefore } from './format/reviews';
export { readCommit, verdictFor, undoFor, reviewQueue, ownCommit, COMMIT_RULE } from './answers/review-request';
export type { NewVerdict, VerdictRequest, QueueEntry } from './answers/review-request';
export { maskSecrets } from './format/secrets';
export { abandonedSessions, isQuiet, withinParallelGrace, ABANDON_AFTER, PARALLEL_GRACE, QUIET_AFTER } from './answers/continuity';
export { guardPath, scopeFilePath, WriteRefused } from './format/path-guard';
export { buildVaultModel, scopeOfPath, projectOf } from './model/vault-model';
export type { VaultModel } from './model/vault-model';
export { buildResume, rulingsOf, findRuling } from './answers/resume';
export { renderResumeMarkdown } from './answers/resume-markdown';
export { RESUME_TITLES } from './answers/words';
export type { Title } from './answers/words';
export { continuityOf } from './answers/continuity-report';

// What the other layers use besides the above.
export { AUTO_CLOSED_RECORD_LABEL, sessionsCommand } from './answers/abandoned';
export { changeCount, diffCheckpoints, diffSummary, effectPhrase, fieldPhrase, fieldWord, historyKeySteps, itemPhrase, previousCheckpoint } from './answers/checkpoint-diff';
export type { CheckpointDiff, DiffItem, EffectChange, FieldChange, FieldName, ItemKind, PreviousVia } from './answers/checkpoint-diff';
export { isAbandoned, notePairs } from './answers/continuity';
export { continuityRows } from './answers/continuity-report';
export type { ContinuityRow, ScopeFacts } from './answers/continuity-report';
export { DECISION_WINDOW, decisionKeys, rulingKeys } from './answers/receipts';
export { UnknownScope, summarize } from './answers/resume';
export { buildTimeline } from './answers/timeline';
export type { Timeline, TimelineFlag, TimelineLink, TimelineMark } from './answers/timeline';
export { matchTried, triedRulings } from './answers/tried';
export type { TriedMatch, TriedRuling } from './answers/tried';
export { VERDICT_WORD, verdictPhrase, verdictTitle } from './answers/verdict-words';
export { touchedPaths, touching } from './answers/why';
export type { Mention, TouchedPath } from './answers/why';
export { mapBounded, pushAll } from './arrays';
export { runThrough, type Steps } from './steps';
export { HEADING, parseBullets } from './format/checkpoint-body';
export { noteTail } from './format/line-tail';
export { lineMap, linesFromMaps, linesFromTexts, sectionLines } from './format/lines';
export type { LineMap, LineSource } from './format/lines';
export { compareBytes, isCheckpointNameAt, stemOf } from './format/names';
export { appendNoteLine, maskNoteText, uncommittedHeader } from './format/notes';
export { PLANS_FOLDER, checkpointsOfPlans, planFor, planOrder, plansFrom, readPlan } from './format/plans';
export type { Plan } from './format/plans';
export { appendLine, lastVerdict, lastVerdictByKey, reviewedHeader } from './format/reviews';
export { MARKER } from './format/secrets';
export { MAX_TOKENS, tokenCount } from './go/yaml-budget';
export { readFrontmatter } from './go/yaml-frontmatter';
export { allConversations, chainPlace, conversationProblems, projectConversations, recordAt } from './model/chain-place';
export type { ChainPlace } from './model/chain-place';
export { branchProblems, uniqueProblems } from './model/chains';
export { newestFirst } from './model/history';
export { NOTES_FILE, checkpointFileCount, fileRole, isProjectDir, listScopes, listScopesOfFolders, newestRecord, recordsOf } from './model/scan';
export type { CachedParse, FileRole, ParseCache, ScopeListing } from './model/scan';
export { projectScopes, resumesStayHome, walkStaysHome } from './model/scope-needs';
export { buildScopeModel, combineScopeModels, mostRecentScope, scopeInfo } from './model/vault-model';
export type { ModelCache, ScopeModel } from './model/vault-model';
export { appendWithHeader, collapseSpace, foldKey, textDigest } from './strings';
