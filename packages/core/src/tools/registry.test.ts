import { describe, expect, it } from 'vitest';
import { ToolRegistry } from './registry.js';
import type { ToolDefinition } from './types.js';

function def(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `${name} tool`,
    parameters: { type: 'object', properties: {} },
    mode: 'read',
    kind: 'static',
    staticResult: name,
    enabled: true,
    ...extra,
  };
}

function quietRegistry() {
  const warnings: string[] = [];
  const registry = new ToolRegistry({ logger: { warn: (m) => warnings.push(m) } });
  return { registry, warnings };
}

const names = async (registry: ToolRegistry, scope?: string) =>
  (await registry.toolsForModel(scope)).map((t) => t.function.name);

describe('ToolRegistry layers', () => {
  it('resolves custom → builtin → extension → bridged and never lets custom take a builtin name', () => {
    const { registry } = quietRegistry();
    registry.register(def('search', { description: 'builtin' }), { layer: 'builtin' });
    registry.register(def('weather', { description: 'extension' }), { layer: 'extension' });
    registry.register(def('weather', { description: 'bridged' }), { layer: 'bridged' });
    registry.register(def('remote', { description: 'bridged' }), { layer: 'bridged' });

    expect(registry.resolve('weather')?.definition.description).toBe('extension');
    expect(registry.resolve('remote')?.layer).toBe('bridged');

    registry.register(def('weather', { description: 'custom' }));
    expect(registry.resolve('weather')?.definition.description).toBe('custom');
    expect(registry.unregister('weather')).toBe(true);
    expect(registry.resolve('weather')?.definition.description).toBe('extension');

    expect(() => registry.register(def('search'))).toThrow('"search" is a reserved built-in tool name.');
    expect(registry.resolve('search')?.definition.description).toBe('builtin');
  });

  it('keeps a builtin in front of a custom tool registered before it, with a warning', () => {
    const { registry, warnings } = quietRegistry();
    registry.register(def('notes', { description: 'custom' }));
    registry.register(def('notes', { description: 'builtin' }), { layer: 'builtin' });
    expect(registry.resolve('notes')?.definition.description).toBe('builtin');
    expect(warnings.join('\n')).toContain('Custom tool "notes"');
  });

  it('refuses invalid custom tool names', () => {
    const { registry } = quietRegistry();
    expect(() => registry.register(def('bad-name'))).toThrow(/^Tool name must start with a letter/);
  });

  it('looks up own entries only', () => {
    const { registry } = quietRegistry();
    registry.register(def('real'));
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 42, null]) {
      expect(registry.resolve(name)).toBeUndefined();
    }
  });

  it('replaces a re-registered name with a warning', () => {
    const { registry, warnings } = quietRegistry();
    registry.register(def('a', { description: 'first' }), { layer: 'extension' });
    registry.register(def('a', { description: 'second' }), { layer: 'extension' });
    expect(registry.resolve('a')?.definition.description).toBe('second');
    expect(warnings).toEqual([
      '[ToolRegistry] A extension tool named "a" was already registered; the new definition replaces it.',
    ]);
  });

  it('lists builtin names and names in scope', () => {
    const { registry } = quietRegistry();
    registry.register(def('b1'), { layer: 'builtin' });
    registry.register(def('e1'), { layer: 'extension' });
    registry.defineScope('profile:1', { kind: 'profile' });
    registry.register(def('c1'), { scope: 'profile:1' });
    registry.register(def('c0'));
    expect(registry.builtinNames()).toEqual(['b1']);
    expect(registry.namesInScope('profile:1').sort()).toEqual(['b1', 'c0', 'c1']);
    expect(registry.namesInScope()).toEqual(['b1', 'c0']);
  });
});

