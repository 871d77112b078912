import { describe, expect, it } from 'vitest';
import type { Connection } from '../../api/types';
import { reasoningFix } from './reasoning-fix';

const connection = (api: Connection['api'], instructTemplate?: string | null) =>
  ({ api, instructTemplate: instructTemplate ?? null }) as Connection;

describe('the change that opens the reasoning block for a connection’s replies', () => {
  it('a chat server: the box', () => {
    expect(reasoningFix(connection('openai'))).toEqual({ replyStartsInReasoning: true });
  });

  it('text completion: the thinking variant of the template, where one exists', () => {
    expect(reasoningFix(connection('text-completion'))).toEqual({ instructTemplate: 'chatml-think' });
    expect(reasoningFix(connection('text-completion', 'ChatML'))).toEqual({
      instructTemplate: 'chatml-think',
    });
    expect(reasoningFix(connection('text-completion', 'deepseek'))).toEqual({
      instructTemplate: 'deepseek-r1',
    });
    expect(reasoningFix(connection('text-completion', 'deepseek-v3.2'))).toEqual({
      instructTemplate: 'deepseek-v3.1-think',
    });
    for (const other of ['llama3', 'gemma', '{"userPrefix":"U","assistantPrefix":"A"}', 'constructor'])
      expect(reasoningFix(connection('text-completion', other))).toBeUndefined();
  });
});
