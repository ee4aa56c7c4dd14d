/** How examination values read on the screens: a key or an answer as text, scores, durations. Pure (tested). */
import type { QuestionType } from '../../api/exam';

/** The option letters of a choice question, in order. */
export const LETTERS = 'ABCDEFGH'.split('');

/** A number of points without trailing zeros (2, 1.5). */
export const points = (n: number | null | undefined) => (n == null ? '' : String(Math.round(n * 100) / 100));

/** A key or a taker's answer of a type as one line: B; A C D; 对/错 (the judge's words given); blanks apart by ' | '. */
export function answerText(type: QuestionType | string, value: unknown, judge: { yes: string; no: string }): string {
  if (value == null) return '';
  switch (type) {
    case 'single':
      return typeof value === 'string' ? value : '';
    case 'multiple':
      return Array.isArray(value) ? value.join(' ') : '';
    case 'judge':
      return value === true ? judge.yes : value === false ? judge.no : '';
    case 'fill':
      return Array.isArray(value)
        ? value.map((b: unknown) => (Array.isArray(b) ? b.join(' / ') : String(b ?? ''))).join(' | ')
        : '';
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** The blanks a fill-in stem marks (___ or a pair of full-width or half-width brackets with only spaces in them). */
export function countBlanks(stem: string): number {
  return (stem.match(/_{3,}|（\s*）|\(\s*\)/g) ?? []).length;
}

/** Whether an answer is empty (not answered). */
export function isEmptyAnswer(type: QuestionType | string, v: unknown): boolean {
  if (v == null) return true;
  if (type === 'judge') return typeof v !== 'boolean';
  if (type === 'multiple') return !Array.isArray(v) || v.length === 0;
  if (type === 'fill') return !Array.isArray(v) || v.every((b) => !String(b ?? '').trim());
  return typeof v !== 'string' || !v.trim();
}

/** mm:ss (or h:mm:ss) of a number of seconds, never negative. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
