/**
 * Hostile HTML, images and embeds in agent text, rendered as permissively as Obsidian
 * documents and walked by the pane's allow-list: nothing that could act or fetch is left.
 */
import { agentText } from './lib/agent-text';

it('no form, style, frame, media, remote image or handler survives the pane\'s two steps', () => {
	const r = agentText(200, 23);
	expect(r.failures).toEqual([]);
	expect(r.figures).toEqual({ 'agent texts rendered': 200, 'live HTML kept in agent text': 0 });
});
