package konnect

import (
	"net/url"
	"strconv"
	"strings"
)

// Match holds Konnect's filter operators for one field of a listing. Empty operators are
// not sent. Konnect documents one operator per field; the caller enforces that.
type Match struct {
	Eq       string   // filter[field][eq]: exactly this value
	Neq      string   // filter[field][neq]: anything but this value
	Contains string   // filter[field][contains]: the value contains this
	Oeq      []string // filter[field][oeq]=a,b: any of these values
}

func (m Match) set(q url.Values, field string) {
	key := "filter[" + field + "]"
	if m.Eq != "" {
		q.Set(key+"[eq]", m.Eq)
	}
	if m.Neq != "" {
		q.Set(key+"[neq]", m.Neq)
	}
	if m.Contains != "" {
		q.Set(key+"[contains]", m.Contains)
	}
	if len(m.Oeq) > 0 {
		q.Set(key+"[oeq]", strings.Join(m.Oeq, ","))
	}
}

// filterQuery adds Konnect's own control-plane filters to a listing's query. Unlike Name
// and Labels they are not checked again on the results: Konnect applies them, as its
// other clients rely on.
func (f ControlPlaneFilter) filterQuery(q url.Values) {
	f.NameMatch.set(q, "name")
	f.IDMatch.set(q, "id")
	f.ClusterTypeMatch.set(q, "cluster_type")
	if f.CloudGateway != nil {
		q.Set("filter[cloud_gateway]", strconv.FormatBool(*f.CloudGateway))
	}
	if f.LabelSelector != "" {
		if have := q.Get("labels"); have != "" {
			q.Set("labels", have+","+f.LabelSelector)
		} else {
			q.Set("labels", f.LabelSelector)
		}
	}
	if f.Sort != "" {
		q.Set("sort", f.Sort)
	}
}
