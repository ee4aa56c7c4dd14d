/** Account hand-over (api/external.ts): the kinds of what can be handed over. */
import { useQuery } from '@tanstack/react-query';
import { handoverKinds } from '../external';
import { resourceKeys } from './keys';

export const handoverKeys = resourceKeys('handovers');

/** The registered kinds (fixed by the server's build: asked once per page load). */
export const useHandoverKinds = () => useQuery({ queryKey: handoverKeys.of('kinds'), queryFn: handoverKinds, staleTime: Infinity });
