import type { ReactNode } from 'react';
import { useSession } from '../lib/session';

/**
 * Holds a page back while the account must change its password (updatePwd 1): the server answers nothing else until
 * then (code 10007), so the page mounts, and loads its data, once the forced dialog has done its work.
 */
export default function UntilPasswordChanged({ children }: { children: ReactNode }) {
  const mustChange = useSession()?.updatePwd === 1;
  return mustChange ? null : <>{children}</>;
}
