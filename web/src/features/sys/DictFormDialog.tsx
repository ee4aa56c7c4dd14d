import { useMemo } from 'react';
import { addDict, editDict, type DictRow } from '../../api/dict';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import { useI18n } from '../../i18n';

/** Server limits (internal/dict): key and value at most 100 characters. */
export const DICT_TEXT_MAX = 100;

interface Values {
  key: string;
  value: string;
  sort: number;
  isDefault: 0 | 1;
  enabled: 0 | 1;
}

interface Props {
  /** what is being added or edited; null closes the dialog */
  target: { parentId: number; row?: DictRow } | null;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a dictionary (parentId 0) or one of its items. */
export default function DictFormDialog({ target, onClose, onSaved }: Props) {
  const { t, lang } = useI18n();
  const isGroup = target?.parentId === 0;

  const fields = useMemo<FieldDescriptor[]>(
    () => [
      {
        name: 'key',
        label: t(isGroup ? 'dict.groupKey' : 'dict.itemKey'),
        type: 'text',
        required: true,
        maxLength: DICT_TEXT_MAX,
        testId: 'dict-form-key',
      },
      {
        name: 'value',
        label: t(isGroup ? 'dict.groupCode' : 'dict.itemValue'),
        type: 'text',
        required: true,
        maxLength: DICT_TEXT_MAX,
        extra: isGroup ? t('dict.codeHint') : undefined,
        testId: 'dict-form-value',
      },
      { name: 'sort', label: t('dict.sort'), type: 'number', nonNegative: true, decimals: 0, testId: 'dict-form-sort' },
      { name: 'isDefault', label: t('dict.isDefault'), type: 'switch', hidden: isGroup, extra: t('dict.defaultHint'), testId: 'dict-form-default' },
      { name: 'enabled', label: t('dict.enabled'), type: 'switch', testId: 'dict-form-enabled' },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language
    [isGroup, lang],
  );

  const initialValues = useMemo<Values>(() => {
    const r = target?.row;
    return r
      ? { key: r.key, value: r.value, sort: r.sort, isDefault: r.isDefault === 1 ? 1 : 0, enabled: r.enabled === 1 ? 1 : 0 }
      : { key: '', value: '', sort: 0, isDefault: 0, enabled: 1 };
  }, [target]);

  const save = async (v: Values) => {
    if (!target) return;
    const body = { parentId: target.parentId, key: v.key.trim(), value: v.value.trim(), sort: v.sort ?? 0, isDefault: v.isDefault, enabled: v.enabled };
    if (target.row) await editDict({ ...body, id: target.row.id });
    else await addDict(body);
  };

  const title = isGroup ? (target?.row ? 'dict.editGroup' : 'dict.addGroup') : target?.row ? 'dict.editItem' : 'dict.addItem';
  return (
    <FormDialog<Values>
      open={!!target}
      title={t(title)}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      onSaved={onSaved}
      okTestId="dict-form-ok"
    />
  );
}
