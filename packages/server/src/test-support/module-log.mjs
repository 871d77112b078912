// `node --import ./module-log.mjs …` with MODULE_LOG=FILE: every module the process resolves is appended to FILE
// (one URL a line), to tell which parts of the server a command loads.
import { register } from 'node:module';

register('./module-log-hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_LOG } });
