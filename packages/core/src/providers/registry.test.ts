import { describe, expect, it } from 'vitest';
import { isGenerateTaskError } from '../base/errors.js';
import { getProviderAdapter, PROVIDER_APIS } from './registry.js';

describe('getProviderAdapter', () => {
  it('maps the five families to their adapters', () => {
    expect([...PROVIDER_APIS].sort()).toEqual([
      'anthropic',
      'google',
      'openai',
      'openai-responses',
      'text-completion',
    ]);
    for (const api of PROVIDER_APIS) expect(getProviderAdapter(api).api).toBe(api);
    expect(getProviderAdapter('text-completion').nativeTools).toBe(false);
    expect(getProviderAdapter('openai').nativeTools).toBe(true);
    expect(getProviderAdapter('openai-responses').nativeTools).toBe(true);
  });

  it('answers unsupported_api for anything else, inherited names included', () => {
    for (const api of ['cohere', 'toString', '__proto__', '']) {
      try {
        getProviderAdapter(api);
        throw new Error(`expected ${api} to be refused`);
      } catch (error) {
        expect(isGenerateTaskError(error) && error.code).toBe('unsupported_api');
      }
    }
  });
});
