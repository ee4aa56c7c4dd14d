package dataset

import (
	"errors"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"biddesk/internal/platform/httpx"
)

// explain turns the database's refusal of a statement into a message in the user's language that names what was
// wrong (a table or column that is not available, the text near a syntax error, a function not allowed), never
// the driver's text. What it cannot tell apart is the general dataset.failed.
func explain(err error, s Scope) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return explainPostgres(pe, s)
	}
	return explainSQLite(err.Error(), s)
}

var (
	sqliteNoTable    = regexp.MustCompile(`no such table: (.+?)(?: \(\d+\))?$`)
	sqliteNoColumn   = regexp.MustCompile(`no such column: (.+?)(?: \(\d+\))?$`)
	sqliteNear       = regexp.MustCompile(`near "(.*?)": syntax error`)
	sqliteNoFunc     = regexp.MustCompile(`no such function: (.+?)(?: \(\d+\))?$`)
	sqliteAmbiguous  = regexp.MustCompile(`ambiguous column name: (.+?)(?: \(\d+\))?$`)
	sqliteArgs       = regexp.MustCompile(`wrong number of arguments to function (.+?)\(\)`)
	sqliteProhibited = regexp.MustCompile(`access to ([^ .]+)\.(\S+) is prohibited`)
	sqliteCompound   = regexp.MustCompile(`SELECTs to the left and right of (\w+) do not have the same number of result columns`)

	pgQuoted   = regexp.MustCompile(`"(.*?)"`)
	pgColumn   = regexp.MustCompile(`column (\S+) does not exist`)
	pgDenied   = regexp.MustCompile(`permission denied for (?:table|view|relation|sequence|function|schema) (.+)$`)
	pgFunction = regexp.MustCompile(`function (.+?)\(`)
)

func explainSQLite(msg string, s Scope) error {
	msg = strings.ReplaceAll(msg, "\n", " ")
	if m := sqliteNoTable.FindStringSubmatch(msg); m != nil {
		return noTable(m[1], s)
	}
	if m := sqliteNoColumn.FindStringSubmatch(msg); m != nil {
		return httpx.Fail("dataset.no_column", short(m[1]))
	}
	if m := sqliteNear.FindStringSubmatch(msg); m != nil {
		if m[1] == "dataset_q" { // the wrapper run() puts round the statement: the statement ended too early
			return httpx.Fail("dataset.syntax_end")
		}
		return httpx.Fail("dataset.syntax_near", short(m[1]))
	}
	if strings.Contains(msg, "incomplete input") || strings.Contains(msg, "unrecognized token") {
		return httpx.Fail("dataset.syntax_end")
	}
	if m := sqliteNoFunc.FindStringSubmatch(msg); m != nil {
		return httpx.Fail("dataset.no_function", short(m[1]))
	}
	if m := sqliteAmbiguous.FindStringSubmatch(msg); m != nil {
		return httpx.Fail("dataset.ambiguous", short(m[1]))
	}
	if m := sqliteArgs.FindStringSubmatch(msg); m != nil {
		return httpx.Fail("dataset.arguments", short(m[1]))
	}
	if m := sqliteCompound.FindStringSubmatch(msg); m != nil {
		return httpx.Fail("dataset.compound", m[1])
	}
	if strings.Contains(msg, "too many columns") {
		return httpx.Fail("dataset.too_many_columns", MaxColumns)
	}
	if strings.Contains(msg, "misuse of aggregate") || strings.Contains(msg, "misuse of window") {
		return httpx.Fail("dataset.aggregate")
	}
	if m := sqliteProhibited.FindStringSubmatch(msg); m != nil {
		return deniedError(s, denial{kind: "table", name: m[1], column: m[2]})
	}
	if strings.Contains(msg, "not authorized") || strings.Contains(msg, "authorization denied") {
		return httpx.Fail("dataset.not_allowed_any")
	}
	return httpx.Fail("dataset.failed")
}

func explainPostgres(pe *pgconn.PgError, s Scope) error {
	quoted := func() string {
		if m := pgQuoted.FindStringSubmatch(pe.Message); m != nil {
			return m[1]
		}
		return ""
	}
	switch pe.Code {
	case "42P01": // undefined_table: relation "x" does not exist
		return noTable(quoted(), s)
	case "42703": // undefined_column: column "x" does not exist, column t.x does not exist
		if q := quoted(); q != "" {
			return httpx.Fail("dataset.no_column", short(q))
		}
		if m := pgColumn.FindStringSubmatch(pe.Message); m != nil {
			return httpx.Fail("dataset.no_column", short(m[1]))
		}
	case "42601": // syntax_error
		if strings.Contains(pe.Message, "end of input") {
			return httpx.Fail("dataset.syntax_end")
		}
		if q := quoted(); q == "dataset_q" {
			return httpx.Fail("dataset.syntax_end")
		} else if q != "" {
			return httpx.Fail("dataset.syntax_near", short(q))
		}
	case "42501": // insufficient_privilege
		if m := pgDenied.FindStringSubmatch(pe.Message); m != nil {
			return deniedError(s, denial{kind: "table", name: m[1]})
		}
		return httpx.Fail("dataset.not_allowed_any")
	case "42883": // undefined_function
		if m := pgFunction.FindStringSubmatch(pe.Message); m != nil {
			return httpx.Fail("dataset.no_function", short(m[1]))
		}
	case "42702": // ambiguous_column
		return httpx.Fail("dataset.ambiguous", short(quoted()))
	case "42803": // grouping_error
		if q := quoted(); q != "" {
			return httpx.Fail("dataset.grouping", short(q))
		}
		return httpx.Fail("dataset.aggregate")
	case "22012":
		return httpx.Fail("dataset.division_by_zero")
	case "42804", "42846", "22P02", "22007", "22008", "22003", "42725":
		return httpx.Fail("dataset.types")
	}
	if strings.HasPrefix(pe.Code, "42") {
		return httpx.Fail("dataset.failed")
	}
	if strings.HasPrefix(pe.Code, "22") {
		return httpx.Fail("dataset.types")
	}
	return httpx.Fail("dataset.failed")
}

