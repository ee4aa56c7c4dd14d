/**
 * The portal's home, record details, messages and file previews (api/portal.ts). These reads are `silent`: the
 * screens show the failure in place (a Result with a retry) with the server's message, not a toast.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDownloadTicket } from '../admin';
import { listMessages, portalHome, portalRecord, portalSearch, readAllMessages, type PortalSearchParams } from '../portal';
import { getLang } from '../../i18n';
import { queryClient } from '../queries';
import { prefetchForPage, refetchUnlessPrefetched, resourceKeys } from './keys';
import { useWrite } from './useWrite';

export const portalKeys = resourceKeys('portal');
export const messageKeys = resourceKeys('portalMessages');

/** A failed query's message for the screen's inline error (the server's text, or the catalogue's fallback). */
export const failureText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** lang: the server answers (and words its errors) in the caller's language. */
export const usePortalHome = (lang: string) =>
  useQuery({ queryKey: portalKeys.of('home', lang), queryFn: () => portalHome({ silent: true }), refetchOnMount: refetchUnlessPrefetched });

/** The home asked for at a full load of /gateway, beside the page's modules (routes.ts `prefetch`). */
export const prefetchPortalHome = () => prefetchForPage(queryClient, portalKeys.of('home', getLang()), () => portalHome({ silent: true }));

export const usePortalRecord = (id: number | undefined, lang: string) =>
  useQuery({ queryKey: portalKeys.one(id, lang), queryFn: () => portalRecord(id!, { silent: true }), enabled: !!id });

/** The caller's messages, a page at a time; the page shown stays while the next loads. */
export const useMessages = (params: Record<string, string>, lang: string) =>
  useQuery({ queryKey: messageKeys.list(params, lang), queryFn: () => listMessages(params, { silent: true }), placeholderData: keepPreviousData });

/** Everything read: the message lists and the home page's messages. */
export const useReadAllMessages = () => useWrite(() => readAllMessages(), [messageKeys.all, portalKeys.of('home')]);

/**
 * A single-use download ticket for one inline view of a file: never shown from the cache (gcTime 0, no sharing
 * between mounts); asked again on retry.
 */
export const usePreviewTicket = (path: string, fileId: number) =>
  useQuery({ queryKey: ['fileTicket', path, fileId], queryFn: () => getDownloadTicket(path), gcTime: 0, staleTime: Infinity });

/**
 * The portal's search for the parameters (in the caller's language): asked again when they change, the page shown
 * stays while the next is on its way, and an answer to an older search never replaces a newer one (the cache's keys).
 */
export const usePortalSearchQuery = (params: PortalSearchParams, lang: string) =>
  useQuery({ queryKey: portalKeys.of('search', params, lang), queryFn: () => portalSearch(params, { silent: true }), placeholderData: keepPreviousData });
