package exam_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"biddesk/internal/exam"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/httpx"
)

// BenchmarkImport5000 imports 5,000 pasted questions of every type (checked, duplicates looked for, written in
// one transaction): docs/performance.md.
func BenchmarkImport5000(b *testing.B) {
	var sb strings.Builder
	for i := 0; i < 5000; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, "%d. [单选] 批量导入单选题%d\nA. 甲\nB. 乙\nC. 丙\n答案：B\n解析：说明\n知识点：法规,批量\n\n", i+1, i)
		case 1:
			fmt.Fprintf(&sb, "%d. [多选] 批量导入多选题%d\nA. 甲\nB. 乙\nC. 丙\n答案：AC\n\n", i+1, i)
		case 2:
			fmt.Fprintf(&sb, "%d. [判断] 批量导入判断题%d\n答案：对\n\n", i+1, i)
		default:
			fmt.Fprintf(&sb, "%d. [填空] 批量导入填空题%d：___\n答案：邀请;邀请招标\n\n", i+1, i)
		}
	}
	text := sb.String()
	for n := 0; n < b.N; n++ {
		b.StopTimer()
		d := dbtest.Open(b)
		svc := exam.NewService(d, nil)
		b.StartTimer()
		rep, err := svc.ImportPaste(context.Background(), httpx.LangZH, text, false)
		if err != nil || !rep.Applied || rep.Added != 5000 {
			b.Fatalf("%v %+v", err, rep.Problems[:min(3, len(rep.Problems))])
		}
	}
}
