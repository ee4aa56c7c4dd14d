import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_URL } from '../app/config';
import { helpUrl } from '../components/userActions';
import { fromInput } from '../features/sys/ParamFormDialog';
import { ensure, refreshSiteConfig } from './siteConfig';
import { USER_KEY } from './session';

describe('site configuration cache', () => {
  it('fetches once, shares a pending fetch, and fetches again after a refresh', async () => {
    const load = vi.fn().mockResolvedValue('v1');
    await Promise.all([ensure('t1', load), ensure('t1', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    await ensure('t1', load);
    expect(load).toHaveBeenCalledTimes(1);
    refreshSiteConfig();
    await ensure('t1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('ok');
    await ensure('t2', load);
    await ensure('t2', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('help centre URL', () => {
  beforeEach(() => sessionStorage.clear());

  it('prefers the live parameter, then the session copy, then the built-in default', () => {
    expect(helpUrl()).toBe(HELP_URL);
    sessionStorage.setItem(USER_KEY, JSON.stringify({ accessToken: 't', helpUrl: 'https://session.example.com/help' }));
    expect(helpUrl()).toBe('https://session.example.com/help');
    expect(helpUrl('/help/centre')).toBe('/help/centre');
  });

  it('never links a value that breaks the URL rules', () => {
    sessionStorage.setItem(USER_KEY, JSON.stringify({ accessToken: 't', helpUrl: 'javascript:alert(1)' }));
    expect(helpUrl('javascript:alert(2)')).toBe(HELP_URL);
  });
});

describe('parameter values sent to the server', () => {
  it('are text; booleans true/false', () => {
    expect(fromInput('boolean', true)).toBe('true');
    expect(fromInput('boolean', false)).toBe('false');
    expect(fromInput('number', 30)).toBe('30');
    expect(fromInput('number', null)).toBe('');
    expect(fromInput('json', '{"a":1}')).toBe('{"a":1}');
  });
});
