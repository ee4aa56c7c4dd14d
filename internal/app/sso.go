package app

import (
	"context"

	"biddesk/internal/auth"
)

// ssoEmployees gives single sign-on the organisation's employees (auth.Employees).
type ssoEmployees struct{ a *App }

func (s ssoEmployees) ActiveEmployee(ctx context.Context, code string) (*auth.Employee, error) {
	e, err := s.a.Org.ActiveEmployee(ctx, code)
	if err != nil || e == nil {
		return nil, err
	}
	return &auth.Employee{Code: e.Code, Name: e.Name, UnitCode: e.UnitCode, Phone: e.Phone, Email: e.Email}, nil
}
