import { describe, expect, it } from 'vitest';
import type { Connection } from '../../api/types';
import { draftFrom } from './connection-form';
import { keyMove } from './key-origin';

const stored: Connection = {
  id: 'c1',
  name: 'main',
  api: 'openai',
  baseUrl: 'https://llm.example.com/v1',
  model: 'm',
  hasApiKey: true,
  functionCalling: { enabled: true, mode: 'auto' },
  instructTemplate: '',
  textBackend: '',
  toolCallFormat: 'auto',
  extraBody: {},
  thinking: { effort: null, budgetTokens: null, includeThoughts: null },
  promptCaching: { tools: false, system: false, history: false, ttl: '5m' },
  quirks: { profile: 'auto', omit: [] },
  vision: null,
  replyStartsInReasoning: false,
  reasoningTags: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('keyMove', () => {
  it('reports a stored key moving to another origin, the provider default or another family', () => {
    expect(keyMove(stored, { ...draftFrom(stored), baseUrl: 'http://evil.example/v1' })).toEqual({
      from: 'https://llm.example.com',
      to: 'http://evil.example',
    });
    expect(keyMove(stored, { ...draftFrom(stored), baseUrl: '' })?.to).toBe('the provider default');
    expect(keyMove(stored, { ...draftFrom(stored), api: 'anthropic' })).not.toBeNull();
  });

  it('is quiet for the same origin, a typed or cleared key, no stored key, and new connections', () => {
    expect(keyMove(stored, { ...draftFrom(stored), baseUrl: 'https://llm.example.com/v2' })).toBeNull();
    const moved = { ...draftFrom(stored), baseUrl: 'http://evil.example/v1' };
    expect(keyMove(stored, { ...moved, apiKey: 'new' })).toBeNull();
    expect(keyMove(stored, { ...moved, clearKey: true })).toBeNull();
    expect(keyMove({ ...stored, hasApiKey: false }, moved)).toBeNull();
    expect(keyMove(null, moved)).toBeNull();
  });
});
