/** What a frontmatter reading gives: shared by the fast reader and the full YAML reader. */

/** One frontmatter value, untyped. Lists keep their items one level deep. */
export type FrontValue =
	| {
			kind: 'scalar';
			text: string;
			/** Plain and untagged, so go-yaml gives it a type (null, int…) by its looks. */
			typed: boolean;
	  }
	| { kind: 'list'; items: FrontValue[] }
	| { kind: 'map' };

export interface FrontEntry {
	key: string;
	value: FrontValue;
}

export interface FrontmatterRead {
	/** Top-level keys in file order (each once: a repeated key leaves no entries at all). */
	entries: FrontEntry[];
	/** Human-readable reading problems: syntax error, a repeated key, not a mapping. */
	problems: string[];
	/** The YAML could not be parsed: go-yaml then decodes nothing. */
	broken: boolean;
}
