import { useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, DownloadOutlined, FileWordOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { toast } from '../../api/client';
import { makeExpertBook, searchBookExperts, type ExpertBookMade, type ExpertCandidate } from '../../api/wordbook';
import OrgFilterSelect from '../../components/OrgFilterSelect';
import { requireTicked } from '../../components/list/guards';
import SearchCard, { type SearchField } from '../../components/list/SearchCard';
import { ClipText, IconAction } from '../../components/list/RowActions';
import TableCard, { type ListColumn } from '../../components/list/TableCard';
import { useFormSubmit } from '../../components/list/useFormSubmit';
import { useList } from '../../components/list/useList';
import { useI18n } from '../../i18n';
import { addChosen, moveChosen, removeChosen } from './chosen';
import { downloadBook, fileSize } from './book';

/** Longest document title the server takes. */
const MAX_TITLE = 100;

/** /expert_make_word: search and filter the experts, choose and order them, generate the Word book, download it. */
const fields: SearchField[] = [
  { names: ['keywords'], labelKey: 'wordbook.keywords', kind: 'text' },
  {
    names: ['unitCode'],
    uiOnly: ['unitName'],
    labelKey: 'wordbook.unit',
    kind: 'custom',
    render: (p) => <OrgFilterSelect testId="search-unitCode" value={p.value} label={p.label} onChange={p.onChange} />,
  },
  { names: ['qualification'], labelKey: 'wordbook.qualification', kind: 'text' },
];

const MAX_TAGS = 3;

function QualificationTags({ names }: { names: string[] }) {
  return (
    <Flex gap={4} wrap>
      {names.slice(0, MAX_TAGS).map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
      {names.length > MAX_TAGS && <Tag>+{names.length - MAX_TAGS}</Tag>}
    </Flex>
  );
}

const describe = (e: ExpertCandidate) => [e.title, e.unit].filter(Boolean).join(' · ');

export default function ExpertMakeWordPage() {
  const { t } = useI18n();
  const list = useList(fields, searchBookExperts, { key: ['searchBookExperts'] });
  const [chosen, setChosen] = useState<ExpertCandidate[]>([]);
  const [made, setMade] = useState<ExpertBookMade>();
  const [dragFrom, setDragFrom] = useState<number>();
  const [form] = Form.useForm<{ title: string }>();
  const chosenIds = new Set(chosen.map((c) => c.id));

  const add = (items: ExpertCandidate[]) => {
    const { list: next, dropped } = addChosen(chosen, items);
    if (dropped > 0) toast('warning', t('wordbook.tooMany', { max: next.length, n: dropped }));
    setChosen(next);
    setMade(undefined);
  };
  const change = (next: ExpertCandidate[]) => {
    setChosen(next);
    setMade(undefined);
  };

  const { submit, saving } = useFormSubmit(
    form,
    async ({ title }) => setMade(await makeExpertBook({ title, expertIds: chosen.map((c) => c.id) })),
    () => {},
  );
  const generate = () => {
    if (chosen.length === 0) {
      toast('warning', t('wordbook.chooseFirst'));
      return;
    }
    void submit();
  };

  const columns: ListColumn<ExpertCandidate>[] = [
    {
      // who the expert is: the name (employee code) over the unit, so that the list fits beside the book at 1440 px
      titleKey: 'wordbook.name',
      dataIndex: 'name',
      width: 190,
      render: (_: string, r) => (
        <>
          <ClipText max={174}>
            {r.name}
            {r.employeeCode && <Typography.Text type="secondary"> ({r.employeeCode})</Typography.Text>}
          </ClipText>
          {r.unit && (
            <ClipText max={174}>
              <Typography.Text type="secondary">{r.unit}</Typography.Text>
            </ClipText>
          )}
        </>
      ),
    },
    { titleKey: 'wordbook.jobTitle', dataIndex: 'title' },
    { titleKey: 'wordbook.years', dataIndex: 'years', render: (v: number) => (v > 0 ? t('wordbook.yearsN', { n: v }) : '') },
    { titleKey: 'wordbook.qualification', dataIndex: 'qualifications', cellWidth: 200, render: (v: string[]) => <QualificationTags names={v} /> },
    {
      titleKey: 'wordbook.photo',
      dataIndex: 'hasPhoto',
      render: (v: boolean) => (v ? t('wordbook.hasPhoto') : <Typography.Text type="secondary">{t('wordbook.noPhoto')}</Typography.Text>),
    },
    {
      titleKey: 'list.actions',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, r) =>
        chosenIds.has(r.id) ? (
          <Typography.Text type="secondary">{t('wordbook.added')}</Typography.Text>
        ) : (
          <IconAction label={t('wordbook.add')} icon={<PlusOutlined />} testId={`book-add-${r.id}`} onClick={() => add([r])} />
        ),
    },
  ];

  const onDrop = (to: number) => (ev: DragEvent) => {
    ev.preventDefault();
    if (dragFrom !== undefined) change(moveChosen(chosen, dragFrom, to));
    setDragFrom(undefined);
  };

  return (
    <>
      <SearchCard fields={fields} values={list.state.filters} onSearch={list.search} onReset={list.reset} />
      <Row gutter={16} align="top">
        <Col xs={24} xl={16}>
          <TableCard<ExpertCandidate>
            list={list}
            columns={columns}
            rowKey="id"
            selectable
            canSelect={(r) => !chosenIds.has(r.id)}
            actions={
              <Button
                icon={<PlusOutlined />}
                data-testid="book-add-ticked"
                onClick={() => {
                  if (!requireTicked(list.selectedKeys)) return;
                  const keys = new Set(list.selectedKeys);
                  add((list.data?.records ?? []).filter((r) => keys.has(r.id)));
                  list.setSelectedKeys([]);
                }}
              >
                {t('wordbook.addTicked')}
              </Button>
            }
          />
        </Col>
        <Col xs={24} xl={8}>
          <Card
            title={t('wordbook.chosen', { n: chosen.length })}
            variant="borderless"
            style={{ marginTop: 16 }}
            data-testid="book-chosen"
            extra={
              <Button size="small" disabled={chosen.length === 0 || saving} onClick={() => change([])} data-testid="book-clear">
                {t('wordbook.clear')}
              </Button>
            }
          >
            {chosen.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wordbook.chosenEmpty')} />
            ) : (
              <>
                <Typography.Text type="secondary">{t('wordbook.dragHint')}</Typography.Text>
                <ol style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }} data-testid="book-chosen-list">
                  {chosen.map((c, i) => (
                    <li
                      key={c.id}
                      draggable={!saving}
                      onDragStart={() => setDragFrom(i)}
                      onDragOver={(ev) => ev.preventDefault()}
                      onDrop={onDrop(i)}
                      data-testid={`book-chosen-${c.id}`}
                      style={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 8,
                        padding: '6px 8px',
                        borderBottom: '1px solid var(--bd-color-split)',
                        background: dragFrom === i ? 'var(--bd-color-primary-bg)' : undefined,
                        cursor: 'grab',
                      }}
                    >
                      <HolderOutlined style={{ color: 'var(--bd-color-text-tertiary)' }} />
                      <span style={{ width: 24, textAlign: 'right' }}>{i + 1}.</span>
                      <span style={{ flex: 1, minWidth: 0, display: 'flex', gap: 6, alignItems: 'baseline' }}>
                        <Typography.Text strong style={{ flexShrink: 0 }}>
                          {c.name}
                        </Typography.Text>
                        <Typography.Text type="secondary" ellipsis={{ tooltip: describe(c) }} style={{ minWidth: 0 }}>
                          {describe(c)}
                        </Typography.Text>
                      </span>
                      <Space size={0}>
                        <Tooltip title={t('wordbook.up')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<ArrowUpOutlined />}
                            disabled={i === 0 || saving}
                            aria-label={t('wordbook.up')}
                            data-testid={`book-up-${c.id}`}
                            onClick={() => change(moveChosen(chosen, i, i - 1))}
                          />
                        </Tooltip>
                        <Tooltip title={t('wordbook.down')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<ArrowDownOutlined />}
                            disabled={i === chosen.length - 1 || saving}
                            aria-label={t('wordbook.down')}
                            data-testid={`book-down-${c.id}`}
                            onClick={() => change(moveChosen(chosen, i, i + 1))}
                          />
                        </Tooltip>
                        <Tooltip title={t('wordbook.remove')}>
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<CloseOutlined />}
                            disabled={saving}
                            aria-label={t('wordbook.remove')}
                            data-testid={`book-remove-${c.id}`}
                            onClick={() => change(removeChosen(chosen, c.id))}
                          />
                        </Tooltip>
                      </Space>
                    </li>
                  ))}
                </ol>
              </>
            )}
            <Form
              form={form}
              layout="vertical"
              style={{ marginTop: 16 }}
              initialValues={{ title: t('wordbook.defaultTitle', { date: dayjs().format('YYYY-MM-DD') }) }}
            >
              <Form.Item
                name="title"
                label={t('wordbook.title')}
                rules={[
                  { required: true, whitespace: true, message: t('wordbook.titleRequired') },
                  { max: MAX_TITLE, message: t('wordbook.titleTooLong', { n: MAX_TITLE }) },
                ]}
              >
                <Input maxLength={MAX_TITLE} showCount data-testid="book-title" onChange={() => setMade(undefined)} />
              </Form.Item>
              <Button type="primary" icon={<FileWordOutlined />} loading={saving} onClick={generate} data-testid="book-generate">
                {t('wordbook.generate')}
              </Button>
            </Form>
            {saving && (
              <div style={{ marginTop: 16 }} data-testid="book-progress">
                <Spin size="small" /> <Typography.Text type="secondary">{t('wordbook.generating', { n: chosen.length })}</Typography.Text>
              </div>
            )}
            {made && !saving && (
              <Alert
                type="success"
                showIcon
                style={{ marginTop: 16 }}
                data-testid="book-made"
                message={t('wordbook.made', { name: made.fileName, size: fileSize(made.size) })}
                description={
                  <Space direction="vertical">
                    <span>{t('wordbook.madeHint')}</span>
                    <Space>
                      <Button type="primary" icon={<DownloadOutlined />} onClick={() => downloadBook(made.id)} data-testid="book-download">
                        {t('wordbook.download')}
                      </Button>
                      <Link to="/expert_talents_result">{t('wordbook.toResults')}</Link>
                    </Space>
                  </Space>
                }
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
