import { useMemo, useState } from 'react';
import { Alert, Button, Form, Space, Typography } from 'antd';
import DescribedForm from '../../components/form/DescribedForm';
import { OrgPickerInput } from '../../components/picker';
import { fromSpecField, type FieldDescriptor, type SpecField, type Uploader, type WidgetProps } from '../../components/form/fields';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useI18n } from '../../i18n';
import { parseIdCard } from '../../lib/validate';
import { REGIONS } from './demoData';
import ValueLine from './ValueLine';

/** Reads the file in the browser, reporting real progress; nothing is sent (the gallery has no upload target). */
export const readLocally: Uploader = (file, onProgress) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    reader.onload = () => resolve({});
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

/** An organisation field through the picker dialog: the same stored value (codes joined with '-'). */
function PickerWidget({ field, value, onChange }: WidgetProps<string | undefined>) {
  const multiple = field.type === 'org' && !!field.multiple;
  return <OrgPickerInput multiple={multiple} value={value} onChange={(v) => onChange?.(v)} testId={field.testId} placeholder={field.placeholder} />;
}

/** Fields as the spec's dynamic-form descriptor gives them, turned into form fields by the adapter. */
const specFields = (t: ReturnType<typeof useI18n>['t']): SpecField[] => [
  { fieldName: 'headcount', name: t('widgets.form.headcount'), type: 'int' },
  { fieldName: 'deadline', name: t('widgets.form.deadline'), type: 'datetime' },
  { fieldName: 'states', name: t('widgets.form.states'), type: 'varchar', isDict: 1, dictGroupCode: 'user_state', choiceSingle: 0 },
  { fieldName: 'audience', name: t('widgets.form.audience'), type: 'varchar', showType: 'multiple_organ_choice' },
  { fieldName: 'reviewers', name: t('widgets.form.reviewers'), type: 'varchar', showType: 'multiple_user_choice' },
];

/** The descriptor form with every field type and rule; submitting shows what the form would send. */
export default function DescribedFormDemo() {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [sent, setSent] = useState<Record<string, unknown>>();
  const idcard = Form.useWatch('idcard', form);

  const fields = useMemo<FieldDescriptor[]>(
    () => [
      { name: 'title', label: t('widgets.form.title'), type: 'text', required: true, maxLength: 20, testId: 'df-title' },
      { name: 'amount', label: t('widgets.form.amount'), type: 'number', nonNegative: true, max: 1000000, decimals: 2, maxLength: 10, testId: 'df-amount' },
      { name: 'idcard', label: t('widgets.form.idcard'), type: 'text', check: 'idcard', required: true, testId: 'df-idcard' },
      { name: 'mobile', label: t('widgets.form.mobile'), type: 'text', check: 'mobile', testId: 'df-mobile' },
      { name: 'landline', label: t('widgets.form.landline'), type: 'text', check: 'landline', placeholder: '010-12345678', testId: 'df-landline' },
      { name: 'email', label: t('widgets.form.email'), type: 'text', check: 'email', testId: 'df-email' },
      { name: 'postcode', label: t('widgets.form.postcode'), type: 'text', check: 'postcode', testId: 'df-postcode' },
      { name: 'plate', label: t('widgets.form.plate'), type: 'text', check: 'plate', placeholder: '粤B12345', testId: 'df-plate' },
      { name: 'state', label: t('widgets.form.state'), type: 'select', dictKey: 'user_state', required: true, testId: 'df-state' },
      { name: 'region', label: t('widgets.form.region'), type: 'cascader', options: REGIONS, testId: 'df-region' },
      { name: 'startDate', label: t('widgets.form.startDate'), type: 'date', testId: 'df-date' },
      { name: 'meetAt', label: t('widgets.form.meetAt'), type: 'time', testId: 'df-time' },
      { name: 'unit', label: t('widgets.form.unit'), type: 'org', testId: 'df-unit' },
      { name: 'owner', label: t('widgets.form.owner'), type: 'user', testId: 'df-owner' },
      { name: 'published', label: t('widgets.form.published'), type: 'switch', testId: 'df-published' },
      {
        name: 'attachment',
        label: t('widgets.form.attachment'),
        type: 'upload',
        accept: 'pdf,docx,jpg,png',
        maxSizeMB: 2,
        maxCount: 3,
        uploader: readLocally,
        extra: t('widgets.uploadHint', { list: 'pdf, docx, jpg, png', n: 2 }),
        testId: 'df-attachment',
      },
      { name: 'remark', label: t('widgets.form.remark'), type: 'textarea', maxLength: 200, testId: 'df-remark' },
      // the organisation picker dialog in place of the tree select for the spec's multiple_organ_choice
      ...specFields(t)
        .map(fromSpecField)
        .map((f): FieldDescriptor => (f.type === 'org' ? { ...f, widget: PickerWidget, testId: 'df-audience' } : f)),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow the language
    [lang],
  );

  const { submit, saving } = useFormSubmit(form, async (values) => setSent(values));
  const id = typeof idcard === 'string' && idcard ? parseIdCard(idcard.trim()).info : undefined;

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DescribedForm form={form} fields={fields} columns={2} initialValues={{ published: 0 }} testId="described-form" />
      {id && (
        <Alert
          type="info"
          showIcon
          data-testid="df-idcard-info"
          title={t('widgets.idInfo', { birthday: id.birthday, gender: t(id.gender === 'male' ? 'widgets.male' : 'widgets.female') })}
        />
      )}
      <Space>
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="df-submit">
          {t('widgets.submit')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setSent(undefined);
          }}
        >
          {t('list.reset')}
        </Button>
      </Space>
      <Typography.Text type="secondary">{t('widgets.formSent')}</Typography.Text>
      <ValueLine value={sent} testId="df-sent" block />
    </Space>
  );
}
