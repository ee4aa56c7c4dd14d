/** Pieces shared by the training screens, the portal page and the phone page: state tags, times, the week view. */
import { useState } from 'react';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { ClassState, EnrolState, Session, SignState } from '../../api/training';
import { t, useI18n } from '../../i18n';
import styles from './training.module.css';

const CLASS_COLOR: Record<ClassState, string> = { draft: 'default', enrolling: 'blue', running: 'green', closed: 'orange', archived: 'default' };
const ENROL_COLOR: Record<EnrolState, string> = { enrolled: 'green', pending: 'gold', waiting: 'blue', withdrawn: 'default', rejected: 'red' };
const SIGN_COLOR: Record<SignState, string> = { present: 'green', late: 'orange', absent: 'red', none: 'default' };

export const ClassStateTag = ({ state }: { state: ClassState }) => <Tag color={CLASS_COLOR[state]}>{t(`training.state.${state}`)}</Tag>;
export const EnrolTag = ({ state }: { state: EnrolState }) => <Tag color={ENROL_COLOR[state]}>{t(`training.enrol.${state}`)}</Tag>;
export const SignTag = ({ state }: { state: string }) => (
  <Tag color={SIGN_COLOR[state as SignState] ?? 'default'}>{t(`training.sign.${(state || 'none') as SignState}`)}</Tag>
);

/** '2026-03-10 09:00–11:00' (the end's date too when it is another day). */
export function timeRange(s: Pick<Session, 'startsAt' | 'endsAt'>): string {
  const a = dayjs(s.startsAt);
  const b = dayjs(s.endsAt);
  return `${a.format('YYYY-MM-DD HH:mm')}–${b.isSame(a, 'day') ? b.format('HH:mm') : b.format('YYYY-MM-DD HH:mm')}`;
}

/** The Monday of d's week. */
export const weekStart = (d: Dayjs) => d.startOf('day').subtract((d.day() + 6) % 7, 'day');

/** The week shown: starts on the week of `initial` (today by default); prev and next move it. */
export function useWeek(initial?: Dayjs) {
  const [start, setStart] = useState(() => weekStart(initial ?? dayjs()));
  return {
    start,
    from: start.format('YYYY-MM-DD'),
    to: start.add(6, 'day').format('YYYY-MM-DD'),
    prev: () => setStart((s) => s.subtract(7, 'day')),
    next: () => setStart((s) => s.add(7, 'day')),
    today: () => setStart(weekStart(dayjs())),
    go: (d: Dayjs) => setStart(weekStart(d)),
  };
}

export type Week = ReturnType<typeof useWeek>;

/**
 * A week of sessions: seven day columns (a phone: the days that have sessions, one under the other), each session
 * with its time, title, room or link and lecturer; `extra` adds what the caller shows (a sign-in state).
 */
export function WeekView({
  week,
  sessions,
  compact,
  extra,
  onOpen,
  showClass,
  testId = 'week',
}: {
  week: Week;
  sessions: Session[];
  compact?: boolean;
  extra?(s: Session): React.ReactNode;
  onOpen?(s: Session): void;
  /** name each session's class (my schedule: several classes) */
  showClass?: boolean;
  testId?: string;
}) {
  useI18n();
  const days = Array.from({ length: 7 }, (_, i) => week.start.add(i, 'day'));
  const inWeek = sessions.filter((s) => {
    const d = dayjs(s.startsAt);
    return !d.isBefore(week.start) && d.isBefore(week.start.add(7, 'day'));
  });
  const today = dayjs().startOf('day');
  const card = (s: Session) => (
    <div
      key={s.id}
      className={styles.weekItem}
      data-testid={`${testId}-session-${s.id}`}
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      onClick={onOpen ? () => onOpen(s) : undefined}
      onKeyDown={onOpen ? (e) => e.key === 'Enter' && onOpen(s) : undefined}
    >
      <div className={styles.weekTime}>
        {dayjs(s.startsAt).format('HH:mm')}–{dayjs(s.endsAt).format('HH:mm')}
      </div>
      <div className={styles.weekTitle}>{s.title || s.courseName || s.className}</div>
      {showClass && s.title && <div className={styles.weekMeta}>{s.className}</div>}
      {(s.room || s.link || s.lecturerName) && <div className={styles.weekMeta}>{[s.room || s.link, s.lecturerName].filter(Boolean).join(' · ')}</div>}
      {extra?.(s)}
    </div>
  );
  return (
    <div data-testid={testId}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<LeftOutlined />} onClick={week.prev} aria-label={t('training.week.prev')} data-testid={`${testId}-prev`} />
        <Typography.Text strong data-testid={`${testId}-range`}>
          {week.from} ~ {week.to}
        </Typography.Text>
        <Button icon={<RightOutlined />} onClick={week.next} aria-label={t('training.week.next')} data-testid={`${testId}-next`} />
        <Button onClick={week.today}>{t('training.week.this')}</Button>
      </Space>
      {compact ? (
        inWeek.length ? (
          days
            .filter((d) => inWeek.some((s) => dayjs(s.startsAt).isSame(d, 'day')))
            .map((d) => (
              <div key={d.valueOf()} className={styles.dayBlock}>
                <div className={styles.dayHead}>
                  {d.format('MM-DD')} {t(`training.weekday.${d.day()}` as 'training.weekday.0')}
                </div>
                {inWeek.filter((s) => dayjs(s.startsAt).isSame(d, 'day')).map(card)}
              </div>
            ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('training.week.empty')} />
        )
      ) : (
        <div className={styles.week}>
          {days.map((d) => (
            <div key={d.valueOf()} className={`${styles.weekDay} ${d.isSame(today) ? styles.weekToday : ''}`}>
              <div className={styles.dayHead}>
                {t(`training.weekday.${d.day()}` as 'training.weekday.0')} <span className={styles.dayDate}>{d.format('MM-DD')}</span>
              </div>
              {inWeek.filter((s) => dayjs(s.startsAt).isSame(d, 'day')).map(card)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
