import { launch, newPage, login } from './helpers.mjs';
const out = '/tmp/finish-shots';
const b = await launch();
async function snap(page, name) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: false });
}
for (const width of [1440, 390]) {
  const p = await newPage(b, { width, height: 900 });
  await login(p, 'admin', 'Admin@123');
  await p.waitForURL('**/gateway');
  await p.goto('/welcome'); await snap(p, `welcome-${width}`);
  await p.goto('/expert_talents2_manage'); await snap(p, `experts-${width}`);
  // edit the first record: 所属组织 shows a name
  await p.locator('[data-testid^="lib-edit-"]').first().click().catch(() => {});
  await p.waitForTimeout(1500); await snap(p, `expert-edit-${width}`);
  await p.keyboard.press('Escape'); await p.waitForTimeout(500);
  await p.locator('[data-testid^="lib-history-"]').first().click();
  await p.waitForTimeout(1500); await snap(p, `expert-history-${width}`);
  await p.keyboard.press('Escape');
  await p.goto('/expert_talents2_politics'); await snap(p, `cakeys-${width}`);
  await p.goto('/handover_manager'); await snap(p, `handover-${width}`);
  await p.goto('/business_log'); await snap(p, `bizlog-${width}`);
  await p.goto('/test'); await snap(p, `test-${width}`);
  await p.goto('/resmanager'); await snap(p, `res-${width}`);
  await p.goto('/organization_manager'); await snap(p, `org-${width}`);
  await p.close();
  const s = await newPage(b, { width, height: 900 });
  await login(s, 'staff', 'Staff@123');
  await s.waitForURL('**/gateway');
  await s.goto('/sysuser'); await snap(s, `staff-forbidden-${width}`);
  await s.goto('/gatewaySearch?keyword=合同'); await snap(s, `staff-search-${width}`);
  await s.close();
}
await b.close();
