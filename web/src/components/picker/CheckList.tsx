import type { ReactNode } from 'react';
import { Checkbox, Empty, Typography } from 'antd';
import styles from './picker.module.css';

export interface CheckItem {
  key: string;
  title: ReactNode;
  /** a second, muted line (a unit's path, an employee's unit) */
  sub?: ReactNode;
  /** greyed and not clickable */
  disabled?: boolean;
}

interface Props {
  items: CheckItem[];
  /** the ticked keys; without it the list has no checkboxes and a click picks the item */
  checked?: readonly string[];
  onClick(key: string): void;
  empty?: ReactNode;
  height?: number;
  testId?: string;
}

/** A list whose items toggle their check flag on click (spec section 4); in single-select mode a click picks. */
export default function CheckList({ items, checked, onClick, empty, height, testId }: Props) {
  return (
    <div className={styles.list} style={height ? { height } : undefined} data-testid={testId}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        items.map((item) => {
          const on = checked?.includes(item.key) ?? false;
          return (
            <div
              key={item.key}
              role={checked ? 'checkbox' : 'button'}
              aria-checked={checked ? on : undefined}
              aria-disabled={item.disabled || undefined}
              tabIndex={item.disabled ? -1 : 0}
              className={[styles.item, on ? styles.checked : '', item.disabled ? styles.disabled : ''].join(' ')}
              data-key={item.key}
              onClick={() => !item.disabled && onClick(item.key)}
              onKeyDown={(e) => {
                if (!item.disabled && (e.key === 'Enter' || e.key === ' ')) {
                  e.preventDefault();
                  onClick(item.key);
                }
              }}
            >
              {checked && <Checkbox checked={on} disabled={item.disabled} tabIndex={-1} style={{ pointerEvents: 'none' }} />}
              <span className={styles.text}>
                <span className={styles.title}>{item.title}</span>
                {item.sub && (
                  <Typography.Text type="secondary" className={styles.sub} ellipsis>
                    {item.sub}
                  </Typography.Text>
                )}
              </span>
            </div>
          );
        })
      )}
    </div>
  );
}
