import type { ChatMessage, ImagePart, ProviderRequest } from './types.js';

/** The media types every provider with image input accepts. */
export const IMAGE_MEDIA_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** `data:` URL for inline bytes, else the image's own URL (OpenAI `image_url`, Responses `input_image`). */
export function imageUrl(image: ImagePart): string {
  return image.data !== undefined ? `data:${image.mediaType};base64,${image.data}` : (image.url ?? '');
}

/** Reads `data:image/png;base64,…`; anything else is undefined. */
export function parseImageDataUrl(url: string): ImagePart | undefined {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { mediaType: match[1].toLowerCase(), data: match[2].replace(/\s+/g, '') };
}

/** The media type an image URL's file name suggests (providers that need one); JPEG when it says nothing. */
export function mediaTypeOfUrl(url: string): string {
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (path.endsWith('.png')) return 'image/png';
  if (path.endsWith('.webp')) return 'image/webp';
  if (path.endsWith('.gif')) return 'image/gif';
  return 'image/jpeg';
}

function sizeOf(image: ImagePart): string {
  if (image.data === undefined) return image.url ?? '';
  const padding = image.data.endsWith('==') ? 2 : image.data.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((image.data.length * 3) / 4) - padding;
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The text that stands in for an image the model cannot see, saying so (never the bytes). */
export function imageNote(image: ImagePart, reason: string): string {
  return `[An image (${image.mediaType}, ${sizeOf(image)}) was attached here but not shown: ${reason}]`;
}

/** A message's text with notes for its images appended. */
export function withImageNotes(content: string, images: ImagePart[], reason: string): string {
  const notes = images.map((image) => imageNote(image, reason));
  return [content, ...notes].filter((part) => part !== '').join('\n');
}

export const TEXT_ONLY_REASON = 'this model takes text only.';

/**
 * The history as the model may see it: on a connection marked text-only (`vision: false`), or where the wire
 * format cannot carry an image (`keep` says no), each image becomes a note in its message's text.
 */
export function imagesForModel(
  messages: ChatMessage[],
  options: { vision?: boolean; keep?: (image: ImagePart) => boolean; reason?: string } = {},
): ChatMessage[] {
  const textOnly = options.vision === false;
  if (!messages.some((m) => (m.role === 'user' || m.role === 'tool') && m.images?.length)) return messages;
  return messages.map((message) => {
    if ((message.role !== 'user' && message.role !== 'tool') || !message.images?.length) return message;
    const kept = textOnly ? [] : message.images.filter((image) => options.keep?.(image) ?? true);
    if (kept.length === message.images.length) return message;
    const dropped = message.images.filter((image) => !kept.includes(image));
    const reason = textOnly ? TEXT_ONLY_REASON : (options.reason ?? TEXT_ONLY_REASON);
    const { images: _images, ...rest } = message;
    const out = { ...rest, content: withImageNotes(message.content, dropped, reason) } as ChatMessage;
    if (kept.length > 0) (out as { images?: ImagePart[] }).images = kept;
    return out;
  });
}

/** The request's history with images noted away when its connection is text-only. */
export function requestMessages(request: ProviderRequest): ChatMessage[] {
  return imagesForModel(request.messages, { vision: request.connection.vision });
}
