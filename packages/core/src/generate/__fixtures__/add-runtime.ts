// A runtime over one connection with one real tool, `add` (a + b → { sum }): what the tool-loop tests call.
import type { Connection } from '../../providers/types.js';
import { createRuntime } from '../../runtime/create-runtime.js';
import { ToolRegistry } from '../../tools/registry.js';

export const ADD_PARAMS = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

export function runtimeWithAdd(connection: Connection) {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  const rt = createRuntime({ connections: [connection], registry });
  rt.registerFunctionTool({
    name: 'add',
    description: 'Add two numbers',
    parameters: ADD_PARAMS,
    action: (args) => ({ sum: (args.a as number) + (args.b as number) }),
  });
  return rt;
}
