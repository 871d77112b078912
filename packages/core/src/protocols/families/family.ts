import type { MarkerSpec } from '../marker-table.js';
import type { ParserState } from '../parser-context.js';
import type { ToolCallFamily } from '../tool-call-formats.js';

/** How a family is being read. */
export interface FamilyMode {
  /**
   * The family was picked on the connection or is named by the model: its looser forms (bare JSON mid-line,
   * pythonic calls without brackets) count too. Otherwise only its unmistakable markers do.
   */
  preferred: boolean;
}

/** One model family's markup: the markers that open it (the states they enter live beside them). */
export interface FamilyParser {
  id: ToolCallFamily;
  markers(mode: FamilyMode): readonly MarkerSpec[];
  /**
   * The state a reply starts in where the family is preferred: the model's template wrote the start of its
   * markup at the end of the prompt (Functionary's `>>>`), or the model writes a header first (Granite 3.2's
   * thinking). It goes back to plain text when the reply starts otherwise.
   */
  replyStart?: () => ParserState;
}
