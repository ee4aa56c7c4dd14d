import { lazy, Suspense, useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import { Button } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { CONFIG_KEYS } from '../api/sysconfig';
import { adminEntry } from '../app/routes';
import { useI18n } from '../i18n';
import { useSession } from '../lib/session';
import { useConfigValue } from '../lib/siteConfig';
import { useEver } from '../lib/useEver';
import LanguageSwitch from './LanguageSwitch';
import type { UserMenuKey } from './UserMenu';
import { helpUrl, refreshCache, signOut } from './userActions';

// The dialogs (forms, descriptions) load when first opened, not with every page.
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));
const PersonalInfoDialog = lazy(() => import('./PersonalInfoDialog'));
const MyJobsDialog = lazy(() => import('./MyJobsDialog'));
// So does the user menu (antd's Dropdown and Menu, its icons): with the first click on its button.
const UserMenu = lazy(() => import('./UserMenu'));

interface Props {
  variant: 'admin' | 'portal';
  /** left part: brand, menu toggle, breadcrumb */
  left: ReactNode;
  /** right part, before the language switch (the portal's bid pack) */
  extra?: ReactNode;
}

/** Header of both shells: user menu, language switch, and the password / personal-info dialogs. */
export default function AppHeader({ variant, left, extra }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const session = useSession();
  const [dialog, setDialog] = useState<'pwd' | 'info' | 'jobs' | null>(null);
  const forcePwd = session?.updatePwd === 1;
  const adminHome = adminEntry(session?.menuCodes, session?.sysMenus);
  const help = helpUrl(useConfigValue<string>(CONFIG_KEYS.helpUrl));

  const pwdOpen = forcePwd || dialog === 'pwd';
  const pwdUsed = useEver(pwdOpen);
  const infoUsed = useEver(dialog === 'info');
  const jobsUsed = useEver(dialog === 'jobs');

  // the menu loads with the first click; a click from the keyboard (detail 0) hands the focus to the loaded trigger
  const [menu, setMenu] = useState<{ focus: boolean }>();
  const onPick = (key: UserMenuKey) => {
    if (key === 'info') setDialog('info');
    else if (key === 'pwd') setDialog('pwd');
    else if (key === 'jobs') setDialog('jobs');
    else if (key === 'refresh') void refreshCache();
    else if (key === 'portal') navigate('/gateway');
    else if (key === 'admin' && adminHome) navigate(adminHome);
    else if (key === 'logout') void signOut(navigate);
  };

  const trigger = (ref?: Ref<HTMLButtonElement>, onClick?: (e: MouseEvent) => void) => (
    <Button ref={ref} type="text" data-testid="user-menu" aria-label={t('header.userMenu')} style={{ paddingInline: 8 }} onClick={onClick}>
      {/* antd's small Avatar with an icon, drawn in CSS (index.css) */}
      <span className="bd-avatar">
        <UserOutlined />
      </span>
      <span className="bd-username">{session?.UserName}</span>
      <DownOutlined style={{ fontSize: 10 }} />
    </Button>
  );

  return (
    <header className="bd-header">
      <div className="bd-header-left">{left}</div>
      <div className="bd-header-right">
        {extra}
        <LanguageSwitch />
        {menu ? (
          <Suspense fallback={trigger()}>
            <UserMenu variant={variant} adminHome={adminHome} help={help} onPick={onPick} trigger={trigger} focus={menu.focus} />
          </Suspense>
        ) : (
          trigger(undefined, (e) => setMenu({ focus: e.detail === 0 }))
        )}
      </div>
      <Suspense fallback={null}>
        {pwdUsed && <ChangePasswordDialog open={pwdOpen} forced={forcePwd} onClose={() => setDialog(null)} />}
        {infoUsed && <PersonalInfoDialog open={dialog === 'info'} onClose={() => setDialog(null)} />}
        {jobsUsed && <MyJobsDialog open={dialog === 'jobs'} onClose={() => setDialog(null)} />}
      </Suspense>
    </header>
  );
}
