import { Typography } from 'antd';
import { useI18n } from '../../i18n';

/** The current value of a gallery widget, as JSON (undefined shows as a dash). */
export default function ValueLine({ value, testId, block }: { value: unknown; testId: string; block?: boolean }) {
  const { t } = useI18n();
  const text = value === undefined ? '—' : JSON.stringify(value, null, block ? 2 : undefined);
  if (block) {
    return (
      <pre data-testid={testId} style={{ margin: 0, padding: 12, background: '#f6f8fa', borderRadius: 6, fontSize: 12, maxHeight: 320, overflow: 'auto' }}>
        {text}
      </pre>
    );
  }
  return (
    <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
      {t('widgets.value')}: <Typography.Text code data-testid={testId}>{text}</Typography.Text>
    </Typography.Text>
  );
}
