import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('fileNameFrom', () => {
  it('reads plain and UTF-8 file names, else falls back', () => {
    expect(fileNameFrom('attachment; filename="store_hours.tool.json"', 'x.json')).toBe(
      'store_hours.tool.json',
    );
    expect(fileNameFrom('attachment; filename=tools.zip', 'x.zip')).toBe('tools.zip');
    expect(fileNameFrom('attachment; filename*=UTF-8\'\'caf%C3%A9.json; filename="cafe.json"', 'x')).toBe(
      'café.json',
    );
    expect(fileNameFrom('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.json"', 'x')).toBe(
      'plain.json',
    );
    expect(fileNameFrom('attachment', 'fallback.json')).toBe('fallback.json');
    expect(fileNameFrom(null, 'fallback.json')).toBe('fallback.json');
  });
});
