import { useState } from 'react';
import { Button, Modal, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { COURSEWARE_DOWNLOAD, type Course, type Courseware } from '../../api/content';
import { coursewareKeys, useConversions, useCourseware, useDeleteCourseware } from '../../api/hooks/content';
import { toastCancelled, toastSuccess } from '../../api/client';
import { uploadFile, type UploadTarget } from '../../api/upload';
import { shownByClient, useTouch } from '../../api/hooks/useWrite';
import { openExport } from '../../components/list/ExportButton';
import { useI18n } from '../../i18n';

/** How often a converting courseware is asked again. */
const POLL_MS = 2000;

const NO_ROWS: Courseware[] = [];

const STATE_COLOR: Record<string, string> = { ready: 'green', converting: 'processing', failed: 'red' };

/**
 * A course's courseware: upload a PDF, a PPT/PPTX (converted to PDF on the server; its state is polled with
 * getCoursewareState until it is ready or failed) or an MP4 video; download, delete.
 */
export default function CoursewareDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState<UploadTarget | null>(null);
  const courseId = course?.id ?? 0;
  const listed = useCourseware(courseId).data ?? NO_ROWS;
  // the conversions still running are asked again until they are ready or failed
  const converting = listed.filter((r) => r.state === 'converting').map((r) => r.id);
  const polled = useConversions(converting, POLL_MS);
  const rows = listed.map((r) => polled[converting.indexOf(r.id)]?.data ?? r);
  const touch = useTouch();
  const remove = useDeleteCourseware();

  const upload = async (target: UploadTarget, file: File) => {
    setBusy(target);
    try {
      await uploadFile(target, file, { fields: { courseId: String(courseId) } });
      toastSuccess();
      touch(coursewareKeys.all);
    } catch {
      // the client showed the message
    } finally {
      setBusy(null);
    }
  };

  const picker = (target: UploadTarget, accept: string, label: string) => (
    <Upload
      accept={accept}
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(target, file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy === target} data-testid={`courseware-upload-${target}`}>
        {label}
      </Button>
    </Upload>
  );

  return (
    <Modal open={!!course} title={t('content.ware.title', { name: course?.name ?? '' })} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        {picker('coursePdf', '.pdf', t('content.ware.uploadPdf'))}
        {picker('coursePpt', '.ppt,.pptx', t('content.ware.uploadPpt'))}
        {picker('courseVideo', '.mp4', t('content.ware.uploadVideo'))}
      </Space>
      <Table<Courseware>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="courseware-table"
        columns={[
          { title: t('content.ware.name'), dataIndex: 'name' },
          { title: t('content.ware.kind'), dataIndex: 'kind', width: 80, render: (v: string) => t(`content.ware.kind.${v}` as 'content.ware.kind.pdf') },
          {
            title: t('content.ware.state'),
            dataIndex: 'state',
            width: 220,
            render: (v: string, r) => (
              <span data-testid={`courseware-state-${r.id}`}>
                <Tag color={STATE_COLOR[v]}>{t(`content.ware.state.${v}` as 'content.ware.state.ready')}</Tag>
                {r.message}
              </span>
            ),
          },
          {
            title: t('content.ware.detail'),
            key: 'detail',
            width: 110,
            render: (_: unknown, r) => (r.kind === 'video' ? t('content.ware.seconds', { n: Math.round(r.duration) }) : r.pages ? t('content.ware.pages', { n: r.pages }) : '-'),
          },
          {
            title: t('list.actions'),
            key: 'op',
            width: 110,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="link"
                  icon={<DownloadOutlined />}
                  disabled={r.state !== 'ready'}
                  onClick={() => void openExport(COURSEWARE_DOWNLOAD, { id: String(r.id) }).catch(shownByClient)}
                  aria-label={t('content.ware.download')}
                />
                <Popconfirm
                  title={t('msg.confirmIrreversible')}
                  onConfirm={() => remove.mutateAsync(r.id).then(() => toastSuccess(), shownByClient)}
                  onCancel={toastCancelled}
                >
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('content.ware.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
