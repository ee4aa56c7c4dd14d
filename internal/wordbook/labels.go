package wordbook

import "biddesk/internal/platform/httpx"

// LabelsFor returns the fixed texts of a book in lang (zh-CN or en).
func LabelsFor(lang string) Labels {
	t := func(key string) string { return httpx.Translate(lang, "wordbook.label."+key) }
	return Labels{
		Subtitle: t("subtitle"), MadeBy: t("madeBy"), MadeAt: t("madeAt"), ExpertCount: t("expertCount"), Contents: t("contents"),
		Name: t("name"), EmployeeCode: t("employeeCode"), Unit: t("unit"), Title: t("title"), Education: t("education"),
		Years: t("years"), YearsUnit: t("yearsUnit"), Specialities: t("specialities"), Photo: t("photo"), NoPhoto: t("noPhoto"),
		Qualifications: t("qualifications"), QualNo: t("qualNo"), QualName: t("qualName"), QualNumber: t("qualNumber"),
		QualValidTo: t("qualValidTo"), LongTerm: t("longTerm"), Expired: t("expired"), None: t("none"), Experience: t("experience"),
	}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"wordbook.label.subtitle":       {"投标文件附件：拟派专家人员情况", "Bid appendix: proposed experts"},
		"wordbook.label.madeBy":         {"编制人", "Prepared by"},
		"wordbook.label.madeAt":         {"编制日期", "Date"},
		"wordbook.label.expertCount":    {"专家人数", "Experts"},
		"wordbook.label.contents":       {"目　录", "Contents"},
		"wordbook.label.name":           {"姓名", "Name"},
		"wordbook.label.employeeCode":   {"员工编号", "Employee no."},
		"wordbook.label.unit":           {"所在单位", "Unit"},
		"wordbook.label.title":          {"职称", "Title"},
		"wordbook.label.education":      {"学历", "Education"},
		"wordbook.label.years":          {"从业年限", "Years of experience"},
		"wordbook.label.yearsUnit":      {"%d 年", "%d years"},
		"wordbook.label.specialities":   {"专业特长", "Specialities"},
		"wordbook.label.photo":          {"照片", "Photo"},
		"wordbook.label.noPhoto":        {"暂无照片", "No photo"},
		"wordbook.label.qualifications": {"资格证书", "Qualifications and certificates"},
		"wordbook.label.qualNo":         {"序号", "No."},
		"wordbook.label.qualName":       {"证书名称", "Certificate"},
		"wordbook.label.qualNumber":     {"证书编号", "Number"},
		"wordbook.label.qualValidTo":    {"有效期至", "Valid to"},
		"wordbook.label.longTerm":       {"长期有效", "No expiry"},
		"wordbook.label.expired":        {"%s（已过期）", "%s (expired)"},
		"wordbook.label.none":           {"无", "None"},
		"wordbook.label.experience":     {"工作经历", "Experience"},
	})
}
