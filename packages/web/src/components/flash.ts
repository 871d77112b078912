// A message that survives one navigation: a page that saves and then moves to another route (a new function
// gets its own address) leaves "Saved …" here, and the page it lands on shows it once.
import { useEffect, useState } from 'react';

let pending: string | null = null;

export function setFlash(message: string): void {
  pending = message;
}

/** State that starts with the waiting message (if any); the message is used up once the page has mounted. */
export function useFlashState(): [string | null, (message: string | null) => void] {
  // read in the initializer, cleared in an effect: StrictMode may run the initializer twice
  const [message, setMessage] = useState<string | null>(() => pending);
  useEffect(() => {
    pending = null;
  }, []);
  return [message, setMessage];
}
