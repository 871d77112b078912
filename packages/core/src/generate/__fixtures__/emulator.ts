// One emulator per test file, cleared before each test: the set-up generate tests share.
import { createEmulator, type Emulator } from '@toolsmith/emulator';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** Starts an emulator for the file (closed after it, reset before each test); call the result to reach it. */
export function emulatorPerFile(): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await createEmulator();
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => emulator?.reset());
  return () => {
    if (!emulator) throw new Error('the emulator starts in beforeAll');
    return emulator;
  };
}
