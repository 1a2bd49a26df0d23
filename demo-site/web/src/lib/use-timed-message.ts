import { useCallback, useEffect, useRef, useState } from 'react';

/** accounts-sso §4.6, §9: status messages clear after 5 s. */
export const MESSAGE_MS = 5000;
/** accounts-sso §5, §9: a form's button stays disabled 3 s after a click. */
export const BUTTON_LOCK_MS = 3000;

export interface TimedMessage {
  text: string;
  error: boolean;
}

/** A status message that clears itself `ms` after it was shown (a newer one restarts the wait). */
export function useTimedMessage(ms = MESSAGE_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (text: string, error = false) => {
      clearTimeout(timer.current);
      setMessage({ text, error });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}

/** A button lock: `lock()` disables for `ms`, then `locked` is false again. */
export function useButtonLock(ms = BUTTON_LOCK_MS) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lock = useCallback(() => {
    clearTimeout(timer.current);
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), ms);
  }, [ms]);
  return { locked, lock };
}
