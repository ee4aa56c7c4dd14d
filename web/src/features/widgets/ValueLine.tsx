import { Typography } from 'antd';
import { hasMessage, t, useI18n, type MessageKey } from '../../i18n';

/**
 * A gallery widget's value as a person reads it: a dash for nothing, lists joined, fields named (never JSON). The
 * exact value stays in data-value for the end-to-end checks.
 */
export function readableValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'lib.yes' : 'lib.no');
  if (Array.isArray(value)) return value.length ? value.map(item).join('、') : t('widgets.value.none');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${hasMessage(`widgets.value.${k}`) ? t(`widgets.value.${k}` as MessageKey) : k}：${readableValue(v)}`)
      .join('；');
  }
  return String(value);
}

/** A list entry: a file or record by its name. */
const item = (v: unknown) =>
  v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : readableValue(v);

/** The current value of a gallery widget (block: a submitted payload, shown as formatted JSON on purpose). */
export default function ValueLine({ value, testId, block }: { value: unknown; testId: string; block?: boolean }) {
  useI18n();
  if (block) {
    return (
      <pre data-testid={testId} style={{ margin: 0, padding: 12, background: 'var(--bd-color-fill-alter)', borderRadius: 6, fontSize: 12, maxHeight: 320, overflow: 'auto' }}>
        {value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    );
  }
  return (
    <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
      {t('widgets.value')}:{' '}
      <Typography.Text code data-testid={testId} data-value={value === undefined ? '' : JSON.stringify(value)}>
        {readableValue(value)}
      </Typography.Text>
    </Typography.Text>
  );
}
