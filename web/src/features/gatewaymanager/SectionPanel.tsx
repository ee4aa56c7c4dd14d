import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Alert, Badge, Button, Card, Space, Spin, Switch, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import { useSaveSections, useSections } from '../../api/hooks/gateway';
import { useI18n } from '../../i18n';
import { dropIndex, mergeSections, moveSection, sameSections, setVisible, stepSection, type Section, type SectionKey } from './sections';
import styles from './gatewayManager.module.css';

/** Which control of a row keeps the focus after a keyboard move. */
type FocusTarget = { key: SectionKey; control: 'up' | 'down' | 'handle' };

/**
 * The home sections tab: the eight sections in the stored order, each with a switch; reorder by dragging or with the
 * up / down buttons (or the arrow keys on a row's handle), save, or go back to what is stored; a miniature of the home
 * page follows every change.
 */
export default function SectionPanel() {
  const { t } = useI18n();
  const [stored, setStored] = useState<Section[]>();
  const [draft, setDraft] = useState<Section[]>([]);
  const [saving, setSaving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [drag, setDrag] = useState<{ from: number; over?: number; upper?: boolean }>();
  const focusNext = useRef<FocusTarget>(undefined);
  const controls = useRef(new Map<string, HTMLElement | null>());

  // what the server holds, shown and drafted afresh whenever it answers anew
  const sections = useSections().data;
  const [seen, setSeen] = useState<typeof sections>();
  if (sections && sections !== seen) {
    setSeen(sections);
    const merged = mergeSections(sections);
    setStored(merged);
    setDraft(merged);
  }
  const saveAll = useSaveSections();

  // after a keyboard move the row's DOM node moves: give the focus back to the control that moved it
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = undefined;
    const el = controls.current.get(`${target.key}:${target.control}`);
    const usable = el && !(el as HTMLButtonElement).disabled;
    (usable ? el : controls.current.get(`${target.key}:handle`))?.focus();
  }, [draft]);

  const name = (key: SectionKey) => t(`gm.section.${key}`);
  const changed = !!stored && !sameSections(stored, draft);

  const step = (key: SectionKey, dir: -1 | 1, control: FocusTarget['control']) => {
    const next = stepSection(draft, key, dir);
    if (sameSections(next, draft)) return;
    focusNext.current = { key, control };
    setDraft(next);
    setAnnounce(t('gm.sections.moved', { name: name(key), n: next.findIndex((s) => s.key === key) + 1, total: next.length }));
  };

  const onHandleKey = (e: KeyboardEvent, key: SectionKey) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      step(key, e.key === 'ArrowUp' ? -1 : 1, 'handle');
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = await saveAll.mutateAsync(draft.map(({ key, visible }) => ({ key, visible })));
      const next = Array.isArray(answer) ? mergeSections(answer) : draft;
      setStored(next);
      setDraft(next);
      toast('success', t('msg.operationSuccessful'));
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  /* dragging: the row under the pointer shows where the dragged row lands (before it, or after it) */
  const onDragStart = (e: DragEvent, from: number) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', draft[from].key);
    setDrag({ from });
  };
  const onDragOver = (e: DragEvent<HTMLLIElement>, over: number) => {
    if (!drag) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const rect = e.currentTarget.getBoundingClientRect();
    const upper = e.clientY < rect.top + rect.height / 2;
    if (drag.over !== over || drag.upper !== upper) setDrag({ ...drag, over, upper });
  };
  const onDrop = (e: DragEvent, over: number) => {
    e.preventDefault();
    if (!drag) return;
    const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
    const upper = e.clientY < rect.top + rect.height / 2;
    const to = dropIndex(drag.from, over, upper);
    const key = draft[drag.from].key;
    const next = moveSection(draft, drag.from, to);
    setDrag(undefined);
    if (sameSections(next, draft)) return;
    setDraft(next);
    setAnnounce(t('gm.sections.moved', { name: name(key), n: to + 1, total: next.length }));
  };

  const ref = (key: string) => (el: HTMLElement | null) => {
    controls.current.set(key, el);
  };

  if (!stored) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const visible = draft.filter((s) => s.visible);

  return (
    <div className={styles.sectionsLayout}>
      <Card
        variant="borderless"
        title={
          <Space>
            {t('gm.sections.title')}
            {changed && <Badge status="warning" text={<Typography.Text type="warning">{t('gm.sections.unsaved')}</Typography.Text>} data-testid="sections-unsaved" />}
          </Space>
        }
        extra={
          <Space>
            <Button icon={<UndoOutlined />} disabled={!changed || saving} onClick={() => setDraft(stored)} data-testid="sections-reset">
              {t('gm.sections.reset')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!changed} onClick={() => void save()} data-testid="sections-save">
              {t('gm.sections.save')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('gm.sections.hint')}</Typography.Paragraph>
        {visible.length === 0 && <Alert type="warning" showIcon title={t('gm.sections.noneVisible')} style={{ marginBottom: 12 }} />}
        <ol className={styles.sectionList} data-testid="sections-list" onDragEnd={() => setDrag(undefined)}>
          {draft.map((s, i) => {
            const cls = [
              styles.sectionItem,
              s.visible ? '' : styles.hiddenItem,
              drag?.from === i ? styles.dragging : '',
              drag && drag.over === i && drag.from !== i ? (drag.upper ? styles.dropBefore : styles.dropAfter) : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <li
                key={s.key}
                className={cls}
                draggable
                onDragStart={(e) => onDragStart(e, i)}
                onDragOver={(e) => onDragOver(e, i)}
                onDrop={(e) => onDrop(e, i)}
                data-testid={`section-row-${s.key}`}
              >
                <Tooltip title={t('gm.sections.handle', { name: name(s.key) })} mouseEnterDelay={0.6}>
                  <button
                    type="button"
                    className={styles.handle}
                    ref={ref(`${s.key}:handle`)}
                    aria-label={t('gm.sections.handle', { name: name(s.key) })}
                    onKeyDown={(e) => onHandleKey(e, s.key)}
                    data-testid={`section-handle-${s.key}`}
                  >
                    <HolderOutlined />
                  </button>
                </Tooltip>
                <span className={styles.position} aria-hidden="true">
                  {i + 1}
                </span>
                <span className={styles.sectionName}>
                  {name(s.key)}
                  {!s.visible && (
                    <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 400, fontSize: 12 }}>
                      ({t('gm.sections.hidden')})
                    </Typography.Text>
                  )}
                </span>
                <Switch
                  checked={s.visible}
                  checkedChildren={t('gm.on')}
                  unCheckedChildren={t('gm.off')}
                  aria-label={t('gm.sections.show', { name: name(s.key) })}
                  onChange={(on) => setDraft(setVisible(draft, s.key, on))}
                  data-testid={`section-visible-${s.key}`}
                />
                <Space size={0}>
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    ref={ref(`${s.key}:up`)}
                    aria-label={t('gm.sections.moveUp', { name: name(s.key) })}
                    onClick={() => step(s.key, -1, 'up')}
                    data-testid={`section-up-${s.key}`}
                  />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === draft.length - 1}
                    ref={ref(`${s.key}:down`)}
                    aria-label={t('gm.sections.moveDown', { name: name(s.key) })}
                    onClick={() => step(s.key, 1, 'down')}
                    data-testid={`section-down-${s.key}`}
                  />
                </Space>
              </li>
            );
          })}
        </ol>
        <div className={styles.srOnly} role="status" aria-live="polite" data-testid="sections-announce">
          {announce}
        </div>
      </Card>
      <Card variant="borderless" title={t('gm.sections.preview')} size="small">
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('gm.sections.previewHint')}
        </Typography.Paragraph>
        <div className={styles.mini} data-testid="sections-preview" aria-label={t('gm.sections.preview')}>
          {visible.length === 0 ? (
            <div className={styles.miniEmpty}>{t('gm.sections.noneVisible')}</div>
          ) : (
            visible.map((s) => (
              <div key={s.key} className={`${styles.miniBlock} ${styles[s.key] ?? ''}`} data-testid={`preview-${s.key}`}>
                {name(s.key)}
              </div>
            ))
          )}
        </div>
      </Card>
    </div>
  );
}
