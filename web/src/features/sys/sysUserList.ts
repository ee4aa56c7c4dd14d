/**
 * /sysuser's list as the query cache holds it: its key and the parameters of its filters. The page (SysUserPage.tsx)
 * and the prefetch of a full load (routes.ts `prefetch`) share them, so the page finds the first page the prefetch
 * asked for; this module stays light (no screen code) so that it arrives before the page's.
 */
import { listUsers } from '../../api/admin';
import { queryClient } from '../../api/queries';
import { prefetchList } from '../../components/list/useList';
import type { FieldParams } from '../../components/list/query';

export const staffListKey = ['accounts', 'staff'] as const;

/** The filters' parameters; the page gives each its label and input. */
export const staffFilters = {
  userName: { names: ['userName'] },
  loginCode: { names: ['loginCode'] },
  unit: { names: ['unitCode'], uiOnly: ['unitName'] },
  state: { names: ['state'] },
} satisfies Record<string, FieldParams>;

export const prefetchStaffList = (search: string) =>
  prefetchList(queryClient, staffListKey, Object.values(staffFilters), (p) => listUsers(p, { silent: true }), search);
