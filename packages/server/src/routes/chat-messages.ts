import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { messageRouteSchemas as schemas } from '@toolsmith/core/api-schema';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, validationError } from '../app/http-error.js';
import { chatGenerationsFor } from '../generation/chat-generations.js';
import { publicMessage } from '../generation/run-chat-generation.js';

const MSG_BUSY =
  'This chat is generating a reply. Stop it or wait for it to finish before changing its messages.';

/**
 * The user's changes to a chat's messages (docs/api.md, "Messages"): edit a message, delete one (an answer goes
 * with all its rounds and swipes), and choose which swipe of a reply is shown and sent to the model.
 * None of them may run while the chat is generating (409), since the run works from the history it read.
 */
export async function chatMessageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { storage } = app.toolsmith;
  const generations = chatGenerationsFor(app.toolsmith);

  /** The chat's message with that id, or 404; 409 while the chat generates. */
  const messageOf = async (chatId: string, messageId: string) => {
    if (!(await storage.chats.get(chatId))) throw notFound('chat', chatId);
    const message = await storage.messages.get(messageId);
    if (!message || message.chatId !== chatId) throw notFound('message', messageId);
    if (generations.isRunning(chatId)) throw new HttpError(409, MSG_BUSY, { code: 'already_generating' });
    return message;
  };

  const listed = async (chatId: string) => ({
    messages: (await storage.messages.list(chatId)).map(publicMessage),
  });

  app.patch('/api/chats/:id/messages/:messageId', { schema: schemas.patch }, async (request) => {
    const message = await messageOf(request.params.id, request.params.messageId);
    const { content } = request.body;
    if (content.trim() === '' && message.role === 'user' && message.images.length === 0) {
      throw validationError([
        { field: 'content', message: 'A message of yours cannot be empty; delete it instead.' },
      ]);
    }
    const updated = await storage.messages.update(message.id, { content, edited: true });
    if (!updated) throw notFound('message', message.id);
    return publicMessage(updated);
  });

  // An attached image, only through its own chat and message (an id from another chat is a 404).
  app.get(
    '/api/chats/:id/messages/:messageId/images/:imageId',
    { schema: schemas.image },
    async (request, reply) => {
      const { id, messageId, imageId } = request.params;
      if (!(await storage.chats.get(id))) throw notFound('chat', id);
      const message = await storage.messages.get(messageId);
      if (!message || message.chatId !== id) throw notFound('message', messageId);
      const image = await storage.messages.imageData(messageId, imageId);
      if (!image) throw notFound('image', imageId);
      // stored bytes never change under an id; a browser never reads them as anything but the checked type
      return reply
        .header('content-type', image.mediaType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength));
    },
  );

  app.delete('/api/chats/:id/messages/:messageId', { schema: schemas.delete }, async (request) => {
    const message = await messageOf(request.params.id, request.params.messageId);
    if (message.replyId) await storage.messages.deleteReply(message.replyId);
    else await storage.messages.delete(message.id);
    return listed(request.params.id);
  });

  app.put('/api/chats/:id/messages/:messageId/swipe', { schema: schemas.swipe }, async (request) => {
    const message = await messageOf(request.params.id, request.params.messageId);
    const count = message.swipe?.count ?? 0;
    const { index } = request.body;
    if (!message.replyId || count === 0) {
      throw validationError([{ field: 'index', message: 'Only answers have swipes; this is your message.' }]);
    }
    if (index >= count) {
      throw validationError([
        { field: 'index', message: `index must be a swipe number from 0 to ${count - 1}.` },
      ]);
    }
    await storage.messages.chooseSwipe(message.replyId, index);
    return listed(request.params.id);
  });
}
