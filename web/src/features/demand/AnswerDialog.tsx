import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Typography, type ButtonProps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../api/client';
import { answerDemands, DEMAND_ANSWERS, type DemandItem, type DemandState } from '../../api/demand';
import { keepFormOpen } from '../../api/hooks/useWrite';
import FileUpload, { fileIds, type FileItem } from '../../components/upload/FileUpload';
import { useI18n } from '../../i18n';

type Values = { state: DemandState; text?: string; files?: FileItem[] };

/**
 * Answers one or more demands with one message: a state, a text (required for a decline) and files. The dialog names
 * the demands it answers, so pressing 答复 is the confirmation; the submitters read the whole answer in the portal.
 */
export default function AnswerDialog({ items, onClose, onDone }: { items: DemandItem[]; onClose(): void; onDone(): void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const state = Form.useWatch('state', form);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(items.length > 0);
    if (items.length) {
      form.resetFields();
      form.setFieldsValue({ state: items.length === 1 && items[0].state !== 'submitted' ? items[0].state : 'accepted', text: '', files: [] });
    }
  }, [items, form]);
  const answer = useMutation({
    mutationFn: (v: Values) => answerDemands({ ids: items.map((i) => i.id), state: v.state, text: (v.text ?? '').trim(), fileIds: fileIds(v.files) }),
    onSuccess: () => {
      toast('success', t('demand.reply.sent', { n: items.length }));
      onDone();
    },
  });
  const who = items.map((i) => i.userName).filter((n, i, all) => all.indexOf(n) === i);
  return (
    <Modal
      open={open}
      title={t('demand.reply.title', { n: items.length })}
      okText={t('demand.reply.send')}
      onCancel={onClose}
      confirmLoading={answer.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'demand-answer-ok' } as ButtonProps}
      onOk={() => form.validateFields().then((v) => answer.mutate(v), keepFormOpen)}
      data-testid="demand-answer-dialog"
      width={600}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('demand.reply.to', { names: who.slice(0, 5).join('、') + (who.length > 5 ? '…' : ''), n: items.length })}
        description={items.length === 1 ? <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>{items[0].content}</Typography.Paragraph> : undefined}
      />
      <Form form={form} layout="vertical">
        <Form.Item name="state" label={t('demand.reply.state')} rules={[{ required: true }]}>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="demand-answer-state">
            {DEMAND_ANSWERS.map((s) => (
              <Radio.Button key={s} value={s}>
                <span data-testid={`demand-answer-state-${s}`}>{t(`demand.itemState.${s}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="text"
          label={t('demand.reply.text')}
          extra={state === 'declined' ? t('demand.reply.declineHint') : t('demand.reply.textHint')}
          rules={state === 'declined' ? [{ required: true, whitespace: true, message: t('demand.reasonRequired') }] : []}
        >
          <Input.TextArea rows={5} maxLength={2000} showCount data-testid="demand-answer-text" />
        </Form.Item>
        <Form.Item name="files" label={t('demand.reply.files')}>
          <FileUpload maxCount={10} testId="demand-answer-files" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
