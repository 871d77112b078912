// What POST /mcp needs of the MCP SDK's server side, loaded by the endpoint's first request (dynamic import
// in routes/mcp-endpoint.ts): module loading a server that is never asked over MCP does not pay at start.
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { createToolsmithMcpServer } from './toolsmith-mcp-server.js';
