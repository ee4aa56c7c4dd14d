package access

// IDIn names one row of the menu, function, role or resource screens (delete, reset).
type IDIn struct {
	ID int64 `param:"id,required"`
}
