// `node --import tsx --import ./source-aliases.mjs …`: a child process that runs the server from source, as
// the tests in this process do (vitest.config.ts aliases the workspace packages the same way), so no build
// is needed first.
import { register } from 'node:module';

register('./source-aliases-hooks.mjs', import.meta.url);
