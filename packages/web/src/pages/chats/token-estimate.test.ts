import { describe, expect, it } from 'vitest';
import { estimatePromptTokens, estimateTokens } from './token-estimate';

describe('token estimate', () => {
  it('counts about four characters per token in spaced scripts', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('hello world!')).toBe(3);
  });

  it('counts one token per Han, kana or Hangul character', () => {
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('東京 tower')).toBe(2 + 2);
  });

  it('adds each message and the draft, with a little framing per message', () => {
    expect(estimatePromptTokens([{ content: 'abcd' }, { content: 'abcdefgh' }], 'abcd')).toBe(1 + 5 + 6);
  });
});
