import { useEffect, useState, type CSSProperties } from 'react';
import { Input } from 'antd';
import { useI18n } from '../../i18n';
import { useRouteKeywords } from './routeQuery';

/**
 * The keyword box of spec section 2, bound to the route query 'keywords': Enter or the button searches (back to
 * page 1); the box follows the URL when it changes (back, a shared link).
 */
export default function KeywordSearch({
  testId = 'keyword-search',
  style,
  size,
  maxLength,
  placeholder,
}: {
  testId?: string;
  style?: CSSProperties;
  size?: 'large' | 'middle';
  maxLength?: number;
  placeholder?: string;
}) {
  const { t } = useI18n();
  const [keywords, setKeywords] = useRouteKeywords();
  const [text, setText] = useState(keywords);
  useEffect(() => setText(keywords), [keywords]);
  return (
    <Input.Search
      data-testid={testId}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => setKeywords(v)}
      placeholder={placeholder ?? t('routeQuery.keywordsPlaceholder')}
      aria-label={placeholder ?? t('routeQuery.keywordsPlaceholder')}
      enterButton={t('portal.search')}
      size={size}
      maxLength={maxLength}
      allowClear
      style={{ maxWidth: 480, ...style }}
    />
  );
}
