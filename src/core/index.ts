/**
 * The public surface of the logos core (docs/decisions.md §11). Pure TypeScript:
 * no `obsidian` import, no Node API, so the plugin (desktop and mobile) and the CLI share it.
 */
export * from './types';
export * from './resume-types';
export { parseCheckpoint, renderCheckpoint, isEmptyCheckpoint, emptyCheckpoint } from './checkpoint';
export { isCheckpointFile, safeName, safeScope, conflictCopyOf, isTranscriptFile, scanVault } from './layout';
export type { VaultScan, ScopeInfo } from './layout';
export { history, latest } from './history';
export { conversations, findConversation } from './conversations';
export type { Conversation, ConversationMatch } from './conversations';
export { back, forward, followsGraph, stepInConversation } from './chains';
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
} from './receipts';
export { parseUncommitted, renderUncommitted, renderNoteLine, isDeadEnd, parseRoute, notesToReappend } from './notes';
export type { OwnNote, Reappend } from './notes';
export { parseReviewed, renderVerdict, reviewKey, effectiveVerdict, undoVerdict, verdictBefore } from './reviews';
export { readCommit, verdictFor, undoFor, reviewQueue, ownCommit, COMMIT_RULE } from './review-request';
export type { NewVerdict, VerdictRequest, QueueEntry } from './review-request';
export { maskSecrets } from './secrets';
export { abandonedSessions, isQuiet, withinParallelGrace, ABANDON_AFTER, PARALLEL_GRACE, QUIET_AFTER } from './continuity';
export { guardPath, scopeFilePath, WriteRefused } from './path-guard';
export { buildVaultModel, scopeOfPath, projectOf } from './vault-model';
export type { VaultModel } from './vault-model';
export { buildResume, rulingsOf, findRuling } from './resume';
export { renderResumeMarkdown } from './resume-markdown';
export { continuityOf } from './continuity-report';
