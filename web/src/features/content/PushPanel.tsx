import { useState } from 'react';
import { Button, Form, Input, List, Space, Tag, Typography } from 'antd';
import { ApartmentOutlined, AppstoreAddOutlined, DeleteOutlined } from '@ant-design/icons';
import { addPush, deletePushes, editPush, listPushes, type PushRow, PUSH_EXPORT } from '../../api/content';
import { pushKeys, usePush } from '../../api/hooks/content';
import CrudList, { type Editing } from '../../components/list/CrudList';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormModal from '../../components/form/FormModal';
import { useList } from '../../components/list/useList';
import { OrgPickerDialog, type Selection } from '../../components/picker';
import { stubUnit } from '../../components/picker/PickerInputs';
import ResourceSelector from '../../components/resource/ResourceSelector';
import { MAX_SOURCES, type Output } from '../../components/resource/selectorState';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';

const fields: SearchField[] = [{ names: ['title'], labelKey: 'content.push.title', kind: 'text' }];

/** The course push tab: up to 30 courses or topics pushed to units and employees chosen with the picker. */
export default function PushPanel() {
  useI18n();
  const list = useList<PushRow>(fields, listPushes, { key: pushKeys.list(), inUrl: false });
  const columns: ListColumn<PushRow>[] = [
    { titleKey: 'content.push.title', dataIndex: 'title', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { titleKey: 'content.push.courses', dataIndex: 'courses', width: 110 },
    { titleKey: 'content.push.audience', dataIndex: 'audience', width: 110 },
    { titleKey: 'content.updatedAt', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatTime(v) },
  ];
  return (
    <CrudList<PushRow>
      list={list}
      fields={fields}
      columns={columns}
      rowKey="id"
      exportPath={PUSH_EXPORT}
      testId="push"
      rowId={(p) => p.id}
      addLabel={t('content.push.add')}
      onDelete={(p) => deletePushes([p.id])}
      renderDialog={(editing, close, saved) => <PushFormDialog target={editing} onClose={close} onSaved={saved} />}
    />
  );
}

/** An item of the push as the dialog lists it. */
interface Item {
  type: string;
  id: number;
  specialId?: number;
  name: string;
}
const keyOf = (i: Item) => `${i.type}-${i.id}-${i.specialId ?? 0}`;
const TYPE_LABEL: Record<string, 'resource.tab.course' | 'resource.level.2' | 'resource.level.1'> = {
  '1': 'resource.tab.course',
  '3': 'resource.level.2',
  '4': 'resource.level.1',
};

interface Values {
  title: string;
}

function PushFormDialog({ target, onClose, onSaved }: { target: Editing<PushRow>; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<Values>();
  const row = target?.row;
  const [items, setItems] = useState<Item[]>([]);
  const [audience, setAudience] = useState<Selection>({ organ: [], employee: [] });
  const [choosing, setChoosing] = useState(false);
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string>();

  // the list row has no items and audience: the dialog reads them, once they arrive
  const stored = usePush(row?.id).data;
  const [shown, setShown] = useState<typeof stored>();
  if (stored && stored !== shown) {
    setShown(stored);
    setItems(stored.items.map((i) => ({ type: i.type, id: i.id, specialId: i.specialId, name: i.name || `#${i.id}` })));
    setAudience({ organ: stored.organ.map((u) => stubUnit(u.fullUnitCode, u.unitName)), employee: stored.employee.map((e) => ({ code: e.code, name: e.name })) });
  }

  const added = (out: Output[]) => {
    const next = [...items];
    for (const o of out) {
      if (o.type === '2') continue;
      const it: Item = { type: o.type, id: o.id, specialId: o.specialId, name: o.name };
      if (!next.some((x) => keyOf(x) === keyOf(it))) next.push(it);
    }
    setItems(next);
    setProblem(undefined);
    setChoosing(false);
  };

  const save = (v: Values) => {
    if (!items.length) {
      setProblem(t('resource.chooseContent'));
      return Promise.reject(new Error('no items'));
    }
    const body = {
      title: v.title.trim(),
      items: items.map((i) => ({ type: i.type, id: i.id, ...(i.specialId ? { specialId: i.specialId } : {}) })),
      organ: audience.organ.map((u) => ({ fullUnitCode: u.fullUnitCode })),
      employee: audience.employee.map((e) => ({ code: e.code })),
    };
    return row ? editPush({ ...body, id: row.id }) : addPush(body);
  };

  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(row ? 'content.push.edit' : 'content.push.add')}
      values={() => ({ title: row?.title ?? '' })}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={680}
      okTestId="push-form-ok"
      testId="push-form"
    >
      <Form.Item name="title" label={t('content.push.title')} rules={[{ required: true, whitespace: true, message: t('content.nameRequired') }]}>
        <Input maxLength={100} data-testid="push-form-title" />
      </Form.Item>
      <Form.Item label={t('content.push.courses')} required validateStatus={problem ? 'error' : undefined} help={problem ?? t('content.push.limit', { n: MAX_SOURCES })}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button icon={<AppstoreAddOutlined />} onClick={() => setChoosing(true)} data-testid="push-form-choose">
            {t('content.push.choose')} ({items.length}/{MAX_SOURCES})
          </Button>
          {items.length > 0 && (
            <List
              size="small"
              bordered
              dataSource={items}
              data-testid="push-form-items"
              renderItem={(i) => (
                <List.Item
                  actions={[
                    <Button key="del" type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.close')} onClick={() => setItems(items.filter((x) => keyOf(x) !== keyOf(i)))} />,
                  ]}
                >
                  <Space>
                    <Tag>{t(TYPE_LABEL[i.type] ?? 'resource.tab.course')}</Tag>
                    {i.name}
                  </Space>
                </List.Item>
              )}
            />
          )}
        </Space>
      </Form.Item>
      <Form.Item label={t('content.push.audience')} required>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button icon={<ApartmentOutlined />} onClick={() => setPicking(true)} data-testid="push-form-audience">
            {t('content.push.chooseAudience')}
          </Button>
          <div data-testid="push-form-audience-tags">
            {audience.organ.map((u) => (
              <Tag key={`o-${u.fullUnitCode}`} color="blue">
                {u.unitName}
              </Tag>
            ))}
            {audience.employee.map((e) => (
              <Tag key={`e-${e.code}`}>{`${e.name}(${e.code})`}</Tag>
            ))}
          </div>
        </Space>
      </Form.Item>
      <ResourceSelector open={choosing} multiple extra existing={items.length} onCancel={() => setChoosing(false)} onConfirm={added} />
      <OrgPickerDialog
        open={picking}
        multiple
        showEmployee
        value={audience}
        onOk={(sel) => {
          setAudience(sel);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </FormModal>
  );
}
