package mockcore

import (
	"net/url"
	"strconv"
)

// Page is a page[size]/page[number] request (numbers are 1-based).
type Page struct {
	Number, Size int
	// Given reports that the request named page[size] or page[number].
	Given bool
}

// ParsePage reads page[size] (default defSize, 1..maxSize) and page[number]
// (default 1). An empty value means the default, as Konnect's allowEmptyValue
// parameters do; anything else that is not in range is a 400 naming the parameter.
func ParsePage(q url.Values, defSize, maxSize int) (Page, []InvalidParam) {
	p := Page{Number: 1, Size: defSize}
	var bad []InvalidParam
	if raw := q.Get("page[size]"); raw != "" {
		p.Given = true
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > maxSize {
			bad = append(bad, InvalidParam{Field: "page[size]", Rule: "invalid",
				Reason: "must be an integer between 1 and " + strconv.Itoa(maxSize)})
		} else {
			p.Size = n
		}
	}
	if raw := q.Get("page[number]"); raw != "" {
		p.Given = true
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 {
			bad = append(bad, InvalidParam{Field: "page[number]", Rule: "invalid", Reason: "must be an integer greater than 0"})
		} else {
			p.Number = n
		}
	}
	return p, bad
}

// PageOf returns the items of page p (empty past the end, never nil).
func PageOf[T any](items []T, p Page) []T {
	// (Number-1)*Size is computed only when it cannot overflow: a family
	// without a largest page size may be asked for any.
	if p.Size < 1 || p.Number < 1 || p.Number-1 > len(items)/p.Size {
		return []T{}
	}
	lo := (p.Number - 1) * p.Size
	if lo >= len(items) {
		return []T{}
	}
	hi := min(lo+p.Size, len(items))
	return append([]T{}, items[lo:hi]...)
}

// PageMeta is the "meta" of a paged list: {"page":{"number":…,"size":…,"total":…}}.
func PageMeta(p Page, total int) map[string]any {
	return map[string]any{"page": map[string]any{"number": p.Number, "size": p.Size, "total": total}}
}

// List renders the {"meta":{"page":…},"data":[…]} envelope of page p of items.
func List[T any](items []T, p Page) Response {
	return JSON(200, map[string]any{"meta": PageMeta(p, len(items)), "data": PageOf(items, p)})
}
