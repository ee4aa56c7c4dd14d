import { useCallback, useEffect, useRef, useState } from 'react';
import { portalSearch, type PortalSearchParams, type PortalSearchResult } from '../../api/portal';
import { useI18n } from '../../i18n';

export interface SearchAnswer {
  data?: PortalSearchResult;
  loading: boolean;
  /** the failure's message (the page shows it with a retry button) */
  error?: string;
  retry(): void;
}

/**
 * GET /api/portal/search for the parameters: asked again when they change (only then: opening the record drawer
 * changes the URL, not the search), the last answer stays on screen while the next is on its way, and an answer
 * that arrives after a newer search began is dropped.
 */
export function usePortalSearch(params: PortalSearchParams): SearchAnswer {
  const { lang, t } = useI18n();
  const key = JSON.stringify(params);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ data?: PortalSearchResult; error?: string; loading: boolean }>({ loading: true });
  const latest = useRef(0);

  useEffect(() => {
    const mine = ++latest.current;
    setAnswer((a) => ({ data: a.data, loading: true }));
    portalSearch(JSON.parse(key) as PortalSearchParams, { silent: true }).then(
      (data) => mine === latest.current && setAnswer({ data, loading: false }),
      (e: unknown) =>
        mine === latest.current && setAnswer((a) => ({ data: a.data, loading: false, error: e instanceof Error && e.message ? e.message : t('msg.operationException') })),
    );
    // t is stable; lang makes the error text follow a language switch
  }, [key, attempt, lang, t]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...answer, retry };
}
