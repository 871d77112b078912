import type { MarkerSpec } from '../marker-table.js';
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
}
