import { describe, expect, it } from 'vitest';
import { ChatGenerations } from './chat-generations.js';

describe('ChatGenerations', () => {
  it('allows one run per chat and releases it with its outcome', async () => {
    const generations = new ChatGenerations();
    const controller = generations.tryStart('c_1');
    expect(controller).toBeInstanceOf(AbortController);
    expect(generations.tryStart('c_1')).toBeUndefined();
    expect(generations.tryStart('c_2')).toBeInstanceOf(AbortController);
    expect(generations.isRunning('c_1')).toBe(true);

    const idle = generations.whenIdle('c_1');
    generations.finish('c_1', { stoppedBecause: 'completed' });
    expect(await idle).toEqual({ stoppedBecause: 'completed' });
    expect(generations.isRunning('c_1')).toBe(false);
    expect(await generations.whenIdle('c_1')).toBeUndefined();
    expect(generations.tryStart('c_1')).toBeInstanceOf(AbortController);
  });
});
