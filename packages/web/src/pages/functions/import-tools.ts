import { request } from '../../api/client';
import type { ImportResult } from '../../api/types';

/** ZIP files go as raw bytes, anything else as JSON text (the server reads both, docs/api.md). */
export function importContentType(file: { name: string; type: string }): string {
  const zip =
    /\.zip$/i.test(file.name) ||
    file.type === 'application/zip' ||
    file.type === 'application/x-zip-compressed';
  return zip ? 'application/zip' : 'application/json';
}

export async function importToolsFile(file: File): Promise<ImportResult> {
  const response = await request('POST', '/api/tools/import', {
    body: file,
    contentType: importContentType(file),
  });
  return (await response.json()) as ImportResult;
}

const REVIEW_KEY = 'toolsmith.importReview';

/** The last import's review stays until dismissed, across visits to the editor and reloads of the tab. */
export function loadReview(): ImportResult | null {
  try {
    const raw = sessionStorage.getItem(REVIEW_KEY);
    return raw ? (JSON.parse(raw) as ImportResult) : null;
  } catch {
    return null;
  }
}

export function saveReview(result: ImportResult | null): void {
  if (result) sessionStorage.setItem(REVIEW_KEY, JSON.stringify(result));
  else sessionStorage.removeItem(REVIEW_KEY);
}