describe('ToolRegistry scopes', () => {
  function scoped() {
    const { registry } = quietRegistry();
    registry.defineScope('profile:p', { kind: 'profile' });
    registry.defineScope('agent:a', { kind: 'agent', parent: 'profile:p' });
    registry.defineScope('node:n1', { kind: 'node', parent: 'agent:a' });
    registry.defineScope('node:n2', { kind: 'node', parent: 'agent:a' });
    registry.register(def('lookup'), { layer: 'builtin' });
    registry.register(def('write_note', { mode: 'write' }), { layer: 'builtin' });
    registry.register(def('off_by_default', { enabled: false }), { layer: 'extension' });
    return registry;
  }

  it('switches tools off and on per scope without deleting them, inheriting from parents', async () => {
    const registry = scoped();
    expect(await names(registry, 'node:n1')).toEqual(['lookup', 'write_note']);
    registry.setToolEnabled('profile:p', 'write_note', false);
    expect(await names(registry, 'node:n1')).toEqual(['lookup']);
    expect(await names(registry)).toEqual(['lookup', 'write_note']);
    expect(registry.resolve('write_note', 'node:n1')).toBeDefined();
    registry.setToolEnabled('profile:p', 'write_note', undefined);
    expect(await names(registry, 'node:n1')).toEqual(['lookup', 'write_note']);
  });

  it('lets a per-node override shadow the profile default, on or off', async () => {
    const registry = scoped();
    registry.setToolEnabled('profile:p', 'write_note', false);
    registry.setToolEnabled('node:n2', 'write_note', true);
    expect(await names(registry, 'node:n1')).toEqual(['lookup']);
    expect(await names(registry, 'node:n2')).toEqual(['lookup', 'write_note']);
    expect(await names(registry, 'agent:a')).toEqual(['lookup']);
    registry.setToolEnabled('agent:a', 'lookup', false);
    expect(await names(registry, 'node:n2')).toEqual(['write_note']);
  });

  it('never turns on a tool whose definition is disabled (the user switched it off)', async () => {
    const registry = scoped();
    registry.setToolEnabled('node:n1', 'off_by_default', true);
    registry.setToolEnabled('profile:p', 'off_by_default', true);
    expect(await names(registry, 'node:n1')).toEqual(['lookup', 'write_note']);
    expect(registry.isEnabled(registry.resolve('off_by_default')!, 'node:n1')).toBe(false);
    expect(registry.resolve('off_by_default', 'node:n1')).toBeDefined();
  });

  it('shows custom tools in their scope and its descendants, the nearest one winning', async () => {
    const registry = scoped();
    registry.register(def('mood', { description: 'global' }));
    registry.register(def('mood', { description: 'profile' }), { scope: 'profile:p' });
    registry.register(def('dice'), { scope: 'agent:a' });
    expect(registry.resolve('mood', 'node:n1')?.definition.description).toBe('profile');
    expect(registry.resolve('mood')?.definition.description).toBe('global');
    expect(await names(registry, 'node:n1')).toEqual(['lookup', 'write_note', 'mood', 'dice']);
    expect(await names(registry, 'profile:p')).toEqual(['lookup', 'write_note', 'mood']);
    expect(registry.resolve('dice')).toBeUndefined();
  });

  it('rejects unknown scopes and cycles', () => {
    const registry = scoped();
    expect(() => registry.defineScope('x', { parent: 'nope' })).toThrow('Unknown parent scope: nope');
    expect(() => registry.defineScope('profile:p', { parent: 'node:n1' })).toThrow(/own ancestor/);
    expect(() => registry.setToolEnabled('nope', 'lookup', true)).toThrow('Unknown tool scope: nope');
    expect(() => registry.register(def('c'), { scope: 'nope' })).toThrow('Unknown tool scope: nope');
  });

  it('re-attaches children when a scope is removed', async () => {
    const registry = scoped();
    registry.setToolEnabled('agent:a', 'lookup', false);
    registry.setToolEnabled('profile:p', 'write_note', false);
    expect(registry.scopes.remove('agent:a')).toBe(true);
    expect(registry.scopes.chain('node:n1')).toEqual(['node:n1', 'profile:p', 'global']);
    expect(await names(registry, 'node:n1')).toEqual(['lookup']);
  });
});

describe('Luker-compatible surface', () => {
  it('registers function tools from an object, with awaited shouldRegister and stealth', async () => {
    const { registry } = quietRegistry();
    let allow = false;
    registry.registerFunctionTool({
      name: 'gated',
      displayName: 'Gated',
      description: 'Only sometimes',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      action: (args) => `got ${String(args.q)}`,
      formatMessage: () => 'Working…',
      shouldRegister: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return allow;
      },
      stealth: true,
    });
    expect(await names(registry)).toEqual([]);
    allow = true;
    expect(await registry.toolsForModel()).toEqual([
      {
        type: 'function',
        function: {
          name: 'gated',
          description: 'Only sometimes',
          parameters: { type: 'object', properties: { q: { type: 'string' } } },
        },
      },
    ]);
    const tool = registry.resolve('gated')!;
    expect(tool.layer).toBe('extension');
    expect(tool.stealth).toBe(true);
    expect(tool.definition).toMatchObject({
      kind: 'native',
      mode: 'write',
      displayName: 'Gated',
      enabled: true,
    });
    expect(tool.formatMessage?.({})).toBe('Working…');
  });

  it('leaves out a tool whose shouldRegister throws, with a warning', async () => {
    const { registry, warnings } = quietRegistry();
    registry.registerFunctionTool({
      name: 'broken',
      description: 'x',
      action: () => 1,
      shouldRegister: () => {
        throw new Error('no context');
      },
    });
    registry.registerFunctionTool({ name: 'fine', description: 'y', action: () => 2 });
    expect(await names(registry)).toEqual(['fine']);
    expect(warnings[0]).toContain('shouldRegister of "broken" failed');
  });

  it('accepts the positional form and defaults parameters', async () => {
    const { registry } = quietRegistry();
    registry.registerFunctionTool('ping', 'Answers pong', undefined, () => 'pong');
    expect(await registry.toolSpecsForModel()).toEqual([
      { name: 'ping', description: 'Answers pong', parameters: { type: 'object', properties: {} } },
    ]);
  });

  it('unregisters function tools', async () => {
    const { registry, warnings } = quietRegistry();
    registry.registerFunctionTool({ name: 'temp', description: 'x', action: () => 1 });
    expect(registry.unregisterFunctionTool('temp')).toBe(true);
    expect(registry.resolve('temp')).toBeUndefined();
    expect(registry.unregisterFunctionTool('temp')).toBe(false);
    expect(warnings).toEqual(['[ToolRegistry] No function tool named "temp" is registered.']);
  });

  it('registers orchestration tools with mode and simulate', () => {
    const { registry } = quietRegistry();
    const exec = () => 'real';
    const simulate = () => 'pretend';
    registry.registerOrchestrationTool({
      name: 'save_memory',
      displayName: 'Save memory',
      description: 'Stores a fact',
      parameters: { type: 'object', properties: { fact: { type: 'string' } }, required: ['fact'] },
      exec,
      mode: 'write',
      simulate,
    });
    const tool = registry.resolve('save_memory')!;
    expect(tool.run).toBe(exec);
    expect(tool.simulate).toBe(simulate);
    expect(tool.definition).toMatchObject({ mode: 'write', kind: 'native', displayName: 'Save memory' });
  });

  it('refuses registrations without a function', () => {
    const { registry } = quietRegistry();
    expect(() => registry.registerFunctionTool({ name: 'x', description: 'x' } as never)).toThrow(/action/);
    expect(() =>
      registry.registerOrchestrationTool({ name: 'y', description: 'y', mode: 'read' } as never),
    ).toThrow(/exec/);
  });
});
