/**
 * The mocks' classes typed as Obsidian's own, so host code speaks Obsidian's API to them
 * (instanceof, constructors, statics). Mock-only members (`…__`) are reached through the
 * mocks' types where a shim needs them.
 */
import type * as O from 'obsidian';
import * as mocks from 'obsidian-test-mocks/obsidian';

export const TFile = mocks.TFile as unknown as typeof O.TFile;
export const TFolder = mocks.TFolder as unknown as typeof O.TFolder;
export const FileView = mocks.FileView as unknown as typeof O.FileView;
export const ItemView = mocks.ItemView as unknown as typeof O.ItemView;
export const MarkdownView = mocks.MarkdownView as unknown as typeof O.MarkdownView;
export const Component = mocks.Component as unknown as typeof O.Component;
export const Keymap = mocks.Keymap as unknown as typeof O.Keymap;
