import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One scripted answer. Streamed bodies are written chunk by chunk, so tests choose the exact boundaries. */
export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** a JSON body (sets content-type application/json) */
  json?: unknown;
  /** a raw body */
  body?: string;
  /** body parts written one at a time (each flushed), e.g. SSE frames split anywhere */
  chunks?: Array<string | Uint8Array>;
  /** pause between chunks, in ms (default: none, but each chunk is still its own write) */
  chunkDelayMs?: number;
  /** after the chunks, destroy the socket without ending the response: a stream cut off mid-way */
  cutOff?: boolean;
  /** never answer; the request stays open until the client gives up */
  hang?: boolean;
  /** after the headers and chunks, keep the connection open without ending: a provider that stalls */
  thenHang?: boolean;
  /**
   * after the headers and chunks, write this text one character at a time, `intervalMs` apart, then stall
   * (never end): a provider that drips bytes without ever finishing an event
   */
  drip?: { text: string; intervalMs: number };
}

export interface RecordedRequest {
  method: string;
  /** pathname without the query */
  path: string;
  /** path with query */
  url: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** parsed JSON when the body is JSON, else the text */
  body: unknown;
  rawBody: string;
}

export type Responder = (request: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

type Matcher = string | RegExp;

interface Route {
  matcher: Matcher;
  queue: ScriptedResponse[];
  responder?: Responder;
}

export interface Emulator {
  /** base URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** every request received, in order */
  readonly requests: RecordedRequest[];
  /** queue answers for a path (exact pathname or RegExp); each request takes the next one */
  enqueue(path: Matcher, ...responses: ScriptedResponse[]): void;
  /** answer a path with a function when its queue is empty */
  on(path: Matcher, responder: Responder): void;
  /** forget queued answers, responders and recorded requests */
  reset(): void;
  close(): Promise<void>;
}

function matches(matcher: Matcher, path: string): boolean {
  return typeof matcher === 'string' ? matcher === path : matcher.test(path);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function record(req: IncomingMessage, rawBody: string): RecordedRequest {
  const url = new URL(req.url ?? '/', 'http://emulator.local');
  let body: unknown = rawBody;
  if (rawBody && /json/i.test(String(req.headers['content-type'] ?? ''))) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = rawBody;
    }
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    url: url.pathname + url.search,
    query: Object.fromEntries(url.searchParams),
    headers: { ...req.headers },
    body,
    rawBody,
  };
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function send(res: ServerResponse, scripted: ScriptedResponse): Promise<void> {
  if (scripted.hang) return;
  const headers: Record<string, string> = { ...scripted.headers };
  if (scripted.json !== undefined && !hasHeader(headers, 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  res.writeHead(scripted.status ?? 200, headers);
  if (scripted.chunks) {
    res.flushHeaders();
    for (const chunk of scripted.chunks) {
      if (res.destroyed) return;
      res.write(chunk);
      if (scripted.chunkDelayMs) await wait(scripted.chunkDelayMs);
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (scripted.cutOff) {
      res.socket?.destroy();
      return;
    }
    if (await stalls(res, scripted)) return;
    res.end();
    return;
  }
  if (scripted.thenHang || scripted.drip) {
    res.flushHeaders();
    await stalls(res, scripted);
    return;
  }
  if (scripted.cutOff) {
    res.socket?.destroy();
    return;
  }
  res.end(scripted.json !== undefined ? JSON.stringify(scripted.json) : (scripted.body ?? ''));
}

/** `drip` and `thenHang`: true when the answer stays open (the client ends it). */
async function stalls(res: ServerResponse, scripted: ScriptedResponse): Promise<boolean> {
  if (scripted.drip) {
    for (const char of scripted.drip.text) {
      if (res.destroyed) return true;
      res.write(char);
      await wait(scripted.drip.intervalMs);
    }
    return true;
  }
  return scripted.thenHang === true;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

/** Starts an emulator on loopback, port 0 unless given. */
export async function createEmulator(options: { host?: string; port?: number } = {}): Promise<Emulator> {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const routeFor = (matcher: Matcher): Route => {
    let route = routes.find((r) => String(r.matcher) === String(matcher));
    if (!route) {
      route = { matcher, queue: [] };
      routes.push(route);
    }
    return route;
  };

  const server = createServer(async (req, res) => {
    try {
      const recorded = record(req, await readBody(req));
      requests.push(recorded);
      const candidates = routes.filter((r) => matches(r.matcher, recorded.path));
      const queued = candidates.find((r) => r.queue.length > 0);
      let scripted: ScriptedResponse | undefined = queued?.queue.shift();
      if (!scripted) {
        const responder = candidates.find((r) => r.responder)?.responder;
        if (responder) scripted = await responder(recorded);
      }
      await send(
        res,
        scripted ?? {
          status: 404,
          json: { error: { message: `emulator: nothing scripted for ${recorded.method} ${recorded.path}` } },
        },
      );
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `emulator failure: ${String(error)}` } }));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    requests,
    enqueue(path, ...responses) {
      routeFor(path).queue.push(...responses);
    },
    on(path, responder) {
      routeFor(path).responder = responder;
    },
    reset() {
      routes.length = 0;
      requests.length = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
