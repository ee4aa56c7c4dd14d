package apidoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Generated marks an operation built from its route (the tests check its answers against it).
const Generated = "x-generated"

// Build writes the API description of routes, generated from each route's input and answer types. It
// fails when a route does not say what it answers or what it does, and when two types would share a
// schema name.
func Build(routes []route.Route) ([]byte, error) {
	s := newSchemas()
	s.defs["Envelope"] = map[string]any{
		"type": "object", "required": []string{"code", "message"},
		"properties": map[string]any{"code": map[string]any{"type": "integer"}, "message": map[string]any{"type": "string"}, "data": map[string]any{}},
	}
	paths := map[string]map[string]any{}
	var problems []string
	for _, rt := range routes {
		switch {
		case !rt.Described():
			problems = append(problems, fmt.Sprintf("%s %s is not described: register it with route.Call (or say .Returns)", rt.Method, rt.Path))
			continue
		case rt.Summary == "":
			problems = append(problems, fmt.Sprintf("%s %s has no summary (route.Doc)", rt.Method, rt.Path))
		}
		if paths[rt.Path] == nil {
			paths[rt.Path] = map[string]any{}
		}
		paths[rt.Path][strings.ToLower(rt.Method)] = s.operation(rt)
	}
	// Served by the app outside the route table: this document and the health check.
	paths["/api/openapi.json"] = map[string]any{"get": map[string]any{
		"operationId": "openapi", "summary": "This document", "tags": []string{"meta"}, "security": []any{},
		"responses": map[string]any{"200": map[string]any{"description": "the OpenAPI document",
			"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"type": "object"}}}}},
	}}
	paths["/api/docs"] = map[string]any{"get": map[string]any{
		"operationId": "apiDocs", "summary": "This document, browsable (Swagger UI)", "tags": []string{"meta"}, "security": []any{},
		"responses": map[string]any{"200": map[string]any{"description": "the reference page (its script and style sheets under /api/docs/)",
			"content": map[string]any{"text/html": map[string]any{"schema": map[string]any{"type": "string"}}}}},
	}}
	paths["/healthz"] = map[string]any{"get": map[string]any{
		"operationId": "health", "summary": "Health check", "tags": []string{"meta"}, "security": []any{},
		"responses": map[string]any{"200": map[string]any{"description": `{"status":"ok"}`}, "503": map[string]any{"description": "database unavailable"}},
	}}
	if s.err != nil {
		problems = append(problems, s.err.Error())
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return nil, fmt.Errorf("apidoc:\n  %s", strings.Join(problems, "\n  "))
	}
	doc := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{"title": "BidDesk API", "version": "0.1.0",
			"description": "Every JSON answer is the envelope {code, message, data}. See docs/api.md for codes. Generated from the route table (make api); never edited by hand."},
		"servers": []any{map[string]any{"url": "/"}},
		"components": map[string]any{
			"securitySchemes": map[string]any{
				"bearer":           map[string]any{"type": "http", "scheme": "bearer"},
				"accessTokenQuery": map[string]any{"type": "apiKey", "in": "query", "name": "AccessToken"},
				"downloadTicket": map[string]any{"type": "apiKey", "in": "query", "name": "ticket",
					"description": "single-use download ticket from POST /api/sys/common/ticket (60 s), exports only"},
			},
			"schemas": s.defs,
		},
		"paths": paths,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var (
	envelopeRef = map[string]any{"$ref": "#/components/schemas/Envelope"}
	errorAnswer = func(desc string) map[string]any {
		return map[string]any{"description": desc, "content": map[string]any{"application/json": map[string]any{"schema": envelopeRef}}}
	}
)

// operation is the generated description of a route.
func (s *schemas) operation(rt route.Route) map[string]any {
	op := map[string]any{
		"operationId": operationID(rt.Method, rt.Path),
		"summary":     rt.Summary,
		"tags":        []string{rt.Area},
		Generated:     true,
	}
	if rt.SummaryZH != "" {
		op["x-summary-zh"] = rt.SummaryZH
	}
	responses := map[string]any{}
	if rt.Out == reflect.TypeFor[route.File]() {
		responses["200"] = map[string]any{"description": "the file (an attachment); a refusal is the JSON envelope",
			"content": map[string]any{"application/octet-stream": map[string]any{"schema": map[string]any{"type": "string", "format": "binary"}}}}
	} else {
		data := map[string]any{"type": "null"}
		if rt.Out != reflect.TypeFor[route.None]() {
			data = s.of(rt.Out)
		}
		responses["200"] = map[string]any{"description": "Envelope; code 0 is success", "content": map[string]any{"application/json": map[string]any{
			"schema": map[string]any{"allOf": []any{envelopeRef, map[string]any{"type": "object", "properties": map[string]any{"data": data}}}}}}}
	}
	switch rt.Access {
	case route.Public:
		op["security"] = []any{}
	default:
		sec := []any{map[string]any{"bearer": []any{}}, map[string]any{"accessTokenQuery": []any{}}}
		if rt.Download {
			sec = append(sec, map[string]any{"downloadTicket": []any{}})
		}
		op["security"] = sec
		responses["401"] = errorAnswer("code 10005 (token invalid) or 10006 (Identity verification failed:)")
		if rt.Access != route.SignedIn {
			op["description"] = "Function code: " + strings.Join(rt.Codes(), " or ")
			responses["403"] = errorAnswer("code 403, no permission")
		}
	}
	responses["400"] = errorAnswer("code 1: malformed input")
	op["responses"] = responses

	var ps []httpx.Param
	if rt.In != nil {
		ps = httpx.ParamsOf(rt.In)
	}
	ps = append(ps, rt.Params...)
	var params []any
	for _, name := range pathParams(rt.Path) {
		params = append(params, map[string]any{"name": name, "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
	}
	query := rt.Method == http.MethodGet || rt.Method == http.MethodDelete
	var inBody []httpx.Param
	for _, p := range ps {
		if !query && !p.Query {
			inBody = append(inBody, p)
			continue
		}
		q := map[string]any{"name": p.Name, "in": "query", "required": p.Required, "schema": s.param(p)}
		if p.Doc != "" {
			q["description"] = p.Doc
		}
		params = append(params, q)
	}
	if len(params) > 0 {
		op["parameters"] = params
	}
	if len(inBody) == 0 {
		return op
	}
	props, required := map[string]any{}, []string{}
	multipart := false
	for _, p := range inBody {
		if p.Type == reflect.TypeFor[httpx.FileField]() {
			multipart = true
			props[p.Name] = map[string]any{"type": "string", "format": "binary"}
		} else {
			props[p.Name] = s.param(p)
		}
		if p.Required {
			required = append(required, p.Name)
		}
	}
	body := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		body["required"] = required
	}
	content := map[string]any{
		"application/json":                  map[string]any{"schema": body},
		"application/x-www-form-urlencoded": map[string]any{"schema": body},
	}
	if multipart {
		content = map[string]any{"multipart/form-data": map[string]any{"schema": body}}
	}
	op["requestBody"] = map[string]any{"required": len(required) > 0, "content": content}
	return op
}

// pathParams are the names of a path's wildcards: /api/sys/common/image/{name} has name.
func pathParams(path string) []string {
	var out []string
	for _, part := range strings.Split(path, "/") {
		if strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}") {
			out = append(out, strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(part, "{"), "}"), "..."))
		}
	}
	return out
}

