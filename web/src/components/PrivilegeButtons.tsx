import type { MouseEvent } from 'react';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { hasPermission } from '../lib/permission';
import { iconFor } from './icons';

/** Privilege (spec section 3): an action button driven by data. */
export interface Privilege {
  privilegeName: string;
  /** function code required; empty = always shown */
  privilegeUname?: string;
  privilegeUrl?: string;
  privilegeIcon?: string;
  privilegeColor?: string;
  /** 0 route link, 1 external link (new tab), 2 event button */
  privilegeType: 0 | 1 | 2 | '0' | '1' | '2';
}

interface Props {
  items: Privilege[];
  /** type 2 buttons */
  onEvent?: (item: Privilege) => void;
  /** defaults to the session's funCodes */
  funCodes?: string | null;
}

/** Renders the privileges the user holds: type 0 route link, 1 external link (new tab), 2 event button. */
export default function PrivilegeButtons({ items, onEvent, funCodes }: Props) {
  const navigate = useNavigate();
  const visible = items.filter(
    (p) => !p.privilegeUname || hasPermission(p.privilegeUname, funCodes),
  );
  if (!visible.length) return null;
  return (
    <Space wrap>
      {visible.map((p) => {
        const key = `${p.privilegeUname ?? ''}:${p.privilegeName}`;
        const common = {
          icon: iconFor(p.privilegeIcon),
          style: p.privilegeColor ? { color: p.privilegeColor, borderColor: p.privilegeColor } : undefined,
        };
        switch (Number(p.privilegeType)) {
          case 0:
            return (
              <Button
                key={key}
                {...common}
                href={p.privilegeUrl}
                onClick={(e: MouseEvent) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                  e.preventDefault();
                  if (p.privilegeUrl) navigate(p.privilegeUrl);
                }}
              >
                {p.privilegeName}
              </Button>
            );
          case 1:
            return (
              <Button key={key} {...common} href={p.privilegeUrl} target="_blank" rel="noopener noreferrer">
                {p.privilegeName}
              </Button>
            );
          default:
            return (
              <Button key={key} {...common} onClick={() => onEvent?.(p)}>
                {p.privilegeName}
              </Button>
            );
        }
      })}
    </Space>
  );
}
