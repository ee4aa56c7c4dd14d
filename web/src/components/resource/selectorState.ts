/**
 * The state rules of the resource selector (spec sections 2-5): tabs, paging, selection, the topic tab's two-level
 * mode, the 'set image and title' step, the limit of 30 course sources and the outputs. Pure functions, so that the
 * rules are tested without a browser (selectorState.test.ts); ResourceSelector.tsx renders them.
 */
import type { MessageKey } from '../../i18n';

export type SelectorTab = 'course' | 'topic' | 'other';

/** A lesson or topic card (spec section 3): type 1 a course (in the topic tab: a second-level topic), 2 a first-level topic. */
export interface Card {
  id: number;
  name: string;
  cover: string;
  type: number;
}

/** The selector's page size (spec sections 3 and 9). */
export const SELECTOR_PAGE_SIZE = 8;
/** Course sources at most (spec sections 5 and 9). */
export const MAX_SOURCES = 30;
/** The default sort order (spec section 9: '1'). */
export const DEFAULT_ORDER = '1';
/** The dialog's width (spec section 2). */
export const SELECTOR_WIDTH = 700;

/** The set form (spec section 3): cover, name, comText, orderDort (default '1'). */
export interface SetForm {
  cover: string;
  name: string;
  comText: string;
  orderDort: string;
}
/** The link form: orderDort (default '1'), coverUrl, title, clickUrl. */
export interface LinkForm {
  orderDort: string;
  coverUrl: string;
  title: string;
  clickUrl: string;
}

export interface SelectorState {
  tab: SelectorTab;
  pageIndex: number;
  pageSize: number;
  /** the search forms: course name; topic name and level (1 first-level, 2 second-level; undefined: both) */
  name: string;
  level?: number;
  /** the chosen cards (one in single-select) */
  chosen: Card[];
  /** the topic tab's two-level mode: the first-level topic whose courses are shown */
  drill: Card | null;
  /** 'set': the 'set image and title' step is open (next is replaced by confirm) */
  step: 'list' | 'set';
  setForm: SetForm;
  linkForm: LinkForm;
}

/** How the dialog is used. */
export interface SelectorOptions {
  /** multi-select: cards carry a checkbox */
  multiple?: boolean;
  /** a click on a card is the choice: confirm emits it without the set step */
  clickCheck?: boolean;
  /** the topic and other tabs are shown */
  extra?: boolean;
  /** how many sources the caller already holds (the course push route counts its existing list) */
  existing?: number;
}

export const emptySetForm = (): SetForm => ({ cover: '', name: '', comText: '', orderDort: DEFAULT_ORDER });
export const emptyLinkForm = (): LinkForm => ({ orderDort: DEFAULT_ORDER, coverUrl: '', title: '', clickUrl: '' });

export function initialState(tab: SelectorTab = 'course'): SelectorState {
  return { tab, pageIndex: 1, pageSize: SELECTOR_PAGE_SIZE, name: '', level: undefined, chosen: [], drill: null, step: 'list', setForm: emptySetForm(), linkForm: emptyLinkForm() };
}

/** The tabs shown: the course tab; topic ('专题') and other ('其它') only with the extra flag. */
export const tabsOf = (o: SelectorOptions): SelectorTab[] => (o.extra ? ['course', 'topic', 'other'] : ['course']);

/** Switching tabs resets the selection, the page index to 1, the page size to 8 and the form values. */
export function switchTab(_s: SelectorState, tab: SelectorTab): SelectorState {
  return initialState(tab);
}

/** 'next' shows only for single-select, non-click-check, non-'other' tabs, and not while the set step is open. */
export function showsNext(s: SelectorState, o: SelectorOptions): boolean {
  return !o.multiple && !o.clickCheck && s.tab !== 'other' && s.step === 'list';
}

/** Confirm shows wherever next does not (the set step replaces next with confirm). */
export const showsConfirm = (s: SelectorState, o: SelectorOptions) => !showsNext(s, o);

export type Result<T> = { state: T; warning?: undefined } | { state?: undefined; warning: MessageKey };

/**
 * Choosing a card: single-select replaces the choice; multi-select toggles it, refusing to go beyond 30 sources
 * (the existing list of the course push route included): '课程源超过30个!'.
 */
