import { useEffect, useState } from 'react';

/** Spec section 2: searches as you type wait this long after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stood still for `ms` milliseconds. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
