// PLaMo 3's tool-request tags beyond the family fixtures: unknown tools, calls broken off or cut inside a tag,
// the arguments streamed as they come, the end-of-turn token, and a reply without the block opener.
import { describe, expect, it } from 'vitest';
import { plamoBlock, plamoCall } from './__fixtures__/family-outputs-plamo.js';
import { FAMILY_TOOLS, PING, WEATHER } from './__fixtures__/family-render.js';
import { templateOpenReasoning } from './reasoning-tags.js';
import { createTextToolCallParser, parseToolCallsFromText } from './text-parser.js';

const MODEL = 'pfnet/plamo-3-nict-31b-base';

function read(text: string, model: string | undefined = MODEL) {
  const r = parseToolCallsFromText(text, { tools: FAMILY_TOOLS, model, createId: (i) => `id${i}` });
  return {
    content: r.content,
    reasoning: r.reasoning,
    calls: r.calls.map((c) => ({ name: c.name, args: c.args })),
    errors: r.errors.map((e) => e.kind),
  };
}

const ROCKETS = { name: 'launch_rockets', args: { n: 3 } };

describe('PLaMo 3', () => {
  it('an unknown first tool leaves the block as text', () => {
    const text = `Sure.${plamoBlock([ROCKETS, PING])}`;
    expect(read(text)).toEqual({ content: text, reasoning: '', calls: [], errors: [] });
  });

  it('an unknown later tool is an error, the calls around it are kept', () => {
    expect(read(plamoBlock([WEATHER, ROCKETS, PING]))).toEqual({
      content: '',
      reasoning: '',
      calls: [WEATHER, PING],
      errors: ['unknown_tool'],
    });
  });

  it('an unknown tool in a request without the block: text through that request only', () => {
    const text = `${plamoCall(ROCKETS)} then ${plamoCall(PING)}`;
    expect(read(text)).toEqual({
      content: `${plamoCall(ROCKETS)} then `,
      reasoning: '',
      calls: [PING],
      errors: [],
    });
  });

  it('a request without the block around it', () => {
    expect(read(`On it.${plamoCall(PING)}<|plamo:tag|>`)).toEqual({
      content: 'On it.',
      reasoning: '',
      calls: [PING],
      errors: [],
    });
  });

  it('cut inside a tag: the earlier call stays, no markup in the content', () => {
    const full = plamoBlock([PING, WEATHER]);
    const next = full.indexOf('<|plamo:begin_tool_request:plamo|>', full.indexOf('end_tool_request:'));
    // (cut at `<|pla` the tag may as well be a closing one: dropped without an error)
    for (const end of [next + 10, next + 40, full.length - 10]) {
      const r = read(full.slice(0, end));
      expect([end, r.content, r.calls]).toEqual([end, '', end > full.length - 40 ? [PING, WEATHER] : [PING]]);
      expect(r.errors).toEqual(end > full.length - 40 ? [] : ['truncated']);
    }
  });

  it('a request that breaks off in prose is an error; the prose stays', () => {
    const text = `${plamoBlock([PING]).replace('<|plamo:end_tool_requests:plamo|>', '')}<|plamo:begin_tool_request:plamo|> no more.`;
    expect(read(text)).toEqual({ content: 'no more.', reasoning: '', calls: [PING], errors: ['malformed'] });
  });

  it('streams the arguments as they come', () => {
    const p = createTextToolCallParser({ tools: FAMILY_TOOLS, model: MODEL, createId: (i) => `id${i}` });
    const deltas: string[] = [];
    for (const ch of plamoBlock([WEATHER]))
      for (const e of p.push(ch)) if (e.type === 'tool-call-delta') deltas.push(e.argsDelta);
    p.end();
    expect(deltas.length).toBeGreaterThan(3);
    expect(JSON.parse(deltas.join(''))).toEqual(WEATHER.args);
  });

  it('reasoning whose opener the template wrote, then the API form with line breaks', () => {
    const text = `Paris.<|plamo:end_think:plamo|>\n${plamoCall(WEATHER, true).replace(/\|></g, '|>\n<')}`;
    // a chat API's template opened it: the connection's "replies start inside reasoning" picks PLaMo's tag
    const openReasoning = templateOpenReasoning(MODEL, true, '');
    expect(openReasoning).toBe('<|plamo:begin_think:plamo|>');
    const r = parseToolCallsFromText(text, { tools: FAMILY_TOOLS, model: MODEL, openReasoning });
    expect([r.content, r.reasoning, r.calls.map((c) => c.args)]).toEqual(['', 'Paris.', [WEATHER.args]]);
    // not known to be open: the text before the lone closing tag stays, and is reported
    const lone = parseToolCallsFromText(text, { tools: FAMILY_TOOLS });
    expect([lone.content, lone.loneReasoningClose, lone.calls.length]).toEqual([
      'Paris.',
      '<|plamo:end_think:plamo|>',
      1,
    ]);
  });
});
