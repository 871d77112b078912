// Route schemas of a chat's stored messages (docs/api.md, "Messages"): list, edit, delete, choose a swipe. The
// rules that need the stored message (a message of yours cannot be empty, the swipe's range, 409 while the
// chat generates) are the route's.

import { type Static, Type } from 'typebox';
import { errorResponses, IdParams } from './common.js';
import { nullable } from './nullable.js';

/** The longest message text a request may carry. */
export const MAX_MESSAGE_CHARS = 200_000;

const MSG_CONTENT = `content must be text of at most ${MAX_MESSAGE_CHARS} characters.`;

/** A tool call of an answer and how it went. */
export const ToolInvocationResource = Type.Object({
  id: Type.String(),
  callId: Type.String(),
  name: Type.String(),
  args: Type.Optional(Type.Unknown()),
  ok: Type.Boolean(),
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.Unknown()),
  durationMs: Type.Number(),
  /** a write tool in simulation: its simulate body ran, nothing was written */
  simulated: Type.Boolean(),
});
export type ToolInvocationResource = Static<typeof ToolInvocationResource>;

/** An image stored with a user's message (its bytes at /api/chats/:id/messages/:messageId/images/:imageId). */
export const MessageImageResource = Type.Object({
  id: Type.String(),
  mediaType: Type.String(),
  bytes: Type.Number(),
});
export type MessageImageResource = Static<typeof MessageImageResource>;

/** A chat message as the API answers it. */
export const MessageResource = Type.Object({
  id: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
  reasoning: Type.String(),
  createdAt: Type.String(),
  /** when the user last edited it */
  editedAt: nullable(Type.String()),
  toolInvocations: Type.Array(ToolInvocationResource),
  /** answers: every round of one answer shares its reply id; a reply has one or more swipes */
  replyId: nullable(Type.String()),
  swipe: nullable(Type.Object({ index: Type.Integer(), count: Type.Integer() })),
  characterId: nullable(Type.String()),
  personaId: nullable(Type.String()),
  /** the author's name when it was written ('' = "You" / "Assistant") */
  name: Type.String(),
  /** an answer cut short (its text so far kept): stopped by the user, or ended by an error */
  interrupted: nullable(
    Type.Object({
      reason: Type.Union([Type.Literal('stopped'), Type.Literal('error')]),
      code: Type.Optional(Type.String()),
      message: Type.Optional(Type.String()),
    }),
  ),
  /** user messages: attached images (bytes at /api/chats/:id/messages/:messageId/images/:imageId) */
  images: Type.Array(MessageImageResource),
});
export type MessageResource = Static<typeof MessageResource>;

export const MessageList = Type.Object({ messages: Type.Array(MessageResource) });
export type MessageList = Static<typeof MessageList>;

/** PATCH /api/chats/:id/messages/:messageId: only the text can change. */
export const MessagePatchBody = Type.Object(
  {
    content: Type.String({
      maxLength: MAX_MESSAGE_CHARS,
      'x-message': MSG_CONTENT,
      'x-missing': MSG_CONTENT,
    }),
  },
  {
    additionalProperties: false,
    'x-unknown-alone': true,
    'x-unknown-message': '{field} cannot be changed; only content can.',
  },
);
export type MessagePatchBody = Static<typeof MessagePatchBody>;

/** PUT /api/chats/:id/messages/:messageId/swipe: the swipe to show and send to the model. */
export const SwipeBody = Type.Object({
  index: Type.Integer({
    minimum: 0,
    'x-message': 'index must be a swipe number from 0 (the first).',
    'x-missing': 'index is required: the swipe number to show, from 0 (the first).',
  }),
});
export type SwipeBody = Static<typeof SwipeBody>;

const MessageParams = Type.Object({ id: Type.String(), messageId: Type.String() });
const tags = ['chats'];
export const messageRouteSchemas = {
  list: { tags, params: IdParams, response: { 200: MessageList, ...errorResponses } },
  patch: {
    tags,
    params: MessageParams,
    body: MessagePatchBody,
    response: { 200: MessageResource, ...errorResponses },
  },
  image: {
    tags,
    params: Type.Object({ id: Type.String(), messageId: Type.String(), imageId: Type.String() }),
  },
  delete: { tags, params: MessageParams, response: { 200: MessageList, ...errorResponses } },
  swipe: { tags, params: MessageParams, body: SwipeBody, response: { 200: MessageList, ...errorResponses } },
} as const;
