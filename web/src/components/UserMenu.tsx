import { useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  CheckOutlined,
  HomeOutlined,
  IdcardOutlined,
  HistoryOutlined,
  LockOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { saveTheme } from '../api/auth';
import { toast } from '../api/client';
import { t as translate, useI18n, type MessageKey } from '../i18n';
import { isThemeMode, setThemeMode, THEME_MODES, useThemeMode, type ThemeMode } from '../lib/themeMode';

export type UserMenuKey = 'info' | 'pwd' | 'jobs' | 'refresh' | 'portal' | 'admin' | 'logout';

const THEME_LABEL: Record<ThemeMode, MessageKey> = { light: 'shell.themeLight', dark: 'shell.themeDark', system: 'shell.themeSystem' };

/** Shows the colour theme chosen at once and remembers it for the account (PUT /api/sys/user/theme); should the server
 *  not take it, the choice still holds in this browser, and the user is told. */
async function chooseTheme(mode: ThemeMode): Promise<void> {
  setThemeMode(mode);
  try {
    await saveTheme(mode, { silent: true });
  } catch {
    toast('warning', translate('shell.themeNotSaved'));
  }
}

interface Props {
  variant: 'admin' | 'portal';
  /** where 'enter the admin area' leads; without it the portal's menu has no such entry */
  adminHome?: string;
  help: string;
  onPick: (key: UserMenuKey) => void;
  /** the header's trigger button, given the ref to focus it by */
  trigger: (ref: Ref<HTMLButtonElement>) => ReactElement;
  /** the first click came from the keyboard: the new trigger takes the focus over */
  focus: boolean;
}

/**
 * The header's user menu (AppHeader.tsx loads it with the first click on the trigger, so a page does not download
 * antd's Dropdown and the menu's icons before that): opens at once, then works as an antd click dropdown.
 */
export default function UserMenu({ variant, adminHome, help, onPick, trigger, focus }: Props) {
  const { t } = useI18n();
  const mode = useThemeMode();
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);

  const label = (text: string, testId: string) => <span data-testid={testId}>{text}</span>;
  const items: MenuProps['items'] = [
    { key: 'info', icon: <IdcardOutlined />, label: label(t('header.personalInfo'), 'menu-personal-info') },
    { key: 'pwd', icon: <LockOutlined />, label: label(t('header.changePassword'), 'menu-change-password') },
    { key: 'jobs', icon: <HistoryOutlined />, label: label(t('job.mine'), 'menu-my-jobs') },
    { key: 'refresh', icon: <SyncOutlined />, label: label(t('header.refreshCache'), 'menu-refresh-cache') },
    {
      // light, dark or the system's: kept for the account (chooseTheme)
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: label(t('shell.theme', { mode: t(THEME_LABEL[mode]) }), 'menu-theme'),
      children: THEME_MODES.map((m) => ({
        key: `theme:${m}`,
        icon: <CheckOutlined style={{ visibility: m === mode ? 'visible' : 'hidden' }} />,
        label: (
          <span data-testid={`menu-theme-${m}`} aria-current={m === mode || undefined}>
            {t(THEME_LABEL[m])}
          </span>
        ),
      })),
    },
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

  return (
    <Dropdown
      menu={{
        items,
        selectedKeys: [`theme:${mode}`],
        onClick: ({ key }) => {
          const theme = key.startsWith('theme:') && key.slice('theme:'.length);
          if (isThemeMode(theme)) void chooseTheme(theme);
          else if (key !== 'help') onPick(key as UserMenuKey);
        },
      }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      {trigger(button)}
    </Dropdown>
  );
}
