import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Input } from 'antd';
import { shownByClient } from '../../api/hooks/useWrite';
import { DeleteOutlined, EditOutlined, FileExcelOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../api/client';
import { courseOptions, EXAM_DOWNLOADS, importQuestions, listQuestions, pasteQuestions, QUESTION_TYPES, type ImportReport, type Question } from '../../api/exam';
import { questionKeys, useDeleteQuestion } from '../../api/hooks/exam';
import { useTouch } from '../../api/hooks/useWrite';
import ImportDialog, { IMPORT_MAX_MB } from '../../components/ImportDialog';
import ListView from '../../components/list/ListView';
import { IconAction } from '../../components/list/RowActions';
import type { SearchField } from '../../components/list/SearchCard';
import type { ListColumn } from '../../components/list/TableCard';
import { useConfirmDanger } from '../../components/list/guards';
import { useList } from '../../components/list/useList';
import { t, useI18n } from '../../i18n';
import { formatTime } from '../../lib/format';
import { answerText } from './examText';
import QuestionDialog from './QuestionDialog';

const useCourses = () =>
  useQuery({ queryKey: questionKeys.of('courses'), queryFn: courseOptions, staleTime: 300_000 }).data?.map((c) => ({ value: c.id, label: c.name })) ?? [];

/** /exam_bank: the question bank (current versions): filters, the editor per type, import (xlsx or paste), export. */
export default function BankPage() {
  useI18n();
  const courses = useCourses();
  const fields: SearchField[] = [
    { names: ['keyword'], labelKey: 'exam.q.keyword', kind: 'text' },
    { names: ['type'], labelKey: 'exam.col.type', kind: 'select', options: QUESTION_TYPES.map((v) => ({ value: v, label: t(`exam.type.${v}`) })) },
    { names: ['difficulty'], labelKey: 'exam.col.difficulty', kind: 'select', options: [1, 2, 3, 4, 5].map((d) => ({ value: String(d), label: t(`exam.difficulty.${d}` as 'exam.difficulty.1') })) },
    { names: ['tag'], labelKey: 'exam.col.tag', kind: 'text' },
    { names: ['courseId'], labelKey: 'exam.col.courseName', kind: 'select', options: courses.map((c) => ({ value: String(c.value), label: c.label })) },
  ];
  const list = useList<Question>(fields, listQuestions, { key: questionKeys.list() });
  const [editing, setEditing] = useState<{ row?: Question } | null>(null);
  const [importing, setImporting] = useState<'xlsx' | 'paste' | null>(null);
  const touch = useTouch();
  const del = useDeleteQuestion();
  const { confirmDanger, holder } = useConfirmDanger();
  const judge = { yes: t('exam.true'), no: t('exam.false') };
  const columns: ListColumn<Question>[] = [
    { titleKey: 'exam.col.id', dataIndex: 'id', sortKey: 'id', width: 72 },
    { titleKey: 'exam.col.type', dataIndex: 'type', width: 88, render: (v: Question['type']) => <Tag>{t(`exam.type.${v}`)}</Tag> },
    {
      titleKey: 'exam.col.stem',
      dataIndex: 'stem',
      cellWidth: 280,
      render: (v: string, q) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0, minWidth: 260 }} data-testid={`exam-q-stem-${q.id}`}>
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      titleKey: 'exam.col.answer',
      key: 'answer',
      render: (_: unknown, q) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 130 }}>
          {answerText(q.type, q.answer, judge)}
        </Typography.Text>
      ),
    },
    { titleKey: 'exam.col.difficulty', dataIndex: 'difficulty', sortKey: 'difficulty', width: 88, render: (v: number) => t(`exam.difficulty.${v}` as 'exam.difficulty.1') },
    { titleKey: 'exam.col.tags', dataIndex: 'tags', render: (v: string[]) => (v ?? []).map((s) => <Tag key={s}>{s}</Tag>) },
    { titleKey: 'exam.col.courseName', dataIndex: 'courseName', clip: 140 },
    // the version and the time are in the column settings: at 1440 px the course would be cut otherwise
    { titleKey: 'exam.col.version', dataIndex: 'version', width: 64, defaultHidden: true, render: (v: number) => `v${v}` },
    { titleKey: 'exam.col.updatedAt', dataIndex: 'updatedAt', sortKey: 'updatedAt', defaultHidden: true, render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(v)}</span> },
    {
      titleKey: 'list.actions',
      key: 'actions',
      render: (_: unknown, q) => (
        <Space size={0}>
          <IconAction label={t('list.edit')} icon={<EditOutlined />} onClick={() => setEditing({ row: q })} testId={`exam-q-edit-${q.id}`} />
          <IconAction
            label={t('list.delete')}
            icon={<DeleteOutlined />}
            danger
            onClick={() => confirmDanger(() => del.mutateAsync(q.id).then(() => toast('success', t('msg.operationSuccessful')), shownByClient))}
          />
        </Space>
      ),
    },
  ];
  return (
    <>
      {holder}
      <ListView<Question>
        list={list}
        fields={fields}
        columns={columns}
        rowKey="id"
        exportPath={EXAM_DOWNLOADS.bank}
        add={{ labelKey: 'exam.q.add', testId: 'exam-q-add', onClick: () => setEditing({}) }}
        actions={
          <>
            <Button icon={<FileExcelOutlined />} onClick={() => setImporting('xlsx')} data-testid="exam-import">
              {t('exam.import.xlsx')}
            </Button>
            <Button icon={<SnippetsOutlined />} onClick={() => setImporting('paste')} data-testid="exam-paste">
              {t('exam.import.paste')}
            </Button>
          </>
        }
      />
      <QuestionDialog
        target={editing}
        courses={courses}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ImportDialog<ImportReport>
        open={importing === 'xlsx'}
        onClose={() => setImporting(null)}
        onImported={() => touch(questionKeys.all)}
        title={t('exam.import.title')}
        hint={t('exam.import.hint', { mb: IMPORT_MAX_MB })}
        templatePath={EXAM_DOWNLOADS.template}
        send={importQuestions}
        testId="exam-import"
        summary={(r) => <ReportLine report={r} />}
      />
      <PasteDialog open={importing === 'paste'} onClose={() => setImporting(null)} onImported={() => touch(questionKeys.all)} />
    </>
  );
}

