// What every provider adapter test does with a stream: collect its events, expect it to fail with a
// GenerateTaskError (keeping what came before), and read the text, reasoning, calls and finish out of it.
import { type GenerateTaskError, isGenerateTaskError } from '../../base/errors.js';
import type { ProviderAdapter, ProviderRequest, StreamEvent } from '../types.js';

export async function collectEvents(
  adapter: ProviderAdapter,
  request: ProviderRequest,
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of adapter.send(request)) events.push(event);
  return events;
}

/** The GenerateTaskError the request ends in, and the events seen before it; throws when it succeeds. */
export async function adapterFailure(
  adapter: ProviderAdapter,
  request: ProviderRequest,
): Promise<{ error: GenerateTaskError; seen: StreamEvent[] }> {
  const seen: StreamEvent[] = [];
  try {
    for await (const event of adapter.send(request)) seen.push(event);
  } catch (error) {
    if (isGenerateTaskError(error)) return { error, seen };
    throw error;
  }
  throw new Error('expected a failure');
}

export const textOf = (events: StreamEvent[]) =>
  events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');

export const reasoningOf = (events: StreamEvent[]) =>
  events.map((e) => (e.type === 'reasoning-delta' ? e.text : '')).join('');

export const toolCallsOf = (events: StreamEvent[]) =>
  events.filter((e): e is Extract<StreamEvent, { type: 'tool-call' }> => e.type === 'tool-call');

/** The last event, which must be the finish. */
export const finishOf = (events: StreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'finish')
    throw new Error(`the stream ended with ${last?.type ?? 'nothing'}, not finish`);
  return last;
};