// param is the schema of one input parameter: its type as Bind reads it, with its limits.
func (s *schemas) param(p httpx.Param) map[string]any {
	t := p.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out map[string]any
	switch t {
	case reflect.TypeFor[int64]():
		out = map[string]any{"type": "integer", "minimum": 1} // min:"0" below lowers it
	case reflect.TypeFor[[]int64]():
		out = map[string]any{"type": "array", "items": map[string]any{"type": "integer", "minimum": 1}}
	default:
		out = s.of(t)
	}
	if p.Doc != "" {
		out["description"] = p.Doc
	}
	if len(p.Types) > 0 {
		ts := make([]any, len(p.Types))
		for i, t := range p.Types {
			ts[i] = t
		}
		out["type"] = ts
	}
	if len(p.Enum) > 0 {
		vals := make([]any, len(p.Enum))
		for i, v := range p.Enum {
			vals[i] = v
		}
		out["enum"] = vals
	}
	isText := t.Kind() == reflect.String
	if p.Max != nil {
		switch {
		case isText:
			out["maxLength"] = *p.Max
		case t.Kind() == reflect.Slice:
			out["maxItems"] = *p.Max
		default:
			out["maximum"] = *p.Max
		}
	}
	if p.Min != nil && !isText {
		out["minimum"] = *p.Min
	}
	if p.Required && isText {
		out["minLength"] = 1
	}
	if p.Default != nil {
		out["default"] = *p.Default
	}
	return out
}

// operationID is the method and path in camel case: GET /api/sys/dict/one is getSysDictOne.
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, part := range strings.Split(strings.TrimPrefix(path, "/api/"), "/") {
		up := true
		for _, r := range part {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				up = true
				continue
			}
			if up {
				r = unicode.ToUpper(r)
				up = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
