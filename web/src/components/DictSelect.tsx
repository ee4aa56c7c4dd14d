import { useEffect, useMemo, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notification, Select } from 'antd';
import { dictItem } from '../api/dict';
import { TOAST_SECONDS } from '../api/client';
import { toDictValue } from '../lib/dict';
import { defaultOption, dictOptions, optionLabel, useDictData, type DictOption } from '../lib/dictSelect';

/** Spec section 8: a dictionary or select load failure shows a closable error toast with the message. */
export function dictLoadFailed(message: string) {
  notification.error({ key: `dict-error:${message}`, title: message, closable: true, duration: TOAST_SECONDS, placement: 'top' });
}

/**
 * The options of a dictionary by its key (display text, e.g. '用户状态') or code ('user_state'): from the
 * client store (dictData); a key missing from the store is asked of the server (dictItem).
 */
export function useDictOptions(dictKey: string | undefined): DictOption[] {
  const data = useDictData();
  const local = useMemo(() => dictOptions(dictKey, data), [dictKey, data]);
  // a dictionary the store lacks: asked of the server once for every select that shows it (the query cache)
  const remote = useQuery({
    queryKey: ['dictItem', dictKey],
    enabled: local === null && !!dictKey,
    queryFn: () =>
      dictItem(dictKey!, { silent: true, onFail: dictLoadFailed }).then((items) =>
        items.map((i): DictOption => ({ label: i.key, value: toDictValue(i.value), isDefault: i.isDefault === 1 })),
      ),
  });
  if (local !== null) return local;
  return remote.data ?? NONE;
}

const NONE: DictOption[] = [];

type DictValue = string | number;

interface Common {
  /** the dictionary: its key (display text) or code */
  dictKey: string;
  placeholder?: string;
  allowClear?: boolean;
  /** start with the item marked default when there is no value */
  useDefault?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  testId?: string;
}

type Props = Common &
  (
    | { multiple?: false; value?: DictValue | null; onChange?: (value: DictValue | undefined) => void }
    | { multiple: true; value?: DictValue[] | null; onChange?: (value: DictValue[]) => void }
  );

/** A select whose options are a dictionary's enabled items (key shown, value stored); several with `multiple`. */
export default function DictSelect(props: Props) {
  const { dictKey, placeholder, allowClear = true, useDefault, disabled, style, testId } = props;
  const options = useDictOptions(dictKey);
  const { value, onChange, multiple } = props;
  const empty = value == null || value === '' || (Array.isArray(value) && value.length === 0);
  useEffect(() => {
    if (!useDefault || !empty) return;
    const def = defaultOption(options);
    if (def === undefined) return;
    if (multiple) onChange?.([def]);
    else onChange?.(def);
  }, [useDefault, empty, options, onChange, multiple]);
  // Values compare as strings ('1' is 1): show the option whose value matches.
  const match = (v: DictValue) => options.find((o) => String(o.value) === String(v))?.value ?? v;
  const current = empty ? undefined : Array.isArray(value) ? value.map(match) : match(value as DictValue);
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      value={current}
      onChange={(v?: DictValue | DictValue[]) => {
        if (multiple) onChange?.(Array.isArray(v) ? v : []);
        else if (!Array.isArray(v)) onChange?.(v ?? undefined);
      }}
      options={options.map((o) => ({ label: o.label, value: o.value }))}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      style={{ minWidth: 160, ...style }}
      data-testid={testId}
      popupMatchSelectWidth={false}
    />
  );
}

/** The label of a dictionary value, e.g. <DictLabel dictKey="user_state" value={1} /> shows 可用. */
export function DictLabel({ dictKey, value, fallback }: { dictKey: string; value: unknown; fallback?: string }) {
  const options = useDictOptions(dictKey);
  const label = optionLabel(options, value);
  return <>{label || (fallback ?? (value == null ? '' : String(value)))}</>;
}
