import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { useDebounced } from '../../lib/useDebounced';
import type { CascaderOption } from './fields';

type Path = (string | number)[];

interface Props {
  options: CascaderOption[];
  value?: Path;
  onChange?: (path: Path | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** told each search once it has run (after the pause): the keyword and how many paths matched */
  onSearched?: (keyword: string, matches: number) => void;
}

/** Every path (root to leaf) whose labels contain the keyword, ignoring case. */
export function matchPaths(options: CascaderOption[], keyword: string): CascaderOption[][] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const out: CascaderOption[][] = [];
  const walk = (list: CascaderOption[], path: CascaderOption[]) => {
    for (const o of list) {
      const next = [...path, o];
      if (o.children?.length) walk(o.children, next);
      else if (next.some((p) => p.label.toLowerCase().includes(k))) out.push(next);
    }
  };
  walk(options, []);
  return out;
}

/**
 * A cascader whose search runs 300 ms after the last key stroke (spec section 2), so that typing a name does not
 * filter (or, for a remote source, query) on every character.
 */
export default function SearchCascader({ options, value, onChange, placeholder, disabled, testId, onSearched }: Props) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const matched = matchPaths(options, keyword);
  const matchedKeys = new Set(matched.map((p) => p.map((o) => o.value).join('\u0000')));

  useEffect(() => {
    if (keyword.trim()) onSearched?.(keyword.trim(), matched.length);
    // report each settled keyword once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword]);

  return (
    <Cascader
      data-testid={testId}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v as Path | undefined)}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      style={{ width: '100%' }}
      showSearch={{
        searchValue: typed,
        onSearch: setTyped,
        filter: (_input, path) => matchedKeys.has(path.map((o) => o.value).join('\u0000')),
      }}
    />
  );
}
