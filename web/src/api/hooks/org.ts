/** The organisation tree and look-ups of its units and employees (api/admin.ts, api/org.ts), as the form controls read them. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { getOrgChildren, type OrgUnit } from '../admin';
import { findUnit, searchOrgans, type OrganScope, type PickerUnit } from '../org';
import { resourceKeys } from './keys';

export const orgKeys = resourceKeys('org');

/** A unit's children in the tree select (pid '' for the roots); a failure is quiet (silent call) and shows no units. */
export const useOrgChildren = (pid: string) =>
  useQuery({ queryKey: orgKeys.of('children', pid), queryFn: () => getOrgChildren(pid, { silent: true }) });
export const fetchOrgChildren = (pid: string): Promise<OrgUnit[]> => getOrgChildren(pid, { silent: true });

/**
 * The names of stored unit codes (a form naming its value), one query per code: a code no unit has any more, or
 * that the quiet look-up could not name, shows as itself (there is no other name to show).
 */
export function useUnitNames(codes: readonly string[]): Record<string, string> {
  const found = useQueries({
    queries: codes.map((code) => ({
      queryKey: orgKeys.of('name', code),
      queryFn: () => findUnit(code).then((u) => (u ? u.unitLabel || u.unitName : code), () => code),
      staleTime: Infinity,
    })),
  });
  const names: Record<string, string> = {};
  codes.forEach((code, i) => {
    const name = found[i]?.data;
    if (name !== undefined) names[code] = name;
  });
  return names;
}

/** The items of codes a picker field shows (unit or employee look-up, `kind` naming which), asked once per set of codes. */
export const usePickerItems = <T>(kind: string, missing: readonly string[], resolve: (codes: string[]) => Promise<T[]>) =>
  useQuery({ queryKey: orgKeys.of('picked', kind, missing), queryFn: () => resolve([...missing]), enabled: missing.length > 0, staleTime: Infinity });

export interface PickerRoots {
  units: PickerUnit[];
  /** the units opened at once (their children are in units) */
  open: string[];
}

/**
 * The organisation picker's first tree: the roots (the caller's own units in only-belonging mode) and, unless the root
 * is removed or only-belonging mode, the roots opened with their children. Quiet calls: a failure shows an empty tree.
 */
export const usePickerRoots = (scope: OrganScope, ownOnly: boolean, load: (scope: OrganScope, ownOnly: boolean) => Promise<PickerRoots>) =>
  useQuery({ queryKey: orgKeys.of('pickerRoots', scope, ownOnly), queryFn: () => load(scope, ownOnly) });

/** Units found by name in the picker (empty word: no query). */
export const usePickerSearch = (scope: OrganScope, word: string, ownOnly: boolean) =>
  useQuery({ queryKey: orgKeys.of('pickerSearch', scope, ownOnly, word), queryFn: () => searchOrgans(scope, word, ownOnly), enabled: !!word });
