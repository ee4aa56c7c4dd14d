// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Form, type FormInstance } from 'antd';
import { configureClient, resetClient, type ClientEffects } from '../../api/client';
import { setLang } from '../../i18n';
import { storeDictData } from '../../lib/session';
import { byTestId, cleanup, click, formErrors, render, settle, type, waitFor } from '../../testing/render';
import DescribedForm from './DescribedForm';
import FormDialog from './FormDialog';
import { fieldRules, fromSpecField, uploadProblem, type FieldDescriptor } from './fields';

const fields: FieldDescriptor[] = [
  { name: 'title', label: '项目名称', type: 'text', required: true, maxLength: 5, testId: 'f-title' },
  { name: 'remark', label: '备注', type: 'textarea', testId: 'f-remark' },
  { name: 'amount', label: '预算', type: 'number', nonNegative: true, max: 100, decimals: 2, testId: 'f-amount' },
  { name: 'idcard', label: '身份证号', type: 'text', check: 'idcard', testId: 'f-idcard' },
  { name: 'phone', label: '固定电话', type: 'text', check: 'landline', testId: 'f-phone' },
  { name: 'state', label: '状态', type: 'select', dictKey: 'user_state', required: true, testId: 'f-state' },
  { name: 'day', label: '日期', type: 'date', testId: 'f-day' },
  { name: 'at', label: '时间', type: 'time', testId: 'f-at' },
  { name: 'on', label: '发布', type: 'switch', testId: 'f-on' },
  { name: 'file', label: '附件', type: 'upload', accept: 'pdf', maxSizeMB: 1, testId: 'f-file' },
  { name: 'region', label: '地区', type: 'cascader', options: [{ value: '44', label: '广东省', children: [{ value: '4403', label: '深圳市' }] }], testId: 'f-region' },
  { name: 'unit', label: '单位', type: 'org', testId: 'f-unit' },
  { name: 'owner', label: '负责人', type: 'user', multiple: true, testId: 'f-owner' },
];

// antd renders slowly in jsdom, the more so on a busy machine
vi.setConfig({ testTimeout: 30_000 });

let fx: { toast: ReturnType<typeof vi.fn<ClientEffects['toast']>> };

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  fx = { toast: vi.fn<ClientEffects['toast']>() };
  const answer = (data: unknown) => new Response(JSON.stringify({ code: 0, message: '', data }), { headers: { 'Content-Type': 'application/json' } });
  configureClient({
    ...fx,
    getToken: () => 'tok',
    baseUrl: '',
    fetch: vi.fn<typeof fetch>(async (url) =>
      String(url).includes('/api/user/search') ? answer({ records: [], current: 1, limit: 20, total: 0, pages: 0 }) : answer([]),
    ),
  });
  storeDictData([{ key: '用户状态', value: 'user_state', childDict: [{ key: '可用', value: '1', isDefault: 1, childDict: [] }, { key: '禁用', value: '0', childDict: [] }] }]);
});

afterEach(async () => {
  await cleanup();
  resetClient();
});

/** Renders a described form and hands out its form instance. */
async function renderForm(list: FieldDescriptor[] = fields, initialValues?: Record<string, unknown>) {
  let form!: FormInstance<Record<string, unknown>>;
  function Harness() {
    [form] = Form.useForm();
    return <DescribedForm form={form} fields={list} initialValues={initialValues} />;
  }
  const r = await render(<Harness />);
  await settle();
  return { ...r, form: () => form };
}

/** The text box of a field: the element with the test id, or the input inside it. */
const input = (id: string) => {
  const el = byTestId(id);
  return (el.matches('input, textarea') ? el : el.querySelector('input, textarea')) as HTMLInputElement;
};

