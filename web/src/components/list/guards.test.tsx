// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, resetClient, type ClientEffects } from '../../api/client';
import { setLang } from '../../i18n';
import { byTestId, cleanup, click, render, waitFor } from '../../testing/render';
import { useConfirmDanger } from './guards';

vi.setConfig({ testTimeout: 30_000 });

let toast: ReturnType<typeof vi.fn<ClientEffects['toast']>>;
let deleted: number;

function DeleteButton() {
  const { confirmDanger, holder } = useConfirmDanger();
  return (
    <>
      <button type="button" data-testid="delete" onClick={() => confirmDanger(() => void deleted++)} />
      {holder}
    </>
  );
}

/** The button of the open confirm dialog whose text is label. */
const dialogButton = (label: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')].find((b) => b.textContent?.replace(/\s/g, '') === label);

beforeEach(() => {
  setLang('zh-CN');
  resetClient();
  toast = vi.fn<ClientEffects['toast']>();
  configureClient({ toast });
  deleted = 0;
});
afterEach(cleanup);

describe('the confirm prompt before a destructive action', () => {
  it('asks with the spec text; cancel says the operation was cancelled and does nothing', async () => {
    await render(<DeleteButton />);
    await click(byTestId('delete'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('此操作不可撤销，是否继续？'));
    await click(dialogButton('取消')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('info', '已取消操作', 2));
    expect(deleted).toBe(0);
  });

  it('confirm runs the action without a cancelled message', async () => {
    await render(<DeleteButton />);
    await click(byTestId('delete'));
    await waitFor(() => expect(document.querySelector('[data-testid="confirm-ok"]')).not.toBeNull());
    await click(byTestId('confirm-ok', document));
    await waitFor(() => expect(deleted).toBe(1));
    expect(toast).not.toHaveBeenCalled();
  });
});
