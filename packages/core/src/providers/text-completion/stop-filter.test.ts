import { describe, expect, it } from 'vitest';
import { applyStopStrings, StopStringFilter } from './stop-filter.js';

function feed(stops: string[], chunks: string[]) {
  const filter = new StopStringFilter(stops);
  const released = chunks.map((c) => filter.push(c));
  released.push(filter.end());
  return { released, text: released.join(''), stopped: filter.stopped };
}

describe('StopStringFilter', () => {
  it('cuts at a stop string split across chunks and drops everything after it', () => {
    const r = feed(['<|im_end|>'], ['Hello <|im', '_e', 'nd|>\n<|im_start|>user', 'more']);
    expect(r.text).toBe('Hello ');
    expect(r.stopped).toBe('<|im_end|>');
  });

  it('releases text as soon as it cannot be a stop, holding back only a possible prefix', () => {
    const r = feed(['</s>'], ['abc<', '/x', 'yz']);
    expect(r.released).toEqual(['abc', '</x', 'yz', '']);
    expect(r.stopped).toBeUndefined();
  });

  it('flushes a held-back partial stop at the end', () => {
    expect(feed(['### Instruction:'], ['answer ###']).text).toBe('answer ###');
  });

  it('takes the earliest of several stops', () => {
    expect(applyStopStrings('a[INST]b</s>', ['</s>', '[INST]'])).toEqual({ text: 'a', stopped: '[INST]' });
  });

  it('agrees with the one-shot result whatever the chunking', () => {
    const stops = ['<|eot_id|>', '<|start_header_id|>', 'STOP'];
    const text = 'x<|eot_i y <|start_header_i STO z <|eot_id|> tail';
    const expected = applyStopStrings(text, stops).text;
    for (let size = 1; size <= 12; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(feed(stops, chunks).text).toBe(expected);
    }
    expect(expected).toBe('x<|eot_i y <|start_header_i STO z ');
  });
});
