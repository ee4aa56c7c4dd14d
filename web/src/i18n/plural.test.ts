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
    setLang('zh-CN');
    expect(t('list.total', { total: 1 })).toBe('共 1 条');
  });
});
