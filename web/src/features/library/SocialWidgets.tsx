/**
 * Social-security pieces shared by the social-security screen and the expert pages: a month picker (YYYY-MM), an
 * expert's continuous months by city (docs/library.md, 'Continuous months') and the expert list's filter fields.
 */
import { lazy, Suspense } from 'react';
import { Input, Space, Tag, Tooltip, Typography } from 'antd';
import type { SearchField } from '../../components/list/SearchCard';
import { t, useI18n } from '../../i18n';

/** A run: the continuous months in a city up to a month (the server's LibSocialRun). */
export interface SocialRun {
  city: string;
  months: number;
  from: string;
  upTo: string;
}

type MonthInputProps = { value?: string; onChange?: (v?: string) => void; testId?: string; placeholder?: string };

// antd's DatePicker (31 kB gzipped), loaded with the first month input drawn rather than with every library screen
const MonthPicker = lazy(() => import('./MonthPicker'));

/** A month as YYYY-MM, picked on a calendar of months; the months after the current one cannot be chosen. */
export function MonthInput(props: MonthInputProps) {
  return (
    <Suspense fallback={<Input disabled style={{ width: '100%' }} placeholder={props.placeholder} />}>
      <MonthPicker {...props} />
    </Suspense>
  );
}

/** An expert's runs, longest first ('—' when none). */
export function SocialRuns({ runs, testId }: { runs?: SocialRun[]; testId?: string }) {
  useI18n();
  if (!runs || runs.length === 0) return <Typography.Text type="secondary">{t('social.none')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap data-testid={testId}>
      {runs.map((r) => (
        <Tooltip key={r.city} title={t('social.runTitle', { city: r.city, n: r.months, from: r.from, to: r.upTo })}>
          <Tag color={r.months >= 12 ? 'green' : r.months >= 6 ? 'blue' : 'default'}>{t('social.run', { city: r.city, n: r.months })}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** The expert list's filter: at least N continuous months in a city up to a month (last month when empty). */
export const socialSearchFields = (): SearchField[] => [
  { names: ['socialCity'], labelKey: 'social.filterCity', kind: 'text' },
  {
    names: ['socialMonths'],
    labelKey: 'social.filterMonths',
    kind: 'select',
    options: ['3', '6', '12', '24', '36'].map((n) => ({ value: n, label: n })),
  },
  {
    names: ['socialUpTo'],
    labelKey: 'social.filterUpTo',
    kind: 'custom',
    render: (p) => <MonthInput value={p.value} onChange={(v) => p.onChange(v)} testId="search-socialUpTo" placeholder={t('social.filterHint')} />,
  },
];
