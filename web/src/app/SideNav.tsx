/**
 * The admin shell's side navigation and breadcrumb, drawn with antd's look (SideNav.module.css) but without antd's
 * Menu, Tooltip, Layout.Sider and Breadcrumb (issue 13, docs/testing.md "Bundle sizes").
 *
 * Expanded: groups are buttons (aria-expanded) that open their list in place, screens are links (aria-current on the
 * active one), so Tab, Enter, a middle click and a screen reader all work as on any page. Arrow keys move between the
 * visible entries (Up, Down, Home, End); Right opens a group or enters it, Left closes it or goes back to its group.
 * Collapsed (64 px): icons only; a group shows its screens in a panel beside it on hover, on Enter, Space or Right,
 * Escape closes it; a screen's name shows beside it on hover or focus.
 */
import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SysMenu } from '../api/types';
import { iconFor } from '../components/icons';
import { menuLabel, menuTarget, type Crumb } from './menu';
import styles from './SideNav.module.css';

const ITEM = '[data-nav-item]';
const external = (target: string) => /^https?:\/\//.test(target);
const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

interface NavProps {
  menus: SysMenu[] | undefined;
  /** codes from the top group down to the current screen */
  trail: string[];
  collapsed: boolean;
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  /** after a screen was chosen (the narrow layout closes the menu) */
  onNavigate: () => void;
  label: string;
}

/** The visible entries beside `current`, in order: the menu's, or those of the collapsed group's panel it is in. */
function entries(root: HTMLElement | null, current: HTMLElement): HTMLElement[] {
  const panel = (el: HTMLElement) => el.closest(`.${styles.flyout}`);
  return Array.from(root?.querySelectorAll<HTMLElement>(ITEM) ?? []).filter(
    (el) => !el.closest('[hidden]') && panel(el) === panel(current),
  );
}

function Leaf({ node, level, trail, flat, onNavigate, onTip }: {
  node: SysMenu;
  level: number;
  trail: string[];
  flat?: boolean;
  onNavigate: () => void;
  onTip?: (el: HTMLElement | null, text: string) => void;
}) {
  const target = menuTarget(node);
  const active = trail[trail.length - 1] === node.code;
  const label = menuLabel(node);
  const body = (
    <>
      {iconFor(node.icon)}
      <span className={styles.label}>{label}</span>
    </>
  );
  const common = {
    className: cx(styles.item, active && styles.active),
    style: flat ? undefined : { paddingInlineStart: level * 24 },
    'data-nav-item': '',
    'data-code': node.code,
    onMouseEnter: onTip && ((e: { currentTarget: HTMLElement }) => onTip(e.currentTarget, label)),
    onMouseLeave: onTip && (() => onTip(null, '')),
    onFocus: onTip && ((e: { currentTarget: HTMLElement }) => onTip(e.currentTarget, label)),
    onBlur: onTip && (() => onTip(null, '')),
  };
  if (!target) return <span {...common}>{body}</span>;
  if (external(target)) {
    return (
      <a {...common} href={target} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {body}
      </a>
    );
  }
  return (
    <Link {...common} to={target} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {body}
    </Link>
  );
}

/** The screens of a group in the collapsed menu's side panel: nested groups as a heading and their screens. */
function FlyoutItems({ menus, trail, onNavigate }: { menus: SysMenu[]; trail: string[]; onNavigate: () => void }) {
  return menus.map((m) =>
    m.subMenus?.length ? (
      <li key={m.code}>
        <div className={styles.heading}>{menuLabel(m)}</div>
        <ul className={styles.sub}>
          <FlyoutItems menus={m.subMenus} trail={trail} onNavigate={onNavigate} />
        </ul>
      </li>
    ) : (
      <li key={m.code}>
        <Leaf node={m} level={1} flat trail={trail} onNavigate={onNavigate} />
      </li>
    ),
  );
}

