import { describe, expect, it } from 'vitest';
import { emptyDraft } from './connection-form';
import { applyPreset, type ConnectionPreset } from './connection-presets';

const kobold: ConnectionPreset = {
  id: 'koboldcpp',
  label: 'KoboldCpp',
  api: 'text-completion',
  textBackend: 'koboldcpp',
  baseUrl: 'http://127.0.0.1:5001',
  model: '',
  functionCalling: { enabled: true, mode: 'auto' },
  apiKey: 'none',
  local: true,
  notes: '',
};

describe('applyPreset', () => {
  it('fills family, address, backend, model and mode; keeps a typed name and key', () => {
    const draft = { ...emptyDraft(), model: 'old', apiKey: 'typed', functionCallingMode: 'native' as const };
    expect(applyPreset(draft, kobold)).toMatchObject({
      name: 'KoboldCpp',
      api: 'text-completion',
      baseUrl: 'http://127.0.0.1:5001',
      textBackend: 'koboldcpp',
      model: '',
      apiKey: 'typed',
      functionCallingEnabled: true,
      functionCallingMode: 'auto',
    });
    expect(applyPreset({ ...draft, name: 'My box' }, kobold).name).toBe('My box');
    expect(
      applyPreset({ ...draft, textBackend: 'ollama' }, { ...kobold, api: 'openai', textBackend: undefined })
        .textBackend,
    ).toBe('');
  });
});
