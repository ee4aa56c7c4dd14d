import { describe, expect, it } from 'vitest';
import { isLinkUrl, isSitePath } from './linkUrl';

// The cases of internal/platform/validate/url_test.go: [isLinkUrl, isSitePath].
const cases: Record<string, [boolean, boolean]> = {
  'https://help.example.com': [true, false],
  'http://intranet.local:8080/a?b=1#c': [true, false],
  'HTTPS://Example.com/x': [true, false],
  '/help/centre': [true, true],
  '/': [true, true],
  '': [false, false],
  help: [false, false],
  '//evil.example.com': [false, false],
  '/\\evil.example.com': [false, false],
  'javascript:alert(1)': [false, false],
  'JaVaScRiPt:alert(1)': [false, false],
  'data:text/html,x': [false, false],
  'ftp://files.example.com': [false, false],
  'https://': [false, false],
  'https:/example.com': [false, false],
  'https://user:pw@example.com': [false, false],
  'https://example.com/a b': [false, false],
  '/a\tb': [false, false],
  'https://example.com/"onload=': [false, false],
  'mailto:x@example.com': [false, false],
};

describe('configured links', () => {
  it.each(Object.entries(cases))('%s', (s, [link, path]) => {
    expect([isLinkUrl(s), isSitePath(s)]).toEqual([link, path]);
  });
});
