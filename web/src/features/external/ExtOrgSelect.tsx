import { listExtOrgs, type ExtOrg } from '../../api/external';
import RemoteSelect from '../../components/RemoteSelect';

const search = (keyword: string) => listExtOrgs({ name: keyword, limit: '20', sort: 'name' }).then((p) => p.records);
const toOption = (o: ExtOrg) => ({ value: o.id, label: o.code ? `${o.name}(${o.code})` : o.name });

interface Props {
  value?: number;
  onChange?: (value?: number, label?: string) => void;
  /** the organisation's name before a search found it */
  label?: string;
  placeholder?: string;
  testId?: string;
}

/** Choose an external organisation by name or code. */
export default function ExtOrgSelect({ value, onChange, label, placeholder, testId }: Props) {
  return (
    <RemoteSelect<ExtOrg>
      value={value}
      onChange={(v, o) => onChange?.(v, o?.name)}
      cacheKey="extOrgs"
      search={search}
      toOption={toOption}
      label={label}
      placeholder={placeholder}
      testId={testId}
    />
  );
}
