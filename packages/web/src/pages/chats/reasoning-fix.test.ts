import { describe, expect, it } from 'vitest';
import type { Connection } from '../../api/types';
import { reasoningFix } from './reasoning-fix';

const connection = (api: Connection['api'], instructTemplate?: string | null) =>
  ({ api, instructTemplate: instructTemplate ?? null }) as Connection;

describe('the change that opens the reasoning block for a connection’s replies', () => {
  it('a chat server: the box', () => {
    expect(reasoningFix(connection('openai'))).toEqual({
      kind: 'box',
      patch: { replyStartsInReasoning: true },
    });
  });

  it('text completion: the thinking variant of the template, where one exists', () => {
    expect(reasoningFix(connection('text-completion'))).toEqual({
      kind: 'template',
      patch: { instructTemplate: 'chatml-think' },
    });
    expect(reasoningFix(connection('text-completion', 'ChatML'))).toEqual({
      kind: 'template',
      patch: { instructTemplate: 'chatml-think' },
    });
    expect(reasoningFix(connection('text-completion', 'deepseek'))).toEqual({
      kind: 'template',
      patch: { instructTemplate: 'deepseek-r1' },
    });
    expect(reasoningFix(connection('text-completion', 'deepseek-v3.2'))).toEqual({
      kind: 'template',
      patch: { instructTemplate: 'deepseek-v3.1-think' },
    });
    for (const other of ['llama3', 'gemma', 'constructor'])
      expect(reasoningFix(connection('text-completion', other))).toBeUndefined();
  });

  it('a custom template of Toolsmith sequences: the same sequences with the reply opening <think>', () => {
    const fix = reasoningFix(connection('text-completion', '{"userPrefix":"U: ","assistantPrefix":"A: "}'));
    expect(fix?.kind).toBe('custom');
    const patch = fix && 'instructTemplate' in fix.patch ? fix.patch.instructTemplate : '{}';
    expect(JSON.parse(patch)).toEqual({
      userPrefix: 'U: ',
      assistantPrefix: 'A: ',
      replyPrefix: '<think>\n',
    });
    // one that opens something already, a SillyTavern template, or broken JSON: nothing to offer
    for (const other of [
      '{"userPrefix":"U","assistantPrefix":"A","replyPrefix":"<reasoning>"}',
      '{"input_sequence":"<|user|>","output_sequence":"<|assistant|>"}',
      '{"userPrefix":',
    ])
      expect(reasoningFix(connection('text-completion', other))).toBeUndefined();
  });
});
