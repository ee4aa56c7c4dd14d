import { searchUsers, type SysUser } from '../api/admin';
import RemoteSelect from './RemoteSelect';

/** An account as spec section 3 shows an employee: name(code). */
export const accountLabel = (u: Pick<SysUser, 'userName' | 'loginCode'>) => `${u.userName}(${u.loginCode})`;

const toOption = (u: SysUser) => ({ value: u.id, label: accountLabel(u) });

interface Props {
  value?: number;
  onChange?: (value?: number, user?: SysUser) => void;
  /** narrows the search: userType (staff, external), state (1: enabled accounts only) */
  filters?: Record<string, string>;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}

/** Choose an account by login code or name (GET /api/user/search). */
export default function AccountSelect({ value, onChange, filters, label, placeholder, disabled, testId }: Props) {
  const search = (keyword: string) => searchUsers({ ...filters, keyword, limit: '20' }).then((p) => p.records);
  return (
    <RemoteSelect<SysUser>
      value={value}
      onChange={onChange}
      cacheKey={`accounts:${JSON.stringify(filters ?? {})}`}
      search={search}
      toOption={toOption}
      label={label}
      placeholder={placeholder}
      disabled={disabled}
      testId={testId}
    />
  );
}
