import { describe, expect, it } from 'vitest';
import { importContentType } from './import-tools';

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
});
