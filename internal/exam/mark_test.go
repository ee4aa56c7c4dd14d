package exam

import (
	"math/rand/v2"
	"testing"
)

func TestNormalise(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, in, want string }{
		{"full-width letters and digits", "ＡＢＣ１２３", "abc123"},
		{"spaces of every width", " 招 标\u3000法 ", "招标法"},
		{"case", "Tender Law", "tenderlaw"},
		{"full-width signs", "１０％", "10%"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Normalise(c.in); got != c.want {
				t.Errorf("Normalise(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestMarkingModes(t *testing.T) {
	t.Parallel()
	opts := []Option{{Key: "A"}, {Key: "B"}, {Key: "C"}, {Key: "D"}}
	key := Key{Choices: []string{"A", "B", "C"}}
	yes := true
	for _, c := range []struct {
		name, mode string
		chosen     []string
		want       float64
	}{
		{"all: exact", MultiAll, []string{"C", "A", "B"}, 10},
		{"all: part", MultiAll, []string{"A", "B"}, 0},
		{"partial: part", MultiPartial, []string{"A", "B"}, 5},
		{"partial: a wrong option", MultiPartial, []string{"A", "D"}, 0},
		{"partial: none", MultiPartial, nil, 0},
		{"per option: three of four judged right", MultiPerOption, []string{"A", "B"}, 7.5},
		{"per option: all", MultiPerOption, []string{"A", "B", "C"}, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, _ := Mark(TypeMultiple, c.mode, key, opts, Response{Choices: c.chosen}, 10, false); got != c.want {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	t.Run("fill: alternatives, widths, case", func(t *testing.T) {
		k := Key{Blanks: [][]string{{"邀请", "邀请招标"}, {"5", "五"}}}
		if got, _ := Mark(TypeFill, "", k, nil, Response{Blanks: []string{" 邀请招标", "５"}}, 8, false); got != 8 {
			t.Errorf("got %v", got)
		}
		if got, _ := Mark(TypeFill, "", k, nil, Response{Blanks: []string{"公开"}}, 8, false); got != 0 {
			t.Errorf("got %v", got)
		}
	})
	t.Run("judge and short", func(t *testing.T) {
		if got, _ := Mark(TypeJudge, "", Key{Judge: true}, nil, Response{Judge: &yes}, 2, false); got != 2 {
			t.Errorf("judge %v", got)
		}
		if _, review := Mark(TypeShort, "", Key{}, nil, Response{Text: "x"}, 2, false); !review {
			t.Error("a short answer must go to a person")
		}
	})
}

func TestDrawGivesEveryTakerTheSameCountsAndTotals(t *testing.T) {
	t.Parallel()
	var bank []Candidate
	for i := 0; i < 40; i++ {
		bank = append(bank, Candidate{ID: int64(i + 1), Type: []string{TypeSingle, TypeJudge}[i%2], Diff: 1 + i%3, Tags: "法规"})
	}
	rules := []RuleIn{{Type: TypeSingle, Count: 6, Score: 3}, {Type: TypeJudge, Difficulty: 2, Count: 4, Score: 2}, {Type: TypeJudge, Count: 5, Score: 1, Tag: "法规"}}
	rnd := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 100; i++ {
		out, _, ok := Draw(rules, bank, rnd)
		total := 0.0
		for _, d := range out {
			total += d.Score
		}
		if !ok || len(out) != 15 || total != 31 {
			t.Fatalf("draw %d: %d questions, total %v", i, len(out), total)
		}
	}
	if _, short, ok := Draw([]RuleIn{{Type: TypeFill, Count: 1, Score: 1}}, bank, rnd); ok || short != 0 {
		t.Fatal("a rule the bank cannot fill must fail")
	}
}

func TestDiscrimination(t *testing.T) {
	t.Parallel()
	scores := []float64{90, 80, 70, 60, 50, 40, 30, 20, 10, 0}
	if got := Discrimination(scores, []bool{true, true, true, true, true, false, false, false, false, false}); got != 1 {
		t.Errorf("a question the strong answer and the weak miss: %v", got)
	}
	if got := Discrimination(scores, []bool{false, false, false, true, true, true, true, true, true, true}); got != -1 {
		t.Errorf("the reverse: %v", got)
	}
}

func TestPasteAndCellAnswers(t *testing.T) {
	t.Parallel()
	var problems []string
	rows := parsePaste("1、[多选] 题干\n续行\nA．甲\nB. 乙\nC. 丙\n答案：A，C\n知识点：法规、保证金", func(row int, col, key string, args ...any) { problems = append(problems, key) })
	if len(rows) != 1 || len(problems) != 0 || rows[0].in.Stem != "题干\n续行" || len(rows[0].in.Options) != 3 || string(rows[0].in.Answer) != `["A","C"]` ||
		len(rows[0].in.Tags) != 2 {
		t.Fatalf("%+v %v", rows, problems)
	}
	for _, c := range []struct{ t, cell, want string }{
		{TypeJudge, "√", "true"}, {TypeJudge, "错误", "false"}, {TypeFill, "公开｜邀请；邀请招标", `[["公开"],["邀请","邀请招标"]]`}, {TypeSingle, "ｂ", `"B"`},
	} {
		if got, ok := cellAnswer(c.t, c.cell); !ok || string(got) != c.want {
			t.Errorf("%s %q: %s", c.t, c.cell, got)
		}
	}
}
