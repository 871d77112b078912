import { describe, expect, it } from 'vitest';
import { importContentType, importSummary } from './import-tools';

describe('import helpers', () => {
  it('sends ZIP files as zip and everything else as JSON', () => {
    expect(importContentType({ name: 'tools.ZIP', type: '' })).toBe('application/zip');
    expect(importContentType({ name: 'export', type: 'application/x-zip-compressed' })).toBe(
      'application/zip',
    );
    expect(importContentType({ name: 'marinara-functions.json', type: 'application/json' })).toBe(
      'application/json',
    );
    expect(importContentType({ name: 'profile.txt', type: 'text/plain' })).toBe('application/json');
  });

  it('words the counts and the skipped tools', () => {
    expect(
      importSummary({
        imported: 2,
        skipped: [{ name: 'roll_dice', reason: '"roll_dice" is a reserved built-in tool name.' }],
        review: [],
      }),
    ).toEqual({
      headline: 'Imported 2 function(s).',
      skipped: ['Skipped roll_dice: "roll_dice" is a reserved built-in tool name.'],
    });
  });
});
