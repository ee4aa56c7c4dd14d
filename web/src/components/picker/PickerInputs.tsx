/**
 * Form controls that open the organisation/employee picker: value/onChange props, so any form (antd Form.Item, the
 * described-form machinery) can bind them. Values are strings as the spec stores them: a unit's fullUnitCode, or
 * in multi-select mode the codes joined with '-'; employee codes joined with ','.
 */
import { useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Select } from 'antd';
import { ApartmentOutlined, UserOutlined } from '@ant-design/icons';
import { usePickerItems } from '../../api/hooks/org';
import { findUnit, getEmployeeList, type PickerEmployee, type PickerUnit } from '../../api/org';
import { t, useI18n, type MessageKey } from '../../i18n';
import OrgPickerDialog, { type OrgPickerProps } from './OrgPickerDialog';
import {
  dedupEmployees,
  dedupUnits,
  employeeLabel,
  joinUnitCodes,
  joinUserCodes,
  splitNames,
  splitUnitCodes,
  splitUserCodes,
  type Selection,
} from './pickerState';
import styles from './picker.module.css';

/** Tags shown in the field before '+ N ...' (a fixed number: the responsive count re-measures and flickers). */
const MAX_TAGS = 6;

type DialogOptions = Omit<OrgPickerProps, 'open' | 'multiple' | 'value' | 'onOk' | 'onClose' | 'showEmployee' | 'hideOrgan' | 'maxEmployees'>;

interface CommonProps {
  /** the names of the value's items joined with ',', shown until the items are known (no lookup needed) */
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  style?: CSSProperties;
}

/**
 * value: a unit's fullUnitCode, or with multiple (multiple_organ_choice) the codes joined with '-'; for employees
 * the codes joined with ',' (single_user_choice: at most one employee can be confirmed).
 */
interface InputProps<T> extends CommonProps, DialogOptions {
  value?: string;
  onChange?(value: string | undefined, items: T[]): void;
  multiple?: boolean;
}
export type OrgPickerInputProps = InputProps<PickerUnit>;
export type EmployeePickerInputProps = InputProps<PickerEmployee>;

/** A unit known only by its code and name (from the label) until the picker or a lookup returns it. */
export const stubUnit = (code: string, name?: string): PickerUnit => ({
  id: 0,
  unitName: name || code,
  unitLabel: name || code,
  fullUnitCode: code,
  parentFullUnitCode: '',
  fullUnitName: name || code,
  level: '',
  tlevel: 0,
  isClick: false,
  hasChildren: false,
  disabled: false,
  special: '',
  unitType: 0,
  inStatus: 1,
});

/** What differs between a unit field and an employee field. */
interface Kind<T> {
  /** names the kind in the look-up's query key */
  name: string;
  keyOf(item: T): string;
  labelOf(item: T): string;
  /** an item known only by its code and the name given by the label */
  stub(code: string, name?: string): T;
  /** the items of the codes not known yet (a lookup) */
  resolve(missing: string[]): Promise<T[]>;
  split(value: string | undefined, multiple: boolean): string[];
  join(items: T[]): string;
  dedup(items: T[]): T[];
  icon: ReactNode;
  placeholder: MessageKey;
  /** the dialog's mode for this field, its starting value, and the items of its result */
  dialog(multiple: boolean, items: T[]): Partial<OrgPickerProps>;
  take(s: Selection): T[];
}

/**
 * A closed select showing the chosen items (named by the label, or looked up once when unknown); a click opens
 * the picker, a tag's close icon or the clear icon removes.
 */