function ReportLine({ report }: { report: ImportReport }) {
  return (
    <Typography.Text data-testid="exam-import-summary">
      {report.applied ? t('exam.import.added', { n: report.added }) : t('exam.import.checked', { n: report.rows })}
    </Typography.Text>
  );
}

/** The paste format: check first (every problem by question number), then import all or nothing. */
function PasteDialog({ open, onClose, onImported }: { open: boolean; onClose(): void; onImported(): void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'check' | 'run' | null>(null);
  const run = (dryRun: boolean) => {
    setBusy(dryRun ? 'check' : 'run');
    pasteQuestions(text, dryRun)
      .then((r) => {
        setReport(r);
        if (r.applied) {
          toast('success', t('exam.import.added', { n: r.added }));
          onImported();
        }
      }, shownByClient)
      .finally(() => setBusy(null));
  };
  const clean = report && report.dryRun && report.problems.length === 0;
  return (
    <Modal
      open={open}
      title={t('exam.import.pasteTitle')}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setText('');
        setReport(null);
      }}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button loading={busy === 'check'} disabled={!text.trim()} onClick={() => run(true)} data-testid="exam-paste-check">
            {t('import.check')}
          </Button>
          <Button type="primary" loading={busy === 'run'} disabled={!clean} onClick={() => run(false)} data-testid="exam-paste-run">
            {t('import.run')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line' }}>
        {t('exam.import.pasteHint')}
      </Typography.Paragraph>
      <Input.TextArea
        rows={10}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setReport(null);
        }}
        placeholder={t('exam.import.pastePlaceholder')}
        data-testid="exam-paste-text"
      />
      {report && (
        <div style={{ marginTop: 12 }} data-testid="exam-paste-report">
          {report.problems.length === 0 ? (
            <Alert type="success" showIcon message={report.applied ? t('exam.import.added', { n: report.added }) : t('exam.import.clean', { n: report.rows })} />
          ) : (
            <>
              <Alert type="error" showIcon message={t('exam.import.problems', { n: report.problems.length })} style={{ marginBottom: 8 }} />
              <Table
                size="small"
                rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
                dataSource={report.problems}
                pagination={report.problems.length > 10 ? { pageSize: 10 } : false}
                columns={[
                  { title: t('exam.import.question'), dataIndex: 'row', width: 90 },
                  { title: t('exam.import.field'), dataIndex: 'column', width: 120 },
                  { title: t('exam.import.problem'), dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
