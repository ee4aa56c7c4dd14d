/** Form controls of the menu, function and resource screens, as described-form widgets (components/form). */
import type { ReactElement } from 'react';
import { Select, Space, Tag, TreeSelect } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { FunctionOption, MenuNode } from '../../api/access';
import type { WidgetProps } from '../../components/form/fields';
import { ICON_NAMES, iconFor } from '../../components/icons';
import { menuOptions } from './accessTree';

/** A control's props: value and onChange, and its placeholder, test id and state given directly (a search field) or
 *  by the descriptor (a described-form widget). */
type Control<V> = Pick<WidgetProps<V>, 'value' | 'onChange'> & {
  field?: Pick<WidgetProps<V>['field'], 'placeholder' | 'testId' | 'disabled'>;
  placeholder?: string;
  testId?: string;
};

/** A menu chosen from the tree by its code ('' or none: no menu); `without` and what is below it are left out. */
export function menuPicker(tree: MenuNode[], without?: string): (props: Control<string>) => ReactElement {
  return function MenuPicker({ value, onChange, field, placeholder = field?.placeholder, testId = field?.testId }: Control<string>) {
    return (
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        value={value || undefined}
        onChange={(v) => onChange?.(v ?? '')}
        treeData={menuOptions(tree, without)}
        placeholder={placeholder}
        disabled={field?.disabled}
        data-testid={testId}
      />
    );
  };
}

/** A menu icon by name, shown with its picture. */
export function IconPicker({ value, onChange, field, placeholder = field?.placeholder, testId = field?.testId }: Control<string>) {
  return (
    <Select
      allowClear
      showSearch
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      placeholder={placeholder}
      optionFilterProp="value"
      options={ICON_NAMES.map((n) => ({
        value: n,
        label: (
          <Space size={6}>
            {iconFor(n)}
            {n}
          </Space>
        ),
      }))}
      data-testid={testId}
    />
  );
}

/** Function codes, several; the locked ones cannot be taken away (no close icon, not unselectable). */
export function codesPicker(fns: FunctionOption[], locked: string[]): (props: Control<string[]>) => ReactElement {
  return function CodesPicker({ value, onChange, field, testId = field?.testId }: Control<string[]>) {
    return (
      <Select
        mode="multiple"
        showSearch
        value={value}
        onChange={(v) => onChange?.(v)}
        optionFilterProp="label"
        options={fns.map((f) => ({ value: f.code, label: `${f.code} · ${f.name}`, disabled: locked.includes(f.code) }))}
        tagRender={({ value: code, closable, onClose }) => (
          <Tag closable={closable && !locked.includes(String(code))} onClose={onClose} icon={locked.includes(String(code)) ? <LockOutlined /> : undefined} style={{ marginInlineEnd: 4 }}>
            {String(code)}
          </Tag>
        )}
        data-testid={testId}
      />
    );
  };
}
