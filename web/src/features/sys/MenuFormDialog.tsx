import { useMemo } from 'react';
import { addMenu, editMenu, type MenuNode } from '../../api/access';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import { t, useI18n } from '../../i18n';
import { IconPicker, menuPicker } from './accessWidgets';

/** Server rules (internal/access/menus.go). */
export const MENU_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{1,63}$/;
const PATH_RE = /^(\/[A-Za-z0-9_\-/]*|https?:\/\/[^\s<>"']+)$/;
const NAME_MAX = 50;
export const SORT_MAX = 999999;

interface Values {
  parentCode?: string;
  code: string;
  name: string;
  path?: string;
  icon?: string;
  sort: number;
  visible: 0 | 1;
  withFunction: 0 | 1;
}

/** What is added or edited: a new menu under parent (none: the top level), or an existing menu. */
export type MenuTarget = { parent?: MenuNode; menu?: MenuNode } | null;

/** The code field of a menu or a function code: required and checked when adding, fixed afterwards. */
export function codeField(editing: boolean, label: string, requiredMessage: string, extra: string, testId: string): FieldDescriptor {
  return {
    name: 'code',
    label,
    type: 'text',
    maxLength: 64,
    required: !editing,
    requiredMessage,
    disabled: editing,
    extra,
    testId,
    rules: editing ? [] : [{ pattern: MENU_CODE_RE, message: t('menu.codeRule') }],
  };
}

/** The order-number field: a whole number 0-999999. */
export const sortField = (label: string, testId: string, extra?: string): FieldDescriptor => ({
  name: 'sort',
  label,
  type: 'number',
  nonNegative: true,
  max: SORT_MAX,
  extra,
  testId,
  rules: [{ type: 'integer', message: t('menu.sortRule', { n: SORT_MAX }) }],
});

interface Props {
  target: MenuTarget;
  tree: MenuNode[];
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a menu: parent, code (fixed once created), name, route, icon, order number, visible. */
export default function MenuFormDialog({ target, tree, onClose, onSaved }: Props) {
  const { lang } = useI18n();
  const editing = target?.menu;
  const fields = useMemo<FieldDescriptor[]>(
    () => [
      { name: 'parentCode', label: t('menu.parent'), type: 'text', placeholder: t('menu.topLevel'), extra: t('menu.parentHint'), testId: 'menu-form-parent', widget: menuPicker(tree, editing?.code) },
      codeField(!!editing, t('menu.code'), t('menu.codeRequired'), t(editing ? 'menu.codeFixed' : 'menu.codeHint'), 'menu-form-code'),
      { name: 'name', label: t('menu.name'), type: 'text', required: true, requiredMessage: t('menu.nameRequired'), maxLength: NAME_MAX, testId: 'menu-form-name' },
      {
        name: 'path',
        label: t('menu.path'),
        type: 'text',
        placeholder: '/example',
        extra: t('menu.pathHint'),
        testId: 'menu-form-path',
        rules: [{ pattern: PATH_RE, message: t('menu.pathRule') }],
      },
      { name: 'icon', label: t('menu.icon'), type: 'text', placeholder: t('menu.iconNone'), testId: 'menu-form-icon', widget: IconPicker },
      sortField(t('menu.sort'), 'menu-form-sort', t('menu.sortHint')),
      { name: 'visible', label: t('menu.visible'), type: 'switch', testId: 'menu-form-visible' },
      { name: 'withFunction', label: t('menu.withFunction'), type: 'switch', hidden: !!editing, extra: t('menu.withFunctionHint'), testId: 'menu-form-with-function' },
    ],
    [tree, editing, lang], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const initialValues = useMemo<Partial<Values>>(() => {
    const m = target?.menu;
    return m
      ? { parentCode: m.parentCode, code: m.code, name: m.name, path: m.path, icon: m.icon, sort: m.sort, visible: m.visible ? 1 : 0 }
      : { parentCode: target?.parent?.code ?? '', sort: ((target?.parent?.children ?? tree).length + 1) * 10, visible: 1, withFunction: 1 };
  }, [target, tree]);

  const save = async (v: Values) => {
    const body = { parentCode: v.parentCode ?? '', name: v.name.trim(), path: (v.path ?? '').trim(), icon: v.icon ?? '', sort: v.sort ?? 0, visible: v.visible };
    if (editing) await editMenu({ ...body, id: editing.id });
    else await addMenu({ ...body, code: v.code.trim(), withFunction: v.withFunction === 1 && !!body.path });
  };

  return (
    <FormDialog<Values>
      open={!!target}
      title={t(editing ? 'menu.editTitle' : 'menu.addTitle')}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      onSaved={onSaved}
      width={600}
      labelWidth={110}
      okTestId="menu-form-ok"
      testId="menu-dialog"
    />
  );
}
