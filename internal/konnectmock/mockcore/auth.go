package mockcore

import (
	"net/http"
	"strings"
)

// BearerToken returns the token of an "Authorization: Bearer <token>" header.
func BearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// WellFormedToken reports a personal ("kpat_") or system-account ("spat_") token
// shape: the prefix followed by something without blanks.
func WellFormedToken(token string) bool {
	for _, p := range []string{"kpat_", "spat_"} {
		if strings.HasPrefix(token, p) && len(token) > len(p) && !strings.ContainsAny(token, " \t") {
			return true
		}
	}
	return false
}
