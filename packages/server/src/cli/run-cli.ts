import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { SERVER_VERSION } from '../version.js';

// The app (Fastify, routes, storage, the sandbox) loads only for a command that runs it: help, the version and
// a mistyped command answer at once instead of after the ~2 s the whole server takes to load.
const serverStart = () => import('../app/start-server.js');
const toolCommands = () => import('./tool-commands.js');
const transferCommands = () => import('./transfer-commands.js');

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** defaults to process.env (plus ./.env) */
  env?: Record<string, string | undefined>;
}

export const USAGE = `toolsmith ${SERVER_VERSION}

Usage:
  toolsmith [start] [--port N] [--host H] [--data-dir DIR]
                                           start the server with the UI (flags win over PORT, HOST, DATA_DIR and .env)
  toolsmith tools list [--json]            list the stored custom tools and the built-in tools
  toolsmith tools show NAME                print one tool (credentials in webhook URLs masked)
  toolsmith tools enable NAME              switch a custom or built-in tool on
  toolsmith tools disable NAME             switch a custom or built-in tool off
  toolsmith tools delete NAME              delete a custom tool
  toolsmith tools dry-run NAME --args JSON run a tool once with the given arguments (3 s wall)
                   [--simulate]            write tools run their simulate body or return a placeholder
  toolsmith tools import FILE              import tools from a .json or .zip file (Toolsmith, Marinara, Luker);
                                           webhook and script tools are stored disabled for review
  toolsmith tools export [FILE] [--format toolsmith|marinara|luker] [--force] [--include-secrets]
                                           write every tool to FILE (default toolsmith-tools.zip; .json for JSON;
                                           marinara: Marinara Engine's function ZIP; luker: a Luker loop preset)
  toolsmith help | --help                  show this text
  toolsmith --version                      print the version
`;

type Options = NonNullable<ParseArgsConfig['options']>;

/** What one command accepts: its flags and how many positional arguments (names and files). */
interface CommandSpec {
  usage: string;
  options: Options;
  positionals: { min: number; max: number; names: string };
}

const NAME_ONLY = { min: 1, max: 1, names: 'NAME' };

const COMMANDS: Record<string, CommandSpec> = {
  start: {
    usage: 'toolsmith start [--port N] [--host H] [--data-dir DIR]',
    options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' } },
    positionals: { min: 0, max: 0, names: '' },
  },
  'tools list': {
    usage: 'toolsmith tools list [--json]',
    options: { json: { type: 'boolean' } },
    positionals: { min: 0, max: 0, names: '' },
  },
  'tools show': { usage: 'toolsmith tools show NAME', options: {}, positionals: NAME_ONLY },
  'tools enable': { usage: 'toolsmith tools enable NAME', options: {}, positionals: NAME_ONLY },
  'tools disable': { usage: 'toolsmith tools disable NAME', options: {}, positionals: NAME_ONLY },
  'tools delete': { usage: 'toolsmith tools delete NAME', options: {}, positionals: NAME_ONLY },
  'tools dry-run': {
    usage: 'toolsmith tools dry-run NAME --args JSON [--simulate]',
    options: { args: { type: 'string' }, simulate: { type: 'boolean' } },
    positionals: NAME_ONLY,
  },
  'tools import': {
    usage: 'toolsmith tools import FILE   (a .json or .zip tools file)',
    options: {},
    positionals: { min: 1, max: 1, names: 'FILE' },
  },
  'tools export': {
    usage:
      'toolsmith tools export [FILE] [--format toolsmith|marinara|luker] [--force] [--include-secrets]\n' +
      "       (FILE.zip, or FILE.json for one JSON document; --format marinara or luker writes that app's file and\n" +
      '       lists what it cannot hold; credentials in webhook URLs are masked unless --include-secrets)',
    options: {
      force: { type: 'boolean' },
      'include-secrets': { type: 'boolean' },
      format: { type: 'string' },
    },
    positionals: { min: 0, max: 1, names: 'FILE' },
  },
};

/** A command line that cannot be run as written: exit code 2 with the message and the usage. */
class UsageError extends Error {
  constructor(
    message: string,
    /** unknown commands show every command; a wrong flag shows the command's own usage only */
    readonly fullUsage = false,
  ) {
    super(message);
  }
}

