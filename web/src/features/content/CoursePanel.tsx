import { lazy, Suspense, useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Tag, TreeSelect, Typography } from 'antd';
import { AuditOutlined, FolderOpenOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import {
  addCourse, COURSE_EXPORT, LECTURER_EXPORT, deleteCourses, editCourse, listCourses,
  type AuditItem, type Course, type CourseTypeNode,
} from '../../api/content';
import { useAuditCourses, useAuditStates as useAuditStateQuery, useCourseTypeTree, usePublishCourses } from '../../api/hooks/content';
import { shownByClient } from '../../api/hooks/useWrite';
import CrudList, { type Editing } from '../../components/list/CrudList';
import { IconAction } from '../../components/list/RowActions';
import ExportButton from '../../components/list/ExportButton';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import FormModal from '../../components/form/FormModal';
import { useList } from '../../components/list/useList';
import CoverField from '../../components/resource/CoverField';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import styles from './content.module.css';
import { courseFilters, courseListKey } from './courseList';
import { useEver } from '../../lib/useEver';

// a course's courseware (its uploads and the resource selector), fetched when first opened
const CoursewareDialog = lazy(() => import('./CoursewareDialog'));

const NAME_MAX = 100;
const LECTURER_MAX = 50;
const DESCRIPTION_MAX = 2000;
const REMARK_MAX = 200;

const NO_STATES: AuditItem[] = [];
const NO_TYPES: CourseTypeNode[] = [];

/** The audit states (dictionary course_audit), asked once per page load. */
export const useAuditStates = (): AuditItem[] => useAuditStateQuery().data ?? NO_STATES;

const AUDIT_COLOR: Record<string, string> = { '0': 'gold', '1': 'green', '2': 'red' };

/** The type tree for a TreeSelect. */
export const useTypeTree = (): CourseTypeNode[] => useCourseTypeTree().data ?? NO_TYPES;

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const treeData = (nodes: CourseTypeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: treeData(n.children) }));

