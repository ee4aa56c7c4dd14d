import { Checkbox, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useI18n } from '../../i18n';
import type { PickerUnit } from '../../api/org';
import CheckList from './CheckList';
import { buildTree, isSelectable, type UnitTreeNode } from './pickerState';
import type { OrganTabState } from './useOrganTab';
import styles from './picker.module.css';

interface Props {
  state: OrganTabState;
  /** checkbox mode; otherwise a click on an enabled unit picks it */
  multiple: boolean;
  /** the field counts a unit with its subordinates: a note instead of the 包含下级 tick */
  subordinatesImplied?: boolean;
  onPick(unit: PickerUnit): void;
}

/** A unit's muted second line: the path above it (fullUnitName without its own name). */
const parentPath = (u: PickerUnit) => u.fullUnitName.split(',').slice(0, -1).join(' / ');

/**
 * The organisation tab: search box (Enter or the button), the lazily loaded tree or, while a keyword is set, the
 * search results; '包含下级' switches the tree's strict checking off so ticking a unit ticks its subordinates.
 */
export default function OrganTab({ state: s, multiple, subordinatesImplied, onPick }: Props) {
  const { t } = useI18n();

  const toData = (n: UnitTreeNode): TreeDataNode => {
    const selectable = isSelectable(n.unit);
    return {
      key: n.key,
      title: <span className={selectable ? undefined : styles.greyed}>{n.unit.unitName}</span>,
      isLeaf: n.isLeaf,
      // single-select: greyed nodes cannot be picked (they still expand); multi-select: the specials can only be
      // ticked to tick their subordinates, a disabled unit never
      disabled: !multiple && !selectable,
      disableCheckbox: multiple && (n.unit.disabled && !n.unit.special ? true : !selectable && !s.includeSub),
      children: n.children?.map(toData),
    };
  };
  const byKey = new Map(s.units.map((u) => [u.fullUnitCode, u]));
  const unitOf = (key: unknown) => byKey.get(String(key));

  const tree = s.treeLoading ? (
    <div className={styles.loading} data-testid="picker-tree-loading">
      <Spin description={t('picker.treeLoading')} />
    </div>
  ) : (
    <Tree
      data-testid="picker-tree"
      blockNode
      treeData={buildTree(s.units).map(toData)}
      loadData={(node) => {
        const u = unitOf(node.key);
        return u ? s.loadChildren(u) : Promise.resolve();
      }}
      loadedKeys={s.loadedKeys}
      expandedKeys={s.expandedKeys}
      onExpand={(keys) => s.setExpandedKeys(keys.map(String))}
      checkable={multiple}
      // clicking a title ticks it in checkbox mode
      selectable={!multiple}
      checkStrictly={!s.includeSub}
      checkedKeys={s.treeChecked}
      onCheck={(keys, info) => {
        const list = Array.isArray(keys) ? keys : keys.checked;
        s.checkTree(list.map(String), unitOf(info.node.key), info.checked);
      }}
      selectedKeys={[]}
      onSelect={(_, info) => {
        const u = unitOf(info.node.key);
        if (u) onPick(u);
      }}
    />
  );

  const results = (
    <Spin spinning={s.searching}>
      <CheckList
        testId="picker-organ-results"
        items={s.results.map((u) => ({ key: u.fullUnitCode, title: u.unitLabel || u.unitName, sub: parentPath(u), disabled: !isSelectable(u) }))}
        checked={multiple ? s.resultChecked : undefined}
        onClick={(key) => {
          if (multiple) s.toggleResult(key);
          else {
            const u = s.results.find((r) => r.fullUnitCode === key);
            if (u) onPick(u);
          }
        }}
        empty={s.searched ? t('picker.noOrgan') : null}
      />
    </Spin>
  );

  return (
    <>
      <div className={styles.toolbar}>
        <Input.Search
          allowClear
          enterButton={t('picker.search')}
          placeholder={t('picker.searchOrgan')}
          onSearch={s.search}
          onChange={(e) => !e.target.value && s.search('')}
          data-testid="picker-organ-search"
        />
        {multiple && subordinatesImplied && (
          <span className={styles.nowrap} style={{ color: 'var(--bd-color-text-tertiary)' }} data-testid="picker-sub-implied">
            {t('picker.subImplied')}
          </span>
        )}
        {multiple && !subordinatesImplied && (
          <Checkbox className={styles.nowrap} checked={s.includeSub} onChange={(e) => s.setIncludeSub(e.target.checked)} data-testid="picker-include-sub">
            {t('picker.includeSub')}
          </Checkbox>
        )}
      </div>
      <div className={styles.pane}>{s.keyword ? results : tree}</div>
    </>
  );
}
