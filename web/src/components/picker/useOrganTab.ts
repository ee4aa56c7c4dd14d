import { useCallback, useMemo, useState } from 'react';
import { usePickerRoots, usePickerSearch, type PickerRoots } from '../../api/hooks/org';
import { getAccessOrgan, getOrganList, type OrganScope, type PickerUnit } from '../../api/org';
import { childLevel, dedupUnits, hasChildren, toggleKey, unitKey, unitsOfKeys } from './pickerState';

export interface OrganTabOptions extends OrganScope {
  /** only-belonging mode: the roots are the units the caller may access (getAccessOrgan), search by newGetOrganList */
  ownOnly?: boolean;
  /**
   * The field counts a unit with all its subordinates (a demand's audience): the 包含下级 tick, which ticks the
   * subordinates one by one, is replaced by a note saying so.
   */
  subordinatesImplied?: boolean;
}

/** The first tree: the roots and, unless the root is removed or only-belonging mode, the roots opened with their children. */
async function loadRoots(scope: OrganScope, ownOnly: boolean): Promise<PickerRoots> {
  const top = await (ownOnly ? getAccessOrgan(scope.moduleName) : getOrganList(scope));
  const open = !scope.delPartment && !ownOnly ? top.filter(hasChildren) : [];
  const children = await Promise.all(
    open.map((u) => getOrganList(scope, { fullUnitCode: u.fullUnitCode, level: childLevel(u) }).catch(() => [] as PickerUnit[])),
  );
  return { units: dedupUnits([...top, ...children.flat()]), open: open.map(unitKey) };
}

/**
 * The organisation tab's state (spec section 4): the lazily loaded tree (root first, expanded automatically unless
 * the root is removed or only-belonging mode; children on expand at level plus 1), the ticked tree nodes, the
 * search keyword and its results (which replace the tree while the keyword is set), and their ticks.
 */
export function useOrganTab(opts: OrganTabOptions) {
  const { ownOnly, delPartment, isDataRule, moduleName, type } = opts;
  const scope = useMemo<OrganScope>(() => ({ delPartment, isDataRule, moduleName, type }), [delPartment, isDataRule, moduleName, type]);

  const fetchChildren = useCallback(
    (u: PickerUnit) => getOrganList(scope, { fullUnitCode: u.fullUnitCode, level: childLevel(u) }).catch(() => [] as PickerUnit[]),
    [scope],
  );
  const roots = usePickerRoots(scope, !!ownOnly, loadRoots);
  const treeLoading = roots.isPending;

  // the branches opened since, and what is open: afresh with each first tree (another scope)
  const [base, setBase] = useState<PickerRoots>();
  const [more, setMore] = useState<PickerUnit[]>([]);
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  if (base !== roots.data) {
    setBase(roots.data);
    setMore([]);
    setLoadedKeys(roots.data?.open ?? []);
    setExpandedKeys(roots.data?.open ?? []);
  }
  const units = useMemo(() => dedupUnits([...(roots.data?.units ?? []), ...more]), [roots.data, more]);
  const [treeChecked, setTreeChecked] = useState<string[]>([]);
  const [includeSub, setIncludeSub] = useState(false);

  const [keyword, setKeyword] = useState('');
  const found = usePickerSearch(scope, keyword, !!ownOnly);
  const results = useMemo(() => (keyword ? dedupUnits(found.data ?? []) : []), [keyword, found.data]);
  const searching = found.isFetching;
  const searched = !!keyword && !found.isPending;
  const [resultChecked, setResultChecked] = useState<string[]>([]);

  /** Loads a unit's children once (Tree loadData). */
  const loadChildren = useCallback(
    async (u: PickerUnit) => {
      const key = unitKey(u);
      if (loadedKeys.includes(key)) return;
      const kids = await fetchChildren(u);
      setMore((prev) => dedupUnits([...prev, ...kids]));
      setLoadedKeys((prev) => (prev.includes(key) ? prev : [...prev, key]));
    },
    [loadedKeys, fetchChildren],
  );

  /** Ticks of the tree. With subordinates included a newly ticked unit is opened so its subordinates tick too. */
  const checkTree = (keys: string[], node?: PickerUnit, on?: boolean) => {
    setTreeChecked(keys);
    if (includeSub && on && node && hasChildren(node)) {
      void loadChildren(node);
      setExpandedKeys((prev) => (prev.includes(unitKey(node)) ? prev : [...prev, unitKey(node)]));
    }
  };

  /** Search on Enter or the button (the same word again asks again); an empty keyword shows the tree again. */
  const search = (value: string) => {
    const word = value.trim();
    setResultChecked([]);
    if (word && word === keyword) void found.refetch();
    setKeyword(word);
  };

  /** The units Add takes: the ticked search results while searching, otherwise the ticked tree nodes. */
  const ticked = (): PickerUnit[] => (keyword ? unitsOfKeys(resultChecked, results) : unitsOfKeys(treeChecked, units));

  const clearTicks = () => {
    setTreeChecked([]);
    setResultChecked([]);
  };

  return {
    units,
    treeLoading,
    loadedKeys,
    expandedKeys,
    setExpandedKeys,
    loadChildren,
    treeChecked,
    checkTree,
    includeSub,
    setIncludeSub,
    keyword,
    search,
    searching,
    searched,
    results,
    resultChecked,
    toggleResult: (key: string) => setResultChecked((prev) => toggleKey(prev, key)),
    ticked,
    clearTicks,
  };
}

export type OrganTabState = ReturnType<typeof useOrganTab>;
