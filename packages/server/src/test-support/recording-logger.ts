export interface LogRecord {
  level: string;
  data: Record<string, unknown>;
  msg: string;
}

/** A logger with pino's surface that keeps what was logged (Fastify's child loggers share the list). */
export function recordingLogger(
  records: LogRecord[],
  bindings: Record<string, unknown> = {},
  level = 'info',
): any {
  const at = (name: string) => (data: unknown, msg?: string) => {
    const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    records.push({
      level: name,
      data: { ...bindings, ...fields },
      msg: typeof data === 'string' ? data : (msg ?? ''),
    });
  };
  return {
    level,
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: (more: Record<string, unknown>) => recordingLogger(records, { ...bindings, ...more }, level),
  };
}
