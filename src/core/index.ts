/**
 * The public surface of the logos core (docs/decisions.md §11). Pure TypeScript:
 * no `obsidian` import, no Node API, so the plugin (desktop and mobile) and the CLI share it.
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
export { parseUncommitted, renderUncommitted, renderNoteLine, isDeadEnd, parseRoute, notesToReappend } from './format/notes';
export type { OwnNote, Reappend } from './format/notes';
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
