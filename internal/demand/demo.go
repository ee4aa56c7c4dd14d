package demand

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// DemoSubmitter is a demo account that submits demands: its id and unit.
type DemoSubmitter struct {
	UserID int64
	Unit   string
}

type demoDemand struct {
	by      int     // index into the submitters
	ago     float64 // days before now it was submitted
	content string
	values  map[string]any
	state   string // submitted or an answer
	answer  string
}

type demoCollection struct {
	title, description string
	deadline           float64 // days from now (negative: closed)
	created            float64 // days before now
	audience           string
	fields             []Field
	demands            []demoDemand
}

// SeedDemo writes the demo company's demand collections: one closed with every demand answered, two open (one the
// demo staff member has answered demands in, one asking for demands nobody has sent yet), their audience told in
// /gatewayMsg. adminID is the bid team member who opens and answers them; submitters are the demo accounts.
func (s *Service) SeedDemo(ctx context.Context, adminID int64, adminUnit string, submitters []DemoSubmitter) (err error) {
	defer errs.Wrap(&err, "demand: seed demo %d", adminID)
	if len(submitters) == 0 {
		return nil
	}
	now := s.now().UTC()
	day := func(d float64) time.Time {
		return now.Add(time.Duration(d * 24 * float64(time.Hour))).Truncate(time.Minute)
	}
	qty := []Field{{Key: "qty", Label: "需要份数", Type: FieldNumber}, {Key: "needBy", Label: "需要日期", Type: FieldDate}}
	collections := []demoCollection{
		{title: "2026年第三季度投标资料需求征集", description: "请各单位提出三季度投标所需的证照、业绩证明与人员证书，投标支持中心统一准备。",
			deadline: -62, created: 95, audience: "1002-1001", fields: qty, demands: []demoDemand{
				{0, 90, "需要营业执照副本（加盖公章）扫描件。", map[string]any{"qty": "2"}, StateDone, "已放入资料库“企业证照”，可在门户下载加盖公章版本。"},
				{1, 88, "需要近三年物业服务类中标业绩清单。", map[string]any{"qty": "1"}, StateDone, "业绩清单已更新至2026年6月，见资料库“业绩合同”。"},
				{0, 80, "需要项目经理一级建造师证书原件借用一周。", nil, StateDeclined, "原件不外借，请使用资料库中的彩色扫描件并在投标文件中注明原件备查。"},
				{2, 75, "需要ISO 9001质量管理体系认证证书英文版。", map[string]any{"qty": "1", "needBy": day(-70).Format("2006-01-02")}, StateDone, "英文版证书已上传，有效期至2028年。"},
			}},
		{title: "2026年第四季度投标资料需求征集", description: "四季度招标集中，请各单位在截止前提交投标所需资料、证书和支持需求。",
			deadline: 18, created: 12, audience: "1002-1001", fields: qty, demands: []demoDemand{
				{0, 10, "需要最新的物业服务报价模板（含人工成本测算表）。", map[string]any{"qty": "1"}, StateInProgress, "模板正在按新的最低工资标准更新，预计下周发布。"},
				{1, 8, "需要安全生产许可证延续后的新证扫描件。", nil, StateAccepted, "已受理，证书领取后第一时间上传。"},
				{0, 3, "需要华东区近两年医院类物业项目的业绩证明。", map[string]any{"qty": "3", "needBy": day(20).Format("2006-01-02")}, StateSubmitted, ""},
				{2, 2, "需要投标保函开立流程说明。", nil, StateSubmitted, ""},
			}},
		{title: "资质证书续期需求摸底", description: "请各单位报告明年到期、需要续期的资质证书和人员证书，便于统一安排。",
			deadline: 9, created: 1, audience: "1002-1001"},
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM demand_collection`).Scan(&n); err != nil || n > 0 {
			return err
		}
		for _, c := range collections {
			fields, err := json.Marshal(c.fields)
			if err != nil {
				return err
			}
			if c.fields == nil {
				fields = []byte("[]")
			}
			created, deadline := day(-c.created), day(c.deadline)
			id, err := tx.Insert(ctx, `INSERT INTO demand_collection (title, description, deadline, unit_code, audience_units, fields, created_by, created_at, updated_by, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.title, c.description, deadline, adminUnit, c.audience, string(fields), adminID, created, adminID, created)
			if err != nil {
				return fmt.Errorf("demand demo: collection %s: %w", c.title, err)
			}
			if err := writeAudience(ctx, tx, id, splitCodes(c.audience, "-"), nil); err != nil {
				return err
			}
			for _, d := range c.demands {
				if d.by >= len(submitters) {
					continue
				}
				who := submitters[d.by]
				values, err := json.Marshal(d.values)
				if err != nil || d.values == nil {
					values = []byte("{}")
				}
				at := day(-d.ago)
				itemID, err := tx.Insert(ctx, `INSERT INTO demand_item (collection_id, user_id, unit_code, content, field_values, state, reason, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, 'submitted', '', ?, ?)`, id, who.UserID, who.Unit, d.content, string(values), at, at)
				if err != nil {
					return fmt.Errorf("demand demo: demand: %w", err)
				}
				if d.state == StateSubmitted {
					continue
				}
				answered := at.Add(26 * time.Hour)
				replyID, err := tx.Insert(ctx, `INSERT INTO demand_reply (state, body, answered_by, answered_at) VALUES (?, ?, ?, ?)`, d.state, d.answer, adminID, answered)
				if err != nil {
					return fmt.Errorf("demand demo: answer: %w", err)
				}
				if _, err := tx.Exec(ctx, `INSERT INTO demand_item_reply (item_id, reply_id) VALUES (?, ?)`, itemID, replyID); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `UPDATE demand_item SET state = ?, reason = ?, answered_by = ?, answered_at = ?, updated_at = ? WHERE id = ?`,
					d.state, d.answer, adminID, answered, answered, itemID); err != nil {
					return err
				}
			}
			if deadline.After(now) {
				if err := s.openNotice(ctx, tx, id, &collectionRow{Title: c.title, Deadline: deadline}); err != nil {
					return fmt.Errorf("demand demo: tell the audience of %s: %w", c.title, err)
				}
			}
		}
		return nil
	})
}
