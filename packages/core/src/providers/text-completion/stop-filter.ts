/**
 * Cuts streamed text at the first stop string, whichever chunks it is split across. Text that could be
 * the start of a stop string is held back until the next chunk decides; everything else is released at
 * once. Work is linear in the input: only the held-back tail (shorter than the longest stop) is rescanned.
 */
export class StopStringFilter {
  private readonly stops: string[];
  private readonly longest: number;
  private held = '';
  private stoppedAt: string | undefined;

  constructor(stops: string[]) {
    this.stops = [...new Set(stops.filter((s) => s.length > 0))];
    this.longest = this.stops.reduce((max, s) => Math.max(max, s.length), 0);
  }

  /** the stop string that ended the text, if one did */
  get stopped(): string | undefined {
    return this.stoppedAt;
  }

  /** Feeds text; returns what can be released now. */
  push(text: string): string {
    if (this.stoppedAt !== undefined || text === '') return '';
    if (this.longest === 0) return text;
    const buffer = this.held + text;
    let cut = -1;
    for (const stop of this.stops) {
      const at = buffer.indexOf(stop);
      if (at !== -1 && (cut === -1 || at < cut)) {
        cut = at;
        this.stoppedAt = stop;
      }
    }
    if (cut !== -1) {
      this.held = '';
      return buffer.slice(0, cut);
    }
    const keep = this.partialTail(buffer);
    this.held = buffer.slice(buffer.length - keep);
    return buffer.slice(0, buffer.length - keep);
  }

  /** Releases what was held back at the end of the stream. */
  end(): string {
    const rest = this.stoppedAt === undefined ? this.held : '';
    this.held = '';
    return rest;
  }

  /** Length of the longest suffix of `buffer` that is a proper prefix of some stop string. */
  private partialTail(buffer: string): number {
    const max = Math.min(this.longest - 1, buffer.length);
    for (let len = max; len > 0; len--) {
      const tail = buffer.slice(buffer.length - len);
      for (const stop of this.stops) if (stop.length > len && stop.startsWith(tail)) return len;
    }
    return 0;
  }
}

/** Cuts a whole text at its first stop string. */
export function applyStopStrings(text: string, stops: string[]): { text: string; stopped?: string } {
  const filter = new StopStringFilter(stops);
  const out = filter.push(text) + filter.end();
  return filter.stopped === undefined ? { text: out } : { text: out, stopped: filter.stopped };
}
