// Portraits of characters and personas: the file input's accepted types, the upload encoding and the URL.

/** What the server takes as a portrait (it checks the bytes themselves). */
export const PORTRAIT_TYPES = 'image/png,image/jpeg,image/webp';

/** The file's bytes as base64 (what the JSON API takes for a portrait). */
export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The portrait's URL; `updatedAt` in it makes a changed portrait a new address for the browser. */
export function portraitUrl(
  kind: 'characters' | 'personas',
  owner: { id: string; updatedAt?: string },
): string {
  return `/api/${kind}/${encodeURIComponent(owner.id)}/avatar?v=${encodeURIComponent(owner.updatedAt ?? '')}`;
}
