// Route schemas of a chat's generation (docs/api.md, "Chats" and "Running generations and tool approval"): the
// generate body, the running generation's state, Stop, and the answer to a tool approval. The rules that need the
// stored chat (what a mode needs, the images' bytes, how many there are) are the route's.

import { type Static, Type } from 'typebox';
import { errorResponses, IdParams, JsonObject } from './common.js';
import { MAX_MESSAGE_CHARS } from './messages.js';

/** What a generate call does: answer a new message, another swipe, more of the last answer, or answer again. */
export const GENERATION_MODES = ['send', 'regenerate', 'continue', 'retry'] as const;
export type GenerationMode = (typeof GENERATION_MODES)[number];

/** The most images one message may carry. */
export const MAX_CHAT_IMAGES = 4;

/** POST /api/chats/:id/generate: `{ content, images? }` sends a message; `{ mode }` answers the history again. */
export const GenerateBody = Type.Object(
  {
    /** send: the new message (may be empty when images are attached) */
    content: Type.Optional(
      Type.String({
        maxLength: MAX_MESSAGE_CHARS,
        'x-message': `content must be the message text, at most ${MAX_MESSAGE_CHARS} characters (not empty unless images are attached).`,
      }),
    ),
    /** default send */
    mode: Type.Optional(
      Type.Enum(GENERATION_MODES, {
        'x-message': `mode must be one of: ${GENERATION_MODES.join(', ')} (default send).`,
      }),
    ),
    /** send: PNG, JPEG, WebP or GIF images as base64 (a `data:image/...;base64,` prefix is fine) */
    images: Type.Optional(
      Type.Array(
        Type.String({
          'x-message': 'Each image must be a PNG, JPEG, WebP or GIF image as base64 (or a data: URL).',
        }),
        {
          'x-message': `images must be an array of at most ${MAX_CHAT_IMAGES} images, each base64 (data: URLs are fine).`,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;

/** A write tool call waiting for the user's Allow / Deny. */
export const PendingApproval = Type.Object({
  id: Type.String(),
  name: Type.String(),
  args: JsonObject,
  /** ISO time when it counts as denied */
  expiresAt: Type.String(),
});
export type PendingApproval = Static<typeof PendingApproval>;

/** GET /api/chats/:id/generation */
export const GenerationState = Type.Object({
  running: Type.Boolean(),
  pendingApprovals: Type.Array(PendingApproval),
});
export type GenerationState = Static<typeof GenerationState>;

/** POST /api/chats/:id/tool-approvals/:callId */
export const ToolApprovalBody = Type.Object({
  allow: Type.Boolean({ 'x-message': 'allow must be true (run the tool) or false (do not run it).' }),
});
export type ToolApprovalBody = Static<typeof ToolApprovalBody>;

export const ToolApprovalAnswer = Type.Object({
  id: Type.String(),
  decision: Type.Union([Type.Literal('allowed'), Type.Literal('denied')]),
});
export type ToolApprovalAnswer = Static<typeof ToolApprovalAnswer>;

const tags = ['chats'];
export const generateRouteSchemas = {
  /** answered as `text/event-stream` once it starts; JSON errors before that */
  generate: {
    tags,
    params: IdParams,
    body: GenerateBody,
    response: { ...errorResponses, 413: errorResponses[400] },
  },
  state: { tags, params: IdParams, response: { 200: GenerationState, ...errorResponses } },
  events: { tags, params: IdParams },
  stop: {
    tags,
    params: IdParams,
    response: { 202: Type.Object({ stopping: Type.Literal(true) }), ...errorResponses },
  },
  approval: {
    tags,
    params: Type.Object({ id: Type.String(), callId: Type.String() }),
    body: ToolApprovalBody,
    response: { 200: ToolApprovalAnswer, ...errorResponses },
  },
} as const;
