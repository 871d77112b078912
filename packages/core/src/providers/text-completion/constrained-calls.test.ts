// A tool call that must be made, on local text-completion backends that decode under a grammar: generateTask
// sends the GBNF of the text protocol (KoboldCpp and llama.cpp `grammar`), only then (issue 11 item 3).
import {
  createEmulator,
  type Emulator,
  koboldGenerateResponse,
  llamacppCompletionResponse,
  ollamaGenerateResponse,
  type RecordedRequest,
} from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderCalls } from '../../protocols/render-calls.js';
import { createRuntime } from '../../runtime/create-runtime.js';
import type { Connection } from '../types.js';
import { toolCallGrammar } from './tool-call-grammar.js';

const rollTool = {
  name: 'roll_dice',
  description: 'Roll dice',
  parameters: { type: 'object', properties: { sides: { type: 'integer' } }, required: ['sides'] },
};
const noteTool = {
  name: 'save_note',
  description: 'Save a note',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};
const ask = [{ role: 'user' as const, content: 'Roll a d20.' }];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const connection = (
  textBackend: 'koboldcpp' | 'llamacpp' | 'ollama',
  mode: 'prompt_xml' | 'prompt_json',
): Connection => ({
  name: textBackend,
  api: 'text-completion',
  baseUrl: emulator.url,
  model: 'local-model',
  textBackend,
  instructTemplate: 'chatml',
  functionCalling: { enabled: true, mode },
});
const triggerIn = (request: RecordedRequest) =>
  /<Function_[A-Za-z0-9]{4}_Start\/>/.exec((request.body as { prompt: string }).prompt)?.[0] ?? '';

describe('grammar-constrained tool calls on local backends', () => {
  it('KoboldCpp: a named tool sends the XML protocol grammar for that tool; the call is read back', async () => {
    emulator.on('/api/v1/generate', (request) =>
      koboldGenerateResponse(
        renderCalls([{ name: 'roll_dice', args: { sides: 20 } }], 'xml', triggerIn(request)),
      ),
    );
    const result = await createRuntime({ connections: [connection('koboldcpp', 'prompt_xml')] }).generateTask(
      {
        taskMessages: ask,
        tools: [rollTool, noteTool],
        functionCallOptions: { requiredFunctionName: 'roll_dice' },
      },
    );
    expect(result.toolCalls.map((c) => [c.name, c.args])).toEqual([['roll_dice', { sides: 20 }]]);
    const sent = emulator.requests[0];
    expect((sent.body as { grammar: string }).grammar).toBe(
      toolCallGrammar({ style: 'xml', trigger: triggerIn(sent), names: ['roll_dice'] }),
    );
  });

  it('llama.cpp /completion: toolChoice required sends the JSON protocol grammar for every tool', async () => {
    emulator.on('/completion', (request) =>
      llamacppCompletionResponse(
        renderCalls([{ name: 'save_note', args: { text: 'hi' } }], 'json', triggerIn(request)),
      ),
    );
    const result = await createRuntime({ connections: [connection('llamacpp', 'prompt_json')] }).generateTask(
      {
        taskMessages: ask,
        tools: [rollTool, noteTool],
        toolChoice: 'required',
      },
    );
    expect(result.toolCalls.map((c) => c.name)).toEqual(['save_note']);
    const sent = emulator.requests[0];
    expect((sent.body as { grammar: string }).grammar).toBe(
      toolCallGrammar({ style: 'json', trigger: triggerIn(sent), names: ['roll_dice', 'save_note'] }),
    );
  });

  it('no grammar when the model may answer without a call (auto), nor on backends without one (Ollama)', async () => {
    emulator.on('/api/v1/generate', () => koboldGenerateResponse('Sure, here is a number: 17.'));
    await createRuntime({ connections: [connection('koboldcpp', 'prompt_xml')] }).generateTask({
      taskMessages: ask,
      tools: [rollTool],
    });
    expect(emulator.requests[0].body).not.toHaveProperty('grammar');

    emulator.on('/api/generate', (request) =>
      ollamaGenerateResponse(
        renderCalls([{ name: 'roll_dice', args: { sides: 6 } }], 'xml', triggerIn(request)),
      ),
    );
    const ollama = { ...connection('ollama', 'prompt_xml'), name: 'ollama' };
    const result = await createRuntime({ connections: [ollama] }).generateTask({
      taskMessages: ask,
      tools: [rollTool],
      toolChoice: 'required',
    });
    expect(result.toolCalls.map((c) => c.name)).toEqual(['roll_dice']);
    expect(emulator.requests[1].path).toBe('/api/generate');
    expect(emulator.requests[1].body).not.toHaveProperty('grammar');
  });
});
