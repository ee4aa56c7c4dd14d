package sheet

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/platform/progress"
)

// Reading a sheet reports the lines read as it goes (their whole not known yet), and stops when its context ends.
func TestRowsReportTheLinesReadAndStopWhenCancelled(t *testing.T) {
	f := excelize.NewFile()
	sh := f.GetSheetName(0)
	_ = f.SetSheetName(sh, "名单")
	_ = f.SetCellValue("名单", "A1", "名称")
	for i := 2; i <= 350; i++ {
		_ = f.SetCellValue("名单", fmt.Sprintf("A%d", i), fmt.Sprintf("行%d", i))
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	def := Def{Name: "名单", Columns: []Column{{Key: "name", Title: "名称"}}}
	open := func() *excelize.File {
		g, err := Open(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { g.Close() })
		return g
	}
	var reports []int64
	ctx := progress.With(context.Background(), func(done, total int64) {
		if total != 0 {
			t.Errorf("a whole while reading: %d", total)
		}
		reports = append(reports, done)
	})
	rows, err := RowsCtx(ctx, open(), def, NewProblems("zh-CN"))
	if err != nil || len(rows) != 349 {
		t.Fatalf("rows %d, %v", len(rows), err)
	}
	if fmt.Sprint(reports) != "[100 200 300]" {
		t.Fatalf("reports %v", reports)
	}
	// stopped at its 200th line
	cctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cctx = progress.With(cctx, func(done, _ int64) {
		if done == 200 {
			cancel()
		}
	})
	if _, err := RowsCtx(cctx, open(), def, NewProblems("zh-CN")); err != context.Canceled {
		t.Fatalf("a cancelled read: %v", err)
	}
}
