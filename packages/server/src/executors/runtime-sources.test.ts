import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage } from '../storage/sqlite/sqlite-storage.js';
import type { Storage } from '../storage/types.js';
import { makeTempDir } from '../test-support/temp-dir.js';
import { DEFAULT_BASE_URLS, loadConnections, loadPresets } from './runtime-sources.js';

describe('runtime sources from storage', () => {
  const temp = makeTempDir();
  let storage: Storage;
  beforeAll(() => {
    storage = createSqliteStorage(temp.dir);
  });
  afterAll(async () => {
    await storage.close();
    temp.remove();
  });

  it('gives the core connections with decrypted keys and default base URLs', async () => {
    await storage.connections.create({
      name: 'claude',
      api: 'anthropic',
      baseUrl: '',
      model: 'm',
      apiKey: 'key-1',
      functionCalling: { enabled: true, mode: 'native' },
      instructTemplate: '',
      textBackend: '',
    });
    await storage.connections.create({
      name: 'kobold',
      api: 'text-completion',
      baseUrl: 'http://127.0.0.1:5001',
      model: '',
      functionCalling: { enabled: false, mode: 'prompt_xml' },
      instructTemplate: 'chatml',
      textBackend: 'koboldcpp',
    });
    const connections = await loadConnections(storage);
    expect(connections).toEqual([
      {
        name: 'claude',
        api: 'anthropic',
        baseUrl: DEFAULT_BASE_URLS.anthropic,
        model: 'm',
        apiKey: 'key-1',
        functionCalling: { enabled: true, mode: 'native' },
      },
      {
        name: 'kobold',
        api: 'text-completion',
        baseUrl: 'http://127.0.0.1:5001',
        model: '',
        functionCalling: { enabled: false, mode: 'prompt_xml' },
        instructTemplate: 'chatml',
        textBackend: 'koboldcpp',
      },
    ]);
  });

  it('gives the core presets without unset values', async () => {
    await storage.presets.create({
      name: 'Precise',
      temperature: 0.2,
      topP: null,
      topK: null,
      maxTokens: 300,
      stop: [],
      frequencyPenalty: null,
      presencePenalty: 0,
      contextLength: 8192,
      minP: null,
      repetitionPenalty: 1.1,
    });
    expect(await loadPresets(storage)).toEqual([
      {
        name: 'Precise',
        temperature: 0.2,
        maxTokens: 300,
        presencePenalty: 0,
        contextLength: 8192,
        repetitionPenalty: 1.1,
      },
    ]);
  });
});
