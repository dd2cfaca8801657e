package cloudgateway

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The add-ons, custom domains and serverless cloud gateways: their routes, besides the ones
// family.go adds.
func init() {
	add := routes.Add
	add("v2/cloud-gateways/custom-domains", map[string]handler{"GET": listCustomDomains, "POST": createCustomDomain})
	add("v2/cloud-gateways/custom-domains/{customDomainId}", map[string]handler{"GET": getCustomDomain, "DELETE": deleteCustomDomain})
	add("v2/cloud-gateways/add-ons", map[string]handler{"GET": listAddOns, "POST": createAddOn})
	add("v2/cloud-gateways/add-ons/{addOnId}", map[string]handler{"GET": getAddOn, "PATCH": patchAddOn, "DELETE": deleteAddOn})
	add("v0/serverless-cloud-gateways", map[string]handler{"POST": createServerless})
	add("v0/serverless-cloud-gateways/{controlPlaneId}", map[string]handler{"GET": getServerless, "DELETE": deleteServerless})
}

// servedAPI reports whether the family serves an API, by version and first path segment:
// the cloud gateways API, and the serverless cloud gateways API.
func servedAPI(api string) bool {
	return api == "v2/cloud-gateways" || api == "v0/serverless-cloud-gateways"
}

// serverlessGateway is a serverless cloud gateway (/v0/serverless-cloud-gateways, on Konnect's
// global host, per Kong's copy of Konnect's specification: none is published): the data
// planes of a serverless control plane, addressed by that control plane's id. Konnect has no
// update for it, and returns neither the cluster certificate nor its key.
type serverlessGateway struct {
	ControlPlaneID string            `json:"control_plane_id"`
	Prefix         string            `json:"prefix"`
	Region         string            `json:"region"`
	ClusterCert    string            `json:"cluster_cert"`
	ClusterCertKey string            `json:"cluster_cert_key"`
	Labels         map[string]string `json:"labels"`
	CreatedAt      time.Time         `json:"created_at"`
	UpdatedAt      time.Time         `json:"updated_at"`
}

func serverlessView(g *serverlessGateway) map[string]any {
	return map[string]any{"control_plane": map[string]any{"id": g.ControlPlaneID, "prefix": g.Prefix, "region": g.Region},
		"gateway_endpoint": fmt.Sprintf("%s-kong-%s.kongcloud.dev", g.Region, g.Prefix), "labels": g.Labels,
		"created_at": mockcore.FormatTime(g.CreatedAt), "updated_at": mockcore.FormatTime(g.UpdatedAt)}
}

func (f *Family) serverless(cpID string) *serverlessGateway {
	return findBy(f.st.Serverless, func(g *serverlessGateway) bool { return g.ControlPlaneID == mockcore.NormalizeUUID(cpID) })
}

func createServerless(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("control_plane", "cluster_cert", "cluster_cert_key", "labels")
	var id, prefix, region *string
	if cp := b.Nested("control_plane", true); cp != nil {
		cp.Only("id", "prefix", "region")
		id, prefix, region = cp.UUID("id", true), cp.String("prefix", true, 1, 0), cp.Enum("region", true, []string{"us", "eu", "au"})
		b.Merge(cp)
	}
	cert := b.String("cluster_cert", true, 1, 0)
	key := b.String("cluster_cert_key", true, 1, 0)
	labels, _ := b.Labels(false)
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if c.f.serverless(*id) != nil {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "control_plane.id", Rule: "invalid",
			Reason: "a serverless cloud gateway already exists for this control plane"})
	}
	now := c.f.now()
	g := &serverlessGateway{ControlPlaneID: *id, Prefix: *prefix, Region: *region, ClusterCert: *cert, ClusterCertKey: *key,
		Labels: map[string]string{}, CreatedAt: now, UpdatedAt: now}
	mockcore.ApplyLabels(g.Labels, labels)
	c.f.st.Serverless = append(c.f.st.Serverless, g)
	return mockcore.JSON(http.StatusCreated, serverlessView(g))
}

func getServerless(c *call) mockcore.Response {
	g := c.f.serverless(c.params["controlPlaneId"])
	if g == nil {
		return c.notFound("Serverless cloud gateway")
	}
	return mockcore.JSON(http.StatusOK, serverlessView(g))
}

func deleteServerless(c *call) mockcore.Response {
	g := c.f.serverless(c.params["controlPlaneId"])
	if g == nil {
		return c.notFound("Serverless cloud gateway")
	}
	c.f.st.Serverless = slices.DeleteFunc(c.f.st.Serverless, func(x *serverlessGateway) bool { return x == g })
	return mockcore.NoContent()
}

// ServerlessKey is the cluster certificate key Konnect received for the serverless cloud
// gateway of a control plane ("" when there is none): Konnect never returns it.
func (f *Family) ServerlessKey(cpID string) string {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if g := f.serverless(cpID); g != nil {
		return g.ClusterCertKey
	}
	return ""
}

// AddOnState is an add-on's state as the family last answered it ("" when there is none).
func (f *Family) AddOnState(id string) string {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if a := f.addOn(id); a != nil {
		return a.State
	}
	return ""
}
