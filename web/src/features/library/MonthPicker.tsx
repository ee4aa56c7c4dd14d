import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useI18n } from '../../i18n';

/** SocialWidgets.tsx's MonthInput: a month as YYYY-MM on a calendar of months, none after the current one. */
export default function MonthPicker({ value, onChange, testId, placeholder }: { value?: string; onChange?: (v?: string) => void; testId?: string; placeholder?: string }) {
  useI18n();
  return (
    <DatePicker
      picker="month"
      format="YYYY-MM"
      style={{ width: '100%' }}
      value={value ? dayjs(`${value}-01`) : null}
      disabledDate={(d) => d.isAfter(dayjs(), 'month')}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM') : undefined)}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}