// noTable is the refusal of a name that is no table the statement may read: a dynamic table's physical name is
// answered with its own name, when the runner may read it.
func noTable(name string, s Scope) error {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "main."), "temp.")
	if n, ok := s.physicalName(name); ok {
		return httpx.Fail("dataset.physical_name", short(name), short(n))
	}
	return httpx.Fail("dataset.no_table", short(name))
}

// deniedError is the refusal of a read or a call the allow-list does not hold.
func deniedError(s Scope, d denial) error {
	switch d.kind {
	case "table":
		name := strings.ToLower(d.name)
		if dynamicTable.MatchString(name) {
			if n, ok := s.physicalName(name); ok {
				return httpx.Fail("dataset.physical_name", name, short(n))
			}
			return httpx.Fail("dataset.no_table", name)
		}
		if _, ok := Readable[name]; ok && d.column != "" {
			return httpx.Fail("dataset.column_not_allowed", short(d.name+"."+d.column))
		}
		return httpx.Fail("dataset.table_not_allowed", short(d.name))
	case "function":
		return httpx.Fail("dataset.function_not_allowed", short(d.name))
	}
	return httpx.Fail("dataset.not_allowed_any")
}

// short bounds a name a message quotes.
func short(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		return string([]rune(s)[:60]) + "…"
	}
	return s
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dataset.no_table": {"没有可查询的表“%s”：名称有误，或您无权读取该表（动态表格请按表格名称查询，可在右侧“可查询的表”中点击插入）",
			"There is no table \"%s\" you may query: the name is wrong or you may not read it (query a dynamic table by its name; click one in \"Tables you may query\" to insert it)"},
		"dataset.physical_name": {"不能直接查询 %s，请按动态表格的名称“%s”查询", "%s cannot be queried directly: query the dynamic table by its name \"%s\""},
		"dataset.no_column": {"没有列“%s”：请检查列名（动态表格的列是字段编码，可在右侧“可查询的表”中点击插入）",
			"There is no column \"%s\": check the name (a dynamic table's columns are its field codes; click one in \"Tables you may query\" to insert it)"},
		"dataset.syntax_near":          {"语句在“%s”附近有语法错误", "Syntax error near \"%s\""},
		"dataset.syntax_end":           {"语句不完整：结尾缺少内容（如括号或引号未闭合）", "The statement is incomplete: something is missing at its end (a bracket or a quote?)"},
		"dataset.no_function":          {"没有函数“%s”，或它不能在数据集中使用", "There is no function \"%s\", or it cannot be used in a dataset"},
		"dataset.function_not_allowed": {"数据集中不能使用函数“%s”", "The function \"%s\" cannot be used in a dataset"},
		"dataset.ambiguous":            {"列名“%s”在多个表中都有，请写成“表名或别名.列名”", "The column \"%s\" is in several tables: write it as table-or-alias.column"},
		"dataset.arguments":            {"函数“%s”的参数个数不对", "The function \"%s\" was given the wrong number of arguments"},
		"dataset.compound":             {"%s 两侧的查询列数不同", "The queries on either side of %s have different numbers of columns"},
		"dataset.aggregate":            {"汇总函数（如 COUNT、SUM）的用法有误：未汇总的列须写在 GROUP BY 中", "Aggregate functions (COUNT, SUM…) are misused: columns not aggregated belong in GROUP BY"},
		"dataset.grouping":             {"列“%s”须写在 GROUP BY 中，或放在汇总函数（如 SUM、COUNT）里", "The column \"%s\" must be in GROUP BY or inside an aggregate function (SUM, COUNT…)"},
		"dataset.too_many_columns":     {"查询结果的列过多（最多%d列）", "The result has too many columns (at most %d)"},
		"dataset.division_by_zero":     {"查询中出现了除以零", "The query divides by zero"},
		"dataset.types":                {"查询中的值与列的类型不符（如把文本当作数字或日期比较），请检查比较和转换", "A value does not match its column's type (text compared as a number or a date?): check comparisons and conversions"},
		"dataset.table_not_allowed":    {"数据集不能读取表“%s”", "A dataset cannot read the table \"%s\""},
		"dataset.column_not_allowed":   {"数据集不能读取列“%s”", "A dataset cannot read the column \"%s\""},
		"dataset.not_allowed_any":      {"语句中有数据集不允许的操作：只能读取右侧“可查询的表”中列出的表和列", "The statement does something a dataset may not: it may read only the tables and columns listed in \"Tables you may query\""},
		"dataset.failed":               {"数据库无法执行该查询，请检查表名、列名和语法", "The database cannot run the query: check the table and column names and the syntax"},
	})
}
