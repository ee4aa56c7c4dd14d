package httpx

// The inputs and answers shared by the write calls of admin lists.

// Created is the answer of an add call: {"id": n}.
type Created struct {
	ID int64 `json:"id"`
}

// IDsIn is the input of a delete or a switch of several rows: ids (a JSON array, repeated or
// comma-separated) or, when only it is sent, id.
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

// StateIn is the input of an enable/disable call: ids and the required state (State's text is kept so
// that an empty state is refused by the call's own rule, not read as 0).
type StateIn struct {
	IDs   []int64 `param:"ids,required" doc:"the rows (a list, repeated or comma-separated)"`
	State *string `param:"state,required" doc:"1 enable, 0 disable"`
}

// Parse is the ids and the state (-1 when sent empty).
func (in StateIn) Parse() ([]int64, int, error) {
	state, err := ParseInt("state", *in.State, -1)
	return in.IDs, state, err
}

// IDIn names one record: the required id.
type IDIn struct {
	ID int64 `param:"id,required"`
}