describe('DescribedForm', () => {
  it('renders a labelled control for every field type', async () => {
    const { container } = await renderForm();
    const labels = [...container.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(fields.map((f) => f.label));
    expect(container.querySelector('.ant-input-number')).not.toBeNull();
    expect(container.querySelector('.ant-picker')).not.toBeNull();
    expect(container.querySelector('.ant-switch')).not.toBeNull();
    expect(container.querySelector('.ant-upload')).not.toBeNull();
    expect(container.querySelector('.ant-cascader')).not.toBeNull();
    expect(container.querySelector('.ant-select')).not.toBeNull();
    // required fields are marked
    const required = [...container.querySelectorAll('.ant-form-item-required')].map((l) => l.textContent);
    expect(required).toEqual(['项目名称', '状态']);
  });

  it('shows the required and generic messages of spec section 5', async () => {
    const { form } = await renderForm();
    await expect(act(() => form().validateFields())).rejects.toBeTruthy();
    await waitFor(() => expect(formErrors()).toEqual(['请填写项目名称', '请选择状态']));

    await type(input('f-title'), '一二三四五六');
    await type(input('f-idcard'), '110105199003071230');
    await type(input('f-phone'), '12345678');
    await type(input('f-amount'), '12.345');
    await expect(act(() => form().validateFields())).rejects.toBeTruthy();
    await waitFor(() =>
      expect(formErrors()).toEqual(['长度不能超过5', '只能保留2位小数', '身份证号校验位不正确', '请输入正确的固定电话，如 010-12345678', '请选择状态']),
    );

    await type(input('f-amount'), '-1');
    await settle(50);
    await waitFor(() => expect(formErrors()).toContain('不能为负数'));
    await type(input('f-amount'), '101');
    await waitFor(() => expect(formErrors()).toContain('不能超过100'));
  });

  it('required holds for numbers, choices, lists and files, not only text', async () => {
    const list: FieldDescriptor[] = [
      { name: 'n', label: '数量', type: 'number', required: true },
      { name: 's', label: '状态', type: 'select', dictKey: 'user_state', required: true },
      { name: 'm', label: '多选', type: 'select', dictKey: 'user_state', multiple: true, required: true },
      { name: 'c', label: '地区', type: 'cascader', options: [], required: true },
      { name: 'f', label: '附件', type: 'upload', accept: 'pdf', required: true },
      { name: 'u', label: '单位', type: 'org', multiple: true, required: true },
    ];
    const { form } = await renderForm(list, { m: [], f: [] });
    await expect(act(() => form().validateFields())).rejects.toBeTruthy();
    await waitFor(() => expect(formErrors()).toEqual(['请填写数量', '请选择状态', '请选择多选', '请选择地区', '请上传附件', '请选择单位']));
    act(() => form().setFieldsValue({ n: 0, s: 1, m: [0], c: ['44'], f: [{ uid: '1', name: 'a.pdf', size: 1 }], u: '10' }));
    await expect(act(() => form().validateFields())).resolves.toEqual({ n: 0, s: 1, m: [0], c: ['44'], f: [{ uid: '1', name: 'a.pdf', size: 1 }], u: '10' });
  });

  it('messages follow the language', async () => {
    setLang('en');
    const { form } = await renderForm([{ name: 'amount', label: 'Budget', type: 'number', max: 100 }]);
    act(() => form().setFieldsValue({ amount: 250 }));
    await expect(act(() => form().validateFields())).rejects.toBeTruthy();
    await waitFor(() => expect(formErrors()).toEqual(['cannot exceed 100']));
  });

  it('a switch yields 1 when on and 0 when off', async () => {
    const { form } = await renderForm(fields, { on: 0 });
    const sw = byTestId('f-on');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    await click(sw);
    expect(form().getFieldValue('on')).toBe(1);
    expect(sw.getAttribute('aria-checked')).toBe('true');
    await click(sw);
    expect(form().getFieldValue('on')).toBe(0);
    // a stored '1' reads as on
    await settle();
    act(() => form().setFieldsValue({ on: '1' }));
    await settle();
    expect(byTestId('f-on').getAttribute('aria-checked')).toBe('true');
  });

  it('a hidden field shows nothing and keeps its value', async () => {
    const { form } = await renderForm(
      [
        { name: 'title', label: '项目名称', type: 'text', testId: 'f-title' },
        { name: 'on', label: '默认项', type: 'switch', hidden: true, testId: 'f-on' },
      ],
      { on: 1 },
    );
    // jsdom applies no style sheet: the column's own display rule is what hides it (a hidden attribute loses to antd's)
    expect(byTestId('f-on').closest('[style*="display: none"]')).not.toBeNull();
    expect(byTestId('f-title').closest('[style*="display: none"]')).toBeNull();
    expect(form().getFieldValue('on')).toBe(1);
  });

  it('keeps dates as text and organisation choices as joined codes', async () => {
    const { form } = await renderForm(
      [
        { name: 'day', label: 'd', type: 'date' },
        { name: 'units', label: 'u', type: 'org', multiple: true },
        { name: 'users', label: 'p', type: 'user', multiple: true },
      ],
      { day: '2025-03-01', units: '10-1001', users: 'admin,zhangxiao' },
    );
    expect(document.querySelector<HTMLInputElement>('.ant-picker input')!.value).toBe('2025-03-01');
    expect(form().getFieldsValue()).toEqual({ day: '2025-03-01', units: '10-1001', users: 'admin,zhangxiao' });
    // two chosen units and two chosen users are shown as tags
    expect(document.querySelectorAll('.ant-select-selection-item').length).toBe(4);
  });

  it('a custom widget replaces the type control and the rules still apply', async () => {
    // a widget deals in the value as stored: an organisation field's codes joined with '-'
    const Widget = ({ value, onChange }: { value?: string; onChange?: (v: string) => void }) => (
      <button type="button" data-testid="custom" onClick={() => onChange?.('10-1001')}>
        {value ?? 'none'}
      </button>
    );
    const { form } = await renderForm([{ name: 'unit', label: '单位', type: 'org', required: true, widget: Widget }]);
    await expect(act(() => form().validateFields())).rejects.toBeTruthy();
    await waitFor(() => expect(formErrors()).toEqual(['请选择单位']));
    await click(byTestId('custom'));
    expect(form().getFieldValue('unit')).toBe('10-1001');
    expect(byTestId('custom').textContent).toBe('10-1001');
  });
});

describe('FormDialog', () => {
  it('refuses an incomplete form with the generic message, then saves', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onSaved = vi.fn();
    await render(
      <FormDialog
        open
        title="新增"
        fields={[
          { name: 'title', label: '项目名称', type: 'text', required: true, testId: 'd-title' },
          { name: 'on', label: '发布', type: 'switch', testId: 'd-on' },
        ]}
        initialValues={{ on: 0 }}
        onSubmit={onSubmit}
        onClose={() => undefined}
        onSaved={onSaved}
        okTestId="d-ok"
      />,
    );
    // the dialog's code arrives when it first opens
    await waitFor(() => byTestId('d-ok'));
    await settle();
    await click(byTestId('d-ok'));
    await waitFor(() => expect(fx.toast).toHaveBeenCalledWith('warning', '请按提示完善表单后再提交', 2));
    expect(onSubmit).not.toHaveBeenCalled();

    await type(input('d-title'), '投标');
    await click(byTestId('d-on'));
    await click(byTestId('d-ok'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ title: '投标', on: 1 });
    expect(fx.toast).toHaveBeenLastCalledWith('success', '操作成功', 2);
  });
});

