package external

import (
	"context"
	"time"

	"biddesk/internal/platform/db"
)

// SeedDemo creates the demo partner organisation, in the charge of the staff account owner, and
// puts the external accounts with the given login codes in it. It runs with the demo data only.
func SeedDemo(ctx context.Context, d *db.DB, owner string, members ...string) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		id, err := tx.Insert(ctx, `INSERT INTO ext_org (name, code, kind, contact_person, phone, email, address, state, remark, owner_id, created_at, updated_at)
			SELECT '华信生态合作伙伴（演示）', 'HX-PARTNER', 'partner', '周明', '021-61234567', 'partner@huaxin-demo.cn', '上海市浦东新区世纪大道100号', 1,
				'演示数据', (SELECT id FROM sys_user WHERE login_code = ?), ?, ?`, owner, now, now)
		if err != nil {
			return err
		}
		for _, m := range members {
			if _, err := tx.Exec(ctx, `UPDATE sys_user SET ext_org_id = ? WHERE login_code = ? AND user_type = 'external'`, id, m); err != nil {
				return err
			}
		}
		return nil
	})
}
