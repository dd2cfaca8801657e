package gateway

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// identityRealmsExist checks, when the plan is made, that each realm a key-auth plugin's
// config.identity_realms names (scope "realm") exists in Konnect (/v1/realms/{id}): a
// gateway would look its consumers up in a realm that is not there. A realm with a region
// of its own is in another region's API, which this provider does not reach: it is left to
// the gateway. A realm created by the same plan is not known yet (its id makes config
// unknown), and a look-up that fails for another reason leaves the check to Konnect.
func identityRealmsExist(ctx context.Context, cl *konnect.Client, values konnect.Object) []engine.Problem {
	if values["name"] != "key-auth" {
		return nil
	}
	cfg, _ := values["config"].(map[string]any)
	realms, _ := cfg["identity_realms"].([]any)
	var problems []engine.Problem
	for i, r := range realms {
		realm, _ := r.(map[string]any)
		id, _ := realm["id"].(string)
		if realm["scope"] != "realm" || id == "" || realm["region"] != nil {
			continue
		}
		_, err := cl.Do(ctx, http.MethodGet, "/v1/realms/"+url.PathEscape(id), nil, nil, nil)
		if !konnect.IsNotFound(err) {
			continue
		}
		problems = append(problems, engine.Problem{Attr: "config", Summary: "Identity realm not found",
			Detail: fmt.Sprintf("config.identity_realms[%d].id: Konnect has no realm %s, so the gateway would find no consumer there. "+
				"Use the id of a konnect_realm (konnect_realm.<name>.id), or remove the entry.", i, id)})
	}
	return problems
}
