// The scripted provider adapter of @toolsmith/core/test drives the real runtime: the tool loop runs the
// registry's tool with the arguments the script asked for and feeds the result back.
import { createRuntime, ToolRegistry } from '@toolsmith/core';
import { mockConnection, mockProviderAdapter } from '@toolsmith/core/test';
import { describe, expect, it } from 'vitest';

describe('mockProviderAdapter', () => {
  it('answers the tool loop from its script and records every request', async () => {
    const registry = new ToolRegistry();
    registry.registerFunctionTool({
      name: 'roll_dice',
      description: 'Roll one die.',
      parameters: { type: 'object', properties: { sides: { type: 'integer' } }, required: ['sides'] },
      action: ({ sides }) => ({ roll: Number(sides) }),
    });
    const adapter = mockProviderAdapter({
      turns: [{ toolCalls: [{ name: 'roll_dice', args: { sides: 20 } }] }, { text: 'You rolled 20.' }],
    });
    const runtime = createRuntime({
      connections: [mockConnection()],
      adapters: { openai: adapter },
      registry,
    });
    const result = await runtime.runToolLoop({ taskMessages: [{ role: 'user', content: 'Roll a d20.' }] });
    expect(result.finalText).toBe('You rolled 20.');
    expect(result.trace).toMatchObject([{ name: 'roll_dice', ok: true, result: { roll: 20 } }]);
    expect(adapter.requests).toHaveLength(2);
    expect(adapter.requests[0].tools?.map((t) => t.name)).toEqual(['roll_dice']);
    expect(adapter.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', name: 'roll_dice' });
  });

  it('says so when the runtime asks for more turns than were scripted', async () => {
    const adapter = mockProviderAdapter({ turns: [] });
    const runtime = createRuntime({ connections: [mockConnection()], adapters: { openai: adapter } });
    await expect(runtime.generateTask({ taskMessages: [{ role: 'user', content: 'Hi' }] })).rejects.toThrow(
      /request 1 has no scripted turn \(0 scripted\)/,
    );
  });
});
