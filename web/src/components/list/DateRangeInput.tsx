import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';

/** The search card's date range (antd's date picker is large: a chunk of its own, loaded by lists that search by date). */
export default function DateRangeInput(props: RangePickerProps) {
  return <DatePicker.RangePicker {...props} />;
}
