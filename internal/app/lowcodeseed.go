package app

import (
	"biddesk/internal/audit"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"biddesk/internal/dataset"
	"biddesk/internal/dreport"
	"biddesk/internal/dtable"
)

// Demo low-code data: a dynamic table 投标项目跟踪 with three dozen bids over the past year, a dataset over it by its
// own name and field codes, and a report on that dataset with a bar chart (not in the side menu: /dreport lists it).
const (
	demoBidTable   = "投标项目跟踪"
	demoBidDataset = "投标项目月度汇总"
	demoBidReport  = "投标项目月度报表"
)

// demoBidSQL is the demo dataset: what an administrator writes with the designer's list of tables.
const demoBidSQL = `SELECT substr(kbrq, 1, 7) AS 月份,
       COUNT(*) AS 项目数,
       SUM(CASE WHEN zbjg = 'win' THEN 1 ELSE 0 END) AS 中标数,
       ROUND(SUM(tbje) / 10000, 2) AS 投标金额万元
  FROM 投标项目跟踪
 WHERE kbrq >= :since
 GROUP BY substr(kbrq, 1, 7)
 ORDER BY 1`

func (a *App) seedLowcodeDemo(ctx context.Context) error {
	ctx = audit.Seeding(ctx)
	svc := dtable.NewService(a.DB, a.dtableCaller, lowcodeLookups{a})
	f := func(code, name, typ string) dtable.Field {
		return dtable.Field{FieldName: code, Name: name, Type: typ, InList: 1, ChoiceSingle: 1}
	}
	fields := []dtable.Field{f("xmmc", "项目名称", dtable.TypeVarchar), f("zbdw", "招标单位", dtable.TypeVarchar),
		f("ssdw", "所属组织", dtable.TypeVarchar), f("tbje", "投标金额", dtable.TypeMoney), f("kbrq", "开标日期", dtable.TypeDate),
		f("zbjg", "中标结果", dtable.TypeVarchar), f("fzr", "负责人", dtable.TypeVarchar)}
	fields[0].Required, fields[0].Searchable, fields[0].Sortable = 1, 1, 1
	fields[1].Searchable = 1
	fields[2].ShowType, fields[2].Searchable = dtable.SingleOrgan, 1
	fields[3].Sortable = 1
	fields[4].Searchable, fields[4].Sortable = 1, 1
	fields[5].IsDict, fields[5].DictGroupCode, fields[5].Searchable = 1, "bid_result", 1
	fields[6].ShowType = dtable.SingleUser
	id, err := svc.Add(ctx, dtable.DefIn{Name: demoBidTable, Remark: "各单位投标项目的金额、开标日期和结果（演示数据）", Fields: fields})
	if err != nil {
		return fmt.Errorf("demo table: %w", err)
	}
	var units []string
	rows, err := a.DB.Query(ctx, `SELECT full_unit_code FROM org_unit WHERE level = 3 AND special = '' ORDER BY full_unit_code LIMIT 8`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return err
		}
		units = append(units, c)
	}
	rows.Close()
	if len(units) == 0 {
		units = []string{""}
	}
	buyers := []string{"杭州市住房和城乡建设局", "宁波市第一人民医院", "苏州市轨道交通集团有限公司", "杭州市滨江区实验学校", "宁波国家高新区管理委员会", "南京市政务服务中心", "武汉国际会展中心", "长沙市图书馆", "郑州经济技术开发区投资控股有限公司"}
	sites := []string{"综合办公楼物业管理服务", "院区保洁与秩序维护服务", "车辆段物业服务", "校园后勤综合服务", "园区公共区域物业服务", "大楼设施设备运维服务", "会展场馆保障服务", "馆舍物业管理服务", "产业园物业管理服务"}
	results := []string{"win", "lose", "win", "pending", "lose", "win", "void", "lose"}
	owners := []string{"staff", "libadmin", "admin"}
	now := time.Now().UTC()
	table := "dt_" + fmt.Sprint(id)
	for i := range 36 {
		// spread over the past year, busier in spring (the tender season) and at month ends
		days := (i*83 + i*i*7) % 360
		if i%4 == 0 {
			days = 240 + (i*11)%60
		}
		day := now.AddDate(0, 0, -days)
		if i%5 == 0 { // a month end
			day = time.Date(day.Year(), day.Month()+1, 0, 10, 0, 0, 0, time.UTC)
			if day.After(now) {
				day = day.AddDate(0, -1, 0)
			}
		}
		cents := int64(380000+((i*7919)%97)*52300)*100 + int64(i%2)*50 // yuan, some with 0.50
		result := results[i%len(results)]
		if day.After(now.AddDate(0, 0, -20)) {
			result = "pending"
		}
		title := fmt.Sprintf("%s%s项目（%d期）", buyers[i%len(buyers)], sites[(i/2)%len(sites)], 1+i/len(buyers))
		created := day.AddDate(0, 0, -14)
		if _, err := a.DB.Exec(ctx, `INSERT INTO `+table+` (created_by, created_at, updated_at, c_1, c_2, c_3, c_4, c_5, c_6, c_7) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			created, day, title, buyers[i%len(buyers)], units[i%len(units)], cents, day.Format(time.DateOnly), result, owners[i%len(owners)]); err != nil {
			return fmt.Errorf("demo table rows: %w", err)
		}
	}
	if _, err := a.DB.Exec(ctx, `UPDATE list_version SET version = version + 1 WHERE name = ?`, table); err != nil {
		return err
	}
	since := now.AddDate(-1, 0, 0).Format(time.DateOnly)
	params, _ := json.Marshal([]dataset.Param{{Name: "since", Label: "开标日期起", Sample: since}})
	dsID, err := a.DB.Insert(ctx, `INSERT INTO lowcode_dataset (name, remark, sql_text, params, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		demoBidDataset, "按月汇总动态表格“投标项目跟踪”的项目数、中标数和投标金额", demoBidSQL, string(params), now, now)
	if err != nil {
		return fmt.Errorf("demo dataset: %w", err)
	}
	layout, _ := json.Marshal(dreport.Layout{
		Columns: []dreport.Column{{Key: "月份", Title: "月份", Format: "text"}, {Key: "项目数", Title: "项目数", Format: "number", Total: true},
			{Key: "中标数", Title: "中标数", Format: "number", Total: true}, {Key: "投标金额万元", Title: "投标金额（万元）", Format: "number", Total: true}},
		Chart:   dreport.Chart{Type: "bar", X: "月份", Y: []string{"项目数", "中标数"}},
		Filters: []dreport.FilterWidget{{Name: "since", Widget: "date"}},
	})
	if _, err := a.DB.Insert(ctx, `INSERT INTO lowcode_report (name, remark, dataset_id, layout, in_menu, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`,
		demoBidReport, "各月投标项目数与中标数", dsID, string(layout), now, now); err != nil {
		return fmt.Errorf("demo report: %w", err)
	}
	return nil
}
