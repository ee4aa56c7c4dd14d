/** The system configuration screens' reads (api/sysconfig.ts, api/auth.ts): the portal's layout, the SSO settings. */
import { useQuery } from '@tanstack/react-query';
import { ssoSettings } from '../auth';
import { portalLayout } from '../sysconfig';
import { resourceKeys } from './keys';

export const layoutKeys = resourceKeys('portalLayout');
export const ssoKeys = resourceKeys('sso');

/** The portal's header and footer as the administrator edits them. */
export const usePortalLayoutForEdit = () => useQuery({ queryKey: layoutKeys.all, queryFn: () => portalLayout() });
/** The single sign-on settings of the config file (read-only: they change with the file, not on this screen). */
export const useSsoSettings = () => useQuery({ queryKey: ssoKeys.of('settings'), queryFn: () => ssoSettings() });