/** The courses tab: list, search, create, edit, audit, publish, delete, export; the lecturers' export (the lecturer filter). */
export default function CoursePanel() {
  useI18n();
  const states = useAuditStates();
  const tree = useTypeTree();
  const fields: SearchField[] = [
    { ...courseFilters.name, labelKey: 'content.course.name', kind: 'text' },
    { ...courseFilters.lecturer, labelKey: 'content.course.lecturer', kind: 'text' },
    { ...courseFilters.audit, labelKey: 'content.course.audit', kind: 'select', options: states.map((s) => ({ value: String(s.value), label: s.key })) },
    {
      ...courseFilters.published,
      labelKey: 'content.course.published',
      kind: 'select',
      options: [
        { value: '1', labelKey: 'content.published.1' },
        { value: '0', labelKey: 'content.published.0' },
      ],
    },
  ];
  const list = useList<Course>(fields, listCourses, { key: courseListKey, inUrl: false });
  const [auditing, setAuditing] = useState<Course | null>(null);
  const [wares, setWares] = useState<Course | null>(null);
  const everWares = useEver(wares !== null);
  const stateLabel = (v: string) => states.find((s) => String(s.value) === v)?.key ?? v;

  const publishing = usePublishCourses();
  const publish = (c: Course, on: 0 | 1) =>
    publishing.mutateAsync({ ids: [c.id], on }).then(() => toast('success', t('msg.operationSuccessful')), shownByClient);

  const columns: ListColumn<Course>[] = [
    { titleKey: 'content.cover', dataIndex: 'cover', width: 116, render: (url: string) => (url ? <img src={url} alt="" className={styles.thumb} loading="lazy" /> : null) },
    { titleKey: 'content.course.name', dataIndex: 'name', clip: 180, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { titleKey: 'content.course.type', dataIndex: 'typeName', clip: 120 },
    { titleKey: 'content.course.lecturer', dataIndex: 'lecturer', clip: 100 },
    {
      titleKey: 'content.course.audit',
      dataIndex: 'auditStatus',
      render: (v: string, c) => (
        <Tag color={AUDIT_COLOR[v] ?? 'default'} title={c.auditRemark || undefined} data-testid={`course-audit-${c.id}`}>
          {stateLabel(v)}
        </Tag>
      ),
    },
    {
      titleKey: 'content.course.published',
      dataIndex: 'published',
      render: (v: number, c) => (
        <Tag color={v === 1 ? 'blue' : 'default'} data-testid={`course-published-${c.id}`}>
          {t(v === 1 ? 'content.published.1' : 'content.published.0')}
        </Tag>
      ),
    },
    { titleKey: 'content.updatedAt', dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  // the course's own steps (courseware, audit, publish) sit with edit and delete in the one actions column
  const steps = (c: Course) => (
    <>
      <IconAction label={t('content.ware.open')} icon={<FolderOpenOutlined />} onClick={() => setWares(c)} testId={`course-ware-btn-${c.id}`} />
      <IconAction label={t('content.course.doAudit')} icon={<AuditOutlined />} onClick={() => setAuditing(c)} testId={`course-audit-btn-${c.id}`} />
      {c.published === 1 ? (
        <IconAction label={t('content.course.withdraw')} icon={<StopOutlined />} onClick={() => void publish(c, 0)} testId={`course-withdraw-${c.id}`} />
      ) : (
        <IconAction
          label={t('content.course.publish')}
          icon={<SendOutlined />}
          disabled={c.auditStatus !== '1'}
          onClick={() => void publish(c, 1)}
          testId={`course-publish-${c.id}`}
        />
      )}
    </>
  );

  return (
    <>
      <CrudList<Course>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        exportPath={COURSE_EXPORT}
        actions={
          <ExportButton
            path={LECTURER_EXPORT}
            params={list.state.filters.lecturer ? { lecturer: list.state.filters.lecturer } : {}}
            labelKey="content.course.exportLecturers"
            testId="course-export-lecturers"
          />
        }
        testId="course"
        rowActions={steps}
        rowId={(c) => c.id}
        addLabel={t('content.course.add')}
        onDelete={(c) => deleteCourses([c.id])}
        renderDialog={(editing, close, saved) => <CourseFormDialog target={editing} tree={tree} onClose={close} onSaved={saved} />}
      />
      {everWares && (
        <Suspense fallback={null}>
          <CoursewareDialog course={wares} onClose={() => setWares(null)} />
        </Suspense>
      )}
      <AuditDialog course={auditing} states={states} onClose={() => setAuditing(null)} onSaved={() => setAuditing(null)} />
    </>
  );
}

interface CourseValues {
  name: string;
  cover: string;
  typeId?: number;
  lecturer: string;
  description: string;
}

function CourseFormDialog({ target, tree, onClose, onSaved }: { target: Editing<Course>; tree: CourseTypeNode[]; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<CourseValues>();
  const row = target?.row;
  const values = (): Partial<CourseValues> =>
    row
      ? { name: row.name, cover: row.cover, typeId: row.typeId, lecturer: row.lecturer, description: row.description }
      : { name: '', cover: '', typeId: undefined, lecturer: '', description: '' };
  const save = (v: CourseValues) => {
    const body = { name: v.name.trim(), cover: v.cover, typeId: v.typeId ?? 0, lecturer: v.lecturer?.trim() ?? '', description: v.description?.trim() ?? '' };
    return row ? editCourse({ ...body, id: row.id }) : addCourse(body);
  };
  return (
    <FormModal<CourseValues>
      form={form}
      target={target}
      title={t(row ? 'content.course.edit' : 'content.course.add')}
      values={values}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      width={640}
      okTestId="course-form-ok"
      testId="course-form"
    >
      <Form.Item name="name" label={t('content.course.name')} rules={[{ required: true, whitespace: true, message: t('content.nameRequired') }]}>
        <Input maxLength={NAME_MAX} showCount data-testid="course-form-name" />
      </Form.Item>
      <Form.Item name="cover" label={t('content.cover')} rules={[{ required: true, message: t('resource.coverRequired') }]}>
        <CoverField testId="course-form-cover" />
      </Form.Item>
      <Form.Item name="typeId" label={t('content.course.type')} rules={[{ required: true, message: t('content.typeRequired') }]}>
        <TreeSelect treeData={treeData(tree)} treeDefaultExpandAll placeholder={t('content.typeRequired')} data-testid="course-form-type" />
      </Form.Item>
      <Form.Item name="lecturer" label={t('content.course.lecturer')}>
        <Input maxLength={LECTURER_MAX} data-testid="course-form-lecturer" />
      </Form.Item>
      <Form.Item name="description" label={t('content.description')}>
        <Input.TextArea rows={4} maxLength={DESCRIPTION_MAX} showCount data-testid="course-form-description" />
      </Form.Item>
      {row && <Typography.Text type="secondary">{t('content.course.editNote')}</Typography.Text>}
    </FormModal>
  );
}

function AuditDialog({ course, states, onClose, onSaved }: { course: Course | null; states: AuditItem[]; onClose(): void; onSaved(): void }) {
  const [status, setStatus] = useState<string>();
  const [remark, setRemark] = useState('');
  const audit = useAuditCourses();
  useEffect(() => {
    setStatus(course?.auditStatus);
    setRemark(course?.auditRemark ?? '');
  }, [course]);
  const ok = () => {
    if (!course || status == null) return;
    audit.mutate(
      { ids: [course.id], status, remark: remark.trim() },
      {
        onSuccess: () => {
          toast('success', t('msg.operationSuccessful'));
          onSaved();
        },
      },
    );
  };
  return (
    <Modal open={!!course} title={t('content.course.doAudit')} onCancel={onClose} onOk={ok} confirmLoading={audit.isPending} okButtonProps={{ id: 'course-audit-ok' }} destroyOnHidden>
      <Typography.Paragraph strong>{course?.name}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('content.course.audit')} required>
          <Select value={status} onChange={setStatus} options={states.map((s) => ({ value: String(s.value), label: s.key }))} data-testid="course-audit-state" />
        </Form.Item>
        <Form.Item label={t('content.course.remark')}>
          <Input.TextArea rows={3} maxLength={REMARK_MAX} value={remark} onChange={(e) => setRemark(e.target.value)} data-testid="course-audit-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
