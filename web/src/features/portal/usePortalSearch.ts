import { useState } from 'react';
import { failureText, usePortalSearchQuery } from '../../api/hooks/portal';
import type { PortalSearchParams, PortalSearchResult } from '../../api/portal';
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
 * changes the URL, not the search), the last answer stays on screen while the next is on its way (and beside a
 * failure: the facets stay), and an answer that arrives after a newer search began is not shown (query keys).
 */
export function usePortalSearch(params: PortalSearchParams): SearchAnswer {
  const { lang, t } = useI18n();
  const q = usePortalSearchQuery(params, lang);
  const [last, setLast] = useState<PortalSearchResult>();
  if (q.data && !q.isPlaceholderData && q.data !== last) setLast(q.data);
  return {
    data: q.data ?? last,
    loading: q.isFetching,
    error: q.isError ? failureText(q.error, t('msg.operationException')) : undefined,
    retry: () => void q.refetch(),
  };
}
