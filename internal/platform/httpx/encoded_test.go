package httpx

import (
	"encoding/json"
	"testing"
)

func TestEncodedWritesItsValueOnce(t *testing.T) {
	type item struct {
		Name string `json:"name"`
		Subs []int  `json:"subs"`
	}
	v := []item{{"a<b", []int{1, 2}}, {"c", []int{}}}
	e, err := Encode(v)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(map[string]any{"data": v})
	got, err := json.Marshal(map[string]any{"data": e})
	if err != nil || string(got) != string(want) {
		t.Fatalf("got %s, %v; want %s", got, err, want)
	}
	if _, ok := e.OpenAPIAs().([]item); !ok {
		t.Fatalf("described as %T", e.OpenAPIAs())
	}
}
