import { useState } from 'react';
import { toast } from '../../api/client';
import { getEmployeeList, type EmployeeQuery, type PickerEmployee } from '../../api/org';
import { t } from '../../i18n';
import { MAX_PASTE_LINES, parseLines, parseNames, toggleKey, unmatchedLines, type LookupKind } from './pickerState';

/** The employee tab's three modes (spec section 2). */
export type EmployeeMode = 'code' | 'account' | 'name';

const queryOf = (mode: 'code' | 'account', lines: string[]): EmployeeQuery =>
  mode === 'code' ? { employeeCodes: lines } : { phoneOrEmails: lines };

/**
 * The employee tab's state: import by employee number or by account (one entry per line, at most 1000 lines per
 * paste; lines that matched nobody stay in the text area), or search by (part of) names with a list of ticked results.
 */
export function useEmployeeTab(firstMode: EmployeeMode = 'code') {
  const [mode, setMode] = useState<EmployeeMode>(firstMode);
  const [text, setText] = useState<Record<'code' | 'account', string>>({ code: '', account: '' });
  const [names, setNames] = useState('');
  const [results, setResults] = useState<PickerEmployee[]>([]);
  const [resultChecked, setResultChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  /** Name search: each name or part of a name finds the employees whose names contain it, best matches first; one
   *  that matches nobody is warned about ('无此姓名员工'). */
  const search = async (value: string) => {
    const wanted = parseNames(value);
    setResultChecked([]);
    if (wanted.length === 0) {
      setResults([]);
      return;
    }
    setBusy(true);
    try {
      const found = await getEmployeeList({ employeeNames: wanted.join(',') });
      setResults(found);
      warnUnmatched(wanted, found, 'name');
    } catch {
      setResults([]);
    } finally {
      setBusy(false);
    }
  };

  /**
   * The employees Add takes: the ticked search results, or the pasted lines looked up on the server. Resolves to
   * undefined when nothing could be taken (a warning has been shown).
   */
  const take = async (): Promise<PickerEmployee[] | undefined> => {
    if (mode === 'name') {
      const picked = results.filter((e) => resultChecked.includes(e.code));
      if (picked.length === 0) return nothing();
      setResultChecked([]);
      return picked;
    }
    const { lines, tooMany } = parseLines(text[mode]);
    if (lines.length === 0) return nothing();
    if (tooMany) {
      toast('warning', t('picker.tooManyLines', { max: MAX_PASTE_LINES, n: lines.length }));
      return undefined;
    }
    setBusy(true);
    try {
      const found = await getEmployeeList(queryOf(mode, lines));
      const missed = warnUnmatched(lines, found, mode);
      // what matched nobody stays in the text area to be corrected
      setText((prev) => ({ ...prev, [mode]: missed.join('\n') }));
      return found;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return {
    mode,
    setMode,
    text,
    setText: (value: string) => mode !== 'name' && setText((prev) => ({ ...prev, [mode]: value })),
    names,
    setNames,
    results,
    resultChecked,
    toggleResult: (key: string) => setResultChecked((prev) => toggleKey(prev, key)),
    busy,
    search,
    take,
  };
}

export type EmployeeTabState = ReturnType<typeof useEmployeeTab>;

function nothing(): undefined {
  toast('warning', t('picker.nothingToAdd'));
  return undefined;
}

/** Warns about the entries that matched nobody; returns them. */
function warnUnmatched(lines: string[], found: PickerEmployee[], kind: LookupKind): string[] {
  const missed = unmatchedLines(lines, found, kind);
  if (missed.length === 0) return missed;
  if (kind === 'name') {
    toast('warning', lines.length === 1 ? t('picker.noEmployee') : t('picker.noEmployeeNamed', { names: missed.join('、') }));
  } else if (kind === 'account' && missed.length === lines.length && found.length > 0) {
    // the answer carries no phones or e-mails: only the shortfall is known, every line stays to be checked
    toast('warning', t('picker.unmatchedSome', { n: lines.length - found.length }));
  } else {
    toast('warning', t('picker.unmatched', { n: missed.length }));
  }
  return missed;
}
