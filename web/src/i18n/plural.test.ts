import { afterEach, describe, expect, it } from 'vitest';
import { setLang, t } from './index';

describe('plural words', () => {
  afterEach(() => setLang('zh-CN'));
  it('follow the number in English and leave Chinese alone', () => {
    setLang('en');
    expect(t('list.total', { total: 1 })).toBe('1 item in total');
    expect(t('list.total', { total: 0 })).toBe('0 items in total');
    expect(t('list.total', { total: 12 })).toBe('12 items in total');
    expect(t('demand.reply.sent', { n: 1 })).toBe('1 demand answered; the submitter is notified');
    expect(t('demand.reply.sent', { n: 3 })).toBe('3 demands answered; the submitters are notified');
    // the lists' figures (issue 28, 'English': no '1 retries')
    expect(t('task.timeoutRetries', { s: 300, n: 1 })).toBe('Timeout 300 s, 1 retry');
    expect(t('task.timeoutRetries', { s: 600, n: 3 })).toBe('Timeout 600 s, 3 retries');
    expect(t('training.lecturer.sessionsValue', { n: 1 })).toBe('1 session');
    expect(t('training.lecturer.ratingsValue', { n: 13 })).toBe('13 ratings');
    expect(t('wordbook.yearsN', { n: 1 })).toBe('1 yr');
    setLang('zh-CN');
    expect(t('list.total', { total: 1 })).toBe('共 1 条');
  });
});