interface Parsed {
  command: string;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** Strict parsing: an unknown flag or a stray argument is an error, never silently ignored. */
function parseCommand(argv: string[]): Parsed {
  const twoWord = `${argv[0]} ${argv[1] ?? ''}`;
  const command = Object.hasOwn(COMMANDS, twoWord) ? twoWord : argv[0];
  // own keys only: `toolsmith constructor` must not find Object.prototype's function
  const spec = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!spec) throw new UsageError(`Unknown command: ${argv.join(' ')}`, true);
  const rest = argv.slice(command.split(' ').length);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options: spec.options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the flag ("Unknown option '--prot'"); add what this command takes
    throw new UsageError(`${(error as Error).message}\nUsage: ${spec.usage}`);
  }
  const { min, max, names } = spec.positionals;
  if (parsed.positionals.length < min) {
    throw new UsageError(`${command} needs ${names}.\nUsage: ${spec.usage}`);
  }
  if (parsed.positionals.length > max) {
    const extra = parsed.positionals.slice(max).join(' ');
    throw new UsageError(`Unexpected argument for ${command}: ${extra}\nUsage: ${spec.usage}`);
  }
  return { command, values: parsed.values, positionals: parsed.positionals };
}

/** The --port/--host/--data-dir flags as environment overrides, checked before anything starts. */
function startOverrides(values: Parsed['values']): Record<string, string> {
  const usage = `\nUsage: ${COMMANDS.start.usage}`;
  const overrides: Record<string, string> = {};
  if (typeof values.port === 'string') {
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65_535) {
      throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${values.port}").${usage}`);
    }
    overrides.PORT = values.port;
  }
  if (typeof values.host === 'string') {
    if (values.host.trim() === '')
      throw new UsageError(`--host needs an address, for example 127.0.0.1.${usage}`);
    overrides.HOST = values.host;
  }
  if (typeof values['data-dir'] === 'string') {
    if (values['data-dir'].trim() === '') throw new UsageError(`--data-dir needs a folder path.${usage}`);
    overrides.DATA_DIR = values['data-dir'];
  }
  return overrides;
}

/** Runs one CLI command and returns the exit code; `start` resolves once the server listens. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first] = argv;
  if (first === 'help' || first === '--help' || first === '-h') {
    io.out(USAGE);
    return 0;
  }
  if (first === '--version' || first === 'version') {
    io.out(`${SERVER_VERSION}\n`);
    return 0;
  }
  // `npx @toolsmith/server` (maybe with --port ...) starts the app, as a newcomer expects
  if (first === undefined || first.startsWith('--')) return runCli(['start', ...argv], io);
  try {
    const { command, values, positionals } = parseCommand(argv);
    const overrides = command === 'start' ? startOverrides(values) : {};
    const config = loadConfig(io.env ? { env: io.env, envFile: false, overrides } : { overrides });
    const name = positionals[0];
    switch (command) {
      case 'start': {
        const server = await (await serverStart()).startServer({ config, handleSignals: true });
        server.app.log.info(`Toolsmith is listening on ${server.url}`);
        return 0;
      }
      case 'tools list':
        return await (await toolCommands()).toolsListCommand(config, io, { json: values.json === true });
      case 'tools show':
        return await (await toolCommands()).toolsShowCommand(config, name, io);
      case 'tools enable':
      case 'tools disable':
        return await (await toolCommands()).toolsSetEnabledCommand(
          config,
          name,
          command === 'tools enable',
          io,
        );
      case 'tools delete':
        return await (await toolCommands()).toolsDeleteCommand(config, name, io);
      case 'tools dry-run':
        return await (await toolCommands()).dryRunCommand(config, name, io, {
          argsText: typeof values.args === 'string' ? values.args : '{}',
          simulate: values.simulate === true,
        });
      case 'tools import':
        return await (await transferCommands()).toolsImportCommand(config, name, io);
      case 'tools export':
        return await (await transferCommands()).toolsExportCommand(config, name, io, {
          force: values.force === true,
          withSecrets: values['include-secrets'] === true,
          ...(typeof values.format === 'string' ? { format: values.format } : {}),
        });
    }
    throw new UsageError(`Unknown command: ${argv.join(' ')}`, true);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(
        error.fullUsage
          ? `${error.message}\n\n${USAGE}`
          : `${error.message}\n(toolsmith help lists every command)\n`,
      );
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`Configuration error: ${error.message}\n`);
      return 78; // EX_CONFIG
    }
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
