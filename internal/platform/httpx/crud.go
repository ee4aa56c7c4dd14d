package httpx

import (
	"context"
	"net/http"
)

// The three write calls of an admin list, as adapters: every area reads its own form and calls its own
// service; the shape around them (parse, id, answer) is written once here.

// Created is the answer of an add call: {"id": n}.
type Created struct {
	ID int64 `json:"id"`
}

// AddHandler reads a form with read and creates it with add; the answer is {id}.
func AddHandler[F any](read func(*Input) (F, error), add func(context.Context, F) (int64, error)) InputHandler {
	return func(r *http.Request, in *Input) (any, error) {
		f, err := read(in)
		if err != nil {
			return nil, err
		}
		id, err := add(r.Context(), f)
		if err != nil {
			return nil, err
		}
		return Created{ID: id}, nil
	}
}

// EditHandler reads a form with read and the required id, and saves it with edit; the answer is null.
func EditHandler[F any](read func(*Input) (F, error), edit func(ctx context.Context, id int64, f F) error) InputHandler {
	return func(r *http.Request, in *Input) (any, error) {
		f, err := read(in)
		if err != nil {
			return nil, err
		}
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, edit(r.Context(), id, f)
	}
}

// DeleteHandler reads the ids (ids: a list, repeated or comma-separated; or one id) and deletes them.
func DeleteHandler(del func(ctx context.Context, ids []int64) error) InputHandler {
	return func(r *http.Request, in *Input) (any, error) {
		ids, err := in.IDsOrID()
		if err != nil {
			return nil, err
		}
		return nil, del(r.Context(), ids)
	}
}

// IDsOrID reads "ids" or, when only it is sent, "id" (required either way).
func (in *Input) IDsOrID() ([]int64, error) {
	if !in.Has("ids") && in.Has("id") {
		return in.IDs("id")
	}
	return in.IDs("ids")
}

// IDsIn is the input of a delete or a switch of several rows: ids (a JSON array, repeated or
// comma-separated) or, when only it is sent, id; List reads them as IDsOrID does.
type IDsIn struct {
	IDs []int64 `param:"ids" doc:"the rows (a list, repeated or comma-separated)"`
	ID  []int64 `param:"id" doc:"one row (when ids is not sent)"`
}

// List is the ids named (http.required ids when none).
func (in IDsIn) List() ([]int64, error) {
	switch {
	case len(in.IDs) > 0:
		return in.IDs, nil
	case len(in.ID) > 0:
		return in.ID, nil
	}
	return nil, Fail("http.required", "ids")
}

// StateIn is the input of an enable/disable call: ids and the required state, read as
// Input.IDsAndState does (State's text is kept so that an empty state is refused by the call's own
// rule, not read as 0).
type StateIn struct {
	IDs   []int64 `param:"ids,required" doc:"the rows (a list, repeated or comma-separated)"`
	State *string `param:"state,required" doc:"1 enable, 0 disable"`
}

// Parse is the ids and the state (-1 when sent empty).
func (in StateIn) Parse() ([]int64, int, error) {
	state, err := ParseInt("state", *in.State, -1)
	return in.IDs, state, err
}
