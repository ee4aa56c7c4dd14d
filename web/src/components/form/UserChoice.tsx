import { useState } from 'react';
import { Select, Spin } from 'antd';
import type { SysUser } from '../../api/admin';
import { useUserSearch } from '../../api/hooks/admin';
import { useI18n } from '../../i18n';
import { useDebounced } from '../../lib/useDebounced';

/** An employee as spec section 3 shows one: name(code). */
export const userLabel = (u: Pick<SysUser, 'userName' | 'loginCode'>) => `${u.userName}(${u.loginCode})`;

interface Props {
  /** login codes */
  value?: string[];
  onChange?: (codes: string[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/** Users found by login code or name as you type (GET /api/user/search, 300 ms after the last key stroke). */
export default function UserChoice({ value = [], onChange, multiple, disabled, placeholder, testId }: Props) {
  const { t } = useI18n();
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim());
  const search = useUserSearch(settled);
  const found: SysUser[] = (settled && search.data?.records) || [];
  const loading = search.isFetching;
  // names of the chosen users, kept when a new search replaces the options
  const [known, setKnown] = useState<Record<string, string>>({});

  const options = found.map((u) => ({ value: u.loginCode, label: userLabel(u) }));
  for (const code of value) if (!options.some((o) => o.value === code)) options.push({ value: code, label: known[code] ?? code });

  const change = (v: string | string[] | undefined) => {
    const codes = v == null ? [] : Array.isArray(v) ? v : [v];
    setKnown((m) => ({ ...m, ...Object.fromEntries(found.filter((u) => codes.includes(u.loginCode)).map((u) => [u.loginCode, userLabel(u)])) }));
    onChange?.(codes);
  };

  return (
    <Select
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? t('form.userSearch')}
      value={multiple ? value : value[0]}
      onChange={change}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : settled ? t('common.empty') : t('form.userSearchHint')}
      style={{ width: '100%' }}
    />
  );
}
