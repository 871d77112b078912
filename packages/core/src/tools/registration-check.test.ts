import { describe, expect, it } from 'vitest';
import { ToolDefinitionError } from './registration-check.js';
import { ToolRegistry } from './registry.js';
import type { ToolDefinition } from './types.js';

const quiet = { logger: { warn() {} } };
const good: ToolDefinition = {
  name: 'lookup',
  description: 'Look a word up.',
  parameters: { type: 'object', properties: { word: { type: 'string' } } },
  mode: 'read',
  kind: 'native',
  enabled: true,
};

describe('ToolRegistry.register checks the definition', () => {
  it('refuses a broken definition with every field named, and keeps nothing', () => {
    const registry = new ToolRegistry(quiet);
    const broken = { ...good, description: 5, parameters: { type: 'array' }, mode: 'maybe', kind: 'magic' };
    let thrown: unknown;
    try {
      registry.register(broken as unknown as ToolDefinition, { layer: 'extension' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolDefinitionError);
    const error = thrown as ToolDefinitionError;
    expect(error.errors.map((e) => e.field)).toEqual(['description', 'parameters', 'mode', 'kind']);
    expect(error.message).toMatch(
      /^Tool "lookup" cannot be registered: description: Description must be a string\./,
    );
    expect(error.message).toContain(
      'parameters: Parameters must be a JSON Schema object with "type": "object"',
    );
    expect(registry.resolve('lookup')).toBeUndefined();
  });

  it('refuses a function tool with a non-object parameters schema', () => {
    const registry = new ToolRegistry(quiet);
    expect(() =>
      registry.registerFunctionTool({
        name: 'roll',
        description: 'Roll.',
        parameters: { type: 'string' },
        action: () => 1,
      }),
    ).toThrow(ToolDefinitionError);
    expect(registry.resolve('roll')).toBeUndefined();
  });

  it('accepts a good definition, no parameters, and the `{}` schema Marinara and Luker write', () => {
    const registry = new ToolRegistry(quiet);
    expect(registry.register(good, { layer: 'extension' }).definition.name).toBe('lookup');
    expect(
      registry.registerFunctionTool({ name: 'ping', description: 'Ping.', action: () => 'pong' }),
    ).toBeTruthy();
    expect(
      registry.registerOrchestrationTool({
        name: 'noop',
        description: 'Nothing.',
        parameters: {},
        mode: 'read',
        exec: () => null,
      }),
    ).toBeTruthy();
  });
});
