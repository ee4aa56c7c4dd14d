/** The portal's settings as the gateway manager edits them (api/gatewayManager.ts): home sections, quick-link icons. */
import { useQuery } from '@tanstack/react-query';
import { linkIcons, listSections, saveSections, type PortalSectionInput } from '../gatewayManager';
import { resourceKeys } from './keys';
import { portalKeys } from './portal';
import { useWrite } from './useWrite';

export const sectionKeys = resourceKeys('portalSections');
export const linkKeys = resourceKeys('portalLinks');

/** The home sections in the stored order. */
export const useSections = () => useQuery({ queryKey: sectionKeys.all, queryFn: listSections });
/** Saved sections change the portal's home. */
export const useSaveSections = () => useWrite((s: PortalSectionInput[]) => saveSections(s), [sectionKeys.all, portalKeys.all]);

/**
 * The server's icon names for quick links, asked once per page load. Quiet: without an answer the screen offers the
 * names it was built with.
 */
export const useLinkIcons = () => useQuery({ queryKey: linkKeys.of('icons'), queryFn: linkIcons, staleTime: Infinity });
