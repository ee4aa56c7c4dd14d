// The expert Word book in a real browser: an administrator searches the library's experts, picks two, puts them in
// order, generates the book and downloads a real .docx (a zip whose document has the sections in the chosen order);
// the book is listed in /expert_talents_result with who made it and for which experts, downloads again, and is deleted.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, waitPath, row, exportFile, confirmIrreversible, unzip } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

/** The section headings of a book, in document order. */
function headings(docx) {
  const xml = unzip(docx)['word/document.xml'].toString('utf8');
  return [...xml.matchAll(/<w:p><w:pPr><w:pStyle w:val="Heading1"\/><\/w:pPr>(.*?)<\/w:p>/g)].map((m) =>
    [...m[1].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
  );
}

test('an administrator picks and orders two experts, generates the Word book, downloads it and finds it in the results', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');

  // Choose: search by name, add; then a second expert from the whole list.
  await page.goto('/expert_make_word');
  await page.getByTestId('search-card').getByText('筛选查询').waitFor();
  await page.getByTestId('search-keywords').fill('王建国');
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/keywords=/);
  await row(page, '王建国').getByRole('button', { name: /加入/ }).click();
  await page.getByTestId('search-reset').click();
  await row(page, '李晓东').getByRole('button', { name: /加入/ }).click();
  await row(page, '李晓东').getByText('已加入').waitFor();
  const chosen = page.getByTestId('book-chosen-list').locator('li');
  const order = async () => (await page.getByTestId('book-chosen-list').locator('li').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
  assert.match((await order()).join('|'), /^1\. 王建国.*\|2\. 李晓东/);

  // Order: 李晓东 first.
  await page.getByTestId('book-chosen-list').locator('li').nth(1).locator('[data-testid^="book-up-"]').click();
  assert.match((await order()).join('|'), /^1\. 李晓东.*\|2\. 王建国/);
  assert.equal(await chosen.count(), 2);
  assert.match(await page.getByTestId('book-chosen').locator('.ant-card-head-title').innerText(), /已选专家（2）/);

  // Generate.
  await page.getByTestId('book-title').fill('某医院物业服务项目 拟派专家');
  await page.getByTestId('book-generate').click();
  await page.getByTestId('book-made').waitFor();
  assert.match(await page.getByTestId('book-made').innerText(), /已生成：某医院物业服务项目 拟派专家\.docx/);
  await shot(page, 'wordbook-make');

  // Download: a ticket, then the .docx in a new window.
  const { url, body, headers } = await exportFile(page, '**/api/expert/book/download**', 'book-download');
  assert.equal(body.subarray(0, 2).toString(), 'PK');
  assert.match(headers['content-type'], /wordprocessingml\.document/);
  assert.match(headers['content-disposition'], /^attachment; .*filename\*=UTF-8''.*\.docx$/);
  assert.match(url, /ticket=[0-9a-f]{64}/);
  assert.ok(!url.includes('AccessToken'), 'the download URL must not carry the session token');
  assert.deepEqual(headings(body), ['1. 李晓东', '2. 王建国']);

  // The results: who, when, for which experts; download again.
  await page.getByRole('link', { name: '查看生成结果' }).click();
  await waitPath(page, '/expert_talents_result');
  const book = row(page, '某医院物业服务项目 拟派专家');
  await book.waitFor();
  assert.match(await book.innerText(), /李晓东\s*王建国[\s\S]*2[\s\S]*系统管理员 \(admin\)/);
  await shot(page, 'wordbook-results');
  const id = (await book.locator('[data-testid^="book-download-"]').getAttribute('data-testid')).replace('book-download-', '');
  const again = await exportFile(page, '**/api/expert/book/download**', `book-download-${id}`);
  assert.equal(again.body.subarray(0, 2).toString(), 'PK');
  assert.equal(again.body.length, body.length);

  // Search by expert, then delete with the confirmation.
  await page.getByTestId('search-expert').fill('李晓东');
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/expert=/);
  await book.waitFor();
  await page.getByTestId(`book-delete-${id}`).click();
  await confirmIrreversible(page);
  await book.waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('generating with nobody chosen says so', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/expert_make_word');
  await page.getByTestId('book-generate').click();
  await page.getByText('请至少选择一位专家').waitFor();
  await page.getByTestId('book-title').fill('');
  // the demo company has dozens of experts: find him by name
  await page.getByTestId('search-keywords').fill('王建国');
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/keywords=/);
  await row(page, '王建国').getByRole('button', { name: /加入/ }).click();
  await page.getByTestId('book-generate').click();
  await page.getByText('请输入文档标题').first().waitFor();
  await page.getByText('请按提示完善表单后再提交').waitFor();
  assert.equal(await page.getByTestId('book-made').count(), 0);
  await page.context().close();
});
