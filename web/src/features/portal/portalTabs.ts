/**
 * The portal's detail tabs and the library types they show (docs/portal.md), and where a message or a hit leads.
 * Pure functions (tested).
 */
import type { DetailTab } from '../../app/routes';
import type { PortalMessage } from '../../api/portal';

/** tab of /gatewayDetail/<tab> → library type key */
export const TAB_TYPES: Record<DetailTab, string> = {
  enterprise: 'license',
  expert: 'expert',
  contract: 'contract',
  honor: 'honor',
  caKeyClass: 'cakey',
  service: 'plan',
  packs: 'toolkit',
  govAdoption: 'govreg',
};

/** The type key of a tab (case-insensitive, as the router matches paths), undefined for anything else. */
export function typeOfTab(tab: string | undefined): string | undefined {
  if (!tab) return undefined;
  const key = (Object.keys(TAB_TYPES) as DetailTab[]).find((k) => k.toLowerCase() === tab.toLowerCase());
  return key ? TAB_TYPES[key] : undefined;
}

/** The tab of a type key, undefined for the types without one (tender, announcement). */
export function tabOfType(type: string | undefined): DetailTab | undefined {
  return (Object.keys(TAB_TYPES) as DetailTab[]).find((k) => TAB_TYPES[k] === type);
}

/** The detail tab's page with a record's drawer open. */
export const recordPath = (tab: string, id: number) => `/gatewayDetail/${tab}?id=${id}`;

/**
 * Where a message leads: the material's detail tab with its drawer open, or (a tender, an announcement: no tab) the
 * record's drawer on the current screen; nothing for a message about no material.
 */
/** A course push's message (internal/content: refType course, courseSpecial or coursePush). */
export const isCoursePush = (m: Pick<PortalMessage, 'refType'>) => ['course', 'courseSpecial', 'coursePush'].includes(m.refType);

export type MessageTarget = { path: string } | { recordId: number } | undefined;

export function messageTarget(m: Pick<PortalMessage, 'kind' | 'id' | 'refId' | 'refTab' | 'refType'>): MessageTarget {
  // an announcement's id is its library record id
  if (m.kind === 'announcement') return { recordId: m.refId || m.id };
  if (!m.refId || m.refId <= 0) return undefined;
  // a demand collection's notices open it on the message page (features/demand/PortalDemands)
  if (m.refType === 'demand') return { path: `/gatewayMsg?demand=${m.refId}` };
  // a reward decision opens the applications (features/reward/PortalRewards)
  if (m.refType === 'reward') return { path: `/gatewayMsg?reward=${m.refId}` };
  // a course push opens its one course or topic, or (several items) the pushed courses (features/content)
  if (m.refType === 'course') return { path: `/gatewayCourse?id=${m.refId}` };
  if (m.refType === 'courseSpecial') return { path: `/gatewayCourse?specialId=${m.refId}` };
  if (m.refType === 'coursePush') return { path: '/gatewayCourse' };
  // a course audit's outcome opens the course screen of its author
  if (m.refType === 'courseAudit') return { path: '/course_manager' };
  const tab = m.refTab || tabOfType(m.refType);
  if (tab && typeOfTab(tab)) return { path: recordPath(tab, m.refId) };
  return { recordId: m.refId };
}
