import { describe, expect, it } from 'vitest';
import { GenerateTaskError } from '../base/errors.js';
import type { GenerateTaskOptions } from './types.js';
import { validateGenerateOptions } from './validate-options.js';

const msgs = [{ role: 'user' as const, content: 'hi' }];
const tool = { name: 'roll', description: 'Roll dice', parameters: { type: 'object', properties: {} } };

function invalidInput(options: unknown): GenerateTaskError {
  try {
    validateGenerateOptions(options as GenerateTaskOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(GenerateTaskError);
    expect((error as GenerateTaskError).code).toBe('invalid_input');
    return error as GenerateTaskError;
  }
  throw new Error('expected invalid_input');
}

describe('validateGenerateOptions', () => {
  it('rejects empty or malformed taskMessages', () => {
    expect(invalidInput({ taskMessages: [] }).message).toMatch(/taskMessages/);
    invalidInput({});
    invalidInput({ taskMessages: [{ role: 'robot', content: 'x' }] });
    invalidInput({ taskMessages: [{ role: 'user', content: 5 }] });
  });

  it('rejects tools together with jsonSchema', () => {
    expect(
      invalidInput({ taskMessages: msgs, tools: [tool], jsonSchema: { type: 'object' } }).message,
    ).toMatch(/cannot be used together/);
  });

  it('rejects custom world info without messages and unknown sources', () => {
    expect(invalidInput({ taskMessages: msgs, worldInfoSource: 'custom' }).message).toMatch(
      /customWorldInfoMessages/,
    );
    invalidInput({ taskMessages: msgs, worldInfoSource: 'custom', customWorldInfoMessages: [] });
    invalidInput({ taskMessages: msgs, worldInfoSource: 'lore' });
  });

  it('rejects unknown functionCallMode and toolChoice values', () => {
    expect(invalidInput({ taskMessages: msgs, functionCallMode: 'magic' }).details.functionCallMode).toBe(
      'magic',
    );
    invalidInput({ taskMessages: msgs, tools: [tool], toolChoice: 'any' });
    invalidInput({ taskMessages: msgs, tools: [tool], toolChoice: { name: 'missing' } });
    invalidInput({
      taskMessages: msgs,
      tools: [tool],
      functionCallOptions: { requiredFunctionName: 'missing' },
    });
    invalidInput({ taskMessages: msgs, toolChoice: 'required' });
  });

  it('rejects bad retries, protocol styles and tool lists', () => {
    invalidInput({ taskMessages: msgs, functionCallOptions: { retries: 4 } });
    invalidInput({ taskMessages: msgs, functionCallOptions: { retries: 1.5 } });
    invalidInput({ taskMessages: msgs, functionCallOptions: { protocolStyle: 'yaml' } });
    invalidInput({ taskMessages: msgs, tools: [tool, tool] });
    invalidInput({ taskMessages: msgs, tools: [{ description: 'no name' }] });
  });

  it('fills defaults and unifies the accepted spellings', () => {
    const norm = validateGenerateOptions({
      taskMessages: msgs,
      tools: [{ type: 'function', function: { name: 'roll', description: 'Roll' } }],
      toolChoice: { type: 'function', function: { name: 'roll' } },
    });
    expect(norm.tools).toEqual([
      { name: 'roll', description: 'Roll', parameters: { type: 'object', properties: {} } },
    ]);
    expect(norm.toolChoice).toEqual({ name: 'roll' });
    expect(norm.retries).toBe(1);
    expect(norm.worldInfoSource).toBe('none');
    expect(norm.substituteMacros).toBe(true);
    const required = validateGenerateOptions({
      taskMessages: msgs,
      tools: [tool],
      toolChoice: 'auto',
      functionCallOptions: { requiredFunctionName: 'roll', retries: 0 },
    });
    expect(required.toolChoice).toEqual({ name: 'roll' });
    expect(required.retries).toBe(0);
    expect(
      validateGenerateOptions({ taskMessages: msgs, runtimeWorldInfo: [{ keys: ['a'], content: 'b' }] })
        .worldInfoSource,
    ).toBe('task');
  });

  it('accepts a bare schema or a { name, schema } wrapper', () => {
    expect(
      validateGenerateOptions({ taskMessages: msgs, jsonSchema: { type: 'object' } }).jsonSchema,
    ).toEqual({
      name: 'response',
      schema: { type: 'object' },
    });
    expect(
      validateGenerateOptions({
        taskMessages: msgs,
        jsonSchema: { name: 'verdict', schema: { type: 'string' } },
      }).jsonSchema,
    ).toEqual({ name: 'verdict', schema: { type: 'string' }, strict: undefined });
  });
});
