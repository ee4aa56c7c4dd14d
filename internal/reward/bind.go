package reward

import (
	"net/http"
	"reflect"
	"strings"

	"biddesk/internal/platform/httpx"
)

// typed turns a typed handler, func(r, In) (Out, error) whose In fields carry `param:"name"` tags (with
// ",required"), into an httpx.InputHandler. It is the shape route.Call takes (docs/adding-an-area.md); when
// the platform's binder is on this branch the routes switch to it and this file goes.
func typed[In, Out any](f func(r *http.Request, in In) (Out, error)) httpx.InputHandler {
	return func(r *http.Request, raw *httpx.Input) (any, error) {
		var in In
		if err := bindInput(raw, &in); err != nil {
			return nil, err
		}
		return f(r, in)
	}
}

var (
	int64s     = reflect.TypeOf([]int64{})
	stringList = reflect.TypeOf([]string{})
)

func bindInput(raw *httpx.Input, dst any) error {
	v := reflect.ValueOf(dst).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		tag := t.Field(i).Tag.Get("param")
		if tag == "" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		required := opts == "required"
		fv := v.Field(i)
		if !raw.Has(name) {
			if required {
				return httpx.Fail("http.required", name)
			}
			continue
		}
		switch {
		case fv.Kind() == reflect.String:
			s := strings.TrimSpace(raw.String(name))
			if required && s == "" {
				return httpx.Fail("http.required", name)
			}
			fv.SetString(s)
		case fv.Kind() == reflect.Int64:
			if strings.TrimSpace(raw.String(name)) == "" {
				if required {
					return httpx.Fail("http.required", name)
				}
				continue
			}
			id, err := raw.ID(name)
			if err != nil {
				return err
			}
			fv.SetInt(id)
		case fv.Kind() == reflect.Int:
			n, err := raw.Int(name, 0)
			if err != nil {
				return err
			}
			fv.SetInt(int64(n))
		case fv.Kind() == reflect.Bool:
			fv.SetBool(raw.Bool(name))
		case fv.Type() == int64s:
			ids, err := raw.IDs(name)
			if err != nil {
				if !required && len(raw.Strings(name)) == 0 {
					continue
				}
				return err
			}
			fv.Set(reflect.ValueOf(ids))
		case fv.Type() == stringList:
			fv.Set(reflect.ValueOf(raw.Strings(name)))
		default:
			if err := raw.Decode(name, fv.Addr().Interface()); err != nil {
				return err
			}
		}
	}
	return nil
}

// wrap is httpx.WithInput.
func wrap(h httpx.InputHandler) httpx.Handler { return httpx.WithInput(h) }
