/**
 * /expert_talents2_social's list as the query cache holds it: its key and its filters' parameters. The page
 * (SocialSecurityPage.tsx) and the prefetch of a full load (routes.ts `prefetch`) share them, so that the page finds
 * the first page the prefetch asked for; this module stays light (no screen code).
 */
import { listSocial } from '../../api/library';
import { queryClient } from '../../api/queries';
import { prefetchList } from '../../components/list/useList';
import type { FieldParams } from '../../components/list/query';

export const socialListKey = ['listSocial'] as const;

/** The filters' parameters; the page gives each its label and input. */
export const socialFilters = {
  keywords: { names: ['keywords'] },
  city: { names: ['city'] },
  monthFrom: { names: ['monthFrom'] },
  monthTo: { names: ['monthTo'] },
} satisfies Record<string, FieldParams>;

export const prefetchSocialList = (search: string) =>
  prefetchList(queryClient, socialListKey, Object.values(socialFilters), (p) => listSocial(p, { silent: true }), search);
