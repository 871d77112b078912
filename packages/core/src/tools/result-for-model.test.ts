import { describe, expect, it } from 'vitest';
import { toolResultContent, toolResultForModel } from './result-for-model.js';

describe('toolResultForModel', () => {
  it('passes results through', () => {
    expect(toolResultForModel({ ok: true, result: { total: 7 }, durationMs: 1 })).toEqual({ total: 7 });
    expect(toolResultForModel({ ok: true, result: 'OK', durationMs: 1 })).toBe('OK');
  });

  it('gives failures the { ok: false, error, code, hint } shape', () => {
    expect(
      toolResultForModel({
        ok: false,
        error: {
          code: 'invalid_arguments',
          message: 'Invalid arguments for x: bad.',
          hint: 'Fix it.',
          details: [1],
        },
        durationMs: 2,
      }),
    ).toEqual({
      ok: false,
      error: 'Invalid arguments for x: bad.',
      code: 'invalid_arguments',
      hint: 'Fix it.',
    });
    expect(
      toolResultForModel({
        ok: false,
        error: { code: 'tool_error', message: 'Tool x failed: y' },
        durationMs: 2,
      }),
    ).toEqual({ ok: false, error: 'Tool x failed: y', code: 'tool_error' });
  });
});

describe('toolResultContent', () => {
  it('keeps strings and serialises everything else', () => {
    expect(toolResultContent({ ok: true, result: 'plain', durationMs: 0 })).toBe('plain');
    expect(toolResultContent({ ok: true, result: { a: [1, 2n] }, durationMs: 0 })).toBe('{"a":[1,"2"]}');
    expect(toolResultContent({ ok: true, result: undefined, durationMs: 0 })).toBe('null');
    expect(
      JSON.parse(
        toolResultContent({
          ok: false,
          error: { code: 'unknown_tool', message: 'Unknown tool: q' },
          durationMs: 0,
        }),
      ),
    ).toEqual({ ok: false, error: 'Unknown tool: q', code: 'unknown_tool' });
  });

  it('survives circular results', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(JSON.parse(toolResultContent({ ok: true, result: loop, durationMs: 0 }))).toMatchObject({
      ok: false,
      code: 'tool_error',
    });
  });
});
