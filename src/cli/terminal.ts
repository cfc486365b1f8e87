/** Agent-written text is untrusted: escape sequences in it must not drive the person's terminal. */

/* eslint-disable no-control-regex -- matching control characters is the point of this module */
// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), other two-byte ESC sequences.
const CSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
const OSC = /\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)?/g;
const ESC2 = /\u001b[@-_]/g;
// C0 and C1 controls except tab and newline; bidi controls (embeddings, overrides, isolates,
// marks), which reorder what the terminal shows: a name can be made to read as another.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex -- only the patterns above */

export function stripControls(text: string): string {
	return text.replace(OSC, '').replace(CSI, '').replace(ESC2, '').replace(CONTROLS, '');
}

/**
 * JSON escapes C0 controls itself but writes DEL, C1 (U+007F–U+009F) and bidi controls
 * raw, and a terminal reads U+009B as CSI and U+202E as a right-to-left override. Escaped
 * here, the output is the same JSON value.
 */
export function jsonForTerminal(value: unknown): string {
	return (JSON.stringify(value, null, 2) ?? 'null').replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
