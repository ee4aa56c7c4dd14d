package apidoc

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

type thing struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Note  *string  `json:"note"`
	Extra int      `json:"extra,omitempty"`
}

type thingIn struct {
	Name string `param:"name,required" max:"10"`
}

func TestBuildDescribesTypedRoutesAndChecksAnswers(t *testing.T) {
	rt := route.Call("POST", "/api/thing/add", "thing", func(*http.Request, thingIn) (thing, error) { return thing{}, nil }).
		Doc("Add a thing", "新增")
	rt.Area = "thing"
	legacy := `{"paths":{"/api/old":{"get":{"summary":"old"}}},"components":{"schemas":{"Old":{"type":"object"}}}}`
	old := route.New("GET", "/api/old", route.SignedIn, nil)
	doc, err := Build([]route.Route{rt, old}, []byte(legacy))
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	body := dig(d, "paths", "/api/thing/add", "post", "requestBody", "content", "application/json", "schema")
	if got, _ := json.Marshal(body); !strings.Contains(string(got), `"maxLength":10`) || !strings.Contains(string(got), `"required":["name"]`) {
		t.Errorf("request body %s", got)
	}
	if dig(d, "paths", "/api/old", "get", "summary") != "old" || dig(d, "components", "schemas", "Old") == nil {
		t.Error("the legacy operation and its schemas are not kept")
	}
	c, err := NewChecker(doc)
	if err != nil {
		t.Fatal(err)
	}
	for answer, ok := range map[string]bool{
		`{"id":1,"name":"a","tags":[],"note":null}`:             true,
		`{"id":1,"name":"a","tags":["x"],"note":"n","extra":2}`: true,
		`{"id":"1","name":"a","tags":[],"note":null}`:           false, // a number as text
		`{"id":1,"name":"a","tags":null,"note":null}`:           false, // a nil slice
		`{"id":1,"name":"a","tags":[],"note":null,"more":1}`:    false, // a field the type lacks
		`{"id":1,"tags":[],"note":null}`:                        false, // a field missing
	} {
		checked, err := c.Check("POST", "/api/thing/add", json.RawMessage(answer))
		if !checked || (err == nil) != ok {
			t.Errorf("%s: checked %v, err %v, want ok %v", answer, checked, err, ok)
		}
	}
	if checked, _ := c.Check("GET", "/api/old", json.RawMessage(`1`)); checked {
		t.Error("a legacy operation is checked")
	}
	if _, err := Build([]route.Route{route.New("GET", "/api/new", route.SignedIn, nil)}, nil); err == nil {
		t.Error("a route described nowhere is accepted")
	}
	if _, err := Build([]route.Route{rt}, []byte(`{"paths":{"/api/thing/add":{"post":{}}}}`)); err == nil {
		t.Error("a generated route still in the legacy document is accepted")
	}
}

func TestSchemaNames(t *testing.T) {
	for _, c := range []struct{ pkg, typ, want string }{
		{"dict", "Item", "DictItem"}, {"library", "Record", "LibRecord"}, {"access", "Role", "Role"},
		{"portal", "PortalHome", "PortalHome"},
	} {
		if got := prefixed(c.pkg, c.typ); got != c.want {
			t.Errorf("%s.%s: %s, want %s", c.pkg, c.typ, got, c.want)
		}
	}
}

// selfWritten writes its own JSON; OpenAPIAs names the type that describes it.
type selfWritten struct{ v any }

func (s selfWritten) MarshalJSON() ([]byte, error) { return json.Marshal(s.v) }
func (selfWritten) OpenAPIAs() any                 { return thing{} }

func TestADescriberIsDescribedByItsType(t *testing.T) {
	rt := route.Call("GET", "/api/thing/self", "thing", func(*http.Request, route.None) ([]selfWritten, error) { return nil, nil }).
		Doc("Self-written things", "自写")
	rt.Area = "thing"
	doc, err := Build([]route.Route{rt}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChecker(doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Check("GET", "/api/thing/self", json.RawMessage(`[{"id":1,"name":"a","tags":[],"note":null}]`)); err != nil {
		t.Errorf("a thing is refused: %v", err)
	}
	if _, err := c.Check("GET", "/api/thing/self", json.RawMessage(`[{"id":1}]`)); err == nil {
		t.Error("an answer its describing type does not allow is accepted")
	}
}

func TestUploadsAndPathParameters(t *testing.T) {
	type uploadIn struct {
		File   httpx.FileField `param:"file,required"`
		Module string          `param:"module"`
	}
	up := route.New("POST", "/api/up", route.SignedIn, nil).Takes(uploadIn{}).Returns(thing{}).Doc("Upload", "上传")
	img := route.New("GET", "/api/image/{name}", route.Public, nil).Returns(route.File{}).Doc("An image", "图片")
	doc, err := Build([]route.Route{up, img}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	_ = json.Unmarshal(doc, &d)
	if f := dig(d, "paths", "/api/up", "post", "requestBody", "content", "multipart/form-data", "schema", "properties", "file", "format"); f != "binary" {
		t.Errorf("upload body: %v", dig(d, "paths", "/api/up", "post", "requestBody"))
	}
	if p := dig(d, "paths", "/api/image/{name}", "get", "parameters", 0, "in"); p != "path" {
		t.Errorf("path parameter: %v", dig(d, "paths", "/api/image/{name}", "get", "parameters"))
	}
}
