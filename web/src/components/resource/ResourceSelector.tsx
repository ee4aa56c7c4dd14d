import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Form, Input, InputNumber, Modal, Pagination, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { addBannerLink, bannerLink } from '../../api/content';
import { useSelectorCards } from '../../api/hooks/content';
import { shownByClient } from '../../api/hooks/useWrite';
import { t, useI18n, type MessageKey } from '../../i18n';
import { isLinkUrl } from '../../lib/linkUrl';
import CoverField from './CoverField';
import styles from './resource.module.css';
import {
  back, choose, closeSet, confirmProblem, drillIn, initialState, isChosen, next, outputs, resetSearch, search, SELECTOR_WIDTH,
  showsConfirm, showsNext, switchTab, tabsOf, toPage, type Card, type Output, type SelectorOptions, type SelectorState, type SelectorTab,
} from './selectorState';

export type { Output as ResourceOutput } from './selectorState';
type LinkOutput = Extract<Output, { type: '2' }>;

export interface ResourceSelectorProps extends SelectorOptions {
  open: boolean;
  title?: string;
  onCancel(): void;
  /** the selection (spec section 3's outputs) */
  onConfirm(out: Output[]): void;
  /** saves the other tab's link before it is emitted (addBannerLink by default: on code 0 the selection is emitted) */
  saveLink?(link: LinkOutput): Promise<unknown>;
}

const TAB_LABEL: Record<SelectorTab, MessageKey> = { course: 'resource.tab.course', topic: 'resource.tab.topic', other: 'resource.tab.other' };
const warn = (key: MessageKey) => toast('warning', t(key));
const sortMax = 9999;

/**
 * The resource selector dialog (spec sections 2-5): courses, and with the extra flag topics and a link. Single-select
 * goes through 'next' to the 'set image and title' step; multi-select ticks up to 30 sources. The rules live in
 * selectorState.ts.
 */
