const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Any Luker-style trigger line: `<Function_` + 4 alphanumerics + `_Start/>`. */
export const TRIGGER_PATTERN = /<Function_[A-Za-z0-9]{4}_Start\/>/;

/** Length of every trigger produced by `createTrigger` (and matched by TRIGGER_PATTERN). */
export const TRIGGER_LENGTH = '<Function_XXXX_Start/>'.length;

/**
 * A fresh trigger line `<Function_XXXX_Start/>` with 4 random alphanumerics. A new one per request means
 * calls quoted from earlier turns or from examples never match the live trigger.
 */
export function createTrigger(random: (n: number) => number = secureRandomInt): string {
  let id = '';
  for (let i = 0; i < 4; i++) id += ALPHANUMERICS[random(ALPHANUMERICS.length)];
  return `<Function_${id}_Start/>`;
}

export function isTrigger(value: string): boolean {
  return value.length === TRIGGER_LENGTH && TRIGGER_PATTERN.test(value);
}

function secureRandomInt(n: number): number {
  // 62 divides 256 unevenly; rejection sampling keeps every character equally likely
  const bytes = new Uint8Array(1);
  const limit = 256 - (256 % n);
  for (;;) {
    globalThis.crypto.getRandomValues(bytes);
    if (bytes[0] < limit) return bytes[0] % n;
  }
}
