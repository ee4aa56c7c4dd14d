import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { TextLink } from '../Text';
import type { ColumnChoice } from './columnSettings';

export interface SettableColumn {
  key: string;
  title: string;
}

interface Props {
  /** the movable columns, in the order shown now (hidden ones included) */
  columns: SettableColumn[];
  choice: ColumnChoice | null;
  onChange: (choice: ColumnChoice | null) => void;
}

/** The column settings of a table card: show, hide and order the columns; the choice is remembered per account. */
export default function ColumnSettings({ columns, choice, onChange }: Props) {
  const { t } = useI18n();
  const order = columns.map((c) => c.key);
  const hidden = new Set(choice?.hidden ?? []);
  const shownCount = columns.filter((c) => !hidden.has(c.key)).length;
  const save = (nextOrder: string[], nextHidden: Set<string>) => onChange({ order: nextOrder, hidden: [...nextHidden] });
  const move = (i: number, by: number) => {
    const next = [...order];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    save(next, hidden);
  };
  const content = (
    <div data-testid="column-settings" style={{ minWidth: 220 }}>
      {columns.map((c, i) => (
        <div key={c.key} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '2px 0' }}>
          <Checkbox
            style={{ flex: 1 }}
            checked={!hidden.has(c.key)}
            // one column at least stays, or the table would be empty
            disabled={!hidden.has(c.key) && shownCount <= 1}
            onChange={(e) => {
              const next = new Set(hidden);
              if (e.target.checked) next.delete(c.key);
              else next.add(c.key);
              save(order, next);
            }}
          >
            {c.title}
          </Checkbox>
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('list.columns.up', { name: c.title })} onClick={() => move(i, -1)} />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={i === columns.length - 1}
            aria-label={t('list.columns.down', { name: c.title })}
            onClick={() => move(i, 1)}
          />
        </div>
      ))}
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <span className="bd-typo">
            <strong>{t('list.columns.title')}</strong>
          </span>
          <TextLink disabled={!choice} onClick={() => onChange(null)} testId="column-settings-reset">
            {t('list.columns.reset')}
          </TextLink>
        </Space>
      }
      content={content}
    >
      <Tooltip title={t('list.columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('list.columns.title')} data-testid="column-settings-button" />
      </Tooltip>
    </Popover>
  );
}