function PickerInput<T>({ kind, value, onChange, multiple = false, label, placeholder, disabled, testId, style, ...dialog }: InputProps<T> & { kind: Kind<T> }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<T[]>([]);
  const codes = kind.split(value, multiple);
  const missing = label ? [] : codes.filter((c) => !known.some((k) => kind.keyOf(k) === c));
  // quiet look-ups: an item that cannot be found keeps its stub (its code, or the label's name)
  const resolved = usePickerItems(kind.name, missing, kind.resolve).data ?? [];
  const names = splitNames(label);
  const items = codes.map((c, i) => known.find((k) => kind.keyOf(k) === c) ?? resolved.find((k) => kind.keyOf(k) === c) ?? kind.stub(c, names[i]));

  const emit = (chosen: T[]) => {
    const list = kind.dedup(chosen);
    setKnown((prev) => [...list, ...prev]);
    onChange?.(list.length ? kind.join(list) : undefined, list);
  };
  const clickField = (e: MouseEvent<HTMLDivElement>) => {
    if (disabled || (e.target as HTMLElement).closest('.ant-select-clear, .ant-select-selection-item-remove')) return;
    setOpen(true);
  };
  const keys = items.map(kind.keyOf);
  return (
    <>
      <div className={styles.field} onClick={clickField} style={style} data-testid={testId}>
        <Select
          mode={multiple ? 'multiple' : undefined}
          open={false}
          showSearch={false}
          allowClear
          disabled={disabled}
          placeholder={placeholder ?? t(kind.placeholder)}
          value={multiple ? keys : keys[0]}
          options={items.map((i) => ({ value: kind.keyOf(i), label: kind.labelOf(i) }))}
          onDeselect={(code: string) => emit(items.filter((i) => kind.keyOf(i) !== code))}
          onClear={() => emit([])}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setOpen(true);
            }
          }}
          suffixIcon={kind.icon}
          maxTagCount={MAX_TAGS}
          style={{ width: '100%' }}
        />
      </div>
      <OrgPickerDialog
        {...kind.dialog(multiple, items)}
        {...dialog}
        open={open}
        onOk={(s) => emit(kind.take(s))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const organKind: Kind<PickerUnit> = {
  name: 'unit',
  keyOf: (u) => u.fullUnitCode,
  labelOf: (u) => u.unitLabel || u.unitName,
  stub: stubUnit,
  resolve: async (missing) => (await Promise.all(missing.map(findUnit))).filter((u): u is PickerUnit => !!u),
  split: (value, multiple) => (multiple ? splitUnitCodes(value) : value ? [value] : []),
  join: joinUnitCodes,
  dedup: dedupUnits,
  icon: <ApartmentOutlined />,
  placeholder: 'picker.chooseOrgan',
  dialog: (multiple, units) => ({ multiple, value: { organ: units }, title: t(multiple ? 'picker.titleOrgans' : 'picker.titleOrgan') }),
  take: (s) => s.organ,
};

const employeeKind = (multiple: boolean): Kind<PickerEmployee> => ({
  name: 'employee',
  keyOf: (e) => e.code,
  labelOf: employeeLabel,
  stub: (code, name) => ({ code, name: name || code }),
  resolve: (missing) => getEmployeeList({ employeeCodes: missing }, { silent: true }),
  split: (value) => splitUserCodes(value),
  join: joinUserCodes,
  dedup: dedupEmployees,
  icon: <UserOutlined />,
  placeholder: 'picker.chooseEmployee',
  // the employee tab alone; a single-user field confirms at most one
  // one person is found by name; several are usually pasted as employee numbers
  dialog: (_, people) => ({
    multiple: true,
    showEmployee: true,
    hideOrgan: true,
    maxEmployees: multiple ? undefined : 1,
    employeeMode: multiple ? 'code' : 'name',
    title: t(multiple ? 'picker.titleEmployees' : 'picker.titleEmployee'),
    value: { employee: people },
  }),
  take: (s) => s.employee,
});
const employeeKinds = { single: employeeKind(false), multiple: employeeKind(true) };

/** single_organ_choice / multiple_organ_choice: a unit (or units) chosen in the organisation picker. */
export const OrgPickerInput = (props: OrgPickerInputProps) => <PickerInput kind={organKind} {...props} />;

/** single_user_choice / multiple_user_choice: employees chosen in the picker's employee tab ('chosen audience'). */
export const EmployeePickerInput = (props: EmployeePickerInputProps) => (
  <PickerInput kind={employeeKinds[props.multiple ? 'multiple' : 'single']} chosenTitle="audience" {...props} />
);
