// @vitest-environment jsdom
import { act, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SysMenu } from '../api/types';
import { setLang } from '../i18n';
import { cleanup, render, settle } from '../testing/render';
import { Crumbs, SideNav } from './SideNav';

const menus: SysMenu[] = [
  { code: 'welcome', name: '首页', path: '/welcome' },
  {
    code: 'sys',
    name: '系统管理',
    icon: 'setting',
    subMenus: [
      { code: 'sysuser', name: '用户管理', path: '/sysuser' },
      { code: 'rolemanager', name: '角色权限', path: '/rolemanager' },
    ],
  },
  { code: 'help', name: '帮助', path: 'https://example.com/help' },
];

let where = '';
function Where() {
  where = useLocation().pathname;
  return null;
}

function Nav({ collapsed = false, open = [] as string[] }) {
  const [openKeys, setOpenKeys] = useState(open);
  return (
    <MemoryRouter initialEntries={['/sysuser']}>
      <Where />
      <SideNav
        label="侧边菜单"
        menus={menus}
        trail={['sys', 'sysuser']}
        collapsed={collapsed}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onNavigate={() => undefined}
      />
    </MemoryRouter>
  );
}

const q = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel);
const entry = (code: string) => q(`[data-code="${code}"]`)!;
const key = (el: Element, k: string) =>
  act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });
const click = (el: HTMLElement) => act(async () => el.click());

beforeEach(() => setLang('zh-CN'));
afterEach(cleanup);

describe('the admin side navigation', () => {
  it('is a labelled list of links and group buttons; the current screen is marked and its group opened', async () => {
    await render(<Nav open={['sys']} />);
    expect(q('nav')!.getAttribute('aria-label')).toBe('侧边菜单');
    expect(entry('welcome').tagName).toBe('A');
    expect(entry('welcome').getAttribute('href')).toBe('/welcome');
    expect(entry('sys').tagName).toBe('BUTTON');
    expect(entry('sys').getAttribute('aria-expanded')).toBe('true');
    expect(entry('sysuser').getAttribute('aria-current')).toBe('page');
    expect(entry('rolemanager').getAttribute('aria-current')).toBeNull();
    expect(entry('help').getAttribute('target')).toBe('_blank');
    expect(entry('help').getAttribute('rel')).toContain('noopener');
  });

  it('opens and closes a group with a click; a link leads to its screen', async () => {
    await render(<Nav />);
    const list = document.getElementById(entry('sys').getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);
    await click(entry('sys'));
    expect(entry('sys').getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    await click(entry('rolemanager'));
    expect(where).toBe('/rolemanager');
    await click(entry('sys'));
    expect(list.hidden).toBe(true);
  });

  it('moves with the arrow keys: Down and Up, Right opens a group then enters it, Left goes back and closes it', async () => {
    await render(<Nav />);
    entry('welcome').focus();
    await key(entry('welcome'), 'ArrowDown');
    expect(document.activeElement).toBe(entry('sys'));
    await key(entry('sys'), 'ArrowRight');
    expect(entry('sys').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(entry('sys'));
    await key(entry('sys'), 'ArrowRight');
    expect(document.activeElement).toBe(entry('sysuser'));
    await key(entry('sysuser'), 'End');
    expect(document.activeElement).toBe(entry('help'));
    await key(entry('help'), 'ArrowDown');
    expect(document.activeElement).toBe(entry('welcome'));
    await key(entry('welcome'), 'ArrowUp');
    expect(document.activeElement).toBe(entry('help'));
    entry('rolemanager').focus();
    await key(entry('rolemanager'), 'ArrowLeft');
    expect(document.activeElement).toBe(entry('sys'));
    await key(entry('sys'), 'ArrowLeft');
    expect(entry('sys').getAttribute('aria-expanded')).toBe('false');
    // the hidden screens are skipped
    await key(entry('sys'), 'ArrowDown');
    expect(document.activeElement).toBe(entry('help'));
  });

  it('collapsed: a group shows its screens beside it, takes the focus there, and Escape brings it back', async () => {
    await render(<Nav collapsed />);
    expect(q('[data-code="sysuser"]')).toBeNull();
    await click(entry('sys'));
    await settle();
    expect(entry('sys').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(entry('sysuser'));
    await key(entry('sysuser'), 'ArrowDown');
    expect(document.activeElement).toBe(entry('rolemanager'));
    await key(entry('rolemanager'), 'Escape');
    expect(q('[data-code="sysuser"]')).toBeNull();
    expect(document.activeElement).toBe(entry('sys'));
  });

  it('collapsed: a screen shows its name beside it on focus', async () => {
    await render(<Nav collapsed />);
    await act(async () => entry('welcome').focus());
    expect(q('[role="tooltip"]')!.textContent).toBe('首页');
    await act(async () => entry('welcome').blur());
    expect(q('[role="tooltip"]')).toBeNull();
  });
});

describe('the breadcrumb', () => {
  it('links each crumb with a path but the last, which is the current page', async () => {
    await render(
      <MemoryRouter>
        <Crumbs label="当前位置" crumbs={[{ title: '首页', path: '/welcome' }, { title: '系统管理' }, { title: '用户管理', path: '/sysuser' }]} />
      </MemoryRouter>,
    );
    const items = [...document.querySelectorAll('[data-testid="breadcrumb"] li:not([aria-hidden])')];
    expect(items.map((li) => li.textContent)).toEqual(['首页', '系统管理', '用户管理']);
    expect(items.map((li) => !!li.querySelector('a'))).toEqual([true, false, false]);
    expect(items[2].getAttribute('aria-current')).toBe('page');
  });
});
