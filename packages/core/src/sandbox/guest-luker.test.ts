// Luker's script API inside the sandbox: timers, the run's abort signal, eventSource, fetch through the host,
// and the stubs for fields that cannot exist here.
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox.js';
import type { SandboxRunResult } from './types.js';

const sandbox = createSandbox({ poolSize: 1, defaultTimeoutMs: 5_000 });
afterAll(() => sandbox.close());

function expectOk(r: SandboxRunResult): unknown {
  if (!r.ok) throw new Error(`expected ok, got ${r.errorCode}: ${r.error}`);
  return r.result;
}

describe('setTimeout / clearTimeout inside the sandbox', () => {
  it('runs callbacks in delay order with their extra arguments; a cleared one never runs', async () => {
    const r = await sandbox.run({
      body: `
        const seen = [];
        await new Promise((resolve) => {
          setTimeout((tag) => seen.push(tag), 30, 'late');
          const dropped = setTimeout(() => seen.push('cleared'), 10);
          setTimeout((a, b) => seen.push(a + b), 5, 'ea', 'rly');
          clearTimeout(dropped);
          setTimeout(resolve, 60);
        });
        return seen;`,
      args: {},
    });
    expect(expectOk(r)).toEqual(['early', 'late']);
  });

  it('setInterval repeats until cleared', async () => {
    const r = await sandbox.run({
      body: `let n = 0;
        await new Promise((resolve) => {
          const id = setInterval((step) => { n += step; if (n === 3) { clearInterval(id); setTimeout(resolve, 30); } }, 2, 1);
        });
        return n;`,
      args: {},
    });
    expect(expectOk(r)).toBe(3);
  });

  it('refuses text instead of a function (nothing is evaluated)', async () => {
    const r = await sandbox.run({ body: 'setTimeout("return 1", 1)', args: {} });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/setTimeout needs a function/);
  });

  it('a timer past the deadline ends in a timeout, not a hang', async () => {
    const r = await sandbox.run({
      body: 'await new Promise((r) => setTimeout(r, 60_000)); return 1',
      args: {},
      timeoutMs: 150,
    });
    expect(!r.ok && r.errorCode).toBe('timeout');
  });

  it('an error thrown by a callback is logged and does not end the run', async () => {
    const r = await sandbox.run({
      body: `setTimeout(() => { throw new Error('boom'); }, 1);
        await new Promise((r) => setTimeout(r, 20)); return 'still here'`,
      args: {},
    });
    expect(expectOk(r)).toBe('still here');
    expect(r.logs).toEqual([{ level: 'error', message: expect.stringContaining('Error: boom') }]);
  });
});

describe('ctx.__lukerRun and its abort signal', () => {
  it('mirrors ctx.__run (trace id, activated entries) and starts not aborted', async () => {
    const r = await sandbox.run({
      body: `const run = ctx.__lukerRun;
        return [run.traceId, run.activatedEntryKeys, run.aborted, run.signal.aborted, ctx.abortSignal === run.signal]`,
      args: {},
      ctx: { __run: { aborted: false, activatedEntryKeys: ['lore.3'], traceId: 'tr_1' } },
    });
    expect(expectOk(r)).toEqual(['tr_1', ['lore.3'], false, false, true]);
  });

  it('a run already aborted hands the script an aborted signal', async () => {
    const r = await sandbox.run({
      body: 'return [ctx.__lukerRun.signal.aborted, (() => { try { ctx.abortSignal.throwIfAborted(); } catch (e) { return e.name; } })()]',
      args: {},
      ctx: { __run: { aborted: true, activatedEntryKeys: [], traceId: 't' } },
    });
    expect(expectOk(r)).toEqual([true, 'AbortError']);
  });

  it('an abort while the script waits fires its listeners (and GENERATION_STOPPED) before the run ends', async () => {
    const controller = new AbortController();
    const r = await sandbox.run({
      body: `
        const { signal } = ctx.__lukerRun;
        signal.addEventListener('abort', () => console.log('abort listener, aborted=' + signal.aborted));
        ctx.eventSource.on(ctx.eventTypes.GENERATION_STOPPED, () => console.log('generation stopped'));
        await ctx.started();
        await new Promise((r) => setTimeout(r, 10_000));
        return 'not reached'`,
      args: {},
      ctx: { __run: { aborted: false, activatedEntryKeys: [], traceId: 't' } },
      signal: controller.signal,
      timeoutMs: 20_000,
      hostFunctions: {
        started: () => {
          setTimeout(() => controller.abort(), 20);
          return true;
        },
      },
    });
    expect(!r.ok && r.errorCode).toBe('aborted');
    expect(r.logs.map((l) => l.message)).toEqual(['abort listener, aborted=true', 'generation stopped']);
  });
});

