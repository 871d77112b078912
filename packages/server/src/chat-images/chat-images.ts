import { MAX_CHAT_IMAGES } from '@toolsmith/core/api-schema';
import { checkAvatar } from '../avatars/avatar-image.js';
import type { ImageInput } from '../storage/types.js';

/**
 * Images the user attaches to a chat message: PNG, JPEG, WebP or GIF (what every provider with image input
 * takes), at most MAX_CHAT_IMAGE_BYTES each and MAX_CHAT_IMAGES on one message, checked by their own structure
 * and stored with the type read from the bytes (never the type the client claims).
 */

export const MAX_CHAT_IMAGE_BYTES = 4 * 1024 * 1024;
export { MAX_CHAT_IMAGES };
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The generate route's body limit: the images as base64 plus room for the text. */
export const CHAT_IMAGES_BODY_LIMIT =
  MAX_CHAT_IMAGES * Math.ceil((MAX_CHAT_IMAGE_BYTES * 4) / 3 + 64) + 1_048_576;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** GIF: the signature and a logical screen with a size. */
function gifProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 13) return 'The image is damaged: the GIF ends inside its header.';
  const width = bytes[6] | (bytes[7] << 8);
  const height = bytes[8] | (bytes[9] << 8);
  return width === 0 || height === 0 ? 'The image is damaged: the GIF has no size.' : undefined;
}

/** The type of a valid chat image, or a sentence saying what is wrong with it. */
export function checkChatImage(bytes: Uint8Array): { mediaType: string } | { problem: string } {
  if (bytes.length > MAX_CHAT_IMAGE_BYTES) {
    return {
      problem: `The image is ${bytes.length} bytes; an image may be at most ${MAX_CHAT_IMAGE_BYTES} bytes (4 MiB). Send a smaller or compressed one.`,
    };
  }
  const signature = ascii(bytes, 0, 6);
  if (signature === 'GIF87a' || signature === 'GIF89a') {
    const problem = gifProblem(bytes);
    return problem ? { problem } : { mediaType: 'image/gif' };
  }
  const checked = checkAvatar(bytes);
  if ('type' in checked) return { mediaType: checked.type };
  return checked.problem.startsWith('A portrait must be')
    ? { problem: 'An image must be a PNG, JPEG, WebP or GIF file.' }
    : checked;
}

/**
 * The generate body's `images` (base64 strings, a `data:image/...;base64,` prefix is fine; the route schema
 * checked the list's shape): how many, and each one's bytes. Problems go to `add` naming the item (`images[1]`);
 * the checked images are returned.
 */
export function parseChatImages(
  value: readonly string[] | undefined,
  add: (field: string, message: string) => void,
): ImageInput[] {
  if (value === undefined) return [];
  if (value.length > MAX_CHAT_IMAGES) {
    add('images', `A message may carry at most ${MAX_CHAT_IMAGES} images; this one has ${value.length}.`);
    return [];
  }
  const images: ImageInput[] = [];
  value.forEach((item, index) => {
    const field = `images[${index}]`;
    const text = item.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
    if (text === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
      add(field, `${field} must be a PNG, JPEG, WebP or GIF image as base64 (or a data: URL).`);
      return;
    }
    const bytes = new Uint8Array(Buffer.from(text, 'base64'));
    const checked = checkChatImage(bytes);
    if ('problem' in checked) add(field, `${field}: ${checked.problem}`);
    else images.push({ mediaType: checked.mediaType, data: bytes });
  });
  return images;
}
