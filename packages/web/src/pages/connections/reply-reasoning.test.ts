import { describe, expect, it } from 'vitest';
import { opensThinkInTemplate } from './ReplyReasoningField';

describe('models whose template opens <think> for the reply', () => {
  it.each([
    'deepseek-ai/DeepSeek-R1-0528',
    'DeepSeek-R1-Distill-Qwen-14B',
    'deepseek-r1:32b',
    'Qwen/QwQ-32B',
    'qwq:latest',
    'Qwen/Qwen3-235B-A22B-Thinking-2507',
    'qwen3-30b-a3b-thinking-2507-q4_k_m',
    'MiniMaxAI/MiniMax-M2',
    'minimax-m2.5',
    'baidu/ERNIE-4.5-21B-A3B-Thinking',
  ])('%s', (model) => {
    expect(opensThinkInTemplate(model)).toBe(true);
  });

  it.each([
    'deepseek-chat',
    'deepseek-v3.1',
    'Qwen3-32B',
    'Qwen3-30B-A3B-Instruct-2507',
    'gpt-oss-20b',
    'MiniMax-M1-80k',
    'baidu/ERNIE-4.5-21B-A3B-PT',
    '',
  ])('%s does not', (model) => {
    expect(opensThinkInTemplate(model)).toBe(false);
  });
});
