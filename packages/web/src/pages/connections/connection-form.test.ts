import { beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../api/types';
import { i18n } from '../../i18n/i18n';
import en from '../../i18n/locales/en';
import { connectionBody, connectionSummary, draftFrom, emptyDraft } from './connection-form';

// the list's summary line is worded in the UI's language
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
});

const stored: Connection = {
  id: 'c1',
  name: 'local',
  api: 'text-completion',
  baseUrl: 'http://127.0.0.1:5001',
  model: 'qwen',
  hasApiKey: true,
  functionCalling: { enabled: false, mode: 'prompt_xml' },
  instructTemplate: 'llama3',
  textBackend: 'ollama',
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

describe('connection form', () => {
  it('starts a new connection with function calling on in auto mode and no key', () => {
    const body = connectionBody({ ...emptyDraft(), name: ' main ' }, true);
    expect(body).toEqual({
      name: 'main',
      api: 'openai',
      baseUrl: '',
      model: '',
      functionCalling: { enabled: true, mode: 'auto' },
      instructTemplate: '',
      textBackend: '',
      toolCallFormat: 'auto',
      vision: null,
      replyStartsInReasoning: false,
      reasoningTags: null,
    });
    expect(body).not.toHaveProperty('apiKey');
  });

  it('vision: not set, on and off round-trip as null, true and false', () => {
    for (const [vision, choice] of [
      [null, ''],
      [true, 'on'],
      [false, 'off'],
    ] as const) {
      const draft = draftFrom({ ...stored, vision });
      expect(draft.vision).toBe(choice);
      expect(connectionBody(draft, false).vision).toBe(vision);
    }
  });

  it('replyStartsInReasoning round-trips', () => {
    for (const on of [true, false]) {
      const draft = draftFrom({ ...stored, replyStartsInReasoning: on });
      expect(draft.replyStartsInReasoning).toBe(on);
      expect(connectionBody(draft, false).replyStartsInReasoning).toBe(on);
    }
  });

  it('reasoning tags round-trip; both fields empty is none, one empty goes to the server to be named', () => {
    const tags = { open: '<reasoning>', close: '</reasoning>' };
    const draft = draftFrom({ ...stored, reasoningTags: tags });
    expect([draft.reasoningOpen, draft.reasoningClose]).toEqual(['<reasoning>', '</reasoning>']);
    expect(connectionBody(draft, false).reasoningTags).toEqual(tags);
    expect(
      connectionBody({ ...draft, reasoningOpen: ' ', reasoningClose: '' }, false).reasoningTags,
    ).toBeNull();
    expect(connectionBody({ ...draft, reasoningClose: '' }, false).reasoningTags).toEqual({
      open: '<reasoning>',
      close: '',
    });
  });

  it('never sends the stored key back: an untouched key field leaves it alone', () => {
    const draft = draftFrom(stored);
    expect(draft.apiKey).toBe('');
    expect(connectionBody(draft, false)).not.toHaveProperty('apiKey');
  });

  it('sends a typed key, and null when the user cleared the key', () => {
    expect(connectionBody({ ...draftFrom(stored), apiKey: 'sk-new' }, false).apiKey).toBe('sk-new');
    expect(connectionBody({ ...draftFrom(stored), clearKey: true }, false).apiKey).toBeNull();
    // a key typed after "Clear key" wins
    expect(connectionBody({ ...draftFrom(stored), clearKey: true, apiKey: 'sk-2' }, false).apiKey).toBe(
      'sk-2',
    );
  });

  it('keeps the text-completion settings for that family and empties them for the others', () => {
    const draft = draftFrom(stored);
    expect(connectionBody(draft, false)).toMatchObject({
      instructTemplate: 'llama3',
      textBackend: 'ollama',
      functionCalling: { enabled: false, mode: 'prompt_xml' },
    });
    expect(connectionBody({ ...draft, api: 'anthropic' }, false)).toMatchObject({
      instructTemplate: '',
      textBackend: '',
    });
  });

  it('summarises family, model and URL', () => {
    expect(connectionSummary(stored)).toBe('Text completion (local backends) · qwen · http://127.0.0.1:5001');
    expect(connectionSummary({ ...stored, api: 'openai', model: '', baseUrl: '' })).toBe(
      'OpenAI-compatible (Chat Completions) · provider default URL',
    );
  });
});
