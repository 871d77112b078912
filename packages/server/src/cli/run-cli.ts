import { startServer } from '../app/start-server.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { SERVER_VERSION } from '../version.js';
import { dryRunCommand, toolsListCommand } from './tool-commands.js';
import { toolsExportCommand, toolsImportCommand } from './transfer-commands.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** defaults to process.env (plus ./.env) */
  env?: Record<string, string | undefined>;
}

const USAGE = `toolsmith ${SERVER_VERSION}

Usage:
  toolsmith start                          start the server (configuration from the environment and .env)
  toolsmith tools list                     list the stored custom tools and the built-in tools
  toolsmith tools dry-run NAME --args JSON run a tool once with the given arguments (3 s wall)
                   [--simulate]            write tools run their simulate body or return a placeholder
  toolsmith tools import FILE              import tools from a .json or .zip file (Toolsmith, Marinara, Luker);
                                           webhook and script tools are stored disabled for review
  toolsmith tools export [FILE] [--force]  write every tool to FILE (default toolsmith-tools.zip; .json for JSON)
  toolsmith help                           show this text
`;

/** Runs one CLI command and returns the exit code; `start` resolves once the server listens. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, sub, ...rest] = argv;
  const config = () => loadConfig(io.env ? { env: io.env, envFile: false } : {});
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.out(USAGE);
      return command === undefined ? 1 : 0;
    }
    if (command === '--version' || command === 'version') {
      io.out(`${SERVER_VERSION}\n`);
      return 0;
    }
    if (command === 'start') {
      const server = await startServer({ config: config(), handleSignals: true });
      server.app.log.info(`Toolsmith is listening on ${server.url}`);
      return 0;
    }
    if (command === 'tools' && sub === 'list') return await toolsListCommand(config(), io);
    if (command === 'tools' && sub === 'dry-run') return await dryRunCommand(config(), rest, io);
    if (command === 'tools' && sub === 'import') return await toolsImportCommand(config(), rest, io);
    if (command === 'tools' && sub === 'export') return await toolsExportCommand(config(), rest, io);
    io.err(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
    return 2;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`Configuration error: ${error.message}\n`);
      return 78; // EX_CONFIG
    }
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