export default function ResourceSelector({ open, title, onCancel, onConfirm, saveLink = (link) => addBannerLink(bannerLink(link)), ...opts }: ResourceSelectorProps) {
  useI18n();
  const [s, setS] = useState<SelectorState>(() => initialState());
  const [saving, setSaving] = useState(false);
  const [nameInput, setNameInput] = useState('');
  const [levelInput, setLevelInput] = useState<number | undefined>();

  // a new opening starts afresh
  useEffect(() => {
    if (open) {
      setS(initialState());
      setNameInput('');
      setLevelInput(undefined);
    }
  }, [open]);

  const { tab, pageIndex, pageSize, name, level, drill } = s;
  const page = useSelectorCards(
    { tab: tab === 'course' ? 'course' : 'topic', name, level, specialId: drill?.id, pageSize, pageIndex },
    open && tab !== 'other',
  );
  // a failure leaves the page empty (the client has shown why)
  const cards: Card[] = (tab !== 'other' && page.data?.list) || [];
  const total = (tab !== 'other' && page.data?.total) || 0;
  const loading = page.isFetching;

  const apply = (r: { state?: SelectorState; warning?: MessageKey }) => {
    if (r.warning) warn(r.warning);
    else if (r.state) setS(r.state);
  };

  const changeTab = (key: string) => {
    setS(switchTab(s, key as SelectorTab));
    setNameInput('');
    setLevelInput(undefined);
  };

  const confirm = () => {
    const problem = confirmProblem(s);
    if (problem) return warn(problem);
    const out = outputs(s);
    if (s.tab === 'other') {
      const link = out[0] as LinkOutput;
      if (!link.content) return warn('resource.titleRequired');
      if (!link.clickUrl) return warn('resource.linkRequired');
      if (!isLinkUrl(link.clickUrl)) return warn('sysConfig.badUrl');
      setSaving(true);
      saveLink(link)
        .then(() => onConfirm(out), shownByClient)
        .finally(() => setSaving(false));
      return;
    }
    const first = out[0];
    if (s.step === 'set' && first && first.type !== '2' && !first.name) return warn('resource.titleRequired');
    onConfirm(out);
  };

  const footer = (
    <Space>
      <Button onClick={onCancel} data-testid="resource-cancel">
        {t('common.cancel')}
      </Button>
      {showsConfirm(s, opts) && (
        <Button type="primary" loading={saving} onClick={confirm} data-testid="resource-confirm">
          {t('common.confirm')}
        </Button>
      )}
      {showsNext(s, opts) && (
        <Button type="primary" onClick={() => apply(next(s))} data-testid="resource-next">
          {t('resource.next')}
        </Button>
      )}
    </Space>
  );

  const grid = (
    <>
      {s.tab === 'course' ? (
        <div className={styles.toolbar}>
          <Input.Search
            allowClear
            placeholder={t('resource.courseName')}
            value={nameInput}
            onChange={(e) => setNameInput(e.target.value)}
            onSearch={(v) => setS(search(s, v.trim()))}
            style={{ width: 280 }}
            data-testid="resource-course-name"
          />
        </div>
      ) : s.drill ? (
        <div className={styles.drill}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => setS(back(s))} data-testid="resource-back">
            {t('resource.back')}
          </Button>
          <Typography.Text strong>{s.drill.name}</Typography.Text>
        </div>
      ) : (
        <div className={styles.toolbar}>
          <Input
            allowClear
            placeholder={t('resource.topicName')}
            value={nameInput}
            onChange={(e) => setNameInput(e.target.value)}
            onPressEnter={() => setS(search(s, nameInput.trim(), levelInput))}
            style={{ width: 200 }}
            data-testid="resource-topic-name"
          />
          <Select<number>
            allowClear
            placeholder={t('resource.level')}
            value={levelInput}
            onChange={setLevelInput}
            style={{ width: 140 }}
            options={[
              { value: 1, label: t('resource.level.1') },
              { value: 2, label: t('resource.level.2') },
            ]}
            data-testid="resource-topic-level"
          />
          <Button type="primary" onClick={() => setS(search(s, nameInput.trim(), levelInput))} data-testid="resource-topic-search">
            {t('resource.search')}
          </Button>
          <Button
            onClick={() => {
              setNameInput('');
              setLevelInput(undefined);
              setS(resetSearch(s));
            }}
            data-testid="resource-topic-reset"
          >
            {t('resource.reset')}
          </Button>
        </div>
      )}
      <Spin spinning={loading}>
        <div className={styles.grid} data-testid="resource-grid">
          {cards.length === 0 && !loading ? (
            <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            cards.map((c) => (
              <div
                key={`${c.type}-${c.id}`}
                className={`${styles.card} ${isChosen(s, c) ? styles.chosen : ''}`}
                onClick={() => apply(choose(s, c, opts))}
                onDoubleClick={() => setS(drillIn(s, c))}
                title={s.tab === 'topic' && !s.drill && c.type === 2 ? t('resource.drillHint') : c.name}
                data-testid={`resource-card-${c.id}`}
              >
                {c.cover ? <img className={styles.cover} src={c.cover} alt="" /> : <div className={styles.cover} />}
                <div className={styles.name}>{c.name}</div>
                {opts.multiple && <Checkbox className={styles.check} checked={isChosen(s, c)} />}
                {s.tab === 'topic' && !s.drill && (
                  <Tag className={styles.badge} color={c.type === 2 ? 'blue' : 'default'}>
                    {t(c.type === 2 ? 'resource.level.1' : 'resource.level.2')}
                  </Tag>
                )}
              </div>
            ))
          )}
        </div>
      </Spin>
      <div className={styles.pager}>
        <Pagination
          size="small"
          current={s.pageIndex}
          pageSize={s.pageSize}
          total={total}
          showSizeChanger={false}
          showTotal={(n) => t('resource.total', { n })}
          onChange={(p) => setS(toPage(s, p))}
        />
      </div>
    </>
  );

  const setStep = (
    <div data-testid="resource-set">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => setS(closeSet(s))} data-testid="resource-set-close">
          {t('resource.back')}
        </Button>
        <Typography.Text strong>{t('resource.setTitle')}</Typography.Text>
      </Space>
      <Form layout="vertical">
        <Form.Item label={t('resource.cover')} required validateStatus={s.setForm.cover ? undefined : 'error'} help={s.setForm.cover ? undefined : t('resource.coverRequired')}>
          <CoverField value={s.setForm.cover} onChange={(cover) => setS({ ...s, setForm: { ...s.setForm, cover } })} testId="resource-set-cover" />
        </Form.Item>
        <Form.Item label={t('resource.recommendedTitle')} required>
          <Input value={s.setForm.name} maxLength={100} onChange={(e) => setS({ ...s, setForm: { ...s.setForm, name: e.target.value } })} data-testid="resource-set-name" />
        </Form.Item>
        <Form.Item label={t('resource.order')}>
          <InputNumber
            min={0}
            max={sortMax}
            precision={0}
            value={Number(s.setForm.orderDort) || 0}
            onChange={(v) => setS({ ...s, setForm: { ...s.setForm, orderDort: v == null ? '1' : String(v) } })}
            data-testid="resource-set-order"
          />
        </Form.Item>
      </Form>
    </div>
  );

  const lf = s.linkForm;
  const linkTab = (
    <Form layout="vertical" data-testid="resource-link">
      <Form.Item label={t('resource.cover')} required help={lf.coverUrl ? undefined : t('resource.coverRequired')} validateStatus={lf.coverUrl ? undefined : 'error'}>
        <CoverField value={lf.coverUrl} onChange={(coverUrl) => setS({ ...s, linkForm: { ...lf, coverUrl } })} testId="resource-link-cover" />
      </Form.Item>
      <Form.Item label={t('resource.order')}>
        <InputNumber
          min={0}
          max={sortMax}
          precision={0}
          value={Number(lf.orderDort) || 0}
          onChange={(v) => setS({ ...s, linkForm: { ...lf, orderDort: v == null ? '1' : String(v) } })}
          data-testid="resource-link-order"
        />
      </Form.Item>
      <Form.Item label={t('resource.linkTitle')} required>
        <Input value={lf.title} maxLength={100} onChange={(e) => setS({ ...s, linkForm: { ...lf, title: e.target.value } })} data-testid="resource-link-title" />
      </Form.Item>
      <Form.Item label={t('resource.clickUrl')} required>
        <Input value={lf.clickUrl} placeholder="https://… /gatewaySearch" onChange={(e) => setS({ ...s, linkForm: { ...lf, clickUrl: e.target.value } })} data-testid="resource-link-url" />
      </Form.Item>
    </Form>
  );

  const body = (key: SelectorTab) => (key === 'other' ? linkTab : s.step === 'set' ? setStep : grid);

  return (
    <Modal open={open} title={title ?? t('resource.title')} width={SELECTOR_WIDTH} onCancel={onCancel} footer={footer} destroyOnHidden maskClosable={false}>
      <div data-testid="resource-selector">
        <Tabs
          activeKey={s.tab}
          onChange={changeTab}
          items={tabsOf(opts).map((key) => ({ key, label: <span data-testid={`resource-tab-${key}`}>{t(TAB_LABEL[key])}</span>, children: s.tab === key ? body(key) : null }))}
        />
      </div>
    </Modal>
  );
}
