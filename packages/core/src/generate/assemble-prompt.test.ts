import { describe, expect, it } from 'vitest';
import { assemblePrompt } from './assemble-prompt.js';
import type { GenerateContext, GenerateTaskOptions } from './types.js';
import { validateGenerateOptions } from './validate-options.js';

const ctx: GenerateContext = {
  connections: [],
  characters: [
    { name: 'Seraphina', description: 'A forest guardian who watches {{user}}.', scenario: 'A glade.' },
  ],
  persona: { name: 'Ann', description: 'A lost traveller' },
  chat: {
    id: 'c1',
    characterName: 'Seraphina',
    messages: [
      { role: 'user', content: 'Tell me about the castle' },
      { role: 'assistant', content: 'It is old.' },
    ],
    variables: { mood: 'calm' },
  },
  worldInfo: () => [
    { uid: 'castle', keys: ['castle'], content: 'The castle of {{char}} has three towers.' },
    { uid: 'forest', keys: ['forest'], content: 'The forest is dark.', position: 'after' },
    { uid: 'always', keys: [], constant: true, content: 'Magic exists.', order: 1 },
  ],
};

async function assemble(options: GenerateTaskOptions, context: GenerateContext = ctx) {
  return assemblePrompt(context, options, validateGenerateOptions(options));
}

describe('assemblePrompt', () => {
  it('substitutes macros in task messages, leaving tool results alone', async () => {
    const { messages } = await assemble({
      taskMessages: [
        { role: 'system', content: 'You help {{user}} ({{persona}}). Mood: {{getvar::mood}}' },
        { role: 'user', content: 'Hi {{char}}{{setvar::mood::angry}}' },
        { role: 'tool', toolCallId: 't1', name: 'x', content: '{{user}}' },
      ],
      includeCharacterCard: false,
    });
    expect(messages).toEqual([
      { role: 'system', content: 'You help Ann (A lost traveller). Mood: calm' },
      { role: 'user', content: 'Hi Seraphina' },
      { role: 'tool', toolCallId: 't1', name: 'x', content: '{{user}}' },
    ]);
  });

  it('can turn macro substitution off', async () => {
    const { messages } = await assemble({
      taskMessages: [{ role: 'user', content: '{{user}}' }],
      substituteMacros: false,
      includeCharacterCard: false,
    });
    expect(messages[0].content).toBe('{{user}}');
  });

  it('merges the system prompt, world info and the character card in order', async () => {
    const { messages, worldInfo } = await assemble({
      taskMessages: [
        { role: 'system', content: 'Main prompt.' },
        { role: 'user', content: 'We walk into the forest toward the castle.' },
      ],
      includeCharacterCard: true,
      worldInfoSource: 'task',
    });
    expect(messages[0]).toEqual({
      role: 'system',
      content: [
        'Main prompt.',
        'Magic exists.\nThe castle of Seraphina has three towers.',
        '[Character: Seraphina]\nA forest guardian who watches Ann.\nScenario: A glade.',
        'The forest is dark.',
      ].join('\n\n'),
    });
    expect(messages).toHaveLength(2);
    expect(worldInfo?.source).toBe('task');
    expect(worldInfo?.trace.filter((t) => t.activated).map((t) => t.entry.uid)).toEqual([
      'castle',
      'forest',
      'always',
    ]);
  });

  it('scans the chat, or custom messages, and adds runtime entries', async () => {
    const chat = await assemble({
      taskMessages: [{ role: 'user', content: 'Summarize.' }],
      worldInfoSource: 'chat',
      includeCharacterCard: false,
    });
    expect(chat.messages[0]).toEqual({
      role: 'system',
      content: 'Magic exists.\nThe castle of Seraphina has three towers.',
    });
    const custom = await assemble({
      taskMessages: [{ role: 'user', content: 'Summarize.' }],
      worldInfoSource: 'custom',
      includeCharacterCard: false,
      customWorldInfoMessages: [{ content: 'a dragon in the forest' }],
      runtimeWorldInfo: [{ uid: 'dragon', keys: ['/drag(on|ons)/i'], content: 'Dragons sleep.' }],
    });
    expect(custom.messages[0].content).toBe('Magic exists.\nDragons sleep.\n\nThe forest is dark.');
  });

  it('reuses the chat activation unless told to resimulate', async () => {
    const cached = {
      activated: [],
      before: [
        {
          entry: { keys: [], content: 'cached entry' },
          position: 'before' as const,
          reason: { kind: 'constant' as const },
        },
      ],
      after: [],
      trace: [],
    };
    const context = { ...ctx, chat: { ...(ctx.chat as object), lastWorldInfoActivation: cached } };
    const reused = await assemble(
      {
        taskMessages: [{ role: 'user', content: 'x' }],
        worldInfoSource: 'chat',
        includeCharacterCard: false,
      },
      context,
    );
    expect(reused.messages[0].content).toBe('cached entry');
    expect(reused.worldInfo?.reused).toBe(true);
    const fresh = await assemble(
      {
        taskMessages: [{ role: 'user', content: 'x' }],
        worldInfoSource: 'chat',
        forceWorldInfoResimulate: true,
      },
      context,
    );
    expect(fresh.messages[0].content).toContain('three towers');
    expect(fresh.worldInfo?.reused).toBe(false);
  });

  it('adds nothing when world info is off and the card is left out', async () => {
    const { messages, worldInfo } = await assemble({
      taskMessages: [{ role: 'user', content: 'castle' }],
      includeCharacterCard: false,
    });
    expect(messages).toEqual([{ role: 'user', content: 'castle' }]);
    expect(worldInfo).toBeUndefined();
  });
});
