import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../../base/errors.js';
import type { StreamEvent } from '../types.js';
import { OpenAIToolCallAccumulator, type OpenAIToolCallDeltaWire } from './tool-call-accumulator.js';

function run(chunks: OpenAIToolCallDeltaWire[][]) {
  const acc = new OpenAIToolCallAccumulator();
  const events: StreamEvent[] = [];
  // One output array per chunk, as if each chunk came in its own network read.
  for (const deltas of chunks) {
    const out: StreamEvent[] = [];
    acc.push(deltas, out);
    events.push(...out);
  }
  const beforeFinish = events.length;
  acc.finish(events);
  return { events, streamed: events.slice(0, beforeFinish), finals: events.slice(beforeFinish) };
}

describe('OpenAIToolCallAccumulator', () => {
  it('emits start once the name is known and releases arguments that came before it', () => {
    const { streamed, finals } = run([
      [{ index: 0, id: 'c1', function: { arguments: '{"a"' } }],
      [{ index: 0, function: { name: 'f' } }],
      [{ index: 0, function: { arguments: ':1}' } }],
    ]);
    expect(streamed).toEqual([
      { type: 'tool-call-start', id: 'c1', index: 0, name: 'f' },
      { type: 'tool-call-delta', id: 'c1', index: 0, argsDelta: '{"a"' },
      { type: 'tool-call-delta', id: 'c1', index: 0, argsDelta: ':1}' },
    ]);
    expect(finals).toEqual([
      { type: 'tool-call', id: 'c1', index: 0, name: 'f', args: { a: 1 }, rawArgs: '{"a":1}' },
    ]);
  });

  it('merges consecutive deltas of one call queued in the same batch, keeping interleaving order', () => {
    const acc = new OpenAIToolCallAccumulator();
    const out: StreamEvent[] = [];
    acc.push([{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x"' } }], out);
    acc.push([{ index: 0, function: { arguments: ':1' } }], out);
    acc.push([{ index: 1, id: 'b', function: { name: 'g', arguments: '{' } }], out);
    acc.push([{ index: 0, function: { arguments: '}' } }], out);
    expect(out).toEqual([
      { type: 'tool-call-start', id: 'a', index: 0, name: 'f' },
      { type: 'tool-call-delta', id: 'a', index: 0, argsDelta: '{"x":1' },
      { type: 'tool-call-start', id: 'b', index: 1, name: 'g' },
      { type: 'tool-call-delta', id: 'b', index: 1, argsDelta: '{' },
      { type: 'tool-call-delta', id: 'a', index: 0, argsDelta: '}' },
    ]);
  });

  it('never finalizes before finish(), even when the arguments already parse', () => {
    const acc = new OpenAIToolCallAccumulator();
    const events: StreamEvent[] = [];
    acc.push([{ index: 0, id: 'c', function: { name: 'f', arguments: '{"done":true}' } }], events);
    expect(events.map((e) => e.type)).toEqual(['tool-call-start', 'tool-call-delta']);
  });

  it('generates an id when the provider sends none, and uses a late provider id for the call', () => {
    const { streamed, finals } = run([
      [{ index: 0, function: { name: 'f', arguments: '{}' } }],
      [{ index: 0, id: 'late_id' }],
      [{ index: 1, function: { name: 'g' } }],
    ]);
    expect(streamed[0]).toEqual({ type: 'tool-call-start', id: 'call_0', index: 0, name: 'f' });
    expect(finals.map((e) => e.type === 'tool-call' && e.id)).toEqual(['late_id', 'call_1']);
  });

  it('treats the same index naming another tool without an id as a new call', () => {
    const { finals } = run([
      [{ index: 0, function: { name: 'f', arguments: '{"x":1}' } }],
      [{ index: 0, function: { name: 'g', arguments: '{"y":2}' } }],
    ]);
    expect(finals.map((e) => e.type === 'tool-call' && [e.name, e.args])).toEqual([
      ['f', { x: 1 }],
      ['g', { y: 2 }],
    ]);
  });

  it('treats a second name with neither id nor index as a new call, and bare fragments as the latest call', () => {
    const { finals } = run([
      [{ function: { name: 'f', arguments: '{"x":' } }],
      [{ function: { arguments: '1}' } }],
      [{ function: { name: 'f', arguments: '{"x":2}' } }],
    ]);
    expect(finals.map((e) => e.type === 'tool-call' && e.args)).toEqual([{ x: 1 }, { x: 2 }]);
  });

  it('detects cumulative snapshots and emits only the new text', () => {
    const { streamed, finals } = run([
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"t":"a' } }],
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"t":"ab' } }],
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"t":"abc"}' } }],
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"t":"abc"}' } }],
    ]);
    expect(
      streamed
        .filter((e) => e.type === 'tool-call-delta')
        .map((e) => e.type === 'tool-call-delta' && e.argsDelta),
    ).toEqual(['{"t":"a', 'b', 'c"}']);
    expect(finals).toHaveLength(1);
    expect(finals[0].type === 'tool-call' && finals[0].rawArgs).toBe('{"t":"abc"}');
  });

  it('appends ordinary fragments that merely look like the start of the text', () => {
    const { finals } = run([
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"a":' } }],
      [{ index: 0, function: { arguments: '"{\\"a\\":"' } }],
      [{ index: 0, function: { arguments: '}' } }],
    ]);
    expect(finals[0].type === 'tool-call' && finals[0].args).toEqual({ a: '{"a":' });
  });

  it('ignores deltas that carry nothing (no id, no name, no arguments) at an unknown index', () => {
    const { events } = run([
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '{}' } }],
      [{ index: 3, type: 'function', function: { arguments: '' } }],
      [{ index: 4 }],
    ]);
    expect(events.filter((e) => e.type === 'tool-call')).toHaveLength(1);
  });

  it('throws tool_call_parse for a call that never got a name, or invalid JSON; skipInvalid drops them', () => {
    const nameless = new OpenAIToolCallAccumulator();
    nameless.push([{ index: 0, id: 'c', function: { arguments: '{}' } }], []);
    try {
      nameless.finish([]);
      throw new Error('expected a failure');
    } catch (error) {
      expect(isGenerateTaskError(error) && error.code).toBe('tool_call_parse');
    }
    const broken = new OpenAIToolCallAccumulator();
    broken.push([{ index: 0, id: 'c', function: { name: 'f', arguments: '{"a":[1,' } }], []);
    const out: StreamEvent[] = [];
    broken.finish(out, { skipInvalid: true });
    expect(out).toEqual([]);
  });

  it('reassembles many small fragments exactly', () => {
    const value = 'x'.repeat(5000) + 'é🌍"\\';
    const text = JSON.stringify({ value });
    const chunks: OpenAIToolCallDeltaWire[][] = [
      [{ index: 0, id: 'c', function: { name: 'f', arguments: '' } }],
    ];
    for (let i = 0; i < text.length; i += 3)
      chunks.push([{ index: 0, function: { arguments: text.slice(i, i + 3) } }]);
    const { finals, streamed } = run(chunks);
    expect(streamed.length).toBe(1 + Math.ceil(text.length / 3));
    expect(finals[0].type === 'tool-call' && finals[0].args).toEqual({ value });
  });
});
