import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.js';
import type { SandboxRunResult } from './types.js';

// One worker: consecutive jobs use the contexts it prepared ahead, some of them before the tampering
// job ran, others while or after it ran.
const sandbox = createSandbox({ poolSize: 1, defaultTimeoutMs: 5_000 });
afterAll(() => sandbox.close());

function expectOk(r: SandboxRunResult): unknown {
  if (!r.ok) throw new Error(`expected ok, got ${r.errorCode}: ${r.error}`);
  return r.result;
}

/** Changes every kind of shared state a guest can reach, including what the prelude captured. */
const TAMPER = `
  globalThis.leak = 'secret';
  globalThis[Symbol.for('shared')] = 'secret';
  Object.prototype.polluted = 'secret';
  Object.defineProperty(Object.prototype, 'library', { get() { return { failure: () => 'Rforged' } } });
  Array.prototype.push = function () { return 'tampered' };
  JSON.stringify = () => '"forged"';
  JSON.parse = () => 'forged';
  Reflect.apply = () => 'forged';
  Promise.prototype.then = function () { return 'forged' };
  Promise.reject = () => 'forged';
  globalThis.Function = function () { throw new Error('forged Function') };
  console.log = () => {};
`;

const CHECK = `return [
  typeof globalThis.leak,
  globalThis[Symbol.for('shared')] === undefined,
  ({}).polluted === undefined,
  [].push(1),
  JSON.stringify([1]),
  typeof Function('return 1'),
  String(console.log).includes('forged'),
]`;
const CLEAN = ['undefined', true, true, 1, '[1]', 'function', false];

describe('prepared contexts', () => {
  it('never share state: jobs after a tampering job see untouched contexts', async () => {
    const tampered = await sandbox.run({ body: `${TAMPER} return 'tampered'`, args: {} });
    expect(expectOk(tampered)).toBe('tampered');
    // Back to back (contexts prepared before the tampering job), then queued together.
    for (let i = 0; i < 3; i++) expect(expectOk(await sandbox.run({ body: CHECK, args: {} }))).toEqual(CLEAN);
    const queued = await Promise.all([1, 2, 3, 4].map(() => sandbox.run({ body: CHECK, args: {} })));
    for (const r of queued) expect(expectOk(r)).toEqual(CLEAN);
    // The same worker served all of them: the contexts came from its own spares.
    expect(sandbox.stats()).toMatchObject({ started: 1, terminated: 0, retired: 0 });
  });

  it('compiles the helpers a job needs with the built-ins captured before its code ran', async () => {
    const r = await sandbox.run({
      body: `${TAMPER}
        globalThis.console.info({ a: [1, 2] }, 'x');
        const sum = await ctx.add(2, 3);
        let refused = '';
        try { await ctx.add(() => 1); } catch (e) { refused = e.message; }
        return { sum, refused }`,
      args: {},
      hostFunctions: { add: (a, b) => (a as number) + (b as number) },
    });
    expect(expectOk(r)).toEqual({
      sum: 5,
      refused: expect.stringMatching(
        /The arguments of ctx.add is not JSON-serialisable: found a function at \$\[0\]/,
      ),
    });
    expect(r.logs).toEqual([{ level: 'info', message: '{ a: [1, 2] } x' }]);
  });

  it('reports results and errors correctly after tampering', async () => {
    const notJson = await sandbox.run({ body: `${TAMPER} return { a: { f() {} } }`, args: {} });
    expect(notJson).toMatchObject({
      ok: false,
      errorCode: 'error',
      error: expect.stringMatching(/found a function at \$\.a\.f\./),
    });
    const thrown = await sandbox.run({ body: `${TAMPER} throw new RangeError('late')`, args: {} });
    expect(thrown).toMatchObject({ ok: false, error: 'RangeError: late' });
    const syntax = await sandbox.run({ body: 'return (', args: {} });
    expect(syntax).toMatchObject({ ok: false, error: expect.stringMatching(/^SyntaxError: /) });
  });
});
