import { useMemo } from 'react';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ACCESS_EXPORTS, addFunction, deleteFunction, editFunction, listFunctions, type FunctionRec, type MenuNode } from '../../api/access';
import { functionKeys, useMenuList } from '../../api/hooks/access';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormDialog from '../../components/form/FormDialog';
import type { FieldDescriptor } from '../../components/form/fields';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { menuPicker } from './accessWidgets';
import { codeField, sortField } from './MenuFormDialog';

const NAME_MAX = 50;

/** A search field choosing a menu from the tree (value: its code). */
function menuField(tree: MenuNode[]): SearchField {
  const Picker = menuPicker(tree);
  return {
    names: ['menuCode'],
    labelKey: 'fn.menu',
    kind: 'custom',
    render: ({ value, onChange }) => <Picker value={value} onChange={(v) => onChange(v || undefined)} placeholder={t('list.all')} testId="search-menuCode" />,
  };
}

const NO_MENUS: MenuNode[] = [];

/** /functionsmanager: the function codes (operations), their menu, and how many resources and roles use them. */
export default function FunctionsManagerPage() {
  useI18n();
  const tree = useMenuList().data ?? NO_MENUS;
  // The menu filter needs the tree; its parameter is known from the start, so the list reads it from the URL.
  const fields = useMemo<SearchField[]>(
    () => [
      { names: ['keyword'], labelKey: 'fn.keyword', kind: 'text' },
      { names: ['code'], labelKey: 'fn.code', kind: 'text' },
      { names: ['name'], labelKey: 'fn.name', kind: 'text' },
      menuField(tree),
    ],
    [tree],
  );
  const list = useList(fields, listFunctions, { key: functionKeys.list() });

  const columns: ListColumn<FunctionRec>[] = [
    { titleKey: 'fn.code', dataIndex: 'code', sortKey: 'code', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { titleKey: 'fn.name', dataIndex: 'name', sortKey: 'name' },
    { titleKey: 'fn.menu', dataIndex: 'menuName', sortKey: 'menuCode', render: (v: string) => v || <Typography.Text type="secondary">{t('fn.noMenu')}</Typography.Text> },
    { titleKey: 'fn.sort', dataIndex: 'sort', sortKey: 'sort', align: 'right' },
    {
      titleKey: 'fn.resources',
      dataIndex: 'resourceCount',
      sortKey: 'resourceCount',
      align: 'right',
      render: (n: number, f) => (n > 0 ? <Link to={`/resmanager?funCode=${encodeURIComponent(f.code)}`} data-testid={`fn-resources-${f.code}`}>{n}</Link> : 0),
    },
    { titleKey: 'fn.roles', dataIndex: 'roleCount', sortKey: 'roleCount', align: 'right' },
  ];

  return (
    <CrudList<FunctionRec>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      rowId={(f) => f.code}
      testId="fn"
      addLabel={t('fn.add')}
      exportPath={ACCESS_EXPORTS.functions}
      onDelete={(f) => deleteFunction(f.id)}
      renderDialog={(editing, close, saved) => <FunctionFormDialog target={editing} tree={tree} onClose={close} onSaved={saved} />}
    />
  );
}

interface Values {
  code: string;
  name: string;
  menuCode?: string;
  sort: number;
}

/** Add or edit a function code: code (fixed once created), name, menu, order number. */
function FunctionFormDialog({ target, tree, onClose, onSaved }: { target: Editing<FunctionRec>; tree: MenuNode[]; onClose(): void; onSaved(): void }) {
  const { lang } = useI18n();
  const fn = target?.row;
  const fields = useMemo<FieldDescriptor[]>(
    () => [
      codeField(!!fn, t('fn.code'), t('fn.codeRequired'), t(fn ? 'fn.codeFixed' : 'fn.codeHint'), 'fn-form-code'),
      { name: 'name', label: t('fn.name'), type: 'text', required: true, requiredMessage: t('fn.nameRequired'), maxLength: NAME_MAX, testId: 'fn-form-name' },
      { name: 'menuCode', label: t('fn.menu'), type: 'text', placeholder: t('fn.noMenu'), extra: t('fn.menuHint'), testId: 'fn-form-menu', widget: menuPicker(tree) },
      sortField(t('fn.sort'), 'fn-form-sort', fn ? t('fn.usedBy', { resources: fn.resourceCount, roles: fn.roleCount }) : undefined),
    ],
    [fn, tree, lang], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const initialValues = useMemo<Partial<Values>>(() => (fn ? { code: fn.code, name: fn.name, menuCode: fn.menuCode, sort: fn.sort } : { sort: 0 }), [fn]);
  const save = async (v: Values) => {
    const body = { name: v.name.trim(), menuCode: v.menuCode ?? '', sort: v.sort ?? 0 };
    if (fn) await editFunction({ ...body, id: fn.id });
    else await addFunction({ ...body, code: v.code.trim() });
  };
  return (
    <FormDialog<Values>
      open={!!target}
      title={t(fn ? 'fn.editTitle' : 'fn.add')}
      fields={fields}
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
      onSaved={onSaved}
      width={520}
      labelWidth={96}
      okTestId="fn-form-ok"
      testId="fn-dialog"
    />
  );
}
