import { useState } from 'react';

/**
 * True from the first render in which flag was true on: a lazily loaded dialog or drawer is mounted once first
 * opened (its chunk is fetched then, not with the page) and stays mounted, so its closing animation still plays.
 */
export function useEver(flag: boolean): boolean {
  const [ever, setEver] = useState(flag);
  if (flag && !ever) setEver(true);
  return ever || flag;
}
