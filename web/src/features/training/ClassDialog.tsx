import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import { ApartmentOutlined, AppstoreAddOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { shownByClient } from '../../api/hooks/useWrite';
import { CLASS_MODES, classOne, type ClassForm } from '../../api/training';
import AccountSelect from '../../components/AccountSelect';
import FormModal from '../../components/form/FormModal';
import { OrgPickerDialog, OrgPickerInput, type Selection } from '../../components/picker';
import { stubUnit } from '../../components/picker/PickerInputs';
import ResourceSelector from '../../components/resource/ResourceSelector';
import { t } from '../../i18n';
import { useLecturerOptions, usePlans, useSaveClass } from './queries';

interface Values {
  name: string;
  planId?: number;
  unitCode: string;
  period: [Dayjs, Dayjs];
  mode: ClassForm['mode'];
  place?: string;
  meetingLink?: string;
  capacity: number;
  managerId?: number;
  lecturerIds?: number[];
  needsApproval?: boolean;
  withdrawUntil?: Dayjs | null;
  description?: string;
}

interface Course {
  id: number;
  name: string;
}

/** A class's form: add (a draft, then its page opens) or change. Courses come from the learning content (the course
 * selector), the audience from the organisation/employee picker (no audience: every staff member). */
export default function ClassDialog({ target, onClose, onSaved }: { target: { id?: number } | null; onClose(): void; onSaved(id?: number): void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveClass();
  const lecturers = useLecturerOptions();
  const plans = usePlans();
  const [courses, setCourses] = useState<Course[]>([]);
  const [audience, setAudience] = useState<Selection>({ organ: [], employee: [] });
  const [unitLabel, setUnitLabel] = useState<string>();
  const [managerLabel, setManagerLabel] = useState<string>();
  const [choosing, setChoosing] = useState(false);
  const [picking, setPicking] = useState(false);
  const savedId = useRef<number | undefined>(undefined);
  const mode = Form.useWatch('mode', form);

  // an opening of the dialog: a new class starts empty, a class's own values are read once
  useEffect(() => {
    if (!target) return;
    setCourses([]);
    setAudience({ organ: [], employee: [] });
    setUnitLabel(undefined);
    setManagerLabel(undefined);
    if (target?.id)
      void classOne(target.id).then((c) => {
        setCourses(c.courses);
        setAudience({
          organ: c.audience.filter((a) => a.kind === 'organ').map((a) => stubUnit(a.code, a.name)),
          employee: c.audience.filter((a) => a.kind === 'employee').map((a) => ({ code: a.code, name: a.name })),
        });
        setUnitLabel(c.unitLabel);
        setManagerLabel(c.managerName);
        form.setFieldsValue({
          name: c.name,
          planId: c.planId || undefined,
          unitCode: c.unitCode,
          period: [dayjs(c.startDate), dayjs(c.endDate)],
          mode: c.mode,
          place: c.place,
          meetingLink: c.meetingLink,
          capacity: c.capacity,
          managerId: c.managerId || undefined,
          lecturerIds: c.lecturers.map((l) => l.id),
          needsApproval: c.needsApproval,
          withdrawUntil: c.withdrawUntil ? dayjs(c.withdrawUntil) : null,
          description: c.description,
        });
      }, shownByClient);
  }, [target, form]);

  const submit = async (v: Values) => {
    const body: ClassForm = {
      id: target?.id,
      name: v.name.trim(),
      ...(v.planId ? { planId: v.planId } : {}),
      unitCode: v.unitCode,
      startDate: v.period[0].format('YYYY-MM-DD'),
      endDate: v.period[1].format('YYYY-MM-DD'),
      mode: v.mode,
      place: v.place?.trim() ?? '',
      meetingLink: v.meetingLink?.trim() ?? '',
      capacity: v.capacity,
      ...(v.managerId ? { managerId: v.managerId } : {}),
      needsApproval: !!v.needsApproval,
      withdrawUntil: v.withdrawUntil ? v.withdrawUntil.format('YYYY-MM-DD HH:mm') : '',
      description: v.description?.trim() ?? '',
      courseIds: courses.map((c) => c.id),
      lecturerIds: v.lecturerIds ?? [],
      organ: audience.organ.map((u) => ({ fullUnitCode: u.fullUnitCode, unitName: u.unitName })),
      employee: audience.employee.map((e) => ({ code: e.code, name: e.name })),
    };
    savedId.current = (await save.mutateAsync(body)).id;
  };

  return (
    <FormModal<Values>
      form={form}
      target={target}
      title={t(target?.id ? 'training.class.edit' : 'training.class.add')}
      values={() => (target?.id ? {} : { mode: 'onsite', capacity: 30, needsApproval: false })}
      save={submit}
      onClose={onClose}
      onSaved={() => onSaved(target?.id ? undefined : savedId.current)}
      width={760}
      okTestId="class-ok"
      testId="class-form"
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
        <Form.Item name="name" label={t('training.class.name')} rules={[{ required: true, whitespace: true, message: t('training.nameRequired') }]}>
          <Input maxLength={100} data-testid="class-name" />
        </Form.Item>
        <Form.Item name="planId" label={t('training.class.plan')}>
          <Select
            allowClear
            placeholder={t('training.class.noPlan')}
            loading={plans.isLoading}
            options={(plans.data ?? []).map((p) => ({ value: p.id, label: `${p.year} · ${p.title}（${p.unitLabel}）` }))}
            data-testid="class-plan"
          />
        </Form.Item>
        <Form.Item name="unitCode" label={t('training.class.unit')} rules={[{ required: true, message: t('training.class.unitRequired') }]}>
          <OrgPickerInput label={unitLabel} title={t('training.class.unit')} testId="class-unit" />
        </Form.Item>
        <Form.Item name="period" label={t('training.class.period')} rules={[{ required: true, message: t('training.class.periodRequired') }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="class-period" />
        </Form.Item>
        <Form.Item name="mode" label={t('training.class.mode')} required>
          <Radio.Group optionType="button" options={CLASS_MODES.map((m) => ({ value: m, label: t(`training.mode.${m}`) }))} />
        </Form.Item>
        <Form.Item name="capacity" label={t('training.class.capacity')} rules={[{ required: true, message: t('training.class.capacityRequired') }]}>
          <InputNumber min={1} max={5000} precision={0} style={{ width: '100%' }} data-testid="class-capacity" />
        </Form.Item>
        {mode !== 'online' && (
          <Form.Item name="place" label={t('training.class.place')}>
            <Input maxLength={200} data-testid="class-place" />
          </Form.Item>
        )}
        {mode !== 'onsite' && (
          <Form.Item name="meetingLink" label={t('training.class.link')}>
            <Input maxLength={500} placeholder="https://" data-testid="class-link" />
          </Form.Item>
        )}
        <Form.Item name="lecturerIds" label={t('training.class.lecturers')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={lecturers.isLoading}
            options={(lecturers.data ?? []).map((l) => ({ value: l.id, label: l.extra ? `${l.name}（${l.extra}）` : l.name }))}
            data-testid="class-lecturers"
          />
        </Form.Item>
        <Form.Item name="managerId" label={t('training.class.manager')} extra={t('training.class.managerHint')}>
          <AccountSelect label={managerLabel} filters={{ userType: 'staff', state: '1' }} testId="class-manager" />
        </Form.Item>
        <Form.Item name="needsApproval" label={t('training.class.approval')} valuePropName="checked">
          <Switch data-testid="class-approval" />
        </Form.Item>
        <Form.Item name="withdrawUntil" label={t('training.class.withdrawUntil')} extra={t('training.class.withdrawHint')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item label={t('training.class.courses')}>
        <Space wrap>
          <Button icon={<AppstoreAddOutlined />} onClick={() => setChoosing(true)} data-testid="class-courses">
            {t('training.class.chooseCourses')}
          </Button>
          {courses.map((c) => (
            <Tag key={c.id} closable onClose={() => setCourses(courses.filter((x) => x.id !== c.id))}>
              {c.name}
            </Tag>
          ))}
        </Space>
      </Form.Item>
      <Form.Item label={t('training.class.audience')} extra={t('training.class.audienceHint')}>
        <Space wrap>
          <Button icon={<ApartmentOutlined />} onClick={() => setPicking(true)} data-testid="class-audience">
            {t('training.class.chooseAudience')}
          </Button>
          <span data-testid="class-audience-tags">
            {audience.organ.map((u) => (
              <Tag key={`o-${u.fullUnitCode}`} color="blue">
                {u.unitLabel || u.unitName}
              </Tag>
            ))}
            {audience.employee.map((e) => (
              <Tag key={`e-${e.code}`}>{`${e.name}(${e.code})`}</Tag>
            ))}
            {!audience.organ.length && !audience.employee.length && <Typography.Text type="secondary">{t('training.class.everyone')}</Typography.Text>}
          </span>
        </Space>
      </Form.Item>
      <Form.Item name="description" label={t('training.class.description')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <ResourceSelector
        open={choosing}
        multiple
        onCancel={() => setChoosing(false)}
        onConfirm={(out) => {
          const next = [...courses];
          for (const o of out) if (o.type !== '2' && !next.some((c) => c.id === o.id)) next.push({ id: o.id, name: o.name });
          setCourses(next);
          setChoosing(false);
        }}
      />
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
