/** A cron expression in words, in the interface's language (cronstrue, with its Chinese locale only). */
import cronstrue from 'cronstrue';
import 'cronstrue/locales/zh_CN';

/** The description of expr, or '' when cronstrue cannot say (the server's check decides what is valid). */
export function describeCron(expr: string, lang: string): string {
  const e = expr.trim();
  if (!e || e.startsWith('@')) return '';
  try {
    return cronstrue.toString(e, { locale: lang === 'en' ? 'en' : 'zh_CN', use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return '';
  }
}
