import { Fragment } from 'react';
import { Button } from 'antd';
import { useI18n } from '../../i18n';
import CheckList from './CheckList';
import { employeeLabel, type Chosen, type Group } from './pickerState';
import styles from './picker.module.css';

/** The right panel's two titles (spec section 2). */
export type ChosenTitle = 'conditions' | 'audience';

interface Props {
  chosen: Chosen;
  title: ChosenTitle;
  /** which groups are shown */
  groups: Group[];
  onToggle(group: Group, key: string): void;
  onClear(): void;
}

/** The chosen conditions: groups 组织 and 员工, items tick on click for Delete, and a clear button. */
export default function ChosenPanel({ chosen, title, groups, onToggle, onClear }: Props) {
  const { t } = useI18n();
  const parentName = (path: string) => path.split(',').slice(-2, -1)[0];
  return (
    <div className={styles.right} data-testid="picker-chosen">
      <div className={styles.rightHead}>
        <span className={styles.rightTitle}>{t(title === 'audience' ? 'picker.chosenAudience' : 'picker.chosenConditions')}</span>
        <Button type="link" size="small" onClick={onClear} style={{ paddingInline: 0 }} data-testid="picker-clear">
          {t('picker.clear')}
        </Button>
      </div>
      <div className={styles.rightBody}>
        {groups.map((g) => {
          const items =
            g === 'organ'
              ? chosen.organ.map((u) => ({ key: u.fullUnitCode, title: u.unitLabel || u.unitName, sub: parentName(u.fullUnitName) }))
              : chosen.employee.map((e) => ({ key: e.code, title: employeeLabel(e), sub: e.unitName }));
          return (
            <Fragment key={g}>
              <div className={styles.group}>
                {t(g === 'organ' ? 'picker.organ' : 'picker.employee')} ({items.length})
              </div>
              <CheckList
                testId={`picker-chosen-${g}`}
                items={items}
                checked={chosen.checked[g]}
                onClick={(key) => onToggle(g, key)}
                empty={t('picker.noneChosen')}
              />
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
