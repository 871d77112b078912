import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.js';

const sandbox = createSandbox({ poolSize: 1 });
afterAll(() => sandbox.close());

describe('host functions with dotted names', () => {
  it('become nested objects on ctx, next to the JSON snapshot', async () => {
    const store: Record<string, unknown> = {};
    const result = await sandbox.run({
      body: `await ctx.variables.set('hp', 7);
        return { hp: await ctx.variables.get('hp'), name: ctx.name1, keys: Object.keys(ctx.variables).sort() };`,
      args: {},
      ctx: { name1: 'Ann' },
      hostFunctions: {
        'variables.get': (name) => store[name as string] ?? null,
        'variables.set': (name, value) => {
          store[name as string] = value;
          return true;
        },
      },
    });
    expect(result).toMatchObject({ ok: true, result: { hp: 7, name: 'Ann', keys: ['get', 'set'] } });
    expect(store).toEqual({ hp: 7 });
  });

  it('"__extensions.API.method" is reached through ctx.getExtensionApi, unknown APIs give null', async () => {
    const result = await sandbox.run({
      body: `const memory = ctx.getExtensionApi('memory');
        return { found: await memory.recall('cat'), missing: ctx.getExtensionApi('nope'), raw: typeof ctx.__extensions };`,
      args: {},
      hostFunctions: { '__extensions.memory.recall': (q) => `remembered ${String(q)}` },
    });
    expect(result).toMatchObject({
      ok: true,
      result: { found: 'remembered cat', missing: null, raw: 'undefined' },
    });
  });

  it('without extension functions there is no getExtensionApi', async () => {
    const result = await sandbox.run({ body: 'return typeof ctx.getExtensionApi;', args: {}, ctx: {} });
    expect(result).toMatchObject({ ok: true, result: 'undefined' });
  });
});