export function choose(s: SelectorState, card: Card, o: SelectorOptions): Result<SelectorState> {
  if (!o.multiple) return { state: { ...s, chosen: [card] } };
  const has = s.chosen.some((c) => same(c, card));
  if (has) return { state: { ...s, chosen: s.chosen.filter((c) => !same(c, card)) } };
  if ((o.existing ?? 0) + s.chosen.length + 1 > MAX_SOURCES) return { warning: 'resource.tooMany' };
  return { state: { ...s, chosen: [...s.chosen, card] } };
}

const same = (a: Card, b: Card) => a.id === b.id && a.type === b.type;

export const isChosen = (s: SelectorState, card: Card) => s.chosen.some((c) => same(c, card));

/** Next: without a chosen item with a cover, warning '请选择内容'; else the set step opens, filled from the item. */
export function next(s: SelectorState): Result<SelectorState> {
  const card = s.chosen[0];
  if (!card || !card.cover) return { warning: 'resource.chooseContent' };
  return { state: { ...s, step: 'set', setForm: { cover: card.cover, name: card.name, comText: '', orderDort: DEFAULT_ORDER } } };
}

/** Closing the set step reverses it (next is shown again). */
export const closeSet = (s: SelectorState): SelectorState => ({ ...s, step: 'list' });

/** A double-click on a first-level (type 2) topic enters its courses; anything else does nothing. */
export function drillIn(s: SelectorState, card: Card): SelectorState {
  if (s.tab !== 'topic' || s.drill || card.type !== 2) return s;
  return { ...s, drill: card, pageIndex: 1, chosen: [] };
}

/** Back leaves the two-level mode. */
export const back = (s: SelectorState): SelectorState => ({ ...s, drill: null, pageIndex: 1, chosen: [] });

/** A new search starts from page 1; reset empties the search form too. */
export const search = (s: SelectorState, name: string, level?: number): SelectorState => ({ ...s, name, level, pageIndex: 1 });
export const resetSearch = (s: SelectorState): SelectorState => ({ ...s, name: '', level: undefined, pageIndex: 1 });
export const toPage = (s: SelectorState, pageIndex: number): SelectorState => ({ ...s, pageIndex });

/** An output of the selector (spec section 3). */
export type Output =
  | { type: '1' | '3' | '4'; id: number; specialId?: number; cover: string; name: string; orderDort: string; comText?: string }
  | { type: '2'; orderDort: string; clickUrl: string; coverUrl: string; content: string };

/** The topic tab's output type: 3 when the card's type was 1, 4 when it was 2. */
export const topicType = (cardType: number): '3' | '4' => (cardType === 2 ? '4' : '3');

/**
 * What confirm emits. Course: type '1' plus cover, name, orderDort. Topic: type 3 from 1, 4 from 2 (a course chosen
 * inside a first-level topic also carries the topic as specialId). With the set step open, its cover, name, comText
 * and order replace the card's. The other tab: the link.
 */
export function outputs(s: SelectorState): Output[] {
  if (s.tab === 'other') {
    const f = s.linkForm;
    return [{ type: '2', orderDort: f.orderDort || DEFAULT_ORDER, clickUrl: f.clickUrl.trim(), coverUrl: f.coverUrl, content: f.title.trim() }];
  }
  return s.chosen.map((card, i) => {
    const set = s.step === 'set' && i === 0 ? s.setForm : undefined;
    const base = {
      id: card.id,
      cover: set ? set.cover : card.cover,
      name: set ? set.name.trim() : card.name,
      orderDort: set?.orderDort || DEFAULT_ORDER,
      ...(set?.comText ? { comText: set.comText } : {}),
    };
    if (s.tab === 'course') return { type: '1' as const, ...base };
    return { type: topicType(card.type), ...base, ...(s.drill ? { specialId: s.drill.id } : {}) };
  });
}

/** Confirm's checks: the set step and the link form need a cover ('请上传封面'); a list needs a choice ('请选择内容'). */
export function confirmProblem(s: SelectorState): MessageKey | null {
  if (s.tab === 'other') return s.linkForm.coverUrl ? null : 'resource.coverRequired';
  if (s.step === 'set') return s.setForm.cover ? null : 'resource.coverRequired';
  return s.chosen.length ? null : 'resource.chooseContent';
}