/** A top-level group of the collapsed menu: its icon, and its screens in a panel beside it. */
function FlyoutGroup({ node, trail, onNavigate }: { node: SysMenu; trail: string[]; onNavigate: () => void }) {
  const id = useId();
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closing = useRef<number | undefined>(undefined);
  const focusFirst = useRef(false);

  const show = (focus = false) => {
    window.clearTimeout(closing.current);
    const r = button.current?.getBoundingClientRect();
    if (r) setPos({ top: r.top, left: r.right });
    focusFirst.current = focus;
  };
  const hide = () => {
    window.clearTimeout(closing.current);
    closing.current = window.setTimeout(() => setPos(null), 100);
  };
  useEffect(() => () => window.clearTimeout(closing.current), []);
  useEffect(() => {
    if (!pos) return;
    const off = (e: Event) => {
      if (!panel.current?.contains(e.target as Node)) setPos(null);
    };
    window.addEventListener('scroll', off, true);
    return () => window.removeEventListener('scroll', off, true);
  }, [pos]);
  // keep the panel inside the window, then hand it the focus when a key opened it
  useLayoutEffect(() => {
    const el = panel.current;
    if (!pos || !el) return;
    const h = el.getBoundingClientRect().height;
    if (pos.top + h > window.innerHeight - 8) el.style.top = `${Math.max(8, window.innerHeight - h - 8)}px`;
    if (focusFirst.current) {
      focusFirst.current = false;
      el.querySelector<HTMLElement>(ITEM)?.focus();
    }
  }, [pos]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && pos) {
      e.stopPropagation();
      setPos(null);
      button.current?.focus();
    }
  };

  return (
    <li
      onMouseEnter={() => show()}
      onMouseLeave={hide}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPos(null);
      }}
    >
      <button
        ref={button}
        type="button"
        className={cx(styles.item, styles.group, trail.includes(node.code) && styles.inTrail)}
        aria-expanded={!!pos}
        aria-controls={pos ? id : undefined}
        data-nav-item=""
        data-code={node.code}
        onClick={() => (pos ? setPos(null) : show(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') {
            e.preventDefault();
            e.stopPropagation();
            show(true);
          }
        }}
      >
        {iconFor(node.icon)}
        <span className={styles.label}>{menuLabel(node)}</span>
      </button>
      {pos && (
        <div ref={panel} className={styles.flyout} style={{ top: pos.top, left: pos.left }}>
          <ul className={styles.sub} id={id}>
            <FlyoutItems
              menus={node.subMenus ?? []}
              trail={trail}
              onNavigate={() => {
                setPos(null);
                onNavigate();
              }}
            />
          </ul>
        </div>
      )}
    </li>
  );
}

function Group({ node, level, props }: { node: SysMenu; level: number; props: NavProps }) {
  const id = useId();
  const open = props.openKeys.includes(node.code);
  const toggle = (to = !open) =>
    props.onOpenChange(to ? [...props.openKeys, node.code] : props.openKeys.filter((k) => k !== node.code));
  return (
    <li>
      <button
        type="button"
        className={cx(styles.item, styles.group, open && styles.open, props.trail.includes(node.code) && styles.inTrail)}
        style={{ paddingInlineStart: level * 24 }}
        aria-expanded={open}
        aria-controls={id}
        data-nav-item=""
        data-code={node.code}
        data-open={open ? '' : undefined}
        onClick={() => toggle()}
      >
        {iconFor(node.icon)}
        <span className={styles.label}>{menuLabel(node)}</span>
        <i className={styles.arrow} aria-hidden />
      </button>
      {/* a closed group's screens are drawn when it opens: a full load draws the open groups only (issue 28) */}
      <ul className={styles.sub} id={id} hidden={!open}>
        {open && <Items menus={node.subMenus ?? []} level={level + 1} props={props} />}
      </ul>
    </li>
  );
}

function Items({ menus, level, props }: { menus: SysMenu[]; level: number; props: NavProps }) {
  return menus.map((m) =>
    m.subMenus?.length ? (
      <Group key={m.code} node={m} level={level} props={props} />
    ) : (
      <li key={m.code}>
        <Leaf node={m} level={level} trail={props.trail} onNavigate={props.onNavigate} />
      </li>
    ),
  );
}

