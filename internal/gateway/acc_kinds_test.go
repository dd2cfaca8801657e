package gateway_test

import (
	"fmt"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// gateway kind, from its row in kind_<name>_test.go; internal/provider's
// TestKindRowsCoverEveryKind checks that this runs gateway.Kinds, the family's part of the
// provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, gateway.Kinds, kindRows, newServer)
}

// TestAccKindsBothCLIs runs the rows of the family's kinds that OpenTofu runs too
// (acctest.KindsBothCLIs: one per API style).
func TestAccKindsBothCLIs(t *testing.T) {
	acctest.RunKindsBothCLIs(t, gateway.Kinds, kindRows, newServer)
}

// kindRows: one row per gateway kind, declared in kind_<name>_test.go.
var kindRows = map[string]acctest.KindRow{
	gateway.ControlPlaneKind.TypeName:        controlPlaneRow,
	gateway.ServiceKind.TypeName:             serviceRow,
	gateway.RouteKind.TypeName:               routeRow,
	gateway.PluginKind.TypeName:              pluginRow,
	gateway.ConsumerKind.TypeName:            consumerRow,
	gateway.ConsumerGroupKind.TypeName:       consumerGroupRow,
	gateway.ConsumerGroupMemberKind.TypeName: consumerGroupMemberRow,
	gateway.KeyAuthKind.TypeName:             keyAuthRow,
	gateway.BasicAuthKind.TypeName:           basicAuthRow,
	gateway.ACLKind.TypeName:                 aclRow,
	gateway.JWTKind.TypeName:                 jwtRow,
	gateway.HMACAuthKind.TypeName:            hmacAuthRow,
	gateway.UpstreamKind.TypeName:            upstreamRow,
	gateway.TargetKind.TypeName:              targetRow,
	gateway.CertificateKind.TypeName:         certificateRow,
	gateway.CACertificateKind.TypeName:       caCertificateRow,
	gateway.SNIKind.TypeName:                 sniRow,
	gateway.VaultKind.TypeName:               vaultRow,
	gateway.KeySetKind.TypeName:              keySetRow,
	gateway.KeyKind.TypeName:                 keyRow,
	// issue 12 #3 (kinds7)
	gateway.PartialKind.TypeName:                    partialRow,
	gateway.CustomPluginSchemaKind.TypeName:         customPluginSchemaRow,
	gateway.MTLSAuthKind.TypeName:                   mtlsAuthRow,
	gateway.DataPlaneClientCertificateKind.TypeName: dataPlaneClientCertificateRow,
	gateway.ConfigStoreKind.TypeName:                configStoreRow,
	gateway.ConfigStoreSecretKind.TypeName:          configStoreSecretRow,
	gateway.ControlPlaneMembershipKind.TypeName:     controlPlaneMembershipRow,
	// issue 36
	gateway.CustomPluginStreamingKind.TypeName: customPluginStreamingRow,
}

// Objects that rows depend on.
func consumerDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_gateway_consumer\" \"alice\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  username = \"alice\"\n}\n"
}

func upstreamDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_gateway_upstream\" \"u\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"orders.upstream\"\n}\n"
}

// pemDep is the test's key pair as locals (cert, key).
func pemDep(f *acctest.KindFixture) string {
	return fmt.Sprintf("\nlocals {\n  cert = %q\n  key  = %q\n}\n", f.Pair().Cert, f.Pair().Key)
}

func certificateDep(f *acctest.KindFixture) string {
	return pemDep(f) + "\nresource \"konnect_gateway_certificate\" \"c\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  cert = local.cert\n  key = local.key\n}\n"
}

func serviceDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_gateway_service\" \"orders\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"orders\"\n  host = \"orders.internal\"\n}\n"
}
