/** Agent-written text is untrusted: escape sequences in it must not drive the person's terminal. */

/* eslint-disable no-control-regex -- matching control characters is the point of this module */
// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), other two-byte ESC sequences.
const CSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
const OSC = /\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)?/g;
const ESC2 = /\u001b[@-_]/g;
// C0 and C1 controls except tab and newline.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex -- only the patterns above */

export function stripControls(text: string): string {
	return text.replace(OSC, '').replace(CSI, '').replace(ESC2, '').replace(CONTROLS, '');
}

/**
 * JSON escapes C0 controls itself but writes DEL and C1 (U+007F–U+009F) raw, and a
 * terminal reads U+009B as CSI. Escaped here, the output is the same JSON value.
 */
export function jsonForTerminal(value: unknown): string {
	return (JSON.stringify(value, null, 2) ?? 'null').replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
