package mockcore

import (
	"maps"
	"net/http"
	"slices"
	"strings"
)

// Routes is a family's table of paths: each a pattern of literal segments and {params}
// ("v3/teams/{teamId}/users"), with its handlers by method.
type Routes[H any] struct{ list []Route[H] }

// Route is one pattern of a table and its handlers by method.
type Route[H any] struct {
	Pattern []string
	Methods map[string]H
}

// Add adds a pattern ("/"-separated, no leading slash) and its handlers.
func (t *Routes[H]) Add(pattern string, methods map[string]H) {
	t.list = append(t.list, Route[H]{Pattern: strings.Split(pattern, "/"), Methods: methods})
}

// Match finds the route of segs and its path parameters, or nil. A literal segment wins
// over a parameter ("users/me" before "users/{userId}"); among equals, the first added.
func (t *Routes[H]) Match(segs []string) (*Route[H], map[string]string) {
	var best *Route[H]
	var bestParams map[string]string
	bestLiterals := -1
	for i := range t.list {
		rt := &t.list[i]
		if len(rt.Pattern) != len(segs) {
			continue
		}
		params := map[string]string{}
		literals := 0
		ok := true
		for j, p := range rt.Pattern {
			if strings.HasPrefix(p, "{") {
				params[strings.Trim(p, "{}")] = segs[j]
				continue
			}
			if p != segs[j] {
				ok = false
				break
			}
			literals++
		}
		if ok && literals > bestLiterals {
			best, bestParams, bestLiterals = rt, params, literals
		}
	}
	return best, bestParams
}

// Path is the route's pattern as a path below prefix ("/" for a whole path), the key the
// mock counts its requests by.
func (r *Route[H]) Path(prefix string) string {
	return prefix + strings.Join(r.Pattern, "/")
}

// Serve answers a request of a family whose handlers take the request, its path parameters
// and its body: a path the table lacks is a 404 problem, a method the path does not take a
// 405 naming those it does, and the handler runs with env.Lock held.
func (t *Routes[H]) Serve(env Env, r *http.Request, segs []string, body []byte, run func(h H, params map[string]string) Response) Response {
	rt, params := t.Match(segs)
	if rt == nil {
		return env.Problem(http.StatusNotFound, "Not Found")
	}
	h, ok := rt.Methods[r.Method]
	if !ok {
		return env.NotAllowed(slices.Collect(maps.Keys(rt.Methods)))
	}
	env.Lock.Lock()
	defer env.Lock.Unlock()
	return run(h, params)
}

// RouteKey is what a family's Route answers for a path it owns: the matched pattern below
// "/", or unmatched (the key of a path of the family no pattern fits).
func (t *Routes[H]) RouteKey(segs []string, unmatched string) string {
	if rt, _ := t.Match(segs); rt != nil {
		return rt.Path("/")
	}
	return unmatched
}