describe('ctx.eventSource and ctx.eventTypes', () => {
  it('on/once/off listeners hear emit in order; emit also reaches the host', async () => {
    const sent: unknown[] = [];
    const r = await sandbox.run({
      body: `
        const heard = [];
        const off = (p) => heard.push('off:' + p.n);
        ctx.eventSource.on('tally', (p) => heard.push('on:' + p.n));
        ctx.eventSource.once('tally', (p) => heard.push('once:' + p.n));
        ctx.eventSource.on('tally', off);
        ctx.eventSource.off('tally', off);
        await ctx.eventSource.emit('tally', { n: 1 });
        await ctx.eventSource.emit('tally', { n: 2 });
        return [heard, ctx.eventTypes.MESSAGE_RECEIVED];`,
      args: {},
      hostFunctions: { 'eventSource.emit': (name, payload) => sent.push([name, payload]) },
    });
    expect(expectOk(r)).toEqual([['on:1', 'once:1', 'on:2'], 'message_received']);
    expect(sent).toEqual([
      ['tally', { n: 1 }],
      ['tally', { n: 2 }],
    ]);
  });
});

describe("Luker's fields that cannot exist here", () => {
  it('throw an error naming the field, and stay out of Object.keys(ctx)', async () => {
    const r = await sandbox.run({
      body: `const out = [];
        for (const name of ['__floorStateForNotes', '__customToolRegistry', '__memoryGraphSession']) {
          try { ctx[name]; out.push(name + ': no error'); } catch (e) { out.push(e.message); }
        }
        return [out, Object.keys(ctx).filter((k) => k.startsWith('__') && k !== '__lukerRun' && k !== '__run')];`,
      args: {},
      ctx: { chat: [] },
    });
    const [messages, keys] = expectOk(r) as [string[], string[]];
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^ctx\.__floorStateForNotes is not supported: /);
    expect(messages[1]).toMatch(/^ctx\.__customToolRegistry is not supported: /);
    expect(messages[2]).toMatch(/^ctx\.__memoryGraphSession is not supported: /);
    expect(keys).toEqual([]);
  });
});

describe('fetch inside scripts', () => {
  it('is refused with a clear message when the tool may not fetch', async () => {
    const r = await sandbox.run({
      body: 'try { await fetch("https://example.test/"); } catch (e) { return e.message; }',
      args: {},
    });
    expect(expectOk(r)).toMatch(/fetch is switched off for this tool.*Allow fetch/);
  });

  it('goes through the host function and answers Response-shaped values', async () => {
    const requests: unknown[] = [];
    const r = await sandbox.run({
      body: `
        const a = await fetch('https://api.test/items', {
          method: 'post', headers: { 'X-Key': 'k' }, body: JSON.stringify({ q: 1 }) });
        const b = await fetch('https://api.test/missing');
        return [a.ok, a.status, a.headers.get('Content-Type'), await a.json(), b.ok, b.status, await b.text()];`,
      args: {},
      hostFunctions: {
        __fetch: (url, init) => {
          requests.push([url, init]);
          return String(url).endsWith('missing')
            ? { status: 404, headers: {}, url, body: 'nope' }
            : { status: 200, headers: { 'content-type': 'application/json' }, url, body: '{"items":[1]}' };
        },
      },
    });
    expect(expectOk(r)).toEqual([true, 200, 'application/json', { items: [1] }, false, 404, 'nope']);
    expect(requests).toEqual([
      ['https://api.test/items', { method: 'POST', headers: { 'X-Key': 'k' }, body: '{"q":1}' }],
      ['https://api.test/missing', { method: 'GET', headers: {} }],
    ]);
  });

  it('an AbortController signal rejects a pending fetch with AbortError', async () => {
    const r = await sandbox.run({
      body: `const c = new AbortController();
        const pending = fetch('https://slow.test/', { signal: c.signal });
        setTimeout(() => c.abort(), 5);
        try { await pending; return 'answered'; } catch (e) { return e.name; }`,
      args: {},
      hostFunctions: {
        __fetch: () => new Promise((resolve) => setTimeout(() => resolve({ status: 200, body: '' }), 200)),
      },
    });
    expect(expectOk(r)).toBe('AbortError');
  });
});
