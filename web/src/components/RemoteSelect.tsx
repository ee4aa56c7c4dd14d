import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useI18n } from '../i18n';
import { useDebounced } from '../lib/useDebounced';

export interface RemoteOption<T> {
  value: number;
  label: string;
  record: T;
}

interface Props<T> {
  /** the chosen record's id */
  value?: number;
  /** the id and, for the caller's display or checks, the whole record (undefined when cleared) */
  onChange?: (value: number | undefined, record?: T) => void;
  /** the look-up's name in the query cache (its answers are cached by keyword) */
  cacheKey: string;
  /** the records matching a keyword ('' on opening: the first few) */
  search(keyword: string): Promise<T[]>;
  toOption(record: T): { value: number; label: string };
  /** the label of the current value before any search has found it (the record's name when editing) */
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  testId?: string;
}

/**
 * A select over a server-side list, searched as you type (300 ms after the last key stroke): choosing an
 * external organisation, an account.
 */
export default function RemoteSelect<T>({ value, onChange, cacheKey, search, toOption, label, placeholder, disabled, allowClear = true, testId }: Props<T>) {
  const { t } = useI18n();
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  const settled = useDebounced(keyword.trim());
  // the label of the value, kept when a new search replaces the options
  const [chosen, setChosen] = useState<string>();
  const query = useQuery({
    queryKey: ['remoteSelect', cacheKey, settled],
    enabled: opened,
    queryFn: () => search(settled).then((recs) => recs.map((r): RemoteOption<T> => ({ ...toOption(r), record: r }))),
  });
  const found = query.data ?? [];
  const loading = query.isFetching;

  const options = found.map(({ value: v, label: l }) => ({ value: v, label: l }));
  const unnamed = value != null && !options.some((o) => o.value === value) && chosen === undefined && label === undefined;
  // a value given without its name (restored from the address): look among the first records at once rather than
  // show a bare id; until then it reads as loading
  useEffect(() => {
    if (unnamed) setOpened(true);
  }, [unnamed]);
  if (value != null && !options.some((o) => o.value === value)) {
    options.push({ value, label: chosen ?? label ?? (loading || !opened ? t('common.loading') : `#${value}`) });
  }

  return (
    <Select
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      value={value}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(v?: number) => {
        const hit = found.find((o) => o.value === v);
        setChosen(hit?.label);
        onChange?.(v, hit?.record);
      }}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : t('common.empty')}
      style={{ width: '100%', minWidth: 160 }}
      popupMatchSelectWidth={false}
    />
  );
}
