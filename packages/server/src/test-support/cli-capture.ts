// The CLI's io for tests: what `runCli` writes to stdout and stderr, kept as text, with a silent logger.
export function captureCli(env: Record<string, string>) {
  const io = { out: '', err: '' };
  const cli = {
    out: (text: string) => {
      io.out += text;
    },
    err: (text: string) => {
      io.err += text;
    },
    env: { LOG_LEVEL: 'silent', ...env },
  };
  return { io, cli };
}
