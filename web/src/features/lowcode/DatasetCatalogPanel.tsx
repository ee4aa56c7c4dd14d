import { useState } from 'react';
import { Collapse, Empty, Input, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { DatasetCatalogTable } from '../../api/lowcode';
import { useDatasetCatalog } from '../../api/hooks/lowcode';
import { t, useI18n } from '../../i18n';
import { filterCatalog, sqlName } from './datasetView';

/**
 * The tables and columns the signed-in designer's datasets may read, by the names a statement writes (a dynamic
 * table by its own name and field codes), titled; a click inserts the name at the query's cursor.
 */
/** A click on a name leaves the focus (and the cursor) in the query. */
const keepFocus = (e: React.MouseEvent) => e.preventDefault();

export default function DatasetCatalogPanel({ onInsert }: { onInsert(text: string): void }) {
  useI18n();
  const catalog = useDatasetCatalog();
  // a failure (shown by the client) shows an empty catalogue
  const tables = catalog.data?.tables ?? (catalog.isError ? [] : undefined);
  const [q, setQ] = useState('');
  const shown = filterCatalog(tables ?? [], q);
  const group = (kind: 'dynamic' | 'system') => shown.filter((x) => x.kind === kind);
  const item = (x: DatasetCatalogTable) => ({
    key: `${x.kind}:${x.name}`,
    label: (
      <span style={{ display: 'flex', gap: 6, alignItems: 'baseline', minWidth: 0 }}>
        <Typography.Link
          strong
          disabled={!!x.refused}
          onMouseDown={keepFocus}
          onClick={(e) => {
            e.stopPropagation();
            if (!x.refused) onInsert(sqlName(x.name));
          }}
          title={x.refused || t('dataset.catalog.insertTable')}
          data-testid={`ds-cat-table-${x.name}`}
        >
          {x.name}
        </Typography.Link>
        {x.kind === 'system' && x.title && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {x.title}
          </Typography.Text>
        )}
        {x.scoped && (
          <Tooltip title={t('dataset.catalog.scoped')}>
            <Tag style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>{t('dataset.catalog.scopedShort')}</Tag>
          </Tooltip>
        )}
      </span>
    ),
    children: (
      <>
        {x.refused && <Typography.Paragraph type="warning" style={{ fontSize: 12 }}>{x.refused}</Typography.Paragraph>}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {x.columns.map((c) => (
            <li key={c.name} style={{ display: 'flex', gap: 8, alignItems: 'baseline', padding: '1px 0' }}>
              <Typography.Link
                code
                disabled={c.personal || !!x.refused}
                onMouseDown={keepFocus}
                onClick={() => onInsert(sqlName(c.name))}
                data-testid={`ds-cat-col-${x.name}-${c.name}`}
              >
                {c.name}
              </Typography.Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.title}
                {c.type ? ` · ${t(`dataset.type.${c.type}` as 'dataset.type.int')}` : ''}
              </Typography.Text>
              {c.personal && (
                <Tooltip title={t('dataset.catalog.personal')}>
                  <LockOutlined style={{ color: 'var(--bd-color-text-tertiary)' }} />
                </Tooltip>
              )}
            </li>
          ))}
        </ul>
      </>
    ),
  });
  const section = (kind: 'dynamic' | 'system') => {
    const list = group(kind);
    if (list.length === 0) return null;
    return (
      <>
        <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 4px' }}>
          {t(`dataset.catalog.${kind}` as 'dataset.catalog.dynamic')}
        </Typography.Text>
        <Collapse size="small" items={list.map(item)} defaultActiveKey={kind === 'dynamic' && list.length <= 3 ? list.map((x) => `${x.kind}:${x.name}`) : []} />
      </>
    );
  };
  return (
    <div data-testid="ds-catalog">
      <Typography.Text strong>{t('dataset.catalog.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '4px 0 8px' }}>
        {t('dataset.catalog.hint')}
      </Typography.Paragraph>
      <Input.Search allowClear placeholder={t('dataset.catalog.search')} value={q} onChange={(e) => setQ(e.target.value)} data-testid="ds-cat-search" />
      <div style={{ maxHeight: 460, overflowY: 'auto', marginTop: 4 }}>
        {tables && shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataset.catalog.empty')} />
        ) : (
          <>
            {section('dynamic')}
            {section('system')}
          </>
        )}
      </div>
    </div>
  );
}
