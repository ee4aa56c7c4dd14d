/** Reads of the signed-in shell itself: the caller's personal info and the system notices (api/auth.ts, api/sysconfig.ts). */
import { useQuery } from '@tanstack/react-query';
import { userInfo } from '../auth';
import { activeNotices } from '../sysconfig';
import { resourceKeys } from './keys';

export const meKeys = resourceKeys('me');
export const noticeKeys = resourceKeys('notices');

/** Personal info, asked afresh each time the dialog opens (gcTime 0: never shown from an earlier opening). */
export const useUserInfo = (open: boolean) => useQuery({ queryKey: meKeys.of('info'), queryFn: () => userInfo(), enabled: open, gcTime: 0 });

/**
 * The notices in their publish window. Deliberately silent: the bar is a background extra on every screen; when the
 * notices cannot be read no bar shows, and the screen the user opened is not covered by an error toast.
 */
export const useActiveNotices = () => useQuery({ queryKey: noticeKeys.of('active'), queryFn: () => activeNotices({ silent: true }) });
