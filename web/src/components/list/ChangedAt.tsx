import { SecondaryText } from '../Text';
import { formatTime } from '../../lib/format';

/** When and by whom a row was last changed (a list's 'last change' cell). */
export default function ChangedAt({ at, by }: { at: string; by: string }) {
  return (
    <>
      {formatTime(at)}
      <br />
      <SecondaryText>{by}</SecondaryText>
    </>
  );
}