describe('field rules and the spec adapter', () => {
  it('maps the spec descriptor: show type, dictionary, data type', () => {
    expect(fromSpecField({ fieldName: 'a', name: 'A', showType: 'single_organ_choice' })).toMatchObject({ name: 'a', label: 'A', type: 'org' });
    expect(fromSpecField({ fieldName: 'a', name: 'A', showType: 'multiple_organ_choice' })).toMatchObject({ type: 'org', multiple: true });
    expect(fromSpecField({ fieldName: 'a', name: 'A', showType: 'single_user_choice' })).toMatchObject({ type: 'user' });
    expect(fromSpecField({ fieldName: 'a', name: 'A', showType: 'multiple_user_choice' })).toMatchObject({ type: 'user', multiple: true });
    expect(fromSpecField({ fieldName: 'a', name: 'A', isDict: 1, dictGroupCode: 'user_state' })).toMatchObject({ type: 'select', dictKey: 'user_state', multiple: false });
    expect(fromSpecField({ fieldName: 'a', name: 'A', isDict: '1', dictGroupCode: 'x', choiceSingle: 0 })).toMatchObject({ type: 'select', multiple: true });
    expect(fromSpecField({ fieldName: 'a', name: 'A', isDict: true, dictGroupCode: 'x', choiceSingle: true })).toMatchObject({ multiple: false });
    // a dictionary flag without a dictionary falls back to the data type
    expect(fromSpecField({ fieldName: 'a', name: 'A', isDict: 1, type: 'int' })).toMatchObject({ type: 'number', decimals: 0 });
    expect(fromSpecField({ fieldName: 'a', name: 'A', type: 'datetime' })).toMatchObject({ type: 'datetime' });
    expect(fromSpecField({ fieldName: 'a', name: 'A', type: 'varchar' })).toMatchObject({ type: 'text' });
    expect(fromSpecField({ fieldName: 'a', name: 'A', type: 'varchar', required: '1' })).toMatchObject({ required: true });
  });

  it('a switch is never required (off is a value)', () => {
    expect(fieldRules({ name: 's', label: 'S', type: 'switch', required: true })).toEqual([]);
  });

  it('checks files by suffix (any case) and size', () => {
    expect(uploadProblem([{ name: 'a.PDF', size: 10 }], 'pdf,docx', 1)).toBeNull();
    expect(uploadProblem([{ name: 'a.exe', size: 10 }], 'pdf,docx', 1)?.key).toBe('validate.fileSuffix');
    expect(uploadProblem([{ name: 'a.pdf', size: 2 * 1024 * 1024 }], 'pdf', 1)).toEqual({ key: 'validate.fileSize', vars: { n: 1 } });
  });
});
