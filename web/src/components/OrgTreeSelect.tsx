import { useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import type { OrgUnit } from '../api/admin';
import { fetchOrgChildren, useOrgChildren, useUnitNames } from '../api/hooks/org';
import { useI18n } from '../i18n';

interface Node {
  id: string;
  pId: string;
  value: string;
  title: string;
  /** what the select shows once chosen: enough of the path to tell the unit from others of the same name */
  label: string;
  isLeaf: boolean;
  selectable: boolean;
}

const toNode = (u: OrgUnit): Node => ({
  id: u.fullUnitCode,
  pId: u.parentFullUnitCode,
  value: u.fullUnitCode,
  title: u.unitName,
  label: u.unitLabel || u.unitName,
  isLeaf: !u.hasChildren,
  // spec section 6: the group roots and the 'subordinate companies' placeholder are greyed and not selectable
  selectable: !u.disabled,
});

interface Common {
  /** allow choosing the non-clickable group nodes too (search filters: a whole subtree) */
  anyNode?: boolean;
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
  /** focus on mount (OrgFilterSelect swaps this in for its stand-in) */
  autoFocus?: boolean;
  /** open the tree on mount */
  defaultOpen?: boolean;
}

type Props = Common &
  (
    | {
        multiple?: false;
        value?: string;
        /** the chosen unit's name, shown before its branch is loaded */
        label?: string;
        onChange?: (value?: string, label?: string) => void;
      }
    | { multiple: true; value?: string[]; label?: undefined; onChange?: (values: string[]) => void }
  );

type Labelled = { value: string; label?: unknown };

/**
 * The organisation tree as a select, loaded lazily: roots first, children on expand (GET getByPid). One unit, or
 * several with `multiple` (the form's organisation choice).
 */
export default function OrgTreeSelect(props: Props) {
  const { anyNode, testId, disabled, placeholder, autoFocus, defaultOpen } = props;
  const { t } = useI18n();
  const roots = useOrgChildren('');
  const loading = roots.isPending;
  // branches opened so far, children on expand
  const [more, setMore] = useState<Node[]>([]);
  const nodes = useMemo(() => [...(roots.data ?? []).map(toNode), ...more], [roots.data, more]);

  const load = async (pid: string) => {
    if (nodes.some((n) => n.pId === pid)) return;
    const units = await fetchOrgChildren(pid).catch(() => [] as OrgUnit[]);
    setMore((prev) => [...prev, ...units.map(toNode).filter((n) => !prev.some((p) => p.id === n.id))]);
  };

  // names of stored values whose branch is not loaded (editing a record: 所属组织 shows the name at once, not the code)
  const wanted = props.multiple ? (props.value ?? []) : props.value && !props.label ? [props.value] : [];
  const named = useUnitNames(loading ? [] : wanted.filter((code) => !nodes.some((n) => n.value === code)));

  const titleOf = (code: string) => nodes.find((n) => n.value === code)?.label ?? named[code];
  // until its name is known a stored value shows as loading, never as its raw code
  const pending = t('common.loading');
  const onChange = (v?: Labelled | Labelled[]) => {
    if (props.multiple) props.onChange?.(Array.isArray(v) ? v.map((x) => x.value) : []);
    else if (!Array.isArray(v)) props.onChange?.(v?.value, typeof v?.label === 'string' ? v.label : undefined);
  };
  const value = props.multiple
    ? (props.value ?? []).map((code) => ({ value: code, label: titleOf(code) ?? pending }))
    : props.value
      ? { value: props.value, label: titleOf(props.value) ?? props.label ?? pending }
      : undefined;
  return (
    <TreeSelect
      data-testid={testId}
      showSearch={false}
      allowClear
      multiple={props.multiple}
      disabled={disabled}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      loading={loading}
      placeholder={placeholder ?? t('user.unitPlaceholder')}
      treeDataSimpleMode
      treeData={nodes.map(({ label: _label, ...n }) => ({ ...n, selectable: anyNode || n.selectable, disabled: !anyNode && !n.selectable }))}
      loadData={(node) => load(String(node.value))}
      labelInValue
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxHeight: 420, minWidth: 320, overflow: 'auto' } } }}
      style={{ width: '100%' }}
    />
  );
}
