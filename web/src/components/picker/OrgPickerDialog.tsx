import { useState } from 'react';
import { Button, Modal, Tabs } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { toast } from '../../api/client';
import type { PickerUnit } from '../../api/org';
import { useI18n } from '../../i18n';
import { requireTicked } from '../list/guards';
import ChosenPanel, { type ChosenTitle } from './ChosenPanel';
import EmployeeTab from './EmployeeTab';
import OrganTab from './OrganTab';
import {
  addEmployees,
  addUnits,
  chosenFrom,
  deleteChecked,
  emptyChosen,
  selectionOf,
  singlePick,
  toggleChosen,
  type Chosen,
  type Group,
  type Selection,
} from './pickerState';
import { useEmployeeTab, type EmployeeMode } from './useEmployeeTab';
import { useOrganTab, type OrganTabOptions } from './useOrganTab';
import styles from './picker.module.css';

/** 750px in multi-select (checkbox) mode, 450px otherwise (spec sections 2 and 9). */
export const MULTI_WIDTH = 750;
export const SINGLE_WIDTH = 450;

export interface OrgPickerProps extends OrganTabOptions {
  open: boolean;
  /** what the picker picks, in the caller's words (选择征集对象, 选择借用人); default 'Visible audience setting' */
  title?: string;
  /** the employee tab's first mode: 'name' (search) where one or a few people are wanted; default 'code' */
  employeeMode?: EmployeeMode;
  /** checkbox mode with the chosen panel; otherwise a click on an enabled unit emits it and closes */
  multiple?: boolean;
  /** the employee tab; shown only in multi-select mode */
  showEmployee?: boolean;
  /** hide the organisation tab (an employee-only picker; needs showEmployee and multiple) */
  hideOrgan?: boolean;
  /** at most this many employees may be confirmed (a single-user field: 1) */
  maxEmployees?: number;
  /** the right panel's title: 'chosen conditions (... union)' (default) or 'chosen audience' */
  chosenTitle?: ChosenTitle;
  /** the previous result, shown as chosen when the dialog opens */
  value?: Partial<Selection>;
  /** confirm (or a single-select click): the result; the dialog then closes */
  onOk(selection: Selection): void;
  /** the clear button emptied both groups */
  onClear?(): void;
  onClose(): void;
}

/**
 * The organisation/employee picker dialog (spec sections 2-7). Mounted only while open, so every opening starts
 * from the root of the tree and the given value.
 */
export default function OrgPickerDialog(props: OrgPickerProps) {
  const { open, onClose, multiple, title } = props;
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      title={title ?? t('picker.title')}
      width={multiple ? MULTI_WIDTH : SINGLE_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      data-testid="org-picker"
      styles={{ body: { paddingTop: 4 } }}
    >
      {open && <PickerBody {...props} />}
    </Modal>
  );
}

function PickerBody(props: OrgPickerProps) {
  const { multiple = false, showEmployee, hideOrgan, maxEmployees, chosenTitle = 'conditions', value, onOk, onClear, onClose } = props;
  const { t } = useI18n();
  const organ = useOrganTab(props);
  const employee = useEmployeeTab(props.employeeMode);
  const [chosen, setChosen] = useState<Chosen>(() => chosenFrom(value));
  const withEmployee = !!showEmployee && multiple;
  const groups: Group[] = [...(hideOrgan && withEmployee ? [] : ['organ' as const]), ...(withEmployee ? ['employee' as const] : [])];
  const [tab, setTab] = useState<Group>(groups[0]);
  const [adding, setAdding] = useState(false);

  const emit = (s: Selection) => {
    onOk(s);
    onClose();
  };
  const pick = (u: PickerUnit) => {
    // single-select: a greyed node (the group roots, the 'subordinate companies' placeholder) does nothing
    const s = singlePick(u);
    if (s) emit(s);
  };

  const add = async () => {
    if (tab === 'organ') {
      const units = organ.ticked();
      if (units.length === 0) return toast('warning', t('picker.nothingToAdd'));
      setChosen((c) => addUnits(c, units));
      organ.clearTicks();
      return;
    }
    setAdding(true);
    try {
      const found = await employee.take();
      if (found) setChosen((c) => addEmployees(c, found));
    } finally {
      setAdding(false);
    }
  };
  const remove = () => {
    if (!requireTicked([...chosen.checked.organ, ...chosen.checked.employee], true)) return;
    setChosen(deleteChecked);
  };
  const clear = () => {
    setChosen(emptyChosen());
    onClear?.();
  };
  const confirm = () => {
    if (maxEmployees !== undefined && chosen.employee.length > maxEmployees) {
      return toast('warning', t('picker.tooManyEmployees', { n: maxEmployees }));
    }
    emit(selectionOf(chosen));
  };

  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as Group)}
      size="small"
      items={groups.map((g) => ({
        key: g,
        label: <span data-testid={`picker-tab-${g}`}>{t(g === 'organ' ? 'picker.organ' : 'picker.employee')}</span>,
        children: g === 'organ' ? <OrganTab state={organ} multiple={multiple} subordinatesImplied={props.subordinatesImplied} onPick={pick} /> : <EmployeeTab state={employee} />,
      }))}
    />
  );

  const footer = (
    <div className="ant-modal-footer">
      <Button onClick={onClose} data-testid="picker-cancel">
        {t('common.cancel')}
      </Button>
      {multiple && (
        <Button type="primary" onClick={confirm} data-testid="picker-ok">
          {t('common.confirm')}
        </Button>
      )}
    </div>
  );

  if (!multiple) {
    return (
      <>
        {tabs}
        {footer}
      </>
    );
  }
  return (
    <>
      <div className={styles.body}>
        <div className={styles.left}>{tabs}</div>
        <div className={styles.centre}>
          <Button type="primary" icon={<ArrowRightOutlined />} iconPlacement="end" loading={adding} onClick={() => void add()} data-testid="picker-add">
            {t('picker.add')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={remove} data-testid="picker-delete">
            {t('picker.delete')}
          </Button>
        </div>
        <ChosenPanel chosen={chosen} title={chosenTitle} groups={groups} onToggle={(g, k) => setChosen((c) => toggleChosen(c, g, k))} onClear={clear} />
      </div>
      {footer}
    </>
  );
}
