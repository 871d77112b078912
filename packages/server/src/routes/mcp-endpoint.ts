// POST /mcp: Toolsmith's tools for MCP clients over Streamable HTTP (stateless, JSON answers). Auth is the
// gateway's (Authorization: Bearer ADMIN_SECRET or X-Admin-Secret, needed off loopback or when
// ADMIN_SECRET_ON_LOOPBACK is set); the Host allowlist and cross-site checks apply as for /v1.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { assertGatewayAuth } from '../gateway/gateway-auth.js';

/** A JSON-RPC error without a request id, as MCP transports answer HTTP-level failures. */
function rpcError(reply: FastifyReply, status: number, message: string, code = -32000) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export async function mcpEndpointRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.toolsmith;

  app.post('/mcp', async (request, reply) => {
    try {
      await assertGatewayAuth(ctx.config, request);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode ?? 401;
      for (const [name, value] of Object.entries(
        (error as { headers?: Record<string, string> }).headers ?? {},
      )) {
        reply.header(name, value);
      }
      if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="toolsmith"');
      return rpcError(reply, status, (error as Error).message, -32001);
    }
    // the MCP SDK's server side loads with the first request: most servers are never asked over MCP
    const { createToolsmithMcpServer, StreamableHTTPServerTransport } = await import(
      '../mcp/mcp-server-sdk.js'
    );
    const server = createToolsmithMcpServer(ctx);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // the answer is written by the transport: carry over the headers set so far (security headers)
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    }
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
        );
      }
    }
  });

  // stateless: no server-initiated stream to open and no session to end
  const notAllowed = async (_request: unknown, reply: FastifyReply) =>
    rpcError(
      reply.header('Allow', 'POST'),
      405,
      'This MCP endpoint is stateless: send JSON-RPC requests with POST /mcp.',
    );
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
}
