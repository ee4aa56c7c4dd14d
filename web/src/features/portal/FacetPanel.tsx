import { useState } from 'react';
import { Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { FACET_KEYS, type FacetKey, type PortalFacet, type PortalFacets } from '../../api/portal';
import { useI18n, type MessageKey } from '../../i18n';
import { FACET_PARAM, isChosen, type FilterKey, type SearchState } from './searchQuery';
import styles from './portal.module.css';

/** Items shown before 'more'. */
const FIRST = 8;

const TITLES: Record<FacetKey, MessageKey> = {
  type: 'portal.facet.type',
  tag: 'portal.facet.tag',
  unit: 'portal.facet.unit',
  validity: 'portal.facet.validity',
  year: 'portal.facet.year',
};

/** A facet value's label: the server's, else ours (validity), else the value. */
export function facetLabel(key: FacetKey, f: Pick<PortalFacet, 'value' | 'label'>, t: (k: MessageKey) => string): string {
  if (f.label) return f.label;
  if (key === 'validity' && (f.value === 'valid' || f.value === 'expired')) return t(`portal.validity.${f.value}`);
  return f.value;
}

function FacetGroup({ facetKey, items, state, onToggle }: { facetKey: FacetKey; items: PortalFacet[]; state: SearchState; onToggle(key: FilterKey, value: string): void }) {
  const { t } = useI18n();
  const [all, setAll] = useState(false);
  const param = FACET_PARAM[facetKey];
  // a list only slightly longer than FIRST shows whole; a chosen value stays visible even past the first items
  const limit = items.length > FIRST + 2 ? FIRST : items.length;
  const shown = all ? items : items.filter((f, i) => i < limit || isChosen(state, param, f.value));
  const hidden = items.length - shown.length;
  const titleId = `facet-title-${facetKey}`;
  return (
    <section className={styles.facetGroup} aria-labelledby={titleId} data-testid={`facet-${facetKey}`}>
      <h3 id={titleId} className={styles.facetTitle}>
        {t(TITLES[facetKey])}
      </h3>
      <ul className={styles.facetList}>
        {shown.map((f) => {
          const chosen = isChosen(state, param, f.value);
          const label = facetLabel(facetKey, f, t);
          return (
            <li key={f.value}>
              <button
                type="button"
                className={styles.facetItem}
                aria-pressed={chosen}
                onClick={() => onToggle(param, f.value)}
                data-testid={`facet-${facetKey}-${f.value}`}
                title={label}
              >
                <span className={styles.facetLabel}>
                  {chosen && <CheckOutlined aria-hidden />}
                  {label}
                </span>
                <span className={styles.facetCount} aria-label={t('portal.facet.count', { n: f.count })}>
                  {f.count}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {(all || hidden > 0) && (
        <Button type="link" size="small" className={styles.facetMore} onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? t('portal.facet.less') : t('portal.facet.more', { n: hidden })}
        </Button>
      )}
    </section>
  );
}

/**
 * The facets of a search with their counts: choosing a value filters (the type takes several), choosing it again
 * stops filtering. Groups without values are left out; `only` limits the groups (a detail tab).
 */
export default function FacetPanel({
  facets,
  state,
  onToggle,
  only = FACET_KEYS,
}: {
  facets?: PortalFacets | null;
  state: SearchState;
  onToggle(key: FilterKey, value: string): void;
  only?: readonly FacetKey[];
}) {
  const groups = only.filter((k) => (facets?.[k]?.length ?? 0) > 0);
  return (
    <div className={styles.facets} data-testid="facets">
      {groups.map((k) => (
        <FacetGroup key={k} facetKey={k} items={facets![k]!} state={state} onToggle={onToggle} />
      ))}
    </div>
  );
}
