import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DownOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { CONFIG_KEYS } from '../api/sysconfig';
import { adminEntry } from '../app/routes';
import { useI18n } from '../i18n';
import { useSession } from '../lib/session';
import { useConfigValue } from '../lib/siteConfig';
import { useEver } from '../lib/useEver';
import LanguageSwitch from './LanguageSwitch';
import { helpUrl, refreshCache, signOut } from './userActions';

// The dialogs (forms, descriptions) load when first opened, not with every page.
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));
const PersonalInfoDialog = lazy(() => import('./PersonalInfoDialog'));

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
  const [dialog, setDialog] = useState<'pwd' | 'info' | null>(null);
  const forcePwd = session?.updatePwd === 1;
  const adminHome = adminEntry(session?.menuCodes, session?.sysMenus);
  const help = helpUrl(useConfigValue<string>(CONFIG_KEYS.helpUrl));

  const label = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;
  const items: MenuProps['items'] = [
    { key: 'info', icon: <IdcardOutlined />, label: label(t('header.personalInfo'), 'menu-personal-info') },
    { key: 'pwd', icon: <LockOutlined />, label: label(t('header.changePassword'), 'menu-change-password') },
    { key: 'refresh', icon: <SyncOutlined />, label: label(t('header.refreshCache'), 'menu-refresh-cache') },
    {
      key: 'help',
      icon: <QuestionCircleOutlined />,
      // a real link: the browser opens it in a new tab without a popup blocker in the way
      label: (
        <a href={help} target="_blank" rel="noopener noreferrer" data-testid="menu-help">
          {t('header.help')}
        </a>
      ),
    },
    { type: 'divider' },
    variant === 'admin'
      ? { key: 'portal', icon: <HomeOutlined />, label: label(t('header.backPortal'), 'menu-back-portal') }
      : adminHome
        ? { key: 'admin', icon: <AppstoreOutlined />, label: label(t('header.enterAdmin'), 'menu-enter-admin') }
        : null,
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: label(t('header.logout'), 'menu-logout') },
  ];

  const pwdOpen = forcePwd || dialog === 'pwd';
  const pwdUsed = useEver(pwdOpen);
  const infoUsed = useEver(dialog === 'info');

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info') setDialog('info');
    else if (key === 'pwd') setDialog('pwd');
    else if (key === 'refresh') void refreshCache();
    else if (key === 'portal') navigate('/gateway');
    else if (key === 'admin' && adminHome) navigate(adminHome);
    else if (key === 'logout') void signOut(navigate);
  };

  return (
    <header className="bd-header">
      <div className="bd-header-left">{left}</div>
      <div className="bd-header-right">
        {extra}
        <LanguageSwitch />
        <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
          <Button type="text" data-testid="user-menu" aria-label={t('header.userMenu')} style={{ paddingInline: 8 }}>
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#2f6bd8' }} />
            <span className="bd-username">{session?.UserName}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </div>
      <Suspense fallback={null}>
        {pwdUsed && <ChangePasswordDialog open={pwdOpen} forced={forcePwd} onClose={() => setDialog(null)} />}
        {infoUsed && <PersonalInfoDialog open={dialog === 'info'} onClose={() => setDialog(null)} />}
      </Suspense>
    </header>
  );
}
