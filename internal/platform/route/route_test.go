package route

import (
	"reflect"
	"testing"
)

func TestCodes(t *testing.T) {
	for _, c := range []struct {
		access string
		want   []string
	}{
		{Public, nil},
		{SignedIn, nil},
		{"sysuser", []string{"sysuser"}},
		{AnyOf("roleusers", "handover_manager"), []string{"roleusers", "handover_manager"}},
		{" a , ,b ", []string{"a", "b"}},
	} {
		if got := New("GET", "/x", c.access, nil).Codes(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Codes(%q) = %q, want %q", c.access, got, c.want)
		}
	}
	if d := Download("/x", Public, nil); d.Method != "GET" || !d.Download {
		t.Errorf("Download: %+v", d)
	}
}