/** The side menu from the session's sysMenus tree. */
export function SideNav(props: NavProps) {
  const root = useRef<HTMLElement>(null);
  const [tip, setTip] = useState<{ text: string; top: number; left: number } | null>(null);
  const { collapsed, menus } = props;

  useEffect(() => {
    if (!collapsed) setTip(null);
  }, [collapsed]);

  const onTip = (el: HTMLElement | null, text: string) => {
    const r = el?.getBoundingClientRect();
    setTip(r ? { text, top: r.top + r.height / 2, left: r.right + 12 } : null);
  };

  // a name or a panel beside the menu stays where it was drawn: any scroll takes it away
  useEffect(() => {
    if (!tip) return;
    const off = () => setTip(null);
    window.addEventListener('scroll', off, true);
    return () => window.removeEventListener('scroll', off, true);
  }, [tip]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const current = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (!current) return;
    const all = entries(root.current, current);
    const i = all.indexOf(current);
    if (i < 0) return;
    const focus = (el: HTMLElement | undefined) => {
      if (!el) return;
      e.preventDefault();
      el.focus();
    };
    const code = current.dataset.code ?? '';
    switch (e.key) {
      case 'ArrowDown':
        return focus(all[(i + 1) % all.length]);
      case 'ArrowUp':
        return focus(all[(i - 1 + all.length) % all.length]);
      case 'Home':
        return focus(all[0]);
      case 'End':
        return focus(all[all.length - 1]);
      case 'ArrowRight':
        if (collapsed || current.tagName !== 'BUTTON') return;
        e.preventDefault();
        if (!props.openKeys.includes(code)) props.onOpenChange([...props.openKeys, code]);
        else focus(all[i + 1]);
        return;
      case 'ArrowLeft': {
        if (collapsed) return;
        if (current.tagName === 'BUTTON' && props.openKeys.includes(code)) {
          e.preventDefault();
          props.onOpenChange(props.openKeys.filter((k) => k !== code));
          return;
        }
        // back to the group this entry is in
        const parent = current.closest('ul')?.closest('li')?.querySelector<HTMLElement>(`:scope > ${ITEM}`);
        return focus(parent ?? undefined);
      }
    }
  };

  return (
    <nav ref={root} aria-label={props.label} onKeyDown={onKeyDown}>
      <ul className={styles.list}>
        {collapsed
          ? (menus ?? []).map((m) =>
              m.subMenus?.length ? (
                <FlyoutGroup key={m.code} node={m} trail={props.trail} onNavigate={props.onNavigate} />
              ) : (
                <li key={m.code}>
                  <Leaf node={m} level={1} flat trail={props.trail} onNavigate={props.onNavigate} onTip={onTip} />
                </li>
              ),
            )
          : <Items menus={menus ?? []} level={1} props={props} />}
      </ul>
      {tip && (
        <div className={styles.tip} role="tooltip" style={{ top: tip.top, left: tip.left }}>
          {tip.text}
        </div>
      )}
    </nav>
  );
}

/** The side column around SideNav: sticky beside the page, or over it on a narrow window (hidden when collapsed). */
export function Sider({ collapsed, narrow, children }: { collapsed: boolean; narrow: boolean; children: ReactNode }) {
  return (
    <aside className={cx(styles.sider, collapsed && styles.collapsed, narrow && styles.narrow)} data-testid="side-menu">
      {children}
    </aside>
  );
}

/** The breadcrumb: antd's look, a link on each crumb that has a path but the last. */
export function Crumbs({ crumbs, label }: { crumbs: Crumb[]; label: string }) {
  return (
    <nav className={styles.crumbs} aria-label={label} data-testid="breadcrumb">
      <ol>
        {crumbs.map((c, i) => (
          <Fragment key={i}>
            {i > 0 && (
              <li className={styles.sep} aria-hidden>
                /
              </li>
            )}
            <li aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
              {c.path && i < crumbs.length - 1 ? <Link to={c.path}>{c.title}</Link> : <span>{c.title}</span>}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
