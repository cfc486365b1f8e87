// Fixed zone so that anything rendered in local time is the same on every machine.
process.env.TZ = 'America/Los_Angeles';

// jsdom leaves out TextEncoder / TextDecoder, which Obsidian's desktop and mobile webviews have.
import { TextDecoder, TextEncoder } from 'node:util';
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
