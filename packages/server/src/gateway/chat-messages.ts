// OpenAI Chat Completions messages → the core's canonical history, with errors naming the exact field.
import type { ChatMessage, ImagePart } from '@toolsmith/core';
import { IMAGE_MEDIA_TYPES, mediaTypeOfUrl, parseImageDataUrl } from '@toolsmith/core/internal';
import { invalidRequest } from './openai-errors.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An `image_url` part's image: a `data:` URL of a supported type, or an http(s) link the provider fetches. */
function imageOf(part: Json, param: string): ImagePart {
  const raw = isObject(part.image_url) ? part.image_url.url : part.image_url;
  if (typeof raw !== 'string' || raw === '')
    throw invalidRequest(
      'An image_url part needs image_url.url (a data: URL or an https link).',
      `${param}.image_url.url`,
    );
  if (raw.startsWith('data:')) {
    const image = parseImageDataUrl(raw);
    if (!image || !IMAGE_MEDIA_TYPES.includes(image.mediaType)) {
      throw invalidRequest(
        `An image must be a base64 data: URL of ${IMAGE_MEDIA_TYPES.join(', ')} (data:image/png;base64,...).`,
        `${param}.image_url.url`,
        'invalid_image',
      );
    }
    return image;
  }
  if (!/^https?:\/\//i.test(raw)) {
    throw invalidRequest(
      'image_url.url must be a data: URL or an http(s) link.',
      `${param}.image_url.url`,
      'invalid_image',
    );
  }
  return { mediaType: mediaTypeOfUrl(raw), url: raw };
}

/**
 * A message's content: a string, null, or a list of parts — text (and an assistant's refusal) everywhere,
 * `image_url` where `images` allows it (user and tool messages).
 */
function readContent(
  value: unknown,
  param: string,
  options: { allowNull: boolean; images: boolean },
): { text: string; images: ImagePart[] } {
  if (typeof value === 'string') return { text: value, images: [] };
  if ((value === null || value === undefined) && options.allowNull) return { text: '', images: [] };
  if (!Array.isArray(value))
    throw invalidRequest('Message content must be a string or a list of content parts.', param);
  const texts: string[] = [];
  const images: ImagePart[] = [];
  value.forEach((part, i) => {
    const partParam = `${param}[${i}]`;
    if (
      isObject(part) &&
      (part.type === 'text' || part.type === 'input_text') &&
      typeof part.text === 'string'
    )
      texts.push(part.text);
    // a refusal part in an assistant message carries text too
    else if (isObject(part) && part.type === 'refusal' && typeof part.refusal === 'string')
      texts.push(part.refusal);
    else if (isObject(part) && part.type === 'image_url') {
      if (!options.images) {
        throw invalidRequest(
          'Images go in user messages and tool results; this message takes text only.',
          partParam,
          'unsupported_content',
        );
      }
      images.push(imageOf(part, partParam));
    } else {
      const type = isObject(part) ? String(part.type) : typeof part;
      throw invalidRequest(
        `Content parts of type "${type}" are not supported by this gateway; send text or image_url parts.`,
        partParam,
        'unsupported_content',
      );
    }
  });
  return { text: texts.join(''), images };
}

function contentText(value: unknown, param: string, allowNull: boolean): string {
  return readContent(value, param, { allowNull, images: false }).text;
}

function toolArguments(value: unknown, param: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidRequest('Tool call arguments must be a JSON object encoded as a string.', param);
    }
  }
  if (!isObject(parsed)) throw invalidRequest('Tool call arguments must be a JSON object.', param);
  return parsed;
}

/** OpenAI messages → the core's canonical history. */
export function toCanonicalMessages(raw: unknown): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw invalidRequest('messages must be a non-empty list of messages.', 'messages');
  }
  const callNames = new Map<string, string>();
  return raw.map((message, i): ChatMessage => {
    const param = `messages[${i}]`;
    if (!isObject(message)) throw invalidRequest('Each message must be an object.', param);
    const role = message.role;
    switch (role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: contentText(message.content, `${param}.content`, false) };
      case 'user': {
        const { text, images } = readContent(message.content, `${param}.content`, {
          allowNull: false,
          images: true,
        });
        const user: ChatMessage = { role: 'user', content: text };
        if (typeof message.name === 'string' && message.name) user.name = message.name;
        if (images.length > 0) user.images = images;
        return user;
      }
      case 'assistant': {
        const content = contentText(message.content, `${param}.content`, true);
        const rawCalls = message.tool_calls;
        if (rawCalls === undefined || rawCalls === null) return { role: 'assistant', content };
        if (!Array.isArray(rawCalls))
          throw invalidRequest('tool_calls must be a list.', `${param}.tool_calls`);
        const toolCalls = rawCalls.map((call, j) => {
          const callParam = `${param}.tool_calls[${j}]`;
          if (!isObject(call) || !isObject(call.function) || typeof call.function.name !== 'string') {
            throw invalidRequest('Each tool call needs function.name.', callParam);
          }
          if (typeof call.id !== 'string' || call.id === '')
            throw invalidRequest('Each tool call needs an id.', `${callParam}.id`);
          callNames.set(call.id, call.function.name);
          return {
            id: call.id,
            name: call.function.name,
            args: toolArguments(call.function.arguments, `${callParam}.function.arguments`),
          };
        });
        return toolCalls.length > 0
          ? { role: 'assistant', content, toolCalls }
          : { role: 'assistant', content };
      }
      case 'tool': {
        const id = message.tool_call_id;
        if (typeof id !== 'string' || id === '')
          throw invalidRequest('A tool message needs tool_call_id.', `${param}.tool_call_id`);
        const name = callNames.get(id);
        if (name === undefined) {
          throw invalidRequest(
            `The tool message's tool_call_id "${id}" does not match a tool call of an earlier assistant message.`,
            `${param}.tool_call_id`,
          );
        }
        const { text, images } = readContent(message.content, `${param}.content`, {
          allowNull: true,
          images: true,
        });
        return images.length > 0
          ? { role: 'tool', toolCallId: id, name, content: text, images }
          : { role: 'tool', toolCallId: id, name, content: text };
      }
      default:
        throw invalidRequest(
          `Unsupported message role "${String(role)}"; use system, developer, user, assistant or tool.`,
          `${param}.role`,
        );
    }
  });
}
