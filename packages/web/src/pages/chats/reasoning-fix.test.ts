import { describe, expect, it } from 'vitest';
import type { Connection } from '../../api/types';
import { reasoningFix } from './reasoning-fix';

const connection = (api: Connection['api'], instructTemplate?: string | null, model = 'm') =>
  ({ api, instructTemplate: instructTemplate ?? null, model }) as Connection;

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

  it("text completion left on ChatML: the model's own template where its name points to one that opens <think>", () => {
    for (const [model, template] of [
      ['DeepSeek-R1-Distill-Qwen-14B', 'deepseek-r1'],
      ['MiniMax-M2-Q3_K_M', 'minimax-m2'],
      ['GLM-4.7-Flash', 'glm-4.7'],
      ['QwQ-32B', 'chatml-think'],
    ])
      expect(reasoningFix(connection('text-completion', '', model))).toEqual({
        kind: 'template',
        patch: { instructTemplate: template },
      });
    // a family whose template does not open it, or a template chosen on purpose: as before
    expect(reasoningFix(connection('text-completion', '', 'Llama-3.1-8B'))?.patch).toEqual({
      instructTemplate: 'chatml-think',
    });
    expect(
      reasoningFix(connection('text-completion', 'chatml', 'DeepSeek-R1-Distill-Qwen-14B'))?.patch,
    ).toEqual({
      instructTemplate: 'chatml-think',
    });
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
