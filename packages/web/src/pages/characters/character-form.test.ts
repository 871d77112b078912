import { describe, expect, it } from 'vitest';
import type { Character } from '../../api/types';
import {
  cardContentType,
  characterBody,
  draftFromCharacter,
  splitGreetings,
  splitTags,
} from './character-form';

describe('character form', () => {
  it('round-trips a character into the PATCH body', () => {
    const character = {
      id: 'c1',
      name: 'Ayla',
      description: 'A keeper.',
      personality: 'calm',
      scenario: 'storm',
      first_mes: 'Welcome.',
      mes_example: '<START>',
      system_prompt: 'Soft.',
      post_history_instructions: 'Stay.',
      creator_notes: 'notes',
      creator: 'me',
      character_version: '1.0',
      alternate_greetings: ['Hi there.\nCome in.', 'Oh!'],
      tags: ['fantasy', 'calm'],
      extensions: {},
      hasAvatar: false,
      lorebookId: 'lb1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } satisfies Character;
    const body = characterBody(draftFromCharacter(character));
    expect(body).toEqual({
      name: 'Ayla',
      description: 'A keeper.',
      personality: 'calm',
      scenario: 'storm',
      first_mes: 'Welcome.',
      mes_example: '<START>',
      system_prompt: 'Soft.',
      post_history_instructions: 'Stay.',
      creator_notes: 'notes',
      creator: 'me',
      character_version: '1.0',
      alternate_greetings: ['Hi there.\nCome in.', 'Oh!'],
      tags: ['fantasy', 'calm'],
      lorebookId: 'lb1',
    });
  });

  it('splits tags and greetings, dropping blanks', () => {
    expect(splitTags(' a, b ,, a ')).toEqual(['a', 'b']);
    expect(splitGreetings('one\ntwo\n\n  \n\nthree\n')).toEqual(['one\ntwo', 'three']);
    expect(characterBody(draftFromCharacter(null)).lorebookId).toBeNull();
  });

  it('sends PNG cards as image/png and everything else as JSON', () => {
    expect(cardContentType({ name: 'ayla.PNG', type: '' })).toBe('image/png');
    expect(cardContentType({ name: 'x', type: 'image/png' })).toBe('image/png');
    expect(cardContentType({ name: 'ayla.json', type: '' })).toBe('application/json');
  });
});
