/** Header menu actions shared by both shells. */
import { logout, session } from '../api/auth';
import { toast } from '../api/client';
import { getDictCache } from '../api/sys';
import { HELP_URL, LOGOUT_REDIRECT_MS, LOGOUT_TOAST_SECONDS } from '../app/config';
import { t } from '../i18n';
import { clearHrLogin, clearSession, getSession, saveLogin, storeDictData } from '../lib/session';
import { isLinkUrl } from '../lib/linkUrl';
import { refreshSiteConfig } from '../lib/siteConfig';
import { loadLogoutFrame } from './LogoutFrame';

/** POST /api/logout, load the logout URL in the hidden frame, toast, then /login after 800 ms. */
export async function signOut(navigate: (path: string) => void): Promise<void> {
  try {
    const url = await logout({ silent: true });
    loadLogoutFrame(url);
    toast('success', t('msg.signedOut'), LOGOUT_TOAST_SECONDS);
    setTimeout(() => {
      clearSession();
      // an explicit sign-out also forgets a remembered HR-origin login, or the guard would sign in again
      clearHrLogin();
      navigate('/login');
    }, LOGOUT_REDIRECT_MS);
  } catch {
    toast('error', t('msg.logoutFailed'));
  }
}

/** GET /api/sys/dict/getDictCache and store it as dictData; the session's menus and function codes are read again
 *  too, so an administrator's change to menus or grants shows without signing in again. */
export async function refreshCache(): Promise<void> {
  try {
    storeDictData(await getDictCache());
    saveLogin(await session());
    refreshSiteConfig();
    toast('success', t('msg.cacheRefreshed'));
  } catch {
    /* the client showed the error */
  }
}

/** Where 'help centre' leads: the live system parameter, else the session's copy, else the built-in default. */
export function helpUrl(configured?: string): string {
  return [configured, getSession()?.helpUrl].find((u): u is string => !!u && isLinkUrl(u)) ?? HELP_URL;
}
