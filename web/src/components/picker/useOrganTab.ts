import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getAccessOrgan, getOrganList, searchOrgans, type OrganScope, type PickerUnit } from '../../api/org';
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

/**
 * The organisation tab's state (spec section 4): the lazily loaded tree (root first, expanded automatically unless
 * the root is removed or only-belonging mode; children on expand at level plus 1), the ticked tree nodes, the
 * search keyword and its results (which replace the tree while the keyword is set), and their ticks.
 */
export function useOrganTab(opts: OrganTabOptions) {
  const { ownOnly, delPartment, isDataRule, moduleName, type } = opts;
  const scope = useMemo<OrganScope>(() => ({ delPartment, isDataRule, moduleName, type }), [delPartment, isDataRule, moduleName, type]);

  const [units, setUnits] = useState<PickerUnit[]>([]);
  const [treeLoading, setTreeLoading] = useState(true);
  const [loadedKeys, setLoadedKeys] = useState<string[]>([]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>([]);
  const [treeChecked, setTreeChecked] = useState<string[]>([]);
  const [includeSub, setIncludeSub] = useState(false);

  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<PickerUnit[]>([]);
  const [searching, setSearching] = useState(false);
  const [searched, setSearched] = useState(false);
  const [resultChecked, setResultChecked] = useState<string[]>([]);
  const searchSeq = useRef(0);

  const fetchChildren = useCallback(
    (u: PickerUnit) => getOrganList(scope, { fullUnitCode: u.fullUnitCode, level: childLevel(u) }).catch(() => [] as PickerUnit[]),
    [scope],
  );

  useEffect(() => {
    let live = true;
    setTreeLoading(true);
    setUnits([]);
    setLoadedKeys([]);
    setExpandedKeys([]);
    const roots = ownOnly ? getAccessOrgan(moduleName) : getOrganList(scope);
    roots
      .then(async (top) => {
        if (!live) return;
        const autoExpand = !delPartment && !ownOnly;
        const open = autoExpand ? top.filter(hasChildren) : [];
        const children = (await Promise.all(open.map(fetchChildren))).flat();
        if (!live) return;
        setUnits(dedupUnits([...top, ...children]));
        setLoadedKeys(open.map(unitKey));
        setExpandedKeys(open.map(unitKey));
      })
      .catch(() => undefined)
      .finally(() => live && setTreeLoading(false));
    return () => {
      live = false;
    };
  }, [scope, ownOnly, delPartment, moduleName, fetchChildren]);

  /** Loads a unit's children once (Tree loadData). */
  const loadChildren = useCallback(
    async (u: PickerUnit) => {
      const key = unitKey(u);
      if (loadedKeys.includes(key)) return;
      const kids = await fetchChildren(u);
      setUnits((prev) => dedupUnits([...prev, ...kids]));
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

  /** Search on Enter or the button; an empty keyword shows the tree again. */
  const search = (value: string) => {
    const word = value.trim();
    setKeyword(word);
    setResultChecked([]);
    const seq = ++searchSeq.current;
    if (!word) {
      setResults([]);
      setSearched(false);
      return;
    }
    setSearching(true);
    searchOrgans(scope, word, ownOnly)
      .then((found) => seq === searchSeq.current && setResults(dedupUnits(found)))
      .catch(() => seq === searchSeq.current && setResults([]))
      .finally(() => {
        if (seq !== searchSeq.current) return;
        setSearching(false);
        setSearched(true);
      });
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
